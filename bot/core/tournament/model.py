"""What a tournament is made of: its format, entrants, tables and table results."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum


class Format(StrEnum):
    SWISS = "swiss"
    KNOCKOUT = "knockout"
    ROUND_ROBIN = "round-robin"


@dataclass(frozen=True)
class Entrant:
    """A player in the tournament.  ``rating`` orders seeds and breaks the last ties."""
    id: str
    name: str
    rating: float = 1500.0
    ai_name: str | None = None   # an AI entrant's own name ("Ada"), its seat's at tables


@dataclass(frozen=True)
class Table:
    """One table of a round: ``players`` in seat order (seat 0 first).  ``ai_seats`` are
    filled by AI players that are not entrants (a knockout table short of players)."""
    round: int
    number: int
    players: tuple[str, ...]
    ai_seats: int = 0

    @property
    def size(self) -> int:
        return len(self.players) + self.ai_seats


@dataclass(frozen=True)
class Result:
    """A finished table: each seat's place (1 = best, ties share) and game score, in the
    table's seat order (entrants first, then its AI seats).  ``deal`` names the cards the
    table played: tables of one round with the same ``deal`` played the same cards."""
    table: Table
    ranks: tuple[int, ...]
    scores: tuple[float, ...]
    deal: int | None = None
    forfeits: frozenset[str] = field(default_factory=frozenset)

    def rank_of(self, player: str) -> int:
        return self.ranks[self.table.players.index(player)]
