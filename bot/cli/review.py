"""``parlour review [GAME_ID]``: the hard AI's review of a finished game, in the terminal.

Without a game number: the last game finished in the terminal.  The review is for
your seat (``--seat`` picks another, an AI's too); it is computed once (a minute or
so for a long game) and stored with the game, so asking again shows it at once.
``--bench N`` instead runs the planted-blunder benchmark (review_bench.py).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from typing import TextIO

from .. import plugins
from ..core import Store, TableError
from ..core.ai_runner import InlineRunner
from ..core.background import Background
from ..core.clock import SystemClock
from ..core.hub import Hub
from ..core.leaderboard import recent_games
from ..core.replay import Replay, load_replay
from ..core.reviews import GameReview, Reviews, views_before
from ..core.skills import SeatFigures, Skills, budget_from
from ..core.store import is_postgres, sqlite_path
from ..i18n import EN, LANGUAGES, Lang
from ..present import coach as words
from ..present import present, presenter_for
from ..present.base import game_title, player_name, skill_text
from ..present.messages import said
from .play import LOCAL_CHANNEL, LOCAL_USER, terminal_lang
from .subcommands import Subcommands
from .table_view import Style, TableView, wants_colour, wrap

SHOWN = 5   # decisions shown, the costliest first


def add_parser(sub: Subcommands) -> None:
    p = sub.add_parser("review", help="the hard AI's review of a finished game")
    p.add_argument("game_id", nargs="?", type=int,
                   help="the game number (default: your last terminal game)")
    p.add_argument("--seat", type=int, default=None,
                   help="the seat to review, 1 = first (default: yours)")
    p.add_argument("--db", default="parlour.db", help="database file (default: parlour.db)")
    p.add_argument("--lang", default=None, choices=LANGUAGES,
                   help="language: en, pl or ru (default: from LANG, else en)")
    p.add_argument("--bench", type=int, default=None, metavar="TRIALS",
                   help="run the planted-blunder benchmark instead (TRIALS hands)")
    p.add_argument("--jobs", type=int, default=1, metavar="N",
                   help="with --bench: run the hands in N processes at once (default: 1)")
    p.add_argument("--first", type=int, default=0, metavar="K",
                   help="with --bench: start at hand K (game seed 1000 + K; default: 0)")
    p.add_argument("--verbose", action="store_true",
                   help="with --bench: a line for every planted blunder")
    p.set_defaults(func=run)


def run(args: argparse.Namespace, out: TextIO | None = None) -> int:
    out = out or sys.stdout
    if args.bench is not None:
        from .review_bench import run_bench
        run_bench(args.bench, out=lambda s: print(s, file=out, flush=True),
                  jobs=max(1, args.jobs), verbose=args.verbose, first=max(0, args.first))
        return 0
    lang = terminal_lang(getattr(args, "lang", None))
    if not is_postgres(args.db) and not os.path.exists(sqlite_path(args.db)):
        print(lang._("No database at {db}: no games played yet.", db=args.db), file=out)
        return 1
    try:
        budget_from(os.environ)
    except ValueError as e:   # a malformed PARLOUR_SKILL_BUDGET: said before any work
        print(lang._("Error: {error}", error=said(e, lang)), file=out)
        return 2
    try:
        return asyncio.run(_run(args, lang, out))
    except TableError as e:
        print(lang._("Error: {error}", error=said(e, lang)), file=out)
        return 2


async def _run(args: argparse.Namespace, lang: Lang, out: TextIO) -> int:
    store = Store(args.db)
    await store.open()
    try:
        game_id = args.game_id
        if game_id is None:
            games = await recent_games(store, channel_id=LOCAL_CHANNEL, limit=1)
            if not games:
                print(lang._("No finished games yet."), file=out)
                return 1
            game_id = games[0].game_id
        replay = await load_replay(store, game_id)
        seat = _seat(replay, args.seat)
        if seat is None:
            print(lang._("Error: {error}", error=lang._(
                "Game #{number} has seats 1 to {n}.", number=game_id,
                n=len(replay.record.players))), file=out)
            return 2
        reviews = Reviews(store, InlineRunner(), SystemClock())
        stored = await reviews.get(game_id, seat)
        if stored is None or not stored.done:
            print(lang._("Reviewing game #{number}: the hard AI weighs every decision "
                         "(a minute or so)...", number=game_id), file=out, flush=True)
        review = await reviews.wait(game_id, seat)
        figures = await _skill_of(store, game_id, seat)
    finally:
        await store.close()
    show(replay, review, out=out, lang=lang, colour=wants_colour(out), skill=figures)
    return 0


async def _skill_of(store: Store, game_id: int, seat: int) -> SeatFigures | None:
    """The seat's accuracy and luck in the game (core/skills.py): stored by the bot, else
    computed here, on this process (seconds; PARLOUR_SKILL_BUDGET as for the bot), and
    stored."""
    budget = budget_from(os.environ)
    if budget <= 0:
        return None
    skills = Skills(store, InlineRunner(), SystemClock(), Hub(), Background(),
                    lambda _guild: True, budget=budget)
    if await skills.get(game_id) is None:
        await skills.request(game_id)
        await skills.wait(game_id)
    return next((f for f in await skills.get(game_id) or () if f.seat == seat), None)


def _seat(replay: Replay, chosen: int | None) -> int | None:
    """The seat to review (0-based): ``chosen`` (1-based; None if there is no such seat),
    else the terminal player's."""
    players = replay.record.players
    if chosen is not None:
        return chosen - 1 if 1 <= chosen <= len(players) else None
    for i, p in enumerate(players):
        if p.get("user_id") == LOCAL_USER and p.get("kind", "human") == "human":
            return i
    return next((i for i, p in enumerate(players) if p.get("kind") == "human"), 0)


def show(replay: Replay, review: GameReview, *, out: TextIO, lang: Lang = EN,
         colour: bool = False, skill: SeatFigures | None = None) -> None:
    r = replay.record
    game = plugins.engine(r.game)
    names = [player_name(p, lang) for p in replay.record.players]
    table = TableView(game.name, names, Style(colour=colour), lang=lang)
    describe = presenter_for(game.name, lang).describe
    name = names[review.seat]
    print(*wrap(words.review_head(review, name, game_title(game.title, lang), lang),
                table.width), sep="\n", file=out)
    if skill is not None:
        print(skill_text(skill.accuracy, skill.luck, lang), file=out)
    if not review.done:
        return
    shown = review.decisions[:SHOWN]
    if not shown:
        print(*wrap(words.nothing_lost(lang), table.width), sep="\n", file=out)
        return
    print(*wrap(words.costliest_first(lang), table.width), sep="\n", file=out)
    before = views_before(replay, review.seat, {d.move for d in shown})
    for n, d in enumerate(shown, start=1):
        # Wrapped between words to the table's width, as everything the terminal prints.
        head = f"{n}. " + words.decision_head(d, name, table.fill(describe(d.played)),
                                               table.fill(describe(d.best)), lang)
        cost = words.cost_text(d, lang) + " " + words.confidence_text(d, lang)
        print("", *wrap(head, table.width, hang="   "), *wrap(cost, table.width, "   "),
              sep="\n", file=out)
        seen = before[d.move]
        scene = present(seen.view, names, forms=seen.forms, legal=seen.legal, recent=1,
                        lang=lang)
        print(table.render(scene, legend=False), file=out)

