"""Hints: the move the hard AI would make now, and the facts behind it.

Offered only where it is fair (``hints_offered``): at a table where no other human
sat down (the terminal, a game against AI seats), or where the host switched
``hints`` on - a table of two or more humans is rated, so hints are off there by
default.  The daily deal has no hints (its panels never offer them).  The search
runs where the AI's moves are thought of (the process pool), never on the event loop.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.ai.coach import COACH_BUDGET, HINT_MORE, PRICE_WORLDS, Reason, decision_seed, hint

from .. import plugins
from .ai_runner import AIRunner
from .errors import TableError
from .registry import TableRegistry
from .updates import TableInfo

HINTS_OFF = "Hints are off at this table: other people play here, and the host has not " \
            "switched hints on."
NOT_YOUR_TURN = "A hint is for your own turn: wait until it is your move."


def humans(info: TableInfo) -> int:
    """People who sat down (a seat they left still counts: the game stays rated)."""
    return sum(1 for s in info.seats if s.kind == "human")


def hints_offered(info: TableInfo) -> bool:
    """Whether hints are fair at this table: no other human, or the host allows them."""
    return humans(info) <= 1 or info.hints


@dataclass(frozen=True)
class CoachHint:
    move: int                    # the position it is for (the table's move number)
    action: str                  # canonical text of the hard AI's move
    reasons: tuple[Reason, ...]


def hint_from_json(game: str, state_json: str, seat: int, budget: int, seed: int,
                   worlds: int = PRICE_WORLDS, more: tuple[int, ...] = HINT_MORE
                   ) -> tuple[str, tuple[Reason, ...]]:
    """``hint`` for a process pool worker: JSON in, action text and reasons out."""
    state = plugins.engine(game).state_from_json(state_json)
    got = hint(state, seat, budget, seed, worlds, more)
    return str(got.action), got.reasons


class Hints:
    def __init__(self, registry: TableRegistry, runner: AIRunner,
                 budget: int = COACH_BUDGET) -> None:
        self.registry = registry
        self.runner = runner
        self.budget = budget

    def offered(self, channel_id: int, user_id: int) -> bool:
        """Whether ``user_id`` may ask for a hint here now (their turn, hints fair)."""
        table = self.registry.live.get(channel_id)
        if table is None or table.state is None or table.status != "playing":
            return False
        seat = table.seat_of(user_id)
        return (seat is not None and table.current_seat == seat
                and table.seats[seat].human_playing and hints_offered(table.info()))

    async def hint(self, channel_id: int, user_id: int) -> CoachHint:
        table = self.registry.playing(channel_id)
        seat = self.registry.seat_of(table, user_id)
        if not hints_offered(table.info()):
            raise TableError(HINTS_OFF)
        if table.current_seat != seat or not table.seats[seat].human_playing:
            raise TableError(NOT_YOUR_TURN)
        move = table.move
        action, reasons = await self.runner.call(
            hint_from_json, table.game.name, table.live.to_json(), seat, self.budget,
            decision_seed(table.seed, move + 1))   # the review's seed for this move
        return CoachHint(move, action, reasons)
