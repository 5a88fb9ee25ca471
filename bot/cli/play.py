"""``parlour play GAME``: play in the terminal against AI seats, through the table core.

The terminal is one more client of ``bot.core``: the game is a table in a local
channel (id 0) of the same database the bot uses, so finished games count on
``parlour leaderboard`` and can be watched again with ``parlour replay``.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import threading
from typing import TextIO

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
from ..core.errors import STALE
from ..textview import render_view

LOCAL_CHANNEL = 0   # Discord ids are never 0, so terminal tables cannot clash with the bot's
LOCAL_USER = 0
_MOVED = object()   # the position changed while we waited for input (timer, AI)
PRONOUNS = {"you", "me", "i", "myself", "yourself"}   # not names: "You takes the trick"


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("play", help="play a game in the terminal (you are seat 0)")
    p.add_argument("game", help=f"one of: {', '.join(sorted(rules.GAMES))}")
    p.add_argument("--players", type=int, help="number of players (default: the fewest)")
    p.add_argument("--seed", type=int, help="seed for the deal (default: random)")
    p.add_argument("--option", action="append", default=[], metavar="K=V",
                   help="a game option, e.g. --option target=10 (repeatable)")
    p.add_argument("--ai", default="random", choices=LEVELS, help="level of the AI seats")
    p.add_argument("--db", default="parlour.db", help="database file (default: parlour.db)")
    p.add_argument("--turn-seconds", type=int, default=0,
                   help="turn timer in seconds; on expiry the AI moves for you (default: off)")
    p.add_argument("--name", default="Player",
                   help="your name in the game and on the leaderboard (default: Player)")
    p.set_defaults(func=run)


def parse_options(pairs: list[str]) -> dict:
    out = {}
    for pair in pairs:
        if "=" not in pair:
            raise ValueError(f"Options look like key=value, not '{pair}'.")
        k, v = pair.split("=", 1)
        out[k.strip()] = v.strip()
    return out


def run(args: argparse.Namespace, stdin: TextIO | None = None, out: TextIO | None = None) -> int:
    return asyncio.run(_play(args, stdin or sys.stdin, out or sys.stdout))


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
        if args.name.strip().casefold() in PRONOUNS:
            # Events name seats in the third person: "You takes the trick" reads wrong.
            raise ValueError(f"With --name {args.name} the game would say \"{args.name} takes "
                             "the trick\": give a name instead, e.g. your first name.")
    except ValueError as e:
        print(f"Error: {e}", file=out)
        return 2
    core = Core(CoreConfig(db_path=args.db, ai_executor="inline", ai_delay=0))
    try:
        await core.start(channels=[LOCAL_CHANNEL])
    except Exception as e:  # an unreadable or newer database: say so, do not crash
        print(f"Error: cannot open the database {args.db}: {e}", file=out)
        return 2
    try:
        return await Terminal(core, game, out, _LineReader(stdin)).play(args, options, n)
    finally:
        await core.stop()


class Terminal:
    def __init__(self, core: Core, game: rules.Game, out: TextIO, reader: _LineReader) -> None:
        self.core = core
        self.game = game
        self.out = out
        self.reader = reader
        self.shown = 0          # last event number printed
        self.over: GameOver | None = None
        self.line_task: asyncio.Task | None = None
        self.sub = core.subscribe(channel_id=LOCAL_CHANNEL)

    def say(self, text: str = "", end: str = "\n") -> None:
        print(text, file=self.out, end=end, flush=True)

    async def play(self, args: argparse.Namespace, options: dict, n: int) -> int:
        core = self.core
        if core.table(LOCAL_CHANNEL) is not None:  # left over from a killed terminal session
            await core.cancel(LOCAL_CHANNEL, LOCAL_USER, moderator=True)
            self.say("(An unfinished terminal game was cancelled.)")
        try:
            await core.create_table(LOCAL_CHANNEL, LOCAL_USER, args.name, self.game.name,
                                    options, turn_seconds=args.turn_seconds, keep_order=True,
                                    seed=args.seed)
            for _ in range(n - 1):
                await core.add_ai(LOCAL_CHANNEL, LOCAL_USER, args.ai)
            await core.start_game(LOCAL_CHANNEL, LOCAL_USER)
        except TableError as e:
            self.say(f"Error: {e}")
            return 2
        self.say(f"{self.game.title}: {self.game.summary()}\n"
                 "Type a move (or its number in the list), 'help' for all your moves, "
                 "'quit' to stop.\n")
        try:
            return await self._loop()
        finally:
            if self.line_task is not None:
                self.line_task.cancel()

    async def _loop(self) -> int:
        core = self.core
        while True:
            await core.settle()
            self._absorb()
            if self.over is not None:
                return self._finish()
            info = core.table(LOCAL_CHANNEL)
            seat = info.seat_of(LOCAL_USER)
            if info.current_seat != seat or info.seats[seat].ai_level is not None:
                self._note(await self.sub.get())  # someone else's move is on its way
                continue
            view = core.private_view(LOCAL_CHANNEL, LOCAL_USER)
            fresh = [e for e in view["events"] if e["n"] > self.shown]
            self.say(render_view(dict(view, events=fresh), info.names, self.game.deck, events=50))
            if view["events"]:
                self.shown = max(self.shown, view["events"][-1]["n"])
            legal = core.legal_actions(LOCAL_CHANNEL, LOCAL_USER)
            forms = core.action_forms(LOCAL_CHANNEL, LOCAL_USER)
            self.say("Moves: " + _moves_hint(legal, forms))
            while True:
                self.say("> ", end="")
                line = await self._ask()
                if line is _MOVED:
                    self.say()
                    break
                if line is None or line.strip().lower() in ("quit", "exit", "q"):
                    await self._quit(eof=line is None)
                    return 0
                text = line.strip()
                if text.lower() in ("help", "?", ""):
                    self.say("Moves: " + _moves_hint(legal, forms, full=True))
                    continue
                if text.isdigit():
                    k = int(text)
                    if not 1 <= k <= len(legal):
                        self.say(f"Not allowed: there is no move number {k} "
                                 f"(1-{len(legal)}).")
                        continue
                    text = legal[k - 1]
                if text.lower() == "count":  # Pinkerton: asked, not played; the view redraws
                    try:
                        await core.ask_count(LOCAL_CHANNEL, LOCAL_USER)
                        break
                    except TableError as e:
                        self.say("Not allowed: " + str(e))
                        continue
                try:
                    await core.act(LOCAL_CHANNEL, LOCAL_USER, text, expect_move=info.move)
                    break
                except TableError as e:
                    self.say("Not allowed: " + str(e))
                    if str(e) == STALE:
                        break

    async def _ask(self) -> str | None | object:
        """The next input line (None at end of input), or _MOVED if the game moved first."""
        if self.line_task is None:
            self.line_task = asyncio.ensure_future(self.reader.get())
        while True:
            update = asyncio.ensure_future(self.sub.get())
            done, _ = await asyncio.wait({self.line_task, update},
                                         return_when=asyncio.FIRST_COMPLETED)
            if update in done:
                u = update.result()
                self._note(u)
                if not isinstance(u, Reminder):
                    return _MOVED
                continue
            update.cancel()
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
            self.say(f"\nTime's up: the AI played '{u.action}' for you "
                     f"(strike {u.strikes} of {u.max_strikes}).")
        elif isinstance(u, SeatReplaced) and mine:
            self.say("The AI plays your seat for the rest of the game.")

    def _finish(self) -> int:
        u = self.over
        view = u.view
        fresh = [e for e in view["events"] if e["n"] > self.shown]
        self.say(render_view(dict(view, events=fresh), u.table.names, self.game.deck, events=50))
        self.say(f"Game #{u.game_id} recorded.")
        for c in u.rating_changes:
            self.say(f"Rating ({c.scope}) for {c.name}: {display_rating(c.before)} -> "
                     f"{rating_text(c.after, c.games)}")
        return 0

    async def _quit(self, eof: bool) -> None:
        if self.core.table(LOCAL_CHANNEL) is not None:
            await self.core.cancel(LOCAL_CHANNEL, LOCAL_USER, moderator=True)
        self.say(("\n" if eof else "") + "Bye.")


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
            self.thread = threading.Thread(target=self._pump, args=(loop,), daemon=True)
            self.thread.start()
        return await self.queue.get()

    def _pump(self, loop: asyncio.AbstractEventLoop) -> None:
        while True:
            try:
                line = self.stream.readline()
            except (OSError, ValueError):
                line = ""
            try:
                loop.call_soon_threadsafe(self.queue.put_nowait, line or None)
            except RuntimeError:  # the loop is closed: nobody is listening any more
                return
            if not line:
                return


def _moves_hint(legal: list, forms: list[dict], full: bool = False) -> str:
    """Numbered moves; a choice of several cards (a discard, a beat) is summarised
    from its form instead of listing hundreds of combinations, unless ``full``."""
    multi = {f["kind"]: f for f in forms if f.get("cards") and f.get("max", 1) > 1}
    parts = []
    for f in multi.values():
        count = f"{f['min']}" if f["min"] == f["max"] else f"{f['min']}-{f['max']}"
        example = " ".join(f["cards"][:f["min"]])
        parts.append(f"{f['kind']} {count} cards of {' '.join(f['cards'])} "
                     f"(e.g. '{f['kind']} {example}')")
    numbered = [(i, str(a)) for i, a in enumerate(legal, 1)
                if full or str(a).split()[0] not in multi]
    if not full and len(numbered) > 30:
        parts += [f"[{i}] {t}" for i, t in numbered[:30]]
        parts.append(f"... ({len(numbered)} in all; 'help' lists them)")
    else:
        parts += [f"[{i}] {t}" for i, t in numbered]
    return "  ".join(parts)
