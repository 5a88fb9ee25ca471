"""Simulated Parlour players driving the real bot through the fake Discord.

Used by the Discord tests and by ``python -m tests.fakediscord.demo``.  A player
decides like a person reading the offered moves (the first legal move: the
first autocomplete choice) and then *performs* it through the UI it uses:

* ``"panel"``: "Show my hand" on the board, then the panel's select or button;
* ``"play"``: ``/play`` autocomplete (typing the start of the move), then
  ``/play move:<the choice's value>``;
* ``"mixed"``: alternates.

``find_seed`` replays the same table headless (same core, same lobby order,
same policy) to pick a deal seed whose game is short, so tests stay fast
whatever the engines and AIs decide.
"""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .limits import walk_components
from .models import Channel, User
from .recorder import StoredMessage, message_text
from .server import FakeDiscord


@dataclass
class MoveLog:
    moves: int = 0
    via: dict[str, int] = field(default_factory=dict)
    panel_fallbacks: int = 0


# /table settings' options (the rest of what a test opens a table with is the game's).
TABLE_SETTINGS = frozenset({"pace", "turn-hours", "stand-in", "pings", "language", "pictures"})

class TableDriver:
    """One table in one channel, played by simulated users (``modes``: user -> mode)."""

    def __init__(self, fake: FakeDiscord, bot: Any, channel: Channel,
                 modes: dict[int, str] | None = None) -> None:
        self.fake = fake
        self.bot = bot
        self.channel = channel
        self.modes = dict(modes or {})
        self.log = MoveLog()
        self._turns = itertools.count()

    @property
    def core(self) -> Any:
        return self.bot.core

    # --- lobby -----------------------------------------------------------------------

    async def open(self, host: User, game: str, options: dict | None = None, *,
                   turn_seconds: int = 0) -> Any:
        """/table new with the game's ``options``; the table's settings among them (pings,
        pictures, stand-in...) follow with /table settings, as a host gives them."""
        opts = {k: v for k, v in (options or {}).items() if k not in TABLE_SETTINGS}
        opts["turn-seconds"] = turn_seconds
        opened = await self.expect_ok(host, f"table new {game}", options=opts)
        settings = {k: v for k, v in (options or {}).items() if k in TABLE_SETTINGS}
        if settings:
            await self.expect_ok(host, "table settings", options=settings)
        return opened

    async def expect_ok(self, user: User, command: str, **kw: Any) -> Any:
        record = await self.fake.slash(user, command, channel=self.channel, **kw)
        assert record.acknowledged, record
        assert not record.text.startswith("⚠️"), f"/{command}: {record.text}"
        return record

    def board(self) -> StoredMessage:
        """This channel's board message (the one with the table's buttons)."""
        marks = (f"pl:hand:{self.channel.id}", f"pl:lobby:join:{self.channel.id}")
        found = [m for m in self.fake.channel_messages(self.channel)
                 if any(c in marks for c in m.custom_ids)]
        if not found:
            # A board's heading names the table ("table #3", "stół #3", "стол #3").
            boards = [m for m in self.fake.channel_messages(self.channel)
                      if m.author_id == self.fake.bot_user.id and m.text.startswith("## ")]
            assert boards, "no board message in the channel"
            return boards[-1]
        return found[-1]

    async def wait_board(self, predicate, timeout: float = 30.0) -> StoredMessage:
        await self.fake.wait_until(lambda: self._board_ok(predicate), timeout)
        return self.board()

    def _board_ok(self, predicate) -> bool:
        try:
            return bool(predicate(self.board()))
        except AssertionError:
            return False

    # --- play -------------------------------------------------------------------------------

    def playing(self) -> bool:
        info = self.core.table(self.channel.id)
        return info is not None and info.status == "playing"

    async def human_to_move(self, timeout: float = 30.0) -> int | None:
        """The user id whose turn it is (waiting through AI turns); None once over."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            info = self.core.table(self.channel.id)
            if info is None or info.status != "playing":
                return None
            seat = info.seats[info.current_seat]
            if seat.user_id is not None and seat.ai_level is None:
                return seat.user_id
            if loop.time() > deadline:
                raise AssertionError("the AI did not move in time")
            await asyncio.sleep(0.002)

    async def play_to_end(self, max_moves: int = 2000) -> MoveLog:
        for _ in range(max_moves):
            user_id = await self.human_to_move()
            if user_id is None:
                return self.log
            await self.move(self.fake.world.users[user_id])
        raise AssertionError(f"the game did not end within {max_moves} human moves")

    def choose(self, user: User) -> str:
        """The policy: the first legal move (what autocomplete offers first)."""
        legal = self.core.legal_actions(self.channel.id, user.id)
        assert legal, f"{user.username} has no legal move"
        return legal[0]

    async def move(self, user: User, action: str | None = None) -> str:
        action = action or self.choose(user)
        mode = self.modes.get(user.id, "mixed")
        if mode == "mixed":
            mode = ("panel", "play")[next(self._turns) % 2]
        if mode == "panel" and await self.move_by_panel(user, action):
            via = "panel"
        else:
            if mode == "panel":
                self.log.panel_fallbacks += 1
            await self.move_by_play(user, action)
            via = "play"
        self.log.moves += 1
        self.log.via[via] = self.log.via.get(via, 0) + 1
        return action

    async def move_by_play(self, user: User, action: str) -> None:
        typed = action.split(" ", 1)[0] + " " + action.split(" ", 1)[-1][:1]
        choices = await self.fake.autocomplete(user, "play", channel=self.channel,
                                               focused="move", options={"move": typed})
        values = [c["value"] for c in choices]
        assert action in values, f"autocomplete for {typed!r} offered {values}, not {action!r}"
        record = await self.fake.slash(user, "play", channel=self.channel,
                                       options={"move": action})
        assert record.ephemeral and record.text.startswith("✅"), record.text

    async def open_panel(self, user: User) -> StoredMessage:
        hand = f"pl:hand:{self.channel.id}"
        board = await self.wait_board(lambda b: hand in b.custom_ids)  # edits are paced
        record = await self.fake.click(user, board, hand)
        assert record.ephemeral and record.message is not None, record.text
        return record.message

    async def move_by_panel(self, user: User, action: str) -> bool:
        """Make ``action`` with the panel's controls; False if the panel cannot express it."""
        panel = await self.open_panel(user)
        target = panel_control(panel, action)
        if target is None:
            return False
        custom_id, values = target
        if values is None:
            record = await self.fake.click(user, panel, custom_id)
        else:
            record = await self.fake.select(user, panel, custom_id, values)
            if custom_id.startswith(CONFIRMED):  # the choice is shown: Confirm it
                # A deferred answer edits the panel a little later.
                await self.fake.wait_until(lambda: confirm_button(panel) is not None)
                assert not record.private_followups, (panel.text, record.text)
                record = await self.fake.click(user, panel, confirm_button(panel))
        # The answer replaces the panel (a refresh may follow at once: look at all versions).
        await self.fake.wait_until(lambda: any(message_text(v).startswith("✅")
                                               or "\n✅ " in message_text(v)
                                               for v in panel.versions))
        assert not record.private_followups, (panel.text, record.text)
        return True


CONFIRMED = ("pl:cc:", "pl:pc:")   # selects whose choice is shown for Confirm / Change


def confirm_button(panel: StoredMessage) -> str | None:
    """The custom_id of the panel's Confirm button, if it shows one."""
    for comp in walk_components(panel.components):
        if comp.get("type") == 2 and (comp.get("label") == "Confirm" or
                                      (comp.get("emoji") or {}).get("name") == "✅"):
            return comp.get("custom_id")
    return None


def panel_control(panel: StoredMessage, action: str) -> tuple[str, list[str] | None] | None:
    """The control of ``panel`` that makes ``action``: (custom_id, select values or None)."""
    kind, *cards = action.split()
    for comp in walk_components(panel.components):
        cid = comp.get("custom_id", "")
        if comp.get("type") == 2 and cid.startswith("pl:do:") and cid.split(":", 4)[4] == action:
            return cid, None
        options = [o["value"] for o in comp.get("options") or []]
        if cid.startswith(("pl:p:", "pl:pc:")) and action in options:
            return cid, [action]
        if cid.startswith(("pl:c:", "pl:cc:")) and cid.rsplit(":", 1)[1] == kind and cards:
            picked: list[str] = []
            for card in cards:
                copies = [v for v in options if v.split(".")[0] == card and v not in picked]
                if not copies:
                    break
                picked.append(copies[0])
            else:
                low, high = comp.get("min_values", 1), comp.get("max_values", 1)
                if low <= len(picked) <= high:
                    return cid, picked
    return None


# --- choosing a short game ------------------------------------------------------------------


async def find_seed(game: str, options: dict, lobby: Sequence[str], *,
                    max_human_moves: int, max_total_moves: int = 100000,
                    seeds: Iterable[int] = range(1, 200)) -> tuple[int, int]:
    """A seed whose game ends within ``max_human_moves`` human moves: (seed, human moves).

    ``lobby``: seats in joining order, "human" or an AI level (the host is the first
    human).  Humans play the first legal move, as ``TableDriver`` does.
    """
    from bot.core import Core, CoreConfig

    best: tuple[int, int] | None = None
    for seed in seeds:
        core = Core(CoreConfig(db_path=":memory:", ai_executor="inline", ai_delay=0,
                               default_turn_seconds=0))
        await core.start()
        try:
            humans = [i + 1 for i, kind in enumerate(lobby) if kind == "human"]
            await core.create_table(1, humans[0], "host", game, options, guild_id=1,
                                    turn_seconds=0, seed=seed)
            for i, kind in enumerate(lobby):
                if i == 0:
                    continue
                if kind == "human":
                    await core.join(1, i + 1, f"p{i}")
                else:
                    await core.add_ai(1, humans[0], kind)
            await core.start_game(1, humans[0])
            human_moves = total = 0
            while human_moves <= max_human_moves and total < max_total_moves:
                await core.settle()
                info = core.table(1)
                if info is None:
                    break
                seat = info.seats[info.current_seat]
                if seat.user_id is None:
                    continue
                legal = core.legal_actions(1, seat.user_id)
                await core.act(1, seat.user_id, legal[0], expect_move=info.move)
                human_moves += 1
                total = info.move + 1
            if core.table(1) is None and human_moves <= max_human_moves:
                return seed, human_moves
            if best is None or human_moves < best[1]:
                best = (seed, human_moves)
        finally:
            await core.stop()
    raise AssertionError(f"no seed ends {game} within {max_human_moves} human moves "
                         f"(closest: {best})")


def parlour_bot(fake: FakeDiscord, db_path: str, *, clock: Any = None, **config: Any) -> Any:
    """The real bot for tests: inline AI without delay, fast board pacing, commands
    synced to the scene's guild at startup (``clock``: e.g. a ManualClock for timers)."""
    from bot.core import Core, CoreConfig
    from bot.discordbot import BotConfig, ParlourBot
    from tests.backends import db_for  # the test's backend: SQLite, or PostgreSQL

    core = Core(CoreConfig(db_path=db_for(db_path), ai_executor="inline", ai_delay=0,
                           default_turn_seconds=0), clock=clock)
    # gc_freeze off: one test process runs hundreds of bots, and frozen objects stay.
    settings = {"sync": True, "dev_guild": fake.scene.guild.id, "board_interval": 0.2,
                "gc_freeze": False, **config}
    return ParlourBot(core, BotConfig(**settings))
