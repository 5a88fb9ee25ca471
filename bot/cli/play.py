"""``parlour play GAME``: play in the terminal against AI seats, through the table core.

The terminal is one more client of ``bot.core``: the game is a table in a local
channel (id 0) of the same database the bot uses, so finished games count on
``parlour leaderboard`` and can be watched again with ``parlour replay``.
"""

from __future__ import annotations

import argparse
import asyncio
import enum
import fcntl
import getpass
import os
import shutil
import signal
import sys
import threading
from collections.abc import Callable, Mapping
from typing import IO, TextIO, cast

import rules
from rules.ai.players import DEFAULT_LEVEL, LEVELS
from rules.messages import Msg
from rules.views import View

from .. import plugins
from ..core import (
    Core,
    CoreConfig,
    GameOver,
    Reminder,
    SeatReplaced,
    SkillReady,
    Strike,
    TableError,
    TableInfo,
    Update,
    display_rating,
)
from ..core.errors import STALE
from ..core.puzzles import budget_from as puzzle_budget_from
from ..core.skills import budget_from
from ..core.store import Store, is_postgres, mask_password, sqlite_path
from ..i18n import EN, LANGUAGES, Lang, lang_for
from ..present import present, presenter_for
from ..present.base import game_title, rating_words, seat_label, skill_text
from ..present.messages import marked, said
from ..present.scene import Scene
from ..present.you import to_you
from ..seat import NOT_ALLOWED, Outcome, Result, TablePlace, act_on
from . import saved
from .coach import HINT_WORDS, hint_help, hint_line
from .log_setup import log_to_file, terminal_log_file
from .moves import Moves
from .rules_cmd import paragraphs
from .saved import LOCAL_CHANNEL  # Discord ids are never 0: no clash with the bot's tables
from .subcommands import Subcommands
from .table_view import GLUE, Style, TableView, wants_colour, width_of, wrap

LOCAL_USER = 0
class _Moved(enum.Enum):
    MOVED = "moved"


_MOVED = _Moved.MOVED   # the position changed while we waited for input (timer, AI)
# The prompt's own words, also in Polish and Russian (the help names the English ones).
QUIT_WORDS = ("quit", "exit", "q", "wyjdź", "wyjdz", "koniec", "выход", "выйти")
HELP_WORDS = ("help", "?", "h", "pomoc", "помощь", "справка")
ALL_WORDS = ("help all", "all", "moves", "pomoc wszystko", "ruchy", "все ходы", "ходы")
LOG_WORDS = ("log", "older", "earlier", "dziennik", "журнал")   # what gave way to fit
PRONOUNS = {"you", "me", "i", "myself", "yourself"}   # not names: "You takes the trick"


def default_name(lang: Lang = EN, known: str | None = None) -> str:
    """The terminal player's name when ``--name`` is not given: the login name; with none
    (or root), ``known``, the name the database already has for the terminal's player,
    so one person stays one player (and one name) whatever ``--lang`` says; else
    "Player" in ``lang`` (then kept: the next game finds it as ``known``)."""
    try:
        login = getpass.getuser().strip()
    except (OSError, KeyError, ImportError):
        login = ""
    if login and login.lower() != "root":
        return login.capitalize()
    return known or lang._("Player")


async def known_name(store: Store) -> str | None:
    """The name the terminal's player (user 0) last played a game under, if any."""
    row = await store.fetchone("SELECT name FROM users WHERE user_id = ?", (LOCAL_USER,))
    name = (row["name"] or "").strip() if row is not None else ""
    return name or None


def add_parser(sub: Subcommands) -> None:
    p = sub.add_parser("play", help="play a game in the terminal against AI seats",
                       description="Play a game in the terminal against AI seats; you take "
                                   "the first seat.  Type 'help' at the prompt to see how.")
    others = ", ".join(f"{g.aliases[0]} = {g.name}" for g in plugins.plugins() if g.aliases)
    p.add_argument("game", help=f"one of: {', '.join(plugins.names())}"
                                + (f" (other names work too: {others}...)" if others else ""))
    p.add_argument("--new", action="store_true",
                   help="start a new game even if one of this game is kept from an earlier "
                        "session (the kept one is given up, not recorded); without it "
                        "'parlour play' offers to resume that game")
    p.add_argument("--players", type=int, help="number of players (default: the fewest)")
    p.add_argument("--seed", type=int, help="seed for the deal (default: random)")
    p.add_argument("--option", action="append", default=[], metavar="K=V",
                   help="a game option, e.g. --option target=10 (repeatable)")
    p.add_argument("--ai", default=DEFAULT_LEVEL, choices=LEVELS,
                   help="level of the AI seats (default: normal)")
    p.add_argument("--db", default="parlour.db", help="database file (default: parlour.db)")
    p.add_argument("--turn-seconds", type=int, default=0,
                   help="turn timer in seconds (default: off). When it runs out the AI "
                        "(level easy) makes that one move for you and the game goes on: the "
                        "seat stays yours, and the game is recorded as usual when it ends")
    p.add_argument("--name", default=None,
                   help="your name at the table and on the leaderboard (default: your "
                        "login name; without one, the name you last played under, or Player)")
    p.add_argument("--lang", default=None, choices=LANGUAGES,
                   help="language of the table: en, pl or ru (default: from LANG, else en)")
    p.add_argument("--color", "--colour", dest="color", default="auto",
                   choices=("auto", "always", "never"),
                   help="colour: auto (on a terminal unless NO_COLOR is set), always or never")
    p.add_argument("--wide", action="store_true",
                   help="show the whole table view on every turn (the deck's legend, every "
                        "event since your last move), however many lines it takes; without "
                        "it the view fits the terminal's height (24 lines when piped)")
    p.set_defaults(func=run)


def refusal(error: TableError | str, table: TableView) -> str:
    """An engine's refusal (raised, or an ``Outcome``'s reason) as the terminal shows it:
    cards as on the screen (2♥), seats by their names; a core refusal (plain text) as
    ``said`` gives it."""
    message = error.message if isinstance(error, TableError) else error
    if isinstance(message, Msg):
        return table.plain(marked(message, table.lang))
    return said(error, table.lang)


def terminal_lang(chosen: str | None, env: Mapping[str, str] | None = None) -> Lang:
    """``--lang`` if given, else the locale of ``LC_ALL``/``LC_MESSAGES``/``LANG`` (as
    gettext looks them up), else English."""
    if chosen:
        return lang_for(chosen)
    env = os.environ if env is None else env
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        if env.get(var):
            return lang_for(env[var])
    return EN


def parse_options(pairs: list[str]) -> dict:
    out = {}
    for pair in pairs:
        if "=" not in pair:
            raise ValueError(f"Options look like key=value, not '{pair}'.")
        k, v = pair.split("=", 1)
        out[k.strip()] = v.strip()
    return out


def run(args: argparse.Namespace, stdin: TextIO | None = None, out: TextIO | None = None) -> int:
    out = out or sys.stdout
    # The screen is the player's: log records (asyncpg's reconnect warnings while the
    # database restarts, a failed commit) go to a file.
    log_to_file(terminal_log_file(args.db))
    try:
        return asyncio.run(_play(args, stdin or sys.stdin, out))
    except KeyboardInterrupt:  # Ctrl-C before the table was up or after it closed
        lang = terminal_lang(getattr(args, "lang", None))
        print("\n" + lang._("Bye."), file=out, flush=True)
        return 0


def terminal_style(args: argparse.Namespace, out: TextIO) -> Style:
    choice = getattr(args, "color", "auto")
    return Style(colour=choice == "always" or (choice == "auto" and wants_colour(out)))


def _size(out: TextIO) -> tuple[int, int]:
    """(columns, lines) of the terminal ``out`` writes to: ``COLUMNS``/``LINES`` if set
    (as ``shutil.get_terminal_size`` reads them), else the terminal's own, else 80x24
    (output piped, or a fresh pty that says 0)."""
    size = shutil.get_terminal_size((80, 24))
    cols, rows = size.columns, size.lines
    try:
        if out.isatty():
            real = os.get_terminal_size(out.fileno())
            cols = int(os.environ.get("COLUMNS") or 0) or real.columns or cols
            rows = int(os.environ.get("LINES") or 0) or real.lines or rows
    except (AttributeError, OSError, ValueError):
        pass
    return (cols if cols > 0 else 80), (rows if rows > 0 else 24)


def terminal_width(out: TextIO) -> int:
    return min(max(_size(out)[0], 40), 100)


def terminal_height(args: argparse.Namespace, out: TextIO) -> int | None:
    """Lines a turn's screen may take (None: as many as it needs, with ``--wide``): the
    terminal's height less the prompt's line and the blank line above the view."""
    if getattr(args, "wide", False):
        return None
    return max(_size(out)[1], 12) - 2


async def _play(args: argparse.Namespace, stdin: TextIO, out: TextIO) -> int:
    lang = terminal_lang(getattr(args, "lang", None))
    try:
        game = plugins.find(args.game).game
        options = game.validate_options(parse_options(args.option))
        counts = game.player_counts(options)
        n = args.players or counts[0]
        if n not in counts:
            if len(counts) > 1 and list(counts) == list(range(counts[0], counts[-1] + 1)):
                raise ValueError(Msg("{game} with these options is for {low} to {high} "
                                     "players, not {n}.", game=game.title, low=counts[0],
                                     high=counts[-1], n=n))
            raise ValueError(Msg("{game} with these options is for {counts} players, not {n}.",
                                 game=game.title, counts="/".join(map(str, counts)), n=n))
        if args.turn_seconds < 0:
            raise ValueError(Msg("--turn-seconds cannot be negative."))
        name = (args.name or default_name(lang)).strip()
        if not name:
            raise ValueError(Msg("--name cannot be empty."))
        skill_budget = budget_from(os.environ)   # accuracy and luck, as the bot's
        if name.casefold() in PRONOUNS:
            # Events name seats in the third person: "You takes the trick" reads wrong.
            raise ValueError(Msg("With --name {name} the game would say \"{name} takes the "
                                 "trick\": give a name instead, e.g. your first name.",
                                 name=name))
    except ValueError as e:
        print(fit_lines(lang._("Error: {error}", error=said(e, lang)), terminal_width(out)),
              file=out)
        return 2
    lock = _terminal_lock(args.db)
    if lock is None:
        print(fit_lines(lang._("Another terminal game is being played with the database {db}: "
                               "finish it first, or play this one with --db OTHER.db.",
                               db=args.db), terminal_width(out)), file=out)
        return 2
    reader = LineReader(stdin)
    config = terminal_config(args.db, skill_budget)
    core = Core(config)
    # Accuracy and luck are worked out while the player reads the game-over screen (or
    # plays on): no task the input loop's settle() waits for.
    core.skills.spawn = asyncio.ensure_future
    core.puzzles.spawn = asyncio.ensure_future   # so is the mining of puzzles
    try:
        # The game an earlier session kept (saved.py): offered again, or given up.
        choice, kept = await saved.prepare(
            args.db, game.name, lambda g: _title_of(g, lang),
            new=getattr(args, "new", False), lang=lang,
            say=lambda text="", end="\n": print(fit_lines(text, terminal_width(out)), file=out,
                                                end=end, flush=True),
            read=reader.get, quit_words=QUIT_WORDS, defaults=game.validate_options({}),
            reminder_fraction=config.reminder_fraction)
        if choice != saved.QUIT:
            await core.start(channels=[LOCAL_CHANNEL])
            # The figures of a game whose player left before they were ready: worked out
            # now, in their own worker process (the bot's database: only the terminal's).
            await core.skills.resume(channel_id=LOCAL_CHANNEL)
            await core.puzzles.resume(channel_id=LOCAL_CHANNEL)
            if not args.name:   # the same player whatever the language (default_name)
                name = default_name(lang, await known_name(core.store))
    except Exception as e:  # an unreadable or newer database: say so, do not crash
        print(fit_lines(lang._("Error: cannot open the database {db}: {error}",
                               db=mask_password(args.db), error=mask_password(str(e))),
                        terminal_width(out)), file=out)
        lock.close()
        return 2
    if choice == saved.QUIT:
        assert kept is not None  # only a kept game is asked about
        print(fit_lines(saved.kept_bye(game.name, args.db, lang), terminal_width(out)), file=out)
        lock.close()
        return 0
    term = Terminal(core, game, out, reader, terminal_style(args, out), terminal_width(out),
                    lang, terminal_height(args, out), db=args.db)
    try:
        return await term.play(args, options, n, name,
                               resumed=kept if choice == saved.RESUME else None)
    finally:
        await core.stop()
        lock.close()


def _title_of(name: str, lang: Lang) -> str:
    """A game's title in ``lang`` (its engine name if that game is no longer installed)."""
    try:
        return game_title(plugins.engine(name).title, lang)
    except KeyError:
        return name


def terminal_config(db: str, skill_budget: int = 0) -> CoreConfig:
    """The core as the terminal runs it: AI moves at once, on the event loop, and a turn
    timer that only plays the move that ran out (you are alone at the screen: waiting
    too long is no desertion, so the seat is never handed over nor the game counted as
    abandoned).  ``skill_budget``: the accuracy and luck of a finished game, worked out
    as the bot does (bot/core/skills.py: a worker process of their own, off the input
    loop, stored with the game; 0: none).  A finished game is mined for puzzles too
    (``PARLOUR_PUZZLE_BUDGET``; what the player's leaving cuts short, ``parlour puzzle``
    finishes)."""
    return CoreConfig(db_path=db, ai_executor="inline", ai_delay=0, max_strikes=None,
                      skill_budget=skill_budget,
                      puzzle_budget=puzzle_budget_from(os.environ))


def _terminal_lock(db: str) -> IO[bytes] | None:
    """An exclusive lock beside the database while a terminal game runs, or None if another
    process holds it: terminal tables share one channel, so a second game at once would
    cancel the first under its feet.  The OS drops the lock when a process dies, so a
    killed session's table is still cleaned up by the next one."""
    if db == ":memory:" or is_postgres(db):
        return open(os.devnull, "rb")
    try:
        handle = open(f"{sqlite_path(db)}.terminal-lock", "ab")
    except OSError:  # an unusable database folder: opening the database says why
        return open(os.devnull, "rb")
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        handle.close()
        return None
    return handle


class Terminal:
    def __init__(self, core: Core, game: rules.Game, out: TextIO, reader: LineReader,
                 style: Style | None = None, width: int = 80, lang: Lang = EN,
                 height: int | None = None, db: str = "parlour.db") -> None:
        self.core = core
        self.db = db            # named in how to come back to a kept game
        self.height = height    # lines a turn's view may take (None: all it needs)
        self.older: list[list[str]] = []   # recent events the last view left out
        self.game = game
        self.out = out
        self.reader = reader
        self.style = style or Style()
        self.width = width
        self.lang = lang
        self.presenter = presenter_for(game.name, lang)
        self.shown = 0          # last event number printed
        self.over: GameOver | None = None
        self.skills: SkillReady | None = None   # the finished game's accuracy and luck
        self.line_task: asyncio.Task | None = None
        self.interrupted = False
        self.names: list[str] = []
        self.legend_shown = False     # the deck legend in full once, then its first line
        self.sub = core.subscribe(channel_id=LOCAL_CHANNEL)

    def say(self, text: str = "", end: str = "\n") -> None:
        print(fit_lines(text, self.width), file=self.out, end=end, flush=True)

    async def play(self, args: argparse.Namespace, options: dict, n: int, name: str,
                   resumed: saved.Kept | None = None) -> int:
        """Play a new game, or the kept game ``resumed`` the core has just loaded."""
        core = self.core
        info = core.table(LOCAL_CHANNEL)
        if resumed is not None and info is not None:
            me = info.seat_of(LOCAL_USER)
            name = info.seats[me].name if me is not None else name
            self.say("\n".join(wrap(self.lang._(
                "Resuming your game of {game} from {when}, at move {move}.",
                game=game_title(self.game.title, self.lang), when=saved.when(resumed),
                move=resumed.move), self.width) + wrap(self._how(name), self.width)))
        else:
            if info is not None:  # cannot be: saved.prepare moved any table away
                await core.cancel(LOCAL_CHANNEL, LOCAL_USER, moderator=True)
            if resumed is not None:  # kept, but the core could not load it (its log says why)
                self.say(self.lang._("The kept game could not be resumed: a new one starts."))
            try:
                await core.create_table(LOCAL_CHANNEL, LOCAL_USER, name, self.game.name,
                                        options, turn_seconds=args.turn_seconds,
                                        keep_order=True, seed=args.seed)
                for _ in range(n - 1):
                    await core.add_ai(LOCAL_CHANNEL, LOCAL_USER, args.ai)
                await core.start_game(LOCAL_CHANNEL, LOCAL_USER)
            except TableError as e:
                self.say(self.lang._("Error: {error}", error=said(e, self.lang)))
                return 2
            self.say("\n".join(self._intro(name)))
        task = asyncio.current_task()
        assert task is not None  # run inside the event loop's task
        hooked = _on_interrupt(lambda: self._interrupt(task))
        try:
            return await self._loop()
        except asyncio.CancelledError:
            if not self.interrupted:
                raise
            task.uncancel()
            await self._quit()
            return 0
        finally:
            if hooked:
                _on_interrupt(None)
            if self.line_task is not None:
                self.line_task.cancel()

    def _intro(self, name: str) -> list[str]:
        """The game in a paragraph and how to play, wrapped to the terminal's width."""
        _ = self.lang.gettext
        title = game_title(self.game.title, self.lang)
        paras = paragraphs(plugins.get(self.game.name).summary(self.lang.code), self.style)
        first = paras[0] if paras else ""
        if not first.casefold().startswith(title.split(" (")[0].casefold()):
            first = self.style.label(f"{title}:") + " " + first   # not "Piquet: Piquet is..."
        paras[:1] = [first]
        paras.append(self._how(name))
        return [line for p in paras for line in wrap(p, self.width)]

    def _how(self, name: str) -> str:
        return self.lang._("You play as {name}. Type a move, its number, or help; quit (or "
                           "Ctrl-D, Ctrl-C) keeps the game for later.", name=name)

    def _interrupt(self, task: asyncio.Task | None) -> None:
        if task is not None and not self.interrupted:
            self.interrupted = True
            task.cancel()

    def _table_view(self, names: list[str]) -> TableView:
        return TableView(self.game.name, names, self.style, self.width, self.lang)

    def _scene(self, view: View, names: list[str], forms=(), legal=()) -> Scene:
        fresh = sum(1 for e in view.get("events") or () if e["n"] > self.shown)
        scene = present(view, names, forms=forms, legal=legal,
                        recent=min(max(fresh, 1), 20), lang=self.lang)
        if view.get("events"):
            self.shown = max(self.shown, view["events"][-1]["n"])
        return scene

    async def _loop(self) -> int:
        core = self.core
        _ = self.lang.gettext
        while True:
            await core.settle()
            self._absorb()
            if self.over is not None:
                return await self._finish()
            info = core.table(LOCAL_CHANNEL)
            assert info is not None  # our own table, until the game is over
            seat = info.seat_of(LOCAL_USER)
            assert seat is not None  # where we sit
            if info.current_seat != seat or info.seats[seat].ai_level is not None:
                self._note(await self.sub.get())  # someone else's move is on its way
                continue
            place = TablePlace(core, LOCAL_CHANNEL)
            seen = await place.scene(LOCAL_USER, self.lang, least=1, most=20, since=self.shown)
            self.shown = max(self.shown, seen.last_event)
            scene, legal = seen.scene, seen.moves
            self.names = list(seen.names)
            table = self._table_view(self.names)
            moves = Moves(scene.hand.forms if scene.hand else (), legal,
                          self.presenter.describe, table,
                          scene.hand.cards if scene.hand else (),
                          move_reader(self.game, info.options), self.game.move_words)
            self.say("\n" + table.render(scene, moves.panel(), legend=not self.legend_shown,
                                         height=self.height, tail=moves.hint(),
                                         short_moves=moves.panel(notes=False)))
            self.older = table.older
            self.legend_shown = True
            while True:
                self.say("> ", end="")
                line = await self._ask()
                if line is _MOVED:
                    self.say()
                    break
                if line is None or norm_line(line) in QUIT_WORDS:
                    await self._quit(eof=line is None)
                    return 0
                typed = norm_line(line)
                if typed in HELP_WORDS:
                    about = (["", table.heading(table._("The cards"))] + table.legend(scene.legend)
                             if scene.legend else [])
                    self.say("\n".join(moves.short_help() + about + ["", hint_help(self.lang)]))
                    continue
                if typed in ALL_WORDS:
                    self.say("\n".join(moves.full_help()))
                    continue
                if not typed:
                    self.say("\n".join(moves.panel() + moves.hint()))
                    continue
                if typed in LOG_WORDS:
                    self.say("\n".join(self._log_lines(table)))
                    continue
                if typed in HINT_WORDS:
                    self.say(await hint_line(core, LOCAL_CHANNEL, LOCAL_USER, table,
                                             self.presenter.describe, self.lang, moves))
                    continue
                if typed in ("count", "ask for the count"):
                    # Pinkerton's count is asked for, not played (RULINGS 6): the view redraws
                    try:
                        await core.ask_count(LOCAL_CHANNEL, LOCAL_USER)
                        break
                    except TableError as e:
                        self.say(said(e, self.lang))
                        continue
                found = moves.resolve(line)
                if found.error:
                    self.say(found.error)
                    continue
                assert found.action is not None  # resolved without an error
                try:
                    outcome = await act_on(place, LOCAL_USER, found.action, seen.version)
                except TableError as e:
                    outcome = Outcome(Result.NOT_LEGAL, reason=e.message)
                if outcome.result is Result.MOVED_ON:
                    self.say(self.lang._(STALE))
                if outcome.result is not Result.NOT_LEGAL:
                    break
                self.say(self.lang._("{error} Type help to see your moves.",
                                     error=refusal(outcome.reason or NOT_ALLOWED, table)))

    def _log_lines(self, table: TableView) -> list[str]:
        """What the view left out of Recent to fit the screen (the events since your last
        move that did not fit); with nothing left out, where to find the rest."""
        _ = self.lang.gettext
        if not self.older:
            return [_("Every event since your last move is on the screen; 'parlour replay' "
                      "shows a whole game once it is over.")]
        return [table.heading(_("Earlier"))] + [line for e in self.older for line in e]

    async def _ask(self, also: asyncio.Future | None = None) -> str | None | _Moved:
        """The next input line (None at end of input), or _MOVED if the game moved first
        (or ``also`` is done)."""
        if self.line_task is None:
            self.line_task = asyncio.ensure_future(self.reader.get())
        while True:
            update = asyncio.ensure_future(self.sub.get())
            try:
                done, _ = await asyncio.wait({self.line_task, update, *([also] if also else [])},
                                             return_when=asyncio.FIRST_COMPLETED)
            finally:
                if not update.done():
                    update.cancel()
            if also is not None and also in done and update not in done:
                return _MOVED
            if update in done:
                u = update.result()
                self._note(u)
                if not isinstance(u, Reminder):
                    return _MOVED
                continue
            line, self.line_task = self.line_task.result(), None
            return line

    def _absorb(self) -> None:
        """Handle every update waiting now (our own and the AI's moves, notes)."""
        while not self.sub.queue.empty():
            self._note(self.sub.queue.get_nowait())

    def _names(self, info: TableInfo) -> list[str]:
        """The seats' names in the terminal's language ("Ada (ИИ, сильный)")."""
        return [seat_label(s.name, s.kind, s.ai_level, self.lang, s.ai_name) for s in info.seats]

    def _note(self, u: Update) -> None:
        mine = getattr(u, "user_id", None) == LOCAL_USER
        _ = self.lang.gettext
        if isinstance(u, GameOver):
            self.over = u
        elif isinstance(u, SkillReady):
            self.skills = u
        elif isinstance(u, Reminder) and mine:
            left = round(u.seconds_left)
            self.say("\n" + self.lang.n_("Reminder: {n} second left for your move.",
                                         "Reminder: {n} seconds left for your move.", left)
                     + "\n> ", end="")
        elif isinstance(u, Strike) and mine:
            move = self._table_view(self.names).fill(self.presenter.describe(u.action))
            self.say("\n" + self.lang._("Time's up: the AI made your move ({move}).",
                                         move=move))
        elif isinstance(u, SeatReplaced) and mine:
            self.say(_("The AI plays your seat for the rest of the game."))

    async def _finish(self) -> int:
        u = self.over
        assert u is not None  # called once the game is over
        _ = self.lang.gettext
        names = self._names(u.table)
        view, seat = u.view, u.table.seat_of(LOCAL_USER)
        if seat is not None and view.get("events"):
            # The final view is the public one: your own acts still in your own voice
            # ("You take the trick", as on every screen before), not "Alice takes".
            forms = self.presenter.you_forms
            mine = [dict(e, text=to_you(e["text"], seat, forms)) for e in view["events"]]
            view = cast(View, {**view, "events": mine})
        scene = self._scene(view, names)
        self.say("\n" + self._table_view(names).render(scene, legend=False))
        if u.reason != "complete":
            self.say("\n" + _("The game ended unfinished: no human player is left at the "
                              "table."))
        self.say("\n" + _("Game #{number} recorded: see it again with 'parlour replay "
                          "{number}'.", number=u.game_id))
        for c in u.rating_changes:
            self.say(_("Rating ({scope}) of {name}: {before} -> {after}",
                       scope=_("overall") if c.scope == "global" else c.scope, name=c.name,
                       before=display_rating(c.before),
                       after=rating_words(c.after, c.games, self.lang)))
        if u.reason == "complete" and self.core.skills.budget > 0:
            await self._skill_lines(u, names)
        return 0

    async def _skill_lines(self, over: GameOver, names: list[str]) -> None:
        """The game's accuracy and luck, a line per seat, once worked out (seconds, in
        the skills' own worker process: bot/core/skills.py); meanwhile the screen says
        so, and a line typed (or the end of input, Ctrl-C) leaves at once - the figures
        are stored when ready, or worked out at the next 'parlour play' or 'parlour
        review'."""
        _ = self.lang.gettext

        def ready() -> SkillReady | None:
            return self.skills if self.skills and self.skills.game_id == over.game_id else None

        if ready() is None:
            self.say("\n" + _("Accuracy and luck: working them out..."))
            self.say(_("(Enter leaves now: 'parlour review {number}' shows them later.)",
                       number=over.game_id))
        done = asyncio.ensure_future(self.core.skills.wait(over.game_id))
        try:
            while ready() is None and not done.done():
                if await self._ask(also=done) is not _MOVED:
                    return
        finally:
            done.cancel()
        self._absorb()   # a SkillReady published as the work ended
        figures = ready()
        if figures is None:   # the work failed: the log file says why
            self.say(_("Accuracy and luck could not be worked out: {log} says why.",
                       log=str(terminal_log_file(self.db))))
            return
        self.say("\n" + self.skill_block(figures, names))

    def skill_block(self, ready: SkillReady, names: list[str]) -> str:
        """"Accuracy and luck", then "Alice: Accuracy 86 · Luck +12%" a seat (the words
        of the Discord board: present/base.skill_text)."""
        lines = [self._table_view(names).heading(self.lang._("Accuracy and luck"))]
        lines += [f"{names[s.seat]}: " + skill_text(s.accuracy, s.luck, self.lang)
                  for s in ready.skills if s.seat < len(names)]
        return "\n".join(lines)

    async def _quit(self, eof: bool = True) -> None:
        """Stop, keeping the game: every move is committed already, so it stays in the
        database unfinished, and the next 'parlour play' of this game offers it again."""
        lead = "\n" if eof else ""
        if self.core.table(LOCAL_CHANNEL) is None:   # over (and recorded) meanwhile
            self.say(lead + self.lang._("Bye."))
            return
        self.say(lead + saved.kept_bye(self.game.name, self.db, self.lang))


def move_reader(game: rules.Game, options: dict | None) -> Callable[[str], str]:
    """The game's own reader of typed moves (its words in en, pl and ru) as canonical text."""
    return lambda typed: str(game.parse_action(typed, options or None))


def fit_lines(text: str, width: int, hang: bool = False) -> str:
    """``text`` with every line longer than ``width`` wrapped between words (a refusal,
    a note: the terminal itself would cut words in two); with ``hang``, an indented
    line's further lines (a seat's, a listed event's) hang under its first word, as on
    the terminal's table.  A ``GLUE`` is a space never broken at."""
    lines = text.split("\n")
    if any(width_of(line) > width for line in lines):
        text = "\n".join(part for line in lines
                         for part in (_wrapped(line, width, hang) if width_of(line) > width
                                      else [line]))
    return text.replace(GLUE, " ")


def _wrapped(line: str, width: int, hang: bool) -> list[str]:
    body = line.lstrip(" ")
    indent = line[:len(line) - len(body)]
    if not hang or not indent:
        return wrap(line, width)
    return wrap(body, width, indent, indent + "  ")


def norm_line(line: str) -> str:
    return " ".join(line.strip().lower().split())


def _on_interrupt(callback) -> bool:
    """Route Ctrl-C to ``callback`` (None: back to the default); False where impossible."""
    try:
        loop = asyncio.get_running_loop()
        if callback is None:
            loop.remove_signal_handler(signal.SIGINT)
        else:
            loop.add_signal_handler(signal.SIGINT, callback)
        return True
    except (NotImplementedError, RuntimeError, ValueError):  # not the main thread, Windows
        return False


class LineReader:
    """Lines from a (possibly blocking) text stream, read in a daemon thread.

    A daemon thread, not the loop's executor: a pending ``readline`` on a terminal
    must not keep the process alive once the game is over.
    """

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.queue: asyncio.Queue[str | None] | None = None
        self.thread: threading.Thread | None = None

    async def get(self) -> str | None:
        if self.queue is None:
            self.queue = asyncio.Queue()
            loop = asyncio.get_running_loop()
            self.thread = threading.Thread(target=self._pump, args=(loop, self.queue),
                                           daemon=True)
            self.thread.start()
        return await self.queue.get()

    def _pump(self, loop: asyncio.AbstractEventLoop, queue: asyncio.Queue[str | None]) -> None:
        while True:
            try:
                line = self.stream.readline()
            except (OSError, ValueError):
                line = ""
            try:
                loop.call_soon_threadsafe(queue.put_nowait, line or None)
            except RuntimeError:  # the loop is closed: nobody is listening any more
                return
            if not line:
                return
