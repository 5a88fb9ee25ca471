"""Makes ``puzzles.json``: puzzles of every game, mined as the bot mines a finished game
(``bot.core.puzzles.puzzles_of_game``: rules/ai/puzzle.py at small budgets), for the
tests of ``/puzzle`` (tests/test_discord_puzzles.py), which need a pool of a dozen puzzles
of each game at once - mining them there would take minutes.

    PYTHONPATH=. python tests/data/make_puzzles.py tests/data

Seeded games, half the moves the game's heuristic and half random (as
tests/test_ai_puzzle.py's deals: some decisions with a clearly best move, some without),
mined until ``WANTED`` puzzles of the game are found.  Deterministic: the same file each
run.  Each entry: the game, its players and seed, and the puzzles as ``keep`` stores them.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import rules
from bot.core.puzzles import puzzles_of_game
from rules.ai.hooks import hooks_for

BUDGET, CHECK = 8, 16
WANTED = 14          # ten played by clicks, and some for the report, the stale click...
PLAYERS = {"coins": 3, "pinkerton": 3, "piquet": 2, "starshina": 3, "thirteens": 4}
MOVES = 120          # moves of each game played (then mined): a deal or two


def _game(game: str, n: int, seed: int) -> list[tuple[int, str]]:
    state = rules.get_game(game).new_state(n, {}, seed=seed)
    rng = random.Random(seed)
    log: list[tuple[int, str]] = []
    while not state.is_over and len(log) < MOVES:
        s = state.mover
        a = rng.choice(state.legal_actions(s)) if rng.random() < 0.5 \
            else hooks_for(game).choose(state, s, rng)
        state.apply(s, str(a))
        log.append((s, str(a)))
    return log


def mine(game: str) -> list[dict]:
    n = PLAYERS[game]
    out: list[dict] = []
    found = 0
    for seed in range(1, 400):
        log = _game(game, n, seed)
        got = puzzles_of_game(game, n, {}, seed, log, BUDGET, CHECK, keep=99)
        got = got[:WANTED - found]     # the game's first WANTED, in the order found
        if got:
            out.append({"game": game, "players": n, "seed": seed, "puzzles": got})
            found += len(got)
            print(game, seed, found, flush=True)
        if found >= WANTED:
            return out
    raise SystemExit(f"only {found} puzzles of {game}")


def main() -> None:
    target = Path(sys.argv[1] if len(sys.argv) > 1 else "tests/data")
    games = sys.argv[2:] or sorted(PLAYERS)
    path = target / "puzzles.json"
    data = json.loads(path.read_text()) if path.exists() else {}
    for game in games:
        data[game] = mine(game)
    path.write_text(json.dumps(data, sort_keys=True, separators=(",", ":")) + "\n")
    print(path)


if __name__ == "__main__":
    main()
