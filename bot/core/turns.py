"""The one way in for moves (human, AI, timer), turn timers and AI seats.

Every move takes the table's lock, checks, applies, commits, then publishes.
AI thinking happens outside the lock; the AI's move then comes back through
the same entry point with the move number it thought about, so a position
that moved on in the meantime simply rejects it.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

from rules.actions import Action
from rules.base import not_your_turn
from rules.errors import IllegalAction
from rules.messages import Msg

from .ai_runner import AIRunner, choose_action
from .background import Background
from .clock import Clock
from .config import CoreConfig
from .errors import IllegalMove, NotSaved, StaleMove, TableError
from .registry import TableRegistry
from .table import FINISHED, PLAYING, Table
from .updates import MoveResult, Reminder, SeatReplaced, Strike, Update

log = logging.getLogger("parlour.core")
# Seconds before an AI or timer move the database did not take is tried again.
SAVE_RETRY = 2.0

HUMAN, AI, TIMER = "human", "ai", "timer"


class Turns:
    """Moves, the count, seats handed to the AI, and each table's timers."""

    def __init__(self, registry: TableRegistry, config: CoreConfig, clock: Clock,
                 runner: AIRunner, background: Background | None = None) -> None:
        self.registry = registry
        self.config = config
        self.clock = clock
        self.runner = runner
        self.background = background or Background()
        registry.arm = self.arm

    async def act(self, channel_id: int, user_id: int, action: str | Action, *,
                  expect_move: int | None = None) -> MoveResult:
        """Make ``user_id``'s move (canonical text) at the table in ``channel_id``."""
        table = self.registry.get(channel_id)
        seat = table.seat_of(user_id)
        if seat is None:
            raise TableError("You are not playing at this table.")
        return await self.submit(table, seat, action, actor=HUMAN, expect_move=expect_move)

    async def ask_count(self, channel_id: int, user_id: int) -> tuple[str, ...]:
        """``user_id`` asks for the count (Pinkerton; RULINGS 6): not a move, so any seated
        player may ask at any moment; the move number, turn and timers stay as they are.
        Saved with the state and published as a board change; returns the public events
        (names filled).  TableError with the engine's reason when refused."""
        table = self.registry.get(channel_id)
        async with table.lock:
            self.registry.require_status(table, PLAYING)
            seat = table.seat_of(user_id)
            if seat is None:
                raise TableError("You are not playing at this table.")
            snap = table.snapshot()
            try:
                events = table.live.ask_count(seat)
            except IllegalAction as e:
                raise TableError(self.registry.fill(table, e.msg)) from None
            await self.registry.commit_or_undo(table, snap, state_json=table.live.to_json())
            self.registry.publish_board(table, events)
            return tuple(self.registry.fill(table, e["text"]) for e in events if e["to"] is None)

    async def submit(self, table: Table, seat: int, action: str | Action, *, actor: str,
                      expect_move: int | None) -> MoveResult:
        async with table.lock:
            self.registry.require_status(table, PLAYING)
            if expect_move is not None and expect_move != table.move:
                raise StaleMove()
            if actor == HUMAN and not table.seats[seat].human_playing:
                raise TableError("The AI plays your seat now: you left or ran out of time.")
            state = table.live
            if state.current_seat != seat:
                raise IllegalMove(self.registry.fill(table, not_your_turn(state.mover)))
            try:
                parsed = table.game.parse_action(action, state.options)
                events = state.apply(seat, parsed)
            except IllegalAction as e:
                raise IllegalMove(self.registry.fill(table, e.msg)) from None
            except Exception:
                log.exception("engine failed on %r at table %s", action, table.id)
                table.reload_state()
                raise TableError("That move upset the game engine; nothing changed. "
                                 "Please report it.") from None
            return await self._after_move(table, seat, str(parsed), actor, events)

    async def _after_move(self, table: Table, seat: int, text: str, actor: str,
                          events: Sequence[dict]) -> MoveResult:
        snap = table.snapshot()
        table.move += 1
        notes: list[Update] = []
        s = table.seats[seat]
        if actor == TIMER:
            s.strikes += 1
            notes.append(Strike(table.id, table.channel_id, table.move, seat, s.person, s.name,
                                s.strikes, self.config.max_strikes, text))
            if self.config.max_strikes is not None and s.strikes >= self.config.max_strikes:
                notes.append(self._hand_to_ai(table, seat, "strikes"))
        ending = ("complete" if table.live.is_over
                  else "abandoned" if table.deserted() else None)
        self.set_deadline(table, ending)
        user_id = s.user_id if actor == HUMAN else None
        changes = await self.registry.commit_or_undo(
            table, snap, state_json=table.live.to_json(), action=(seat, user_id, actor, text),
            ending=ending)
        self.registry.publish_board(table, events, seat=seat, action=text, actor=actor)
        for note in notes:
            self.registry.publish(note)
        if ending:
            self.registry.conclude(table, ending, changes)
        else:
            self.registry.publish_turn(table)
            self.arm(table)
        shown = tuple(self.registry.fill(table, e["text"]) for e in events
                      if e["to"] in (None, seat))
        return MoveResult(table.move, text, shown, bool(ending))

    # --- seats handed to the AI --------------------------------------------------------

    def _hand_to_ai(self, table: Table, seat: int, reason: str) -> SeatReplaced:
        """The AI plays ``seat`` from now on; the human counts as having abandoned."""
        s = table.seats[seat]
        s.ai_level = table.stand_in or self.config.replacement_level
        s.abandoned = True
        if table.host_id == s.user_id:
            heir = next((x for x in table.seats if x.human_playing), None)
            table.host_id, table.host_name = (heir.user_id, heir.name) if heir else (None, "")
        return SeatReplaced(table.id, table.channel_id, seat, s.person, s.name, reason,
                            s.ai_level)

    async def replace_in_game(self, table: Table, seat: int, reason: str) -> None:
        """Leave or kick during play (lock held): hand the seat over, commit, publish."""
        s = table.seats[seat]
        if s.abandoned:
            raise TableError(Msg("{who} has already left this game.", who=s.name))
        snap = table.snapshot()
        note = self._hand_to_ai(table, seat, reason)
        ending = "abandoned" if table.deserted() else None
        self.set_deadline(table, ending)
        changes = await self.registry.commit_or_undo(table, snap, ending=ending)
        self.registry.publish(note)
        self.registry.publish_board(table, [])
        if ending:
            self.registry.conclude(table, ending, changes)
        else:
            self.arm(table)

    # --- timers and AI turns ---------------------------------------------------------------

    def set_deadline(self, table: Table, ending: str | None) -> None:
        """A fresh turn timer if a human is to move and the table has one."""
        if ending:
            table.status = FINISHED
        seat = table.current_seat
        if ending or seat is None or not table.seats[seat].human_playing \
                or table.turn_seconds <= 0:
            table.deadline = table.reminder_at = None
            return
        now = self.clock.now()
        table.deadline = now + table.turn_seconds
        frac = self.config.reminder_fraction
        table.reminder_at = now + table.turn_seconds * frac if 0 < frac < 1 else None

    def arm(self, table: Table) -> None:
        """(Re)schedule what happens next at ``table``: an AI move or the turn timers."""
        table.cancel_timers()
        seat = table.current_seat
        if table.status != PLAYING or seat is None or table.channel_id in self.registry.foreign:
            return  # a table another process owns: its timers run there
        move = table.move
        if table.seats[seat].ai_level is not None:
            delay = self.config.ai_delay
            if delay <= 0:
                self.registry.spawn(self._ai_turn(table, move))
            else:
                spawn = self.registry.spawn
                table.handles.append(self.clock.call_at(
                    self.clock.now() + delay, lambda: spawn(self._ai_turn(table, move))))
            return
        if table.deadline is None:
            return
        if table.reminder_at is not None and table.reminder_at < table.deadline:
            table.handles.append(self.clock.call_at(
                table.reminder_at, lambda: self.registry.spawn(self._remind(table, move))))
        table.handles.append(self.clock.call_at(
            table.deadline, lambda: self.registry.spawn(self._ai_turn(table, move, timeout=True))))

    async def _remind(self, table: Table, move: int) -> None:
        async with table.lock:
            if table.status != PLAYING or table.move != move or table.reminder_at is None:
                return
            table.reminder_at = None
            try:  # so a restart does not remind again; a failure here costs nothing else
                await self.registry.commit(table)
            except Exception:
                log.exception("could not save the reminder of table %s", table.id)
            seat = table.current_seat
            if seat is None:  # the game is over
                return
            s = table.seats[seat]
            if not s.human_playing or table.deadline is None:
                return
            self.registry.publish(Reminder(table.id, table.channel_id, move, seat, s.person, s.name,
                                   table.deadline, max(0.0, table.deadline - self.clock.now())))

    async def _ai_turn(self, table: Table, move: int, timeout: bool = False) -> None:
        """Think (lock not held) about position ``move``, then submit like anyone else."""
        await self.background.step()   # an answer in flight goes first (background.py)
        if table.status != PLAYING or table.move != move:
            return
        state = table.live
        seat = state.current_seat
        if seat is None:  # the game is over
            return
        s = table.seats[seat]
        if timeout != s.human_playing:  # a timer is for humans; an AI turn for AI seats
            return
        level = (table.stand_in or self.config.timeout_level) if timeout else s.ai_level
        assert level is not None  # an AI seat has its level
        seed = self._ai_seed(table, seat)
        try:
            text = await self.runner.choose(state, seat, level, seed, self.config.ai_time_budget)
        except Exception:
            log.exception("AI runner failed at table %s; playing a random move", table.id)
            text = choose_action(state.clone(), seat, "random", seed)
        try:
            await self.submit(table, seat, text, actor=TIMER if timeout else AI,
                               expect_move=move)
        except NotSaved:
            # The database did not answer (restarting): the same move again shortly, so
            # the game goes on by itself once it is back.
            retry = self.clock.now() + SAVE_RETRY
            spawn = self.registry.spawn
            table.handles.append(self.clock.call_at(
                retry, lambda: spawn(self._ai_turn(table, move, timeout))))
        except TableError as e:
            log.debug("AI move at table %s dropped: %s", table.id, e)

    @staticmethod
    def _ai_seed(table: Table, seat: int) -> int:
        return (table.seed * 31 + seat + 1) % (1 << 62)
