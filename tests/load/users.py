"""Simulated users, one per table, acting through the fake Discord like people do.

A user opens a Coins (or Thirteens) table in their channel with two easy AI
seats and plays it: either ``/play`` (autocomplete with nothing typed yet,
then ``/play move:<an offered value>``) or the hand panel (``/hand``, then a
card from its select).  An action is *acknowledged* when the bot's answer says
the move was accepted ("✅ Your move").
"""

from __future__ import annotations

import asyncio
import random
import re
from collections.abc import Awaitable, Iterable
from dataclasses import dataclass, field
from typing import Any

from tests.fakediscord import FakeDiscord, InteractionRecord
from tests.fakediscord.interactions import CHANNEL_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE
from tests.fakediscord.limits import walk_components
from tests.fakediscord.models import Channel, Guild, User
from tests.fakediscord.players import CONFIRMED, confirm_button

from .stats import Latencies

ACCEPTED = "✅"
ENDED = "That ended the game"
REFUSED = "⚠️"
NO_TABLE = "There is no table in this channel"
TABLE_ID = re.compile(r"\(#(\d+)\)")


@dataclass
class Seat:
    """One channel, its table and the one human playing it."""

    index: int
    guild: Guild
    channel: Channel
    user: User
    game: str
    table_id: int | None = None
    playing: bool = False
    done: bool = False                  # no further game will be opened here
    games_finished: int = 0
    acked: list[tuple[int | None, str, float]] = field(default_factory=list)
    turns: int = 0                      # alternates the UI in "mixed" mode
    waits: int = 0                      # answers in a row that offered no move


@dataclass
class Counts:
    acked: int = 0
    refused: int = 0
    stale: int = 0
    waited: int = 0
    failed: int = 0
    games_opened: int = 0
    games_ended: int = 0


def build_world(fake: FakeDiscord, tables: int, games: list[str], per_guild: int = 100,
                shard_count: int = 1) -> list[Seat]:
    """Guilds of ``per_guild`` channels (Discord allows 500), one user per channel; with
    ``shard_count`` > 1 the guilds fall on the shards in turn."""
    seats: list[Seat] = []
    guild: Guild | None = None
    for i in range(tables):
        if i % per_guild == 0:
            g = i // per_guild
            guild = fake.add_guild(f"Load guild {g + 1}", shard=(
                (g % shard_count, shard_count) if shard_count > 1 else None))
        assert guild is not None
        channel = fake.add_text_channel(guild, f"table-{i + 1:04d}")
        user = fake.add_user(f"player{i + 1:04d}", global_name=f"Player {i + 1}")
        fake.add_member(guild, user)
        seats.append(Seat(i, guild, channel, user, games[i % len(games)]))
    return seats


def answer_text(record: InteractionRecord) -> str:
    """What the bot answered: the callback's content, or after a defer the edited message;
    for a hand panel (Components V2, no content) the line it shows above the hand."""
    if record.callback_type in (CHANNEL_MESSAGE, UPDATE_MESSAGE):
        return _answer(record.callback_data or {})
    message = record.message
    return _answer(message.payload) if message is not None else ""


def _answer(payload: dict) -> str:
    if payload.get("content"):
        return payload["content"]
    heads = [c.get("content") or "" for c in walk_components(payload.get("components"))
             if c.get("type") == 10]
    return heads[0].split("\n", 1)[1] if heads and "\n" in heads[0] else ""


class Users:
    """The simulated users' behaviour; every interaction's latency goes to ``latencies``."""

    def __init__(self, fake: FakeDiscord, latencies: Latencies, *, ui: str = "mixed",
                 target: int = 10, turn_seconds: int = 0, seed: int = 1,
                 pictures: bool = True) -> None:
        self.fake = fake
        self.latencies = latencies
        self.ui = ui
        self.target = target
        self.turn_seconds = turn_seconds
        self.pictures = pictures
        self.rng = random.Random(seed)
        self.counts = Counts()

    async def _send(self, kind: str, call: Awaitable[InteractionRecord]) -> InteractionRecord:
        sent = asyncio.get_running_loop().time()
        try:
            record = await call
        except AssertionError:  # no answer in time (e.g. the bot was killed)
            self.latencies.add(kind, None, sent)
            raise
        if record.deferred:  # "thinking..." or a silent update: the answer follows
            # (a deferred update resolves at its callback; its answer is the edit after it)
            done = record.followed if record.callback_type == DEFERRED_UPDATE \
                else record.resolved
            try:
                await asyncio.wait_for(done.wait(), self.fake.response_timeout)
            except TimeoutError:
                pass
        self.latencies.add(kind, record.latency, record.sent_at)
        return record

    async def slash(self, seat: Seat, kind: str, command: str,
                    options: dict[str, Any] | None = None) -> InteractionRecord:
        return await self._send(kind, self.fake.slash(seat.user, command, channel=seat.channel,
                                                      options=options))

    # --- opening a table -------------------------------------------------------------------

    async def open_table(self, seat: Seat) -> None:
        """/table new <game> (target, no turn timer), two easy AI seats, /table start."""
        opened = await self.slash(seat, "/table new", f"table new {seat.game}",
                                  {"target": self.target, "turn-seconds": self.turn_seconds})
        text = answer_text(opened)
        found = TABLE_ID.search(text)
        if not found:
            raise RuntimeError(f"/table new in {seat.channel.name}: {text!r}")
        seat.table_id = int(found[1])
        steps: list[tuple[str, str, dict | None]] = [] if self.pictures else [
            ("/table settings", "table settings", {"pictures": False})]
        steps += [("/table ai-add", "table ai-add", {"level": "easy", "count": 2}),
                  ("/table start", "table start", None)]
        for kind, command, options in steps:
            record = await self.slash(seat, kind, command, options)
            if answer_text(record).startswith(REFUSED):
                raise RuntimeError(f"/{command} in {seat.channel.name}: {answer_text(record)}")
        seat.playing, seat.waits = True, 0
        self.counts.games_opened += 1

    # --- one move ---------------------------------------------------------------------------

    async def act(self, seat: Seat) -> str:
        """Try one move: "acked", "ended" (acked, and it ended the game), "wait" (not this
        user's turn yet), "over" (the game ended without them), "refused" or "stale"."""
        seat.turns += 1
        mode = self.ui if self.ui != "mixed" else ("play", "panel")[seat.turns % 2]
        if mode == "panel":
            outcome, action = await self._by_panel(seat)
        else:
            outcome, action = await self._by_play(seat)
        if outcome in ("acked", "ended"):
            seat.acked.append((seat.table_id, action, asyncio.get_running_loop().time()))
            seat.waits = 0
            self.counts.acked += 1
        elif outcome == "wait":
            seat.waits += 1
            self.counts.waited += 1
            if seat.waits >= 3 and await self._over(seat):
                outcome = "over"
        else:
            setattr(self.counts, outcome, getattr(self.counts, outcome) + 1)
        if outcome in ("ended", "over"):
            seat.playing = False
            seat.games_finished += 1
            self.counts.games_ended += 1
        return outcome

    async def _by_play(self, seat: Seat) -> tuple[str, str]:
        record = await self._send("autocomplete", self.fake.autocomplete_record(
            seat.user, "play", channel=seat.channel, focused="move"))
        values = [c["value"] for c in record.choices or []]
        if not values:
            return "wait", ""
        action = self.rng.choice(values)
        played = await self.slash(seat, "/play", "play", {"move": action})
        return _outcome(answer_text(played)), action

    async def _by_panel(self, seat: Seat) -> tuple[str, str]:
        shown = await self.slash(seat, "/hand", "hand")
        panel = shown.message
        if panel is None or answer_text(shown).startswith(REFUSED):
            return "wait", ""
        target = self._pick(panel.components)
        if target is None:
            return "wait", ""
        custom_id, values, action = target
        if values is None:
            record = await self._send("panel button", self.fake.click(
                seat.user, panel, custom_id))
        else:
            record = await self._send("panel select", self.fake.select(
                seat.user, panel, custom_id, values))
            confirm = confirm_button(panel) if custom_id.startswith(CONFIRMED) else None
            if confirm is not None:  # the choice is shown for Confirm / Change
                record = await self._send("panel button", self.fake.click(
                    seat.user, panel, confirm))
        text = answer_text(record)
        if text.startswith("⏩"):
            return "stale", action
        return _outcome(text), action

    def _pick(self, components: Iterable[dict]) -> tuple[str, list[str] | None, str] | None:
        """A random legal move on the panel: (custom_id, select values or None, action)."""
        for comp in walk_components(components):
            cid = comp.get("custom_id", "")
            options = [o["value"] for o in comp.get("options") or []]
            if cid.startswith(("pl:c:", "pl:cc:")) and options:
                need = max(1, comp.get("min_values", 1))
                picked = self.rng.sample(options, need)
                kind = cid.rsplit(":", 1)[1]
                return cid, picked, f"{kind} {' '.join(v.split('.')[0] for v in picked)}"
            if cid.startswith(("pl:p:", "pl:pc:")) and options:
                choice = self.rng.choice(options)
                return cid, [choice], choice
            if comp.get("type") == 2 and cid.startswith("pl:do:"):
                return cid, None, cid.split(":", 4)[4]
        return None

    async def _over(self, seat: Seat) -> bool:
        """Several looks found no move: ask ``/table status`` whether the game is over."""
        status = await self.slash(seat, "/table status", "table status")
        text = answer_text(status)
        return NO_TABLE in text or "finished" in text


def _outcome(text: str) -> str:
    if text.startswith(ACCEPTED):
        return "ended" if ENDED in text else "acked"
    if "That game is over" in text or NO_TABLE in text:
        return "over"
    if "not your turn" in text:
        return "wait"
    return "refused"
