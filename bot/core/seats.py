"""A seat at a table: who sits there and whether the AI is playing it."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Seat:
    name: str
    user_id: int | None = None    # None: an AI seat from the start
    ai_level: str | None = None   # set: the AI plays this seat (AI seats and replaced humans)
    strikes: int = 0              # turns this human let run out
    abandoned: bool = False       # the human left, was kicked or struck out (ranks last)

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
                "strikes": self.strikes, "abandoned": self.abandoned}

    @classmethod
    def from_dict(cls, data: dict) -> Seat:
        return cls(**{k: data[k] for k in ("name", "user_id", "ai_level", "strikes",
                                            "abandoned") if k in data})
