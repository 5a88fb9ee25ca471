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
import signal
import sys
import threading
from collections.abc import Mapping
from typing import IO, TextIO

import rules
from rules.ai.players import LEVELS

from ..core import (
    Core,
    CoreConfig,
    GameOver,
    Reminder,
    SeatReplaced,
    Strike,
    TableError,
    Update,
    display_rating,
    rating_text,
)
from ..core.errors import StaleMove
from ..core.store import is_postgres, sqlite_path
from ..i18n import EN, LANGUAGES, Lang, lang_for
from ..present import present, presenter_for
from ..present.base import game_title
from ..present.scene import Scene
from .coach import HINT_WORDS, hint_help, hint_line
from .moves import Moves
from .table_view import Style, TableView, wants_colour

LOCAL_CHANNEL = 0   # Discord ids are never 0, so terminal tables cannot clash with the bot's
LOCAL_USER = 0
class _Moved(enum.Enum):
    MOVED = "moved"


_MOVED = _Moved.MOVED   # the position changed while we waited for input (timer, AI)
PRONOUNS = {"you", "me", "i", "myself", "yourself"}   # not names: "You takes the trick"


def default_name() -> str:
    """The login name as a player name ("Player" when there is none or it is root)."""
    try:
        login = getpass.getuser().strip()
    except (OSError, KeyError, ImportError):
        login = ""
    return login.capitalize() if login and login.lower() != "root" else "Player"


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("play", help="play a game in the terminal against AI seats",
                       description="Play a game in the terminal against AI seats; you take "
                                   "the first seat.  Type 'help' at the prompt to see how.")
    p.add_argument("game", help=f"one of: {', '.join(sorted(rules.GAMES))}")
    p.add_argument("--players", type=int, help="number of players (default: the fewest)")
    p.add_argument("--seed", type=int, help="seed for the deal (default: random)")
    p.add_argument("--option", action="append", default=[], metavar="K=V",
                   help="a game option, e.g. --option target=10 (repeatable)")
    p.add_argument("--ai", default="normal", choices=LEVELS,
                   help="level of the AI seats (default: normal)")
    p.add_argument("--db", default="parlour.db", help="database file (default: parlour.db)")
    p.add_argument("--turn-seconds", type=int, default=0,
                   help="turn timer in seconds; on expiry the AI moves for you (default: off)")
    p.add_argument("--name", default=None,
                   help="your name at the table and on the leaderboard "
                        "(default: your login name, or Player)")
    p.add_argument("--lang", default=None, choices=LANGUAGES,
                   help="language of the table: en, pl or ru (default: from LANG, else en)")
    p.add_argument("--color", "--colour", dest="color", default="auto",
                   choices=("auto", "always", "never"),
                   help="colour: auto (on a terminal unless NO_COLOR is set), always or never")
    p.set_defaults(func=run)


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


GOODBYE = "Game stopped; nothing was recorded. Bye."


def run(args: argparse.Namespace, stdin: TextIO | None = None, out: TextIO | None = None) -> int:
    out = out or sys.stdout
    try:
        return asyncio.run(_play(args, stdin or sys.stdin, out))
    except KeyboardInterrupt:  # Ctrl-C before the table was up or after it closed
        print("\n" + GOODBYE, file=out, flush=True)
        return 0


def _style(args: argparse.Namespace, out: TextIO) -> Style:
    choice = getattr(args, "color", "auto")
    return Style(colour=choice == "always" or (choice == "auto" and wants_colour(out)))


def _width(out: TextIO) -> int:
    try:
        cols = os.get_terminal_size(out.fileno()).columns if out.isatty() else 80
    except (AttributeError, OSError, ValueError):
        cols = 80
    return min(max(cols, 40), 100) if cols > 0 else 80   # a fresh pty may say 0


async def _play(args: argparse.Namespace, stdin: TextIO, out: TextIO) -> int:
    try:
        game = rules.get_game(args.game)
        options = game.validate_options(parse_options(args.option))
        counts = game.player_counts(options)
        n = args.players or counts[0]
        if n not in counts:
            raise ValueError(f"{game.title} with these options is for "
                             f"{' or '.join(map(str, counts))} players, not {n}.")
        if args.turn_seconds < 0:
            raise ValueError("--turn-seconds cannot be negative.")
        name = (args.name or default_name()).strip()
        if not name:
            raise ValueError("--name cannot be empty.")
        if name.casefold() in PRONOUNS:
            # Events name seats in the third person: "You takes the trick" reads wrong.
            raise ValueError(f"With --name {name} the game would say \"{name} takes "
                             "the trick\": give a name instead, e.g. your first name.")
    except ValueError as e:
        print(f"Error: {e}", file=out)
        return 2
    lock = _terminal_lock(args.db)
    if lock is None:
        print(f"Another terminal game is being played with the database {args.db}: finish "
              "it first, or play this one with --db OTHER.db.", file=out)
        return 2
    core = Core(CoreConfig(db_path=args.db, ai_executor="inline", ai_delay=0))
    try:
        await core.start(channels=[LOCAL_CHANNEL])
    except Exception as e:  # an unreadable or newer database: say so, do not crash
        print(f"Error: cannot open the database {args.db}: {e}", file=out)
        return 2
    term = Terminal(core, game, out, _LineReader(stdin), _style(args, out), _width(out),
                    terminal_lang(getattr(args, "lang", None)))
    try:
        return await term.play(args, options, n, name)
    finally:
        await core.stop()
        lock.close()


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
    def __init__(self, core: Core, game: rules.Game, out: TextIO, reader: _LineReader,
                 style: Style | None = None, width: int = 80, lang: Lang = EN) -> None:
        self.core = core
        self.game = game
        self.out = out
        self.reader = reader
        self.style = style or Style()
        self.width = width
        self.lang = lang
        self.presenter = presenter_for(game.name, lang)
        self.shown = 0          # last event number printed
        self.over: GameOver | None = None
        self.line_task: asyncio.Task | None = None
        self.interrupted = False
        self.names: list[str] = []
        self.legend_shown = False     # the deck legend in full once, then its first line
        self.sub = core.subscribe(channel_id=LOCAL_CHANNEL)

    def say(self, text: str = "", end: str = "\n") -> None:
        print(text, file=self.out, end=end, flush=True)

    async def play(self, args: argparse.Namespace, options: dict, n: int, name: str) -> int:
        core = self.core
        if core.table(LOCAL_CHANNEL) is not None:  # left over from a killed terminal session
            await core.cancel(LOCAL_CHANNEL, LOCAL_USER, moderator=True)
            self.say("(An unfinished terminal game was cancelled.)")
        try:
            await core.create_table(LOCAL_CHANNEL, LOCAL_USER, name, self.game.name,
                                    options, turn_seconds=args.turn_seconds, keep_order=True,
                                    seed=args.seed)
            for _ in range(n - 1):
                await core.add_ai(LOCAL_CHANNEL, LOCAL_USER, args.ai)
            await core.start_game(LOCAL_CHANNEL, LOCAL_USER)
        except TableError as e:
            self.say(f"Error: {e}")
            return 2
        _ = self.lang.gettext
        title = game_title(self.game.title, self.lang)
        self.say(self.style.label(f"{title}: ") + self.game.summary(self.lang.code))
        self.say(_("You play as {name}. Type a move, its number, or help; quit (or Ctrl-D, "
                   "Ctrl-C) stops.", name=name))
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

    def _interrupt(self, task: asyncio.Task | None) -> None:
        if task is not None and not self.interrupted:
            self.interrupted = True
            task.cancel()

    def _table_view(self, names: list[str]) -> TableView:
        return TableView(self.game.name, names, self.style, self.width, self.lang)

    def _scene(self, view: dict, names: list[str], forms=(), legal=()) -> Scene:
        fresh = sum(1 for e in view.get("events") or () if e["n"] > self.shown)
        scene = present(view, names, forms=forms, legal=legal,
                        recent=min(max(fresh, 1), 20), lang=self.lang)
        if view.get("events"):
            self.shown = max(self.shown, view["events"][-1]["n"])
        return scene

    async def _loop(self) -> int:
        core = self.core
        while True:
            await core.settle()
            self._absorb()
            if self.over is not None:
                return self._finish()
            info = core.table(LOCAL_CHANNEL)
            assert info is not None  # our own table, until the game is over
            seat = info.seat_of(LOCAL_USER)
            assert seat is not None  # where we sit
            if info.current_seat != seat or info.seats[seat].ai_level is not None:
                self._note(await self.sub.get())  # someone else's move is on its way
                continue
            view = core.private_view(LOCAL_CHANNEL, LOCAL_USER)
            legal = core.legal_actions(LOCAL_CHANNEL, LOCAL_USER)
            forms = core.action_forms(LOCAL_CHANNEL, LOCAL_USER)
            self.names = info.names
            scene = self._scene(view, info.names, forms, legal)
            table = self._table_view(info.names)
            moves = Moves(scene.hand.forms if scene.hand else (), legal,
                          self.presenter.describe, table,
                          scene.hand.cards if scene.hand else ())
            self.say("\n" + table.render(scene, moves.panel(), legend=not self.legend_shown))
            self.legend_shown = True
            while True:
                self.say("> ", end="")
                line = await self._ask()
                if line is _MOVED:
                    self.say()
                    break
                if line is None or _norm(line) in ("quit", "exit", "q"):
                    await self._quit(eof=line is None)
                    return 0
                typed = _norm(line)
                if typed in ("help", "?", "h"):
                    about = (["", table.heading("The cards")] + table.legend(scene.legend)
                             if scene.legend else [])
                    self.say("\n".join(moves.short_help() + about + ["", hint_help(self.lang)]))
                    continue
                if typed in ("help all", "all", "moves"):
                    self.say("\n".join(moves.full_help()))
                    continue
                if not typed:
                    self.say("\n".join(moves.panel()))
                    continue
                if typed in HINT_WORDS:
                    self.say(await hint_line(core, LOCAL_CHANNEL, LOCAL_USER, table,
                                             self.presenter.describe, self.lang))
                    continue
                if typed in ("count", "ask for the count"):
                    # Pinkerton's count is asked for, not played (RULINGS 6): the view redraws
                    try:
                        await core.ask_count(LOCAL_CHANNEL, LOCAL_USER)
                        break
                    except TableError as e:
                        self.say(str(e))
                        continue
                found = moves.resolve(line)
                if found.error:
                    self.say(found.error)
                    continue
                assert found.action is not None  # resolved without an error
                try:
                    await core.act(LOCAL_CHANNEL, LOCAL_USER, found.action,
                                   expect_move=info.move)
                    break
                except StaleMove as e:
                    self.say(str(e))
                    break
                except TableError as e:
                    self.say(f"{e} Type help to see your moves.")

    async def _ask(self) -> str | None | _Moved:
        """The next input line (None at end of input), or _MOVED if the game moved first."""
        if self.line_task is None:
            self.line_task = asyncio.ensure_future(self.reader.get())
        while True:
            update = asyncio.ensure_future(self.sub.get())
            try:
                done, _ = await asyncio.wait({self.line_task, update},
                                             return_when=asyncio.FIRST_COMPLETED)
            finally:
                if not update.done():
                    update.cancel()
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

    def _note(self, u: Update) -> None:
        mine = getattr(u, "user_id", None) == LOCAL_USER
        if isinstance(u, GameOver):
            self.over = u
        elif isinstance(u, Reminder) and mine:
            self.say(f"\nReminder: {u.seconds_left:.0f} s left for your move.\n> ", end="")
        elif isinstance(u, Strike) and mine:
            move = self._table_view(self.names).fill(self.presenter.describe(u.action))
            self.say(f"\nTime's up: the AI made your move ({move}); "
                     f"that is strike {u.strikes} of {u.max_strikes}.")
        elif isinstance(u, SeatReplaced) and mine:
            self.say("The AI plays your seat for the rest of the game.")

    def _finish(self) -> int:
        u = self.over
        assert u is not None  # called once the game is over
        names = u.table.names
        scene = self._scene(u.view, names)
        self.say("\n" + self._table_view(names).render(scene, legend=False))
        if u.reason != "complete":
            self.say("\nThe game ended unfinished: no human player is left at the table.")
        self.say(f"\nGame #{u.game_id} recorded: see it again with 'parlour replay "
                 f"{u.game_id}'.")
        for c in u.rating_changes:
            scope = "overall" if c.scope == "global" else c.scope
            self.say(f"Rating ({scope}) of {c.name}: {display_rating(c.before)} -> "
                     f"{rating_text(c.after, c.games)}")
        return 0

    async def _quit(self, eof: bool = True) -> None:
        if self.core.table(LOCAL_CHANNEL) is not None:
            await self.core.cancel(LOCAL_CHANNEL, LOCAL_USER, moderator=True)
        self.say(("\n" if eof else "") + GOODBYE)


def _norm(line: str) -> str:
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


class _LineReader:
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
