"""``parlour puzzle [GAME] [--daily]``: puzzles from finished games, in the terminal.

The same pool, rating and daily streak as the bot's ``/puzzle`` (bot/core/puzzles.py),
as user 0 (the terminal's player, as in ``parlour play``).  Each puzzle shows the
position as its player saw it and the candidate moves, numbered; a number or a move
answers, then the answer and why; Enter gives the next, ``report`` reports the puzzle
just answered as wrong, ``q`` quits.  Puzzles come from finished games (``parlour play``
games too): games finished here whose mining was cut short are mined first.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from typing import TextIO

from .. import plugins
from ..core import Clock, Core, CoreConfig
from ..core.puzzles import PuzzleError, Shown, budget_from
from ..core.store import is_postgres, mask_password, sqlite_path
from ..i18n import EN, LANGUAGES, N_, Lang
from ..present.messages import said
from ..present.puzzle import RECENT, answer_text, move_labels, puzzle_text
from .log_setup import log_to_file, terminal_log_file
from .play import (
    LOCAL_CHANNEL,
    LOCAL_USER,
    QUIT_WORDS,
    LineReader,
    fit_lines,
    norm_line,
    terminal_height,
    terminal_lang,
    terminal_width,
)
from .subcommands import Subcommands
from .table_view import GLUE

REPORT_WORDS = ("report", "zgłoś", "zglos", "пожаловаться", "жалоба")
HOW = N_("Puzzles come from finished games, yours too: play one with 'parlour play GAME' "
         "and its clearest decisions become puzzles once it is over.")


def add_parser(sub: Subcommands) -> None:
    p = sub.add_parser(
        "puzzle", help="puzzles from finished games: find the best move",
        description="Puzzles from finished games: a position where one move is clearly "
                    "best. Answer with the move's number or the move; Enter gives the "
                    "next, report reports the puzzle just answered as wrong, q quits.")
    p.add_argument("game", nargs="?", default=None,
                   help="only puzzles of this game (default: any game)")
    p.add_argument("--daily", action="store_true",
                   help="today's daily puzzle (the same for everyone; solve one a day for "
                        "a streak)")
    p.add_argument("--db", default="parlour.db", help="database file (default: parlour.db)")
    p.add_argument("--lang", default=None, choices=LANGUAGES,
                   help="language: en, pl or ru (default: from LANG, else en)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace, stdin: TextIO | None = None, out: TextIO | None = None,
        clock: Clock | None = None) -> int:
    out = out or sys.stdout
    lang = terminal_lang(getattr(args, "lang", None))
    if not is_postgres(args.db) and not os.path.exists(sqlite_path(args.db)):
        print(fit_lines(lang._("No database at {db}: no games played yet.", db=args.db)
                        + "\n" + lang._(HOW), terminal_width(out)), file=out)
        return 1
    log_to_file(terminal_log_file(args.db))  # the screen is the player's (log_setup.py)
    try:
        return asyncio.run(_puzzles(args, stdin or sys.stdin, out, clock, lang))
    except KeyboardInterrupt:
        print(file=out)
        return 0


async def _puzzles(args: argparse.Namespace, stdin: TextIO, out: TextIO,
                   clock: Clock | None = None, lang: Lang = EN) -> int:
    width = terminal_width(out)
    height = terminal_height(args, out) or 22

    def say(text: str = "") -> None:
        print(fit_lines(text, width), file=out, flush=True)

    game = None
    if args.game:
        try:
            game = plugins.find(args.game).name
        except ValueError as e:
            say(lang._("Error: {error}", error=said(e, lang)))
            return 2
    budget = budget_from(os.environ)
    core = Core(CoreConfig(db_path=args.db, ai_executor="inline", puzzle_budget=budget,
                           skill_executor="inline"), clock=clock)
    try:
        await core.start(channels=[])   # no tables: puzzles need only the database
    except Exception as e:
        say(lang._("Error: cannot open the database {db}: {error}", db=mask_password(args.db),
                   error=mask_password(str(e))))
        return 2
    try:
        if await core.puzzles.resume(channel_id=LOCAL_CHANNEL):
            say(lang._("Finding puzzles in the games you finished here..."))
            await core.puzzles.wait()
        return await _loop(core, args, game, LineReader(stdin), say, width, height, lang)
    finally:
        await core.stop()


async def _loop(core: Core, args: argparse.Namespace, game: str | None, reader: LineReader,
                say, width: int, height: int, lang: Lang) -> int:
    while True:
        try:
            shown = await (core.puzzles.daily(LOCAL_USER) if args.daily
                           else core.puzzles.next(LOCAL_USER, game))
        except PuzzleError as e:
            say(said(e, lang))
            say(lang._(HOW))
            return 0
        say("\n" + _screen(shown, width, height, lang))
        while True:
            got = await _answer(core, shown, reader, say, lang)
            if got is None:
                return 0
            if got:
                break
        if args.daily:
            return 0
        while True:
            say(lang._("Enter: the next puzzle · report: this one is wrong · q: quit"))
            line = await reader.get()
            word = norm_line(line or "q")
            if word in QUIT_WORDS:
                return 0
            if word in REPORT_WORDS:
                await core.puzzles.report(LOCAL_USER, shown.puzzle_id)
                say(lang._("Reported: thank you. The puzzle has left the pool."))
                continue
            break


async def _answer(core: Core, shown: Shown, reader: LineReader, say, lang: Lang
                  ) -> bool | None:
    """Read one answer: True once answered, False to ask again, None to quit."""
    say(lang._("Your answer (a number or a move; q: quit):"))
    line = await reader.get()
    if line is None or norm_line(line) in QUIT_WORDS:
        return None
    typed = line.strip()
    move = shown.moves[int(typed) - 1] if typed.isdigit() and 1 <= int(typed) <= \
        len(shown.moves) else typed
    try:
        got = await core.puzzles.answer(LOCAL_USER, shown.puzzle_id, move)
    except PuzzleError as e:
        say(said(e, lang))
        return False
    say("\n" + answer_text(got, lang, shown))
    return True


def _screen(shown: Shown, width: int, height: int, lang: Lang) -> str:
    """The position and the numbered moves, fitted to the screen with the prompt under
    them: the recent events give way first when it is too tall, then the centre's and
    the hand's sentences."""
    moves = [f"{i}. {label}" for i, label in enumerate(move_labels(shown, lang), start=1)]
    text = ""
    for brief in (False, True):
        for recent in range(RECENT, -1, -1):
            text = fit_lines("\n".join([puzzle_text(shown, lang, recent, brief, listed=True,
                                                     glue=GLUE), *moves]), width, hang=True)
            if len(text.split("\n")) < height:
                return text
    return text
