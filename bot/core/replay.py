"""Replaying a finished game from its seed and action log (nothing else is needed)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from rules.base import State
from rules.messages import Msg

from .. import plugins
from .errors import TableError
from .leaderboard import GameSummary, summary
from .names import fill_names
from .store import Store


@dataclass(frozen=True)
class ReplayStep:
    move: int                 # 1-based
    seat: int
    name: str
    actor: str                # "human" | "ai" | "timer"
    action: str
    events: tuple[str, ...]   # public events of this move, names filled
    state: State              # the state after the move (do not keep it: it is reused)


# Pinkerton's count was logged as a move before it became a request (RULINGS 6): games
# finished before that still replay.
LEGACY_COUNT = "count"


@dataclass(frozen=True)
class Replay:
    record: GameSummary
    actions: tuple[tuple[int, str, str], ...]   # (seat, actor, action) per move

    @property
    def names(self) -> list[str]:
        return [p["name"] for p in self.record.players]

    def initial_state(self) -> State:
        r = self.record
        return plugins.engine(r.game).new_state(len(r.players), r.options, seed=r.seed)

    def steps(self) -> Iterator[ReplayStep]:
        """Apply the logged moves one by one from the initial deal."""
        state = self.initial_state()
        names = self.names
        for i, (seat, actor, action) in enumerate(self.actions, start=1):
            if action == LEGACY_COUNT:
                events = state.ask_count(seat)
            else:
                events = state.apply(seat, action)
            yield ReplayStep(i, seat, names[seat], actor, action,
                             tuple(fill_names(e["text"], names) for e in events
                                   if e["to"] is None), state)


async def load_replay(store: Store, game_id: int) -> Replay:
    row = await store.load_game(game_id)
    if row is None:
        raise TableError(Msg("There is no finished game #{id}.", id=game_id))
    actions = await store.load_actions(game_id)
    return Replay(summary(row), tuple((a["seat"], a["actor"], a["action"]) for a in actions))
