"""``python -m tests.load.frames``: the web table's frame sizes, exactly (no timing).

For every game (each configuration its engine's property tests cover), ``--games`` seeded
random games: at every position, the ``scene`` frame of the seat to move (the one with
move forms) and the spectator's, encoded as the server sends them (``bot/web/protocol``).
Prints the largest frame per game in bytes and the phase it was in.  Deterministic: the
same seeds give the same figures on any machine.
"""

from __future__ import annotations

import argparse
import random
from dataclasses import dataclass

import rules
from bot import plugins
from bot.present import seat_scene
from bot.web import protocol as p

NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")


@dataclass
class Largest:
    size: int = 0
    phase: str = ""
    seat: int | None = None
    several: int = 0        # the largest frame offering a choice of several cards


def frame_bytes(state: rules.State, seat: int | None, version: int) -> tuple[int, str, bool]:
    """The encoded size of the ``scene`` frame ``seat`` (None: a spectator) gets now, its
    phase, and whether it offers a choice of several cards."""
    names = NAMES[:state.n]
    scene, moves = seat_scene(state, seat, names)
    frame = p.table_frame("scene", version, scene, seat, names, moves)
    several = scene.hand is not None and any(f.high > 1 for f in scene.hand.forms)
    return len(p.dumps(frame).encode()), scene.phase, several


def largest(name: str, n: int, opts: dict, games: int, seed: int = 0,
            every: int = 1) -> Largest:
    """The largest frame of ``games`` random games, at every ``every``-th position (and
    at every one offering a choice of several cards)."""
    top = Largest()
    for g in range(games):
        state = rules.get_game(name).new_state(n, opts, seed=seed + g)
        rng = random.Random(seed + g)
        version = 0
        while True:
            several = any(f.get("max", 1) > 1 for f in state.action_forms(state.current_seat)
                          ) if state.current_seat is not None else False
            for seat in (state.current_seat, None) if version % every == 0 or several \
                    or state.is_over else ():
                size, phase, several = frame_bytes(state, seat, version)
                if size > top.size:
                    top = Largest(size, phase, seat, top.several)
                if several:
                    top.several = max(top.several, size)
            if state.is_over:
                break
            state.apply(state.mover, rng.choice(state.legal_actions()))
            version += 1
    return top


def configurations() -> list[tuple[str, int, dict]]:
    return [(name, n, opts) for name in plugins.names()
            for n, opts in plugins.engine(name).configurations()]


def main() -> None:
    a = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    a.add_argument("--games", type=int, default=5, help="random games per configuration")
    args = a.parse_args()
    for name, n, opts in configurations():
        top = largest(name, n, opts, args.games)
        label = f"{name} {n}p {opts or ''}".strip()
        print(f"{label:48} largest frame {top.size:>7,} bytes (seat {top.seat}, "
              f"phase {top.phase!r}); with a choice of several cards "
              f"{top.several:,}", flush=True)


if __name__ == "__main__":
    main()
