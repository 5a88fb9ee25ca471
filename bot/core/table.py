"""One table in memory: its game, seats, engine state, move number and timers.

Only the latest state is kept (the engine trims its own log); the full action
history lives in the database.  ``saved_json`` is the last committed state,
used to roll back a move whose commit failed.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from rules.base import Game, State

from .. import plugins
from .clock import Handle
from .seats import Seat
from .updates import SeatInfo, TableInfo

LOBBY, PLAYING, FINISHED, CANCELLED = "lobby", "playing", "finished", "cancelled"


class Table:
    def __init__(self, *, table_id: int, channel_id: int, guild_id: int | None, game: Game,
                 options: dict, turn_seconds: int, keep_order: bool, host_id: int | None,
                 host_name: str, status: str, seed: int, seats: list[Seat],
                 created: float, state: State | None = None, saved_json: str | None = None,
                 move: int = 0, deadline: float | None = None, reminder_at: float | None = None,
                 started: float | None = None, stand_in: str | None = None,
                 pings: bool = True, pictures: bool = True, hints: bool = False,
                 play_out: bool = False) -> None:
        self.id = table_id
        self.channel_id = channel_id
        self.guild_id = guild_id
        self.game = game
        self.options = options
        self.turn_seconds = turn_seconds
        self.keep_order = keep_order
        self.stand_in = stand_in      # None: the bot-wide levels of CoreConfig
        self.pings = pings            # transports may notify a human whose turn starts
        self.pictures = pictures      # transports may show the table as a picture
        self.hints = hints            # the host offers hints at a table of several humans
        self.play_out = play_out      # the AI plays on to the end once every human has left
        self.host_id = host_id
        self.host_name = host_name
        self.status = status
        self.seed = seed
        self.seats = seats
        self.state = state
        self.saved_json = saved_json
        self.move = move
        self.deadline = deadline
        self.reminder_at = reminder_at
        self.created = created
        self.started = started
        self.lock = asyncio.Lock()
        self.handles: list[Handle] = []
        self.dealt: int | None = None  # the deal whose hands the last BoardChanged carried

    # --- reading ------------------------------------------------------------------

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    @property
    def live(self) -> State:
        """The game in play; a lobby table has none (asking for it there is a bug)."""
        if self.state is None:
            raise RuntimeError(f"table {self.id} has no game in play")
        return self.state

    @property
    def current_seat(self) -> int | None:
        return self.state.current_seat if self.state is not None else None

    def seat_of(self, user_id: int) -> int | None:
        for i, s in enumerate(self.seats):
            if s.user_id is not None and s.user_id == user_id:
                return i
        return None

    def deserted(self) -> bool:
        """Humans sat down but none is playing any more (all left or struck out), at a
        table that ends then (a ``play_out`` table, a tournament's, goes on with the AI)."""
        return (not self.play_out and any(s.user_id is not None for s in self.seats)
                and not any(s.human_playing for s in self.seats))

    def info(self) -> TableInfo:
        return TableInfo(
            table_id=self.id, channel_id=self.channel_id, guild_id=self.guild_id,
            game=self.game.name, title=self.game.title or self.game.name,
            options=dict(self.options), turn_seconds=self.turn_seconds,
            keep_order=self.keep_order, stand_in=self.stand_in, status=self.status,
            host_id=self.host_id, host_name=self.host_name,
            seats=tuple(SeatInfo(i, s.name, s.user_id, s.kind, s.ai_level, s.strikes,
                                 s.abandoned, s.ai_name) for i, s in enumerate(self.seats)),
            player_counts=tuple(self.game.player_counts(self.options)), move=self.move,
            current_seat=self.current_seat, deadline=self.deadline, created=self.created,
            pings=self.pings, pictures=self.pictures, hints=self.hints)

    # --- the database row ------------------------------------------------------------

    def row_fields(self, now: float, state_json: str | None = None) -> dict[str, Any]:
        """Every column of this table's row (``state_json`` defaults to the saved one)."""
        return {
            "channel_id": self.channel_id, "guild_id": self.guild_id, "game": self.game.name,
            "options": self.options,
            "settings": {"turn_seconds": self.turn_seconds, "keep_order": self.keep_order,
                         "stand_in": self.stand_in, "pings": self.pings,
                         "pictures": self.pictures, "hints": self.hints,
                         "play_out": self.play_out},
            "host_id": self.host_id, "host_name": self.host_name, "status": self.status,
            "seed": self.seed, "seats": [s.to_dict() for s in self.seats],
            "state": state_json if state_json is not None else self.saved_json,
            "move": self.move, "deadline": self.deadline, "reminder_at": self.reminder_at,
            "created": self.created, "started": self.started, "updated": now,
        }

    @classmethod
    def from_row(cls, row: Any) -> Table:
        game = plugins.engine(row["game"])
        settings = json.loads(row["settings"])
        state_json = row["state"]
        return cls(
            table_id=row["id"], channel_id=row["channel_id"], guild_id=row["guild_id"],
            game=game, options=json.loads(row["options"]),
            turn_seconds=int(settings.get("turn_seconds") or 0),
            keep_order=bool(settings.get("keep_order")), stand_in=settings.get("stand_in"),
            pings=bool(settings.get("pings", True)),
            pictures=bool(settings.get("pictures", True)),
            hints=bool(settings.get("hints", False)),
            play_out=bool(settings.get("play_out", False)),
            host_id=row["host_id"], host_name=row["host_name"], status=row["status"],
            seed=row["seed"],
            seats=[Seat.from_dict(d) for d in json.loads(row["seats"])],
            state=game.state_from_json(state_json) if state_json else None,
            saved_json=state_json, move=row["move"], deadline=row["deadline"],
            reminder_at=row["reminder_at"], created=row["created"], started=row["started"])

    # --- undo for a failed commit ---------------------------------------------------

    def snapshot(self) -> dict[str, Any]:
        return {"move": self.move, "status": self.status, "deadline": self.deadline,
                "reminder_at": self.reminder_at, "host_id": self.host_id,
                "host_name": self.host_name, "seats": [s.to_dict() for s in self.seats]}

    def restore(self, snap: dict[str, Any]) -> None:
        self.move = snap["move"]
        self.status = snap["status"]
        self.deadline = snap["deadline"]
        self.reminder_at = snap["reminder_at"]
        self.host_id = snap["host_id"]
        self.host_name = snap["host_name"]
        self.seats = [Seat.from_dict(d) for d in snap["seats"]]
        self.reload_state()

    def reload_state(self) -> None:
        """Back to the last committed engine state."""
        self.state = self.game.state_from_json(self.saved_json) if self.saved_json else None

    def cancel_timers(self) -> None:
        for handle in self.handles:
            handle.cancel()
        self.handles.clear()
