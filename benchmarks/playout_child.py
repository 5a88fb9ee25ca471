"""One timed batch of random playouts in a child process, for ``parlour bench engine
--against`` (``bot/cli/bench_builds.py``).

``python playout_child.py TREE GAME SECONDS SEED`` imports ``rules`` from the source tree
``TREE`` (an earlier build checked out with ``git worktree add``), plays random legal
games of GAME through the public contract (``new_state``, ``legal_actions``, ``apply``)
for about SECONDS and prints one JSON line: games, actions, seconds (wall clock), cpu
(the process's CPU seconds in the loop) and the file ``rules`` came from.  GAME
``openspiel:hearts`` plays OpenSpiel's game instead (``TREE`` is then unused), in the
same loop as ``benchmarks.compare``.

This file uses only the standard library and the public contract every build since
d96b579 has, so the same driver times every build alike.
"""

from __future__ import annotations

import json
import random
import sys
import time


def parlour(tree: str, name: str, seconds: float, seed: int) -> dict:
    sys.path.insert(0, tree)
    import rules

    if not rules.__file__ or not rules.__file__.startswith(tree):
        raise SystemExit(f"rules came from {rules.__file__}, not from {tree}")
    game = rules.get_game(name)
    n = game.player_counts({})[0]
    rng = random.Random(seed)
    games = actions = 0
    clock = time.perf_counter
    cpu = time.process_time()
    start = clock()
    deadline = start + seconds
    while clock() < deadline or games == 0:
        state = game.new_state(n, {}, seed=rng.getrandbits(40))
        while not state.is_over:
            seat = state.current_seat
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.randrange(len(legal))])
            actions += 1
        games += 1
    return {"games": games, "actions": actions, "seconds": clock() - start,
            "cpu": time.process_time() - cpu, "from": rules.__file__}


def openspiel(name: str, seconds: float, seed: int) -> dict:
    import pyspiel

    game = pyspiel.load_game(name)
    sample = pyspiel.sample_action
    rng = random.Random(seed)
    games = actions = 0
    clock = time.perf_counter
    cpu = time.process_time()
    start = clock()
    deadline = start + seconds
    while clock() < deadline or games == 0:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample(state.chance_outcomes(), rng.random())[0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
                actions += 1
        games += 1
    return {"games": games, "actions": actions, "seconds": clock() - start,
            "cpu": time.process_time() - cpu, "from": pyspiel.__file__}


def main(argv: list[str]) -> int:
    tree, name, seconds, seed = argv[0], argv[1], float(argv[2]), int(argv[3])
    if name.startswith("openspiel:"):
        out = openspiel(name.split(":", 1)[1], seconds, seed)
    else:
        out = parlour(tree, name, seconds, seed)
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
