"""Creating tables and the lobby: join, leave, AI seats, options, order, start,
cancel and kick.  Each change is committed, then a LobbyChanged is published."""

from __future__ import annotations

import random

import rules
from rules.ai.players import LEVELS
from rules.messages import Msg

from .. import plugins
from .clock import Clock
from .config import CoreConfig
from .errors import TableError
from .names import free_ai_name
from .registry import TableRegistry
from .seats import Seat
from .store import IntegrityError, insert_table
from .table import CANCELLED, LOBBY, PLAYING, Table
from .turns import Turns
from .updates import LobbyChanged, TableClosed, TableInfo


class Lobby:
    """Opening a table and everything until its deal (or cancel)."""

    def __init__(self, registry: TableRegistry, turns: Turns, config: CoreConfig,
                 clock: Clock) -> None:
        self.registry = registry
        self.turns = turns
        self.config = config
        self.clock = clock

    async def create_table(self, channel_id: int, host_id: int, host_name: str, game: str,
                           options: dict | None = None, *, guild_id: int | None = None,
                           turn_seconds: int | None = None, keep_order: bool = False,
                           seat_host: bool = True, seed: int | None = None,
                           stand_in: str | None = None, pings: bool = True,
                           pictures: bool = True, hints: bool = False,
                           play_out: bool = False) -> TableInfo:
        """Open a lobby for ``game`` in ``channel_id`` with ``host_id`` as host.

        ``stand_in``: the AI level that moves for a timed-out human and takes over a
        departed seat (None: the bot-wide ``timeout_level`` / ``replacement_level``).
        ``pings``: whether transports notify a human whose turn starts (the core only
        stores it, in ``TableInfo.pings``); ``pictures`` likewise whether they draw the
        table as a picture (``TableInfo.pictures``); ``hints``: the host offers hints
        even with several humans at the table (core/hints.py); ``play_out``: once every
        human has left, the AI plays the game to its end (a tournament's table) instead of
        the game ending as abandoned."""
        async with self.registry.create_lock:
            busy = self.registry.live.get(channel_id)
            if busy is not None:
                raise TableError(Msg("A game of {game} is already running here (host: "
                                     "{host}). Finish or cancel it first.",
                                     game=Msg(busy.game.title or busy.game.name),
                                     host=busy.host_name or Msg("nobody")))
            try:
                g = plugins.find(game).game
                opts = g.validate_options(options)
            except ValueError as e:
                raise TableError(str(e)) from None
            level = self._stand_in(stand_in)
            now = self.clock.now()
            table = Table(
                table_id=0, channel_id=channel_id, guild_id=guild_id, game=g, options=opts,
                turn_seconds=self._turn_seconds(g, turn_seconds), keep_order=keep_order,
                stand_in=level, pings=bool(pings), pictures=bool(pictures),
                hints=bool(hints), play_out=bool(play_out),
                host_id=host_id, host_name=host_name, status=LOBBY,
                seed=seed if seed is not None else random.SystemRandom().getrandbits(62),
                seats=[Seat(host_name, host_id)] if seat_host else [], created=now)
            try:
                async with self.registry.store.transaction() as conn:
                    table.id = await insert_table(conn, table.row_fields(now))
            except IntegrityError:  # an active table another process keeps here
                raise TableError("A table is already open in this channel. "
                                 "Finish or cancel it first.") from None
            self.registry.live[channel_id] = table
        return self._lobby_changed(table)

    async def join(self, channel_id: int, user_id: int, name: str) -> TableInfo:
        table = self.registry.get(channel_id)
        async with table.lock:
            self.registry.require_status(table, LOBBY)
            if table.seat_of(user_id) is not None:
                raise TableError("You are already at this table.")
            self._require_room(table)
            snap = table.snapshot()
            table.seats.append(Seat(name, user_id))
            return await self._save_lobby(table, snap)

    async def leave(self, channel_id: int, user_id: int) -> TableInfo:
        """Leave the lobby, or the game (the AI takes the seat; it counts as abandoning)."""
        table = self.registry.get(channel_id)
        async with table.lock:
            seat = table.seat_of(user_id)
            if seat is None:
                raise TableError("You are not at this table.")
            if table.status == PLAYING:
                await self.turns.replace_in_game(table, seat, "left")
                return table.info()
            self.registry.require_status(table, LOBBY)
            return await self._remove_from_lobby(table, seat)

    async def kick(self, channel_id: int, user_id: int, target_id: int, *,
                   moderator: bool = False) -> TableInfo:
        """Host or moderator removes a player (during play the AI takes the seat)."""
        table = self.registry.get(channel_id)
        async with table.lock:
            self.registry.require_host(table, user_id, moderator)
            seat = table.seat_of(target_id)
            if seat is None:
                raise TableError("That user is not at this table.")
            if target_id == user_id:
                raise TableError("To leave, use leave rather than kick.")
            if table.status == PLAYING:
                await self.turns.replace_in_game(table, seat, "kicked")
                return table.info()
            self.registry.require_status(table, LOBBY)
            return await self._remove_from_lobby(table, seat)

    async def add_ai(self, channel_id: int, user_id: int, level: str = "easy", *,
                     moderator: bool = False, name: str | None = None) -> TableInfo:
        """An AI seat of ``level``, its own name ``name`` ("Ada", a tournament's AI entrant)
        unless no name is given or another seat has that first name (then a free one)."""
        table = self.registry.get(channel_id)
        async with table.lock:
            self.registry.require_host(table, user_id, moderator)
            self.registry.require_status(table, LOBBY)
            level = str(level).strip().lower()
            if level not in LEVELS:
                raise TableError(Msg("Unknown AI level '{level}'. Levels: {levels}.",
                                     level=level, levels=", ".join(LEVELS)))
            self._require_room(table)
            snap = table.snapshot()
            taken = {n.split(" (")[0].strip().casefold() for n in table.names}
            if name is None or name.strip().casefold() in taken:
                name = free_ai_name(table.names)
            table.seats.append(Seat.ai(name, level))
            return await self._save_lobby(table, snap)

    async def remove_ai(self, channel_id: int, user_id: int, seat: int | None = None, *,
                        moderator: bool = False) -> TableInfo:
        """Remove the AI at lobby position ``seat`` (default: the last AI seat)."""
        table = self.registry.get(channel_id)
        async with table.lock:
            self.registry.require_host(table, user_id, moderator)
            self.registry.require_status(table, LOBBY)
            ais = [i for i, s in enumerate(table.seats) if s.user_id is None]
            if seat is None:
                if not ais:
                    raise TableError("There is no AI seat to remove.")
                seat = ais[-1]
            if seat not in ais:
                raise TableError(Msg("Seat {seat} is not an AI seat.", seat=seat))
            snap = table.snapshot()
            del table.seats[seat]
            return await self._save_lobby(table, snap)

    async def configure(self, channel_id: int, user_id: int, *, options: dict | None = None,
                        turn_seconds: int | None = None, keep_order: bool | None = None,
                        stand_in: str | None = None, pings: bool | None = None,
                        pictures: bool | None = None, hints: bool | None = None,
                        moderator: bool = False) -> TableInfo:
        """Change game options (merged with the current ones), turn time, seat ordering,
        the stand-in AI level, turn pings, the table picture or hints (None: unchanged)."""
        table = self.registry.get(channel_id)
        async with table.lock:
            self.registry.require_host(table, user_id, moderator)
            self.registry.require_status(table, LOBBY)
            try:
                opts = table.game.validate_options({**table.options, **(options or {})})
            except ValueError as e:
                raise TableError(str(e)) from None
            seconds = (self._turn_seconds(table.game, turn_seconds)
                       if turn_seconds is not None else table.turn_seconds)
            level = self._stand_in(stand_in) if stand_in is not None else table.stand_in
            snap = table.snapshot()
            old = (table.options, table.turn_seconds, table.keep_order, table.stand_in,
                   table.pings, table.pictures, table.hints)
            table.options, table.turn_seconds, table.stand_in = opts, seconds, level
            if keep_order is not None:
                table.keep_order = bool(keep_order)
            if pings is not None:
                table.pings = bool(pings)
            if pictures is not None:
                table.pictures = bool(pictures)
            if hints is not None:
                table.hints = bool(hints)
            try:
                return await self._save_lobby(table, snap)
            except TableError:
                (table.options, table.turn_seconds, table.keep_order, table.stand_in,
                 table.pings, table.pictures, table.hints) = old
                raise

    async def start_game(self, channel_id: int, user_id: int, *,
                         moderator: bool = False) -> TableInfo:
        """Deal: seats shuffled (seeded) unless keep_order; the first turn begins."""
        table = self.registry.get(channel_id)
        async with table.lock:
            self.registry.require_host(table, user_id, moderator)
            self.registry.require_status(table, LOBBY)
            n = len(table.seats)
            counts = table.game.player_counts(table.options)
            if n not in counts:
                need: int | Msg = counts[0] if len(counts) == 1 else Msg(
                    "{some} or {last}", some=", ".join(str(c) for c in counts[:-1]),
                    last=counts[-1])
                raise TableError(Msg.plural(
                    "{game} with these options needs {need} players; there is {n}.",
                    "{game} with these options needs {need} players; there are {n}.", n,
                    game=Msg(table.info().title), need=need))
            snap = table.snapshot()
            if not table.keep_order:
                random.Random(f"seats/{table.seed}").shuffle(table.seats)
            try:
                table.state = table.game.new_state(n, table.options, seed=table.seed)
            except ValueError as e:
                table.restore(snap)
                raise TableError(str(e)) from None
            table.status = PLAYING
            table.started = self.clock.now()
            table.move = 0
            self.turns.set_deadline(table, None)
            await self.registry.commit_or_undo(table, snap, state_json=table.state.to_json())
            info = table.info()
            events = [{"n": e["n"], "to": None, "text": e["text"]}
                      for e in table.state.view(None)["events"]]
            self.registry.publish_board(table, events)
            self.registry.publish_turn(table)
            self.turns.arm(table)
            return info

    async def cancel(self, channel_id: int, user_id: int, *,
                     moderator: bool = False) -> TableInfo:
        """End the table without a result (no ratings).  Host or moderator."""
        table = self.registry.get(channel_id)
        async with table.lock:
            self.registry.require_host(table, user_id, moderator)
            snap = table.snapshot()
            table.status = CANCELLED
            table.deadline = table.reminder_at = None
            await self.registry.commit_or_undo(table, snap)
            self.registry.forget(table)
            info = table.info()
            self.registry.publish(TableClosed(table.id, table.channel_id, info, "cancelled",
                                              user_id))
            return info

    # --- helpers --------------------------------------------------------------------------

    def _turn_seconds(self, game: rules.Game, value: int | None) -> int:
        if value is None:
            value = self.config.default_turn_seconds
        if value is None:
            return int(game.turn_seconds)
        try:
            value = int(value)
        except (TypeError, ValueError):
            raise TableError("The turn time must be a whole number of seconds.") from None
        if value < 0:
            raise TableError("The turn time cannot be negative (0 turns the timer off).")
        return value

    @staticmethod
    def _stand_in(value: str | None) -> str | None:
        """A valid AI level (lower case), or None for the bot-wide default."""
        if value is None:
            return None
        level = str(value).strip().lower()
        if level not in LEVELS:
            raise TableError(Msg("Unknown stand-in AI level '{level}'. Levels: {levels}.",
                                 level=str(value), levels=", ".join(LEVELS)))
        return level

    @staticmethod
    def _require_room(table: Table) -> None:
        most = max(table.game.player_counts(table.options))
        if len(table.seats) >= most:
            raise TableError(Msg("The table is full ({n} players).", n=most))

    async def _remove_from_lobby(self, table: Table, seat: int) -> TableInfo:
        snap = table.snapshot()
        gone = table.seats.pop(seat)
        if gone.user_id == table.host_id:
            heir = next((s for s in table.seats if s.user_id is not None), None)
            if heir is None:
                table.status = CANCELLED
                await self.registry.commit_or_undo(table, snap)
                self.registry.forget(table)
                info = table.info()
                self.registry.publish(TableClosed(table.id, table.channel_id, info, "empty",
                                          gone.user_id))
                return info
            table.host_id, table.host_name = heir.user_id, heir.name
        return await self._save_lobby(table, snap)

    async def _save_lobby(self, table: Table, snap: dict) -> TableInfo:
        await self.registry.commit_or_undo(table, snap)
        return self._lobby_changed(table)

    def _lobby_changed(self, table: Table) -> TableInfo:
        info = table.info()
        self.registry.publish(LobbyChanged(table.id, table.channel_id, info))
        return info
