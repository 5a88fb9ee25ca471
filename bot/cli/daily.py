"""``parlour daily GAME``: today's daily deal in the terminal, through the same core.

The attempt is stored in the database like the bot's, as user 0 (the terminal's
player), so quitting keeps it: run the command again to go on.
"""

from __future__ import annotations

import argparse
import asyncio
import re
import sys
from dataclasses import replace
from typing import TextIO

from .. import plugins
from ..core import Clock, Core, CoreConfig, TableError
from ..core.daily import DailyAttempt, DailyError, DailyStandings
from ..core.daily_rules import daily_rules
from ..core.errors import STALE
from ..core.store import mask_password
from ..i18n import EN, LANGUAGES, N_, Lang
from ..present import daily as words
from ..present import present, presenter_for
from ..present.base import seat_label
from ..present.messages import said
from ..present.scene import CentreScene, Scene
from ..seat import NOT_ALLOWED, DailyPlace, Result, act_on
from .coach import HINT_WORDS
from .log_setup import log_to_file, terminal_log_file
from .moves import Moves
from .play import (
    ALL_WORDS,
    HELP_WORDS,
    LOCAL_USER,
    PRONOUNS,
    QUIT_WORDS,
    LineReader,
    default_name,
    fit_lines,
    known_name,
    move_reader,
    norm_line,
    terminal_height,
    terminal_lang,
    terminal_style,
    terminal_width,
)
from .subcommands import Subcommands
from .table_view import TableView


def daily_help() -> str:
    """Why each game's daily is what it is (also in /daily's help)."""
    return "; ".join(f"{g}: {r.why}" for g, r in sorted(daily_rules().items()))


def refusal(e: TableError, lang: Lang) -> str:
    """A refusal in the terminal's language."""
    return said(e, lang)


def add_parser(sub: Subcommands) -> None:
    p = sub.add_parser(
        "daily", help="play today's daily deal of a game",
        description="Play today's daily deal: every player gets the same deal from the same "
                    "seat against the same AI players, and compares scores. One attempt a "
                    f"day; quitting keeps it. The dailies: {daily_help()}.")
    p.add_argument("game", help=f"one of: {', '.join(sorted(daily_rules()))}")
    p.add_argument("--db", default="parlour.db", help="database file (default: parlour.db)")
    p.add_argument("--name", default=None,
                   help="your name (default: your login name; without one, the name you "
                        "last played under, or Player)")
    p.add_argument("--color", "--colour", dest="color", default="auto",
                   choices=("auto", "always", "never"), help="colour: auto, always or never")
    p.add_argument("--lang", default=None, choices=LANGUAGES,
                   help="language: en, pl or ru (default: from LANG, else en)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace, stdin: TextIO | None = None, out: TextIO | None = None,
        clock: Clock | None = None) -> int:
    out = out or sys.stdout
    lang = terminal_lang(getattr(args, "lang", None))
    log_to_file(terminal_log_file(args.db))  # the screen is the player's (log_setup.py)
    try:
        return asyncio.run(_daily(args, stdin or sys.stdin, out, clock, lang))
    except KeyboardInterrupt:
        print("\n" + lang._(SAVED), file=out)
        return 0


SAVED = N_("Your attempt is saved; run the same command again to go on.")


async def _daily(args: argparse.Namespace, stdin: TextIO, out: TextIO,
                 clock: Clock | None = None, lang: Lang = EN) -> int:
    def say(text: str = "", end: str = "\n") -> None:
        print(fit_lines(text, width), file=out, end=end, flush=True)

    width = terminal_width(out)
    try:
        game = plugins.find(args.game).name   # "sergeant-major" is starshina
    except ValueError:
        game = args.game                         # the daily says which games it has
    name = (args.name or default_name(lang)).strip()
    if not name or name.casefold() in PRONOUNS:
        say(lang._("Error: give a name with --name, e.g. your first name."))
        return 2
    core = Core(CoreConfig(db_path=args.db, ai_executor="inline", ai_delay=0), clock=clock)
    try:
        await core.start(channels=[])   # no tables: the daily needs only the database
        if not args.name:   # the same player whatever the language (default_name)
            name = default_name(lang, await known_name(core.store))
    except Exception as e:
        say(lang._("Error: cannot open the database {db}: {error}", db=mask_password(args.db),
                   error=mask_password(str(e))))
        return 2
    try:
        try:
            attempt = await core.daily.start(game, LOCAL_USER, name)
        except TableError as e:
            say(refusal(e, lang))
            if isinstance(e, DailyError) and e.kind == "played":
                await _show_result(core, game, say, lang)
                return 0
            return 2
        style = terminal_style(args, out)
        names = [n if ai is None else seat_label(n, "ai", core.daily.ai_level, lang, ai)
                 for n, ai in zip(attempt.names, attempt.ai_names, strict=True)]
        say(lang._("{title}: {why} Today's deal is the same for everyone. Type a move, its "
                   "number, or help; quit keeps your attempt for later.",
                   title=words.title(attempt.game, attempt.day, lang),
                   why=words.why(attempt.game, lang)))
        reader = LineReader(stdin)
        while not attempt.finished:
            moved = await _turn(core, attempt, reader, say, TableView(
                attempt.game, names, style, width, lang), lang, terminal_height(args, out))
            if moved is None:
                say(lang._(SAVED))
                return 0
            attempt = moved
        say("\n" + TableView(attempt.game, names, style, width, lang).render(
            last_scene(attempt, names, lang), legend=False))
        say("\n" + lang._("Working out par..."))
        await _show_result(core, attempt.game, say, lang)
        return 0
    finally:
        await core.stop()


# The event that begins a game's next deal ("Hand 2: ...", "Deal 2: ...", "Round 2: ...").
_NEXT_DEAL = re.compile(r"^(Hand|Deal|Round) ([2-9]|\d\d+): ")


def last_scene(attempt: DailyAttempt, names: list[str], lang: Lang = EN) -> Scene:
    """How the daily deal ended: the events since the player's last move and the scores.
    A one-deal daily ends as the game deals its next hand; that hand, its centre and its
    events are no part of the daily and are left out."""
    view = attempt.view()
    events = [e for e in view["events"] if e["n"] > attempt.seen]
    cut = next((i for i, e in enumerate(events) if _NEXT_DEAL.match(e["text"])), None)
    if cut is None:   # the game is over (a whole-game daily): no hand to play any more
        return replace(present(view, names, recent=max(len(events), 1), lang=lang), hand=None)
    view = {**view, "events": events[:cut]}
    scene = present(view, names, recent=max(cut, 1), lang=lang)
    seats = tuple(replace(s, hand_count=None, to_move=False, status=None, roles=())
                  for s in scene.seats)
    return replace(scene, hand=None, centre=CentreScene(), seats=seats, to_move=None,
                   phase=lang._("Daily deal over"), headline=())


async def _turn(core: Core, attempt: DailyAttempt, reader: LineReader, say,
                table: TableView, lang: Lang = EN,
                height: int | None = None) -> DailyAttempt | None:
    """Show the position, read moves until one is made; None when the player quits."""
    place = DailyPlace(core.daily, attempt.game, attempt.day)
    seen = place.seen(attempt, lang, least=1, most=20)
    scene, legal = seen.scene, seen.moves
    moves = Moves(scene.hand.forms if scene.hand else (), legal,
                  presenter_for(attempt.game, lang).describe, table,
                  scene.hand.cards if scene.hand else (),
                  move_reader(plugins.engine(attempt.game), attempt.state.options),
                  plugins.engine(attempt.game).move_words)
    say("\n" + table.render(scene, moves.panel(), height=height, tail=moves.hint(),
                             short_moves=moves.panel(notes=False)))
    while True:
        say("> ", end="")
        line = await reader.get()
        if line is None or norm_line(line) in QUIT_WORDS:
            return None
        typed = norm_line(line)
        if typed in HELP_WORDS:
            say("\n".join(moves.short_help()))
            continue
        if typed in ALL_WORDS:
            say("\n".join(moves.full_help()))
            continue
        if not typed:
            say("\n".join(moves.panel() + moves.hint()))
            continue
        if typed in HINT_WORDS:
            say(lang._("The daily deal has no hints: everyone plays the same deal on their "
                       "own. 'parlour play' games have them."))
            continue
        found = moves.resolve(line)
        if found.error:
            say(found.error)
            continue
        assert found.action is not None  # resolved without an error
        try:
            outcome = await act_on(place, LOCAL_USER, found.action, seen.version)
        except TableError as e:
            say(refusal(e, lang) + " " + lang._("Type help to see your moves."))
            continue
        if outcome.result is Result.NOT_LEGAL:
            say(said(outcome.reason or NOT_ALLOWED, lang) + " "
                + lang._("Type help to see your moves."))
            continue
        if outcome.result is Result.MOVED_ON:
            say(lang._(STALE))
        return await place.attempt(LOCAL_USER)


async def _show_result(core: Core, game: str, say, lang: Lang = EN) -> None:
    result = await core.daily.result(game, LOCAL_USER)
    for line in words.summary(result, lang):
        say(line)
    say(lang._("To share: {line}", line=words.share_line(result, lang)))
    say(standings_text(await core.daily.standings(game, LOCAL_USER, None), lang))


def standings_text(s: DailyStandings, lang: Lang = EN) -> str:
    lines = ["\n" + words.title(s.game, s.day, lang) + " · "
             + words.standings_heading(s, lang) + ":"]
    for position, name, score in words.standings_rows(s, lang):
        lines.append(f"  {position:>3}. {name[:24]:<24} {score}")
    return "\n".join(lines)
