"""``parlour daily GAME``: today's daily deal in the terminal, through the same core.

The attempt is stored in the database like the bot's, as user 0 (the terminal's
player), so quitting keeps it: run the command again to go on.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from typing import TextIO

from ..core import Clock, Core, CoreConfig, TableError
from ..core.daily import DailyAttempt, DailyStandings
from ..core.daily_rules import DAILY_RULES
from ..present import present, presenter_for
from .moves import Moves
from .play import LOCAL_USER, PRONOUNS, _LineReader, _norm, _style, _width, default_name
from .table_view import TableView


def daily_help() -> str:
    """Why each game's daily is what it is (also in /daily's help)."""
    return "; ".join(f"{g}: {r.why}" for g, r in sorted(DAILY_RULES.items()))


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "daily", help="play today's daily deal of a game",
        description="Play today's daily deal: every player gets the same deal from the same "
                    "seat against the same AI players, and compares scores. One attempt a "
                    f"day; quitting keeps it. The dailies: {daily_help()}.")
    p.add_argument("game", help=f"one of: {', '.join(sorted(DAILY_RULES))}")
    p.add_argument("--db", default="parlour.db", help="database file (default: parlour.db)")
    p.add_argument("--name", default=None, help="your name (default: your login name)")
    p.add_argument("--color", "--colour", dest="color", default="auto",
                   choices=("auto", "always", "never"), help="colour: auto, always or never")
    p.set_defaults(func=run)


def run(args: argparse.Namespace, stdin: TextIO | None = None, out: TextIO | None = None,
        clock: Clock | None = None) -> int:
    out = out or sys.stdout
    try:
        return asyncio.run(_daily(args, stdin or sys.stdin, out, clock))
    except KeyboardInterrupt:
        print("\nYour attempt is saved; run the same command again to go on.", file=out)
        return 0


async def _daily(args: argparse.Namespace, stdin: TextIO, out: TextIO,
                 clock: Clock | None = None) -> int:
    def say(text: str = "", end: str = "\n") -> None:
        print(text, file=out, end=end, flush=True)

    name = (args.name or default_name()).strip()
    if not name or name.casefold() in PRONOUNS:
        say("Error: give a name with --name, e.g. your first name.")
        return 2
    core = Core(CoreConfig(db_path=args.db, ai_executor="inline", ai_delay=0), clock=clock)
    try:
        await core.start(channels=[])   # no tables: the daily needs only the database
    except Exception as e:
        say(f"Error: cannot open the database {args.db}: {e}")
        return 2
    try:
        try:
            attempt = await core.daily.start(args.game, LOCAL_USER, name)
        except TableError as e:
            say(str(e))
            if "already" in str(e):
                await _show_result(core, args.game, say)
                return 0
            return 2
        style, width = _style(args, out), _width(out)
        why = DAILY_RULES[attempt.game].why
        say(f"{attempt.title} ({why}): today's deal is the same for everyone. Type a move, "
            "its number, or help; quit keeps your attempt for later.")
        reader = _LineReader(stdin)
        while not attempt.finished:
            moved = await _turn(core, attempt, reader, say, TableView(
                attempt.game, list(attempt.names), style, width))
            if moved is None:
                say("Your attempt is saved; run the same command again to go on.")
                return 0
            attempt = moved
        view = TableView(attempt.game, list(attempt.names), style, width)
        scene = present(attempt.view(), list(attempt.names),
                        recent=max(attempt.fresh_events(), 1))
        say("\n" + view.render(scene, legend=False))
        say("\nWorking out par...")
        await _show_result(core, attempt.game, say)
        return 0
    finally:
        await core.stop()


async def _turn(core: Core, attempt: DailyAttempt, reader: _LineReader, say,
                table: TableView) -> DailyAttempt | None:
    """Show the position, read moves until one is made; None when the player quits."""
    legal = attempt.legal_actions()
    scene = present(attempt.view(), list(attempt.names), forms=attempt.action_forms(),
                    legal=legal, recent=min(max(attempt.fresh_events(), 1), 20))
    moves = Moves(scene.hand.forms if scene.hand else (), legal,
                  presenter_for(attempt.game).describe, table,
                  scene.hand.cards if scene.hand else ())
    say("\n" + table.render(scene, moves.panel()))
    while True:
        say("> ", end="")
        line = await reader.get()
        if line is None or _norm(line) in ("quit", "exit", "q"):
            return None
        typed = _norm(line)
        if typed in ("help", "?", "h"):
            say("\n".join(moves.short_help()))
            continue
        if typed in ("help all", "all", "moves"):
            say("\n".join(moves.full_help()))
            continue
        if not typed:
            say("\n".join(moves.panel()))
            continue
        found = moves.resolve(line)
        if found.error:
            say(found.error)
            continue
        assert found.action is not None  # resolved without an error
        try:
            return await core.daily.act(attempt.game, LOCAL_USER, found.action,
                                        expect_move=attempt.moves)
        except TableError as e:
            say(f"{e} Type help to see your moves.")


async def _show_result(core: Core, game: str, say) -> None:
    result = await core.daily.result(game, LOCAL_USER)
    for line in result.summary():
        say(line)
    say(f"To share: {result.share_line()}")
    say(standings_text(await core.daily.standings(game, LOCAL_USER, None)))


def standings_text(s: DailyStandings) -> str:
    lines = [f"\n{s.title}, everywhere ({s.count} played):"]
    for r in s.rows:
        lines.append(f"  {r.position:>3}. {r.name[:24]:<24} {r.score_text}")
    return "\n".join(lines)
