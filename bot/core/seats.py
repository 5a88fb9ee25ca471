"""A seat at a table: who sits there and whether the AI is playing it."""

from __future__ import annotations

from dataclasses import dataclass

from .names import ai_table_name, legacy_ai_name


@dataclass
class Seat:
    name: str                     # a person's name; an AI seat's English table name
    user_id: int | None = None    # None: an AI seat from the start
    ai_level: str | None = None   # set: the AI plays this seat (AI seats and replaced humans)
    strikes: int = 0              # turns this human let run out
    abandoned: bool = False       # the human left, was kicked or struck out (ranks last)
    ai_name: str | None = None    # an AI seat's own name ("Ada"): shown with its level

    @classmethod
    def ai(cls, ai_name: str, level: str) -> Seat:
        """An AI seat: its own name and level are the data, its English table name
        ("Ada (AI, hard)") is made from them."""
        return cls(ai_table_name(ai_name, level), None, level, ai_name=ai_name)

    @property
    def kind(self) -> str:
        return "ai" if self.user_id is None else "human"

    @property
    def human_playing(self) -> bool:
        """A person, not the AI, makes this seat's moves."""
        return self.user_id is not None and self.ai_level is None

    @property
    def person(self) -> int:
        """The user id of a seat known to be a person's (asking an AI seat is a bug)."""
        if self.user_id is None:
            raise RuntimeError(f"seat {self.name!r} has no person")
        return self.user_id

    def to_dict(self) -> dict:
        # Written with every move's row: ``dataclasses.asdict`` deep-copies field by field,
        # ten times slower than this.
        return {"name": self.name, "user_id": self.user_id, "ai_level": self.ai_level,
                "strikes": self.strikes, "abandoned": self.abandoned, "ai_name": self.ai_name}

    @classmethod
    def from_dict(cls, data: dict) -> Seat:
        seat = cls(**{k: data[k] for k in ("name", "user_id", "ai_level", "strikes",
                                            "abandoned", "ai_name") if k in data})
        if "ai_name" not in data and seat.user_id is None:   # a row from before ai_name
            seat.ai_name = legacy_ai_name(seat.name, seat.ai_level)
        return seat
