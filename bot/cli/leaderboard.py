"""``parlour leaderboard GAME``: the top players of a game (or one user's stats)."""

from __future__ import annotations

import argparse
import asyncio
import os
import time

import rules

from .. import plugins
from ..core import PROVISIONAL_NOTE, Store, TableError, display_rating, rating_text, scope_key
from ..core.leaderboard import leaderboard, season_leaderboard, user_stats
from ..core.seasons import current_season
from ..core.store import is_postgres, sqlite_path


def add_parser(sub: argparse._SubParsersAction) -> None:
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
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    try:
        scope = scope_key(args.scope)
        game = plugins.find(args.game).game if args.game else None
    except ValueError as e:
        print(f"Error: {e}" if args.game else "Error: --scope is 'global' or a guild id.")
        return 2
    if not is_postgres(args.db) and not os.path.exists(sqlite_path(args.db)):
        print(f"No database at {args.db}: no games played yet.")
        return 1
    try:
        return asyncio.run(_show(args, scope, game))
    except TableError as e:
        print(f"Error: {e}")
        return 2


async def _show(args: argparse.Namespace, scope: str, game: rules.Game | None) -> int:
    store = Store(args.db)
    await store.open()
    try:
        if args.user is not None:
            stats = await user_stats(store, args.user, scope)
            print(f"Stats of user {args.user} ({scope}):")
            if not stats:
                print("  no rated games yet")
            for s in stats:
                print(f"  {s.game:<10} #{s.position:<3} games {s.games:<4} wins {s.wins:<4} "
                      f"win rate {s.win_rate:4.0%}  abandoned {s.abandons:<3} "
                      f"rating {rating_text(s.rating, s.games)}")
            return 0
        games = [game] if game is not None else [plugins.engine(g) for g in plugins.names()]
        for k, one in enumerate(games):
            if k:
                print()
            await _board(store, args, scope, one)
        return 0
    finally:
        await store.close()


async def _board(store: Store, args: argparse.Namespace, scope: str, game: rules.Game) -> None:
    """One game's leaderboard."""
    if args.season is None:
        rows = await leaderboard(store, game.name, scope, args.limit)
        when = ""
    else:
        season = args.season
        if season == "current":
            season = (await current_season(store, scope, time.time())).key
        rows = await season_leaderboard(store, game.name, scope, season, args.limit)
        when = f", season from {season}"
    print(f"{game.title} leaderboard ({scope}{when})")
    if not rows:
        print("  no rated games yet")
        return
    print(f"  {'#':>3}  {'player':<24}{'rating':>8}  {'games':>5}  {'wins':>5}  {'win%':>5}")
    for r in rows:
        mark = "?" if r.provisional else " "
        print(f"  {r.position:>3}  {r.name[:24]:<24}{display_rating(r.rating):>7}{mark}"
              f"  {r.games:>5}  {r.wins:>5}  {r.win_rate:>5.0%}")
    if any(r.provisional for r in rows):
        print(f"  {PROVISIONAL_NOTE}")
