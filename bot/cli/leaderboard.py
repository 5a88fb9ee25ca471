"""``parlour leaderboard GAME``: the top players of a game (or one user's stats)."""

from __future__ import annotations

import argparse
import asyncio
import os
import time

import rules

from .. import plugins
from ..core import PROVISIONAL_GAMES, Store, TableError, display_rating, scope_key
from ..core.leaderboard import leaderboard, season_leaderboard, user_stats
from ..core.records import GLOBAL
from ..core.seasons import current_season
from ..core.store import is_postgres, sqlite_path
from ..i18n import EN, LANGUAGES, Lang
from ..present.base import game_title, rating_words
from ..present.messages import said
from .play import terminal_lang
from .subcommands import Subcommands


def add_parser(sub: Subcommands) -> None:
    p = sub.add_parser("leaderboard", help="top players of each game (or of one game), or "
                                          "one user's stats")
    p.add_argument("game", nargs="?", help=f"one of: {', '.join(plugins.names())} "
                                           "(default: every game, one table each)")
    p.add_argument("--scope", default="global", help="'global' (default) or a guild id")
    p.add_argument("--season", default=None,
                   help="'current', or an earlier season by its first day (2026-11-01); "
                        "default: all time")
    p.add_argument("--limit", type=int, default=10, help="rows to show (default 10)")
    p.add_argument("--user", type=int, help="show this user id's stats across games instead")
    p.add_argument("--db", default="parlour.db", help="database file (default: parlour.db)")
    p.add_argument("--lang", default=None, choices=LANGUAGES,
                   help="language: en, pl or ru (default: from LANG, else en)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    lang = terminal_lang(getattr(args, "lang", None))
    try:
        game = plugins.find(args.game).game if args.game else None
    except ValueError as e:
        print(lang._("Error: {error}", error=said(e, lang)))
        return 2
    try:
        scope = scope_key(args.scope)
    except ValueError:
        print(lang._("Error: {error}", error=lang._("--scope is 'global' or a guild id.")))
        return 2
    if not is_postgres(args.db) and not os.path.exists(sqlite_path(args.db)):
        print(lang._("No database at {db}: no games played yet.", db=args.db))
        return 1
    try:
        return asyncio.run(_show(args, scope, game, lang))
    except TableError as e:
        print(lang._("Error: {error}", error=said(e, lang)))
        return 2


async def _show(args: argparse.Namespace, scope: str, game: rules.Game | None,
                lang: Lang = EN) -> int:
    _ = lang._
    store = Store(args.db)
    await store.open()
    try:
        if args.user is not None:
            stats = await user_stats(store, args.user, scope)
            print(_("Stats of user {user} ({scope}):", user=args.user,
                    scope=_scope_words(scope, lang)))
            if not stats:
                print("  " + _("No rated games yet."))
            for s in stats:
                print("  " + _("{game}: #{position}, games {games}, wins {wins}, win rate "
                               "{rate}, abandoned {abandoned}, rating {rating}",
                               game=game_title(plugins.engine(s.game).title, lang),
                               position=s.position, games=s.games, wins=s.wins,
                               rate=f"{s.win_rate:.0%}", abandoned=s.abandons,
                               rating=rating_words(s.rating, s.games, lang)))
            return 0
        games = [game] if game is not None else [plugins.engine(g) for g in plugins.names()]
        for k, one in enumerate(games):
            if k:
                print()
            await _board(store, args, scope, one, lang)
        return 0
    finally:
        await store.close()


def _scope_words(scope: str, lang: Lang = EN) -> str:
    """The scope as the heading says it: "global" ("wszystkie serwery"), "server 123"."""
    return lang._("global") if scope == GLOBAL else lang._("server {id}", id=scope)


async def _board(store: Store, args: argparse.Namespace, scope: str, game: rules.Game,
                 lang: Lang = EN) -> None:
    """One game's leaderboard."""
    _ = lang._
    if args.season is None:
        rows = await leaderboard(store, game.name, scope, args.limit)
        when = ""
    else:
        season = args.season
        if season == "current":
            season = (await current_season(store, scope, time.time())).key
        rows = await season_leaderboard(store, game.name, scope, season, args.limit)
        when = ", " + _("season from {day}", day=season)
    print(_("{game} leaderboard ({scope}{when})", game=game_title(game.title, lang),
            scope=_scope_words(scope, lang), when=when))
    if not rows:
        print("  " + _("No rated games yet."))
        return
    heads = (_("player"), _("rating"), _("games"), _("wins"), _("win%"))
    wide = [max(len(h), w) for h, w in zip(heads[1:], (7, 5, 5, 5), strict=True)]
    print(f"  {'#':>3}  {heads[0]:<24}{heads[1]:>{wide[0] + 1}}  {heads[2]:>{wide[1]}}  "
          f"{heads[3]:>{wide[2]}}  {heads[4]:>{wide[3]}}")
    for r in rows:
        mark = "?" if r.provisional else " "
        print(f"  {r.position:>3}  {r.name[:24]:<24}{display_rating(r.rating):>{wide[0]}}{mark}"
              f"  {r.games:>{wide[1]}}  {r.wins:>{wide[2]}}  {r.win_rate:>{wide[3]}.0%}")
    if any(r.provisional for r in rows):
        print("  " + _("? provisional: fewer than {n} games played, so the rating can still "
                       "move a lot", n=PROVISIONAL_GAMES))
