"""The tactics suite: positions with a clearly best or clearly bad move, per game.

Each game's positions are data in ``tests/tactics/<game>.py`` (``POSITIONS``);
``position.py`` builds them through the public engine contract and checks
them; ``exact.py`` holds the exhaustive proofs and the visible-gift check;
``find.py`` is the tool that finds and proves trick-play positions.  Asserted
by ``tests/test_tactics.py``; scored per AI level by ``python -m
benchmarks.tactics``.
"""

from __future__ import annotations

from importlib import import_module

from rules.ai.players import make_player
from rules.base import State

from .position import Position, build

GAMES = ("coins", "piquet", "thirteens", "starshina", "pinkerton")
SUITE: dict[str, list[Position]] = {g: import_module(f"{__name__}.{g}").POSITIONS for g in GAMES}
ALL: list[Position] = [p for g in GAMES for p in SUITE[g]]

# The AI thinks with its own count budgets; this only lifts the safety cap on its time,
# so the answer does not depend on how busy the machine is.
NO_TIME_CAP = 3600.0


def answer(level: str, pos: Position, state: State | None = None, seed: int = 0) -> str:
    """The move (canonical text) the ``level`` AI chooses in ``pos``, with a fixed seed."""
    state = build(pos) if state is None else state
    player = make_player(level, pos.game, seed)
    return str(player.choose(state.clone(), pos.seat, time_budget=NO_TIME_CAP))


__all__ = ["ALL", "GAMES", "SUITE", "Position", "answer", "build"]
