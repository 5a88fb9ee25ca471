"""One timed batch of endgame solves in a child process, for ``parlour bench solver``
(``bot/cli/bench_builds.py``).

``python solver_child.py TREE GAME POSITIONS SEED`` imports ``rules`` from the source tree
``TREE`` (this build, or an earlier one checked out with ``git worktree add``), plays
seeded random legal games of GAME (its first player count, default options) until each
reaches the search's own solving depth - as many cards left in the hands as the game's
``AIHooks.endgame_tricks`` allows, at most 12 - and solves POSITIONS such endings with a
fresh ``Solver`` each.  It prints one JSON line: positions, nodes, cpu (the process's CPU
seconds in the solves alone), a digest of the values found (equal digests: the builds
agree on every value) and the file ``rules`` came from.

The positions come from the engine's public contract and the solver's interface
(``hooks_for(game).endgame``, ``Solver(model).value(position)``), which every build
since the endgame solver has, so the same driver times every build alike.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
import time

MAX_CARDS = 12    # the search's cap on a solve (rules/ai/search.py ENDGAME_MAX_CARDS)


def solve(tree: str, name: str, count: int, seed: int) -> dict:
    sys.path.insert(0, tree)
    import rules
    from rules.ai.endgame import Solver
    from rules.ai.hooks import hooks_for

    if not rules.__file__ or not rules.__file__.startswith(tree):
        raise SystemExit(f"rules came from {rules.__file__}, not from {tree}")
    game = rules.get_game(name)
    hooks = hooks_for(name)
    if hooks.endgame is None:
        raise SystemExit(f"{name} has no endgame solver")
    n = game.player_counts({})[0]
    limit = min(hooks.endgame_tricks * n, MAX_CARDS)
    positions = []
    for k in range(count * 20):
        if len(positions) == count:
            break
        state = game.new_state(n, {}, seed=seed * 100_003 + k)
        rng = random.Random(seed * 100_003 + k)
        for _ in range(3000):
            if state.is_over:
                break
            got = hooks.endgame(state, state.current_seat)
            if got is not None and got[1].cards_left() <= limit:
                positions.append(got)
                break
            seat = state.current_seat
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.randrange(len(legal))])
    nodes = 0
    values = []
    cpu = time.process_time()
    for model, pos in positions:
        solver = Solver(model)
        values.append(solver.value(pos))
        nodes += solver.nodes
    cpu = time.process_time() - cpu
    digest = hashlib.sha256(repr(values).encode()).hexdigest()[:12]
    return {"positions": len(positions), "nodes": nodes, "cpu": cpu, "values": digest,
            "from": rules.__file__}


def main(argv: list[str]) -> int:
    tree, name, count, seed = argv[0], argv[1], int(argv[2]), int(argv[3])
    print(json.dumps(solve(tree, name, count, seed)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
