"""Puzzles for the tests of the puzzle service and its surfaces: mined once per process
from seeded first deals (rules/ai/puzzle.py at small budgets) and put into a core's pool
as a finished game's would be."""

from __future__ import annotations

import functools

from bot.core import Core
from bot.core.puzzles import Source, puzzles_of_game

from .test_ai_puzzle import _deal

BUDGET, CHECK = 8, 16
# Seeded first deals that hold puzzles at these budgets.
DEALS: tuple[tuple[str, int, int], ...] = (("piquet", 2, 1), ("coins", 3, 1), ("piquet", 2, 2))
# Every game.  Pinkerton's first rounds hold none at 8/16 (a round is a small part of its
# game, and its decisions' losses are noisy): its deal is mined at 24/64.
MORE_GAMES: tuple[tuple[str, int, int], ...] = DEALS + (
    ("thirteens", 3, 1), ("thirteens", 3, 3), ("starshina", 3, 2), ("starshina", 3, 3),
    ("pinkerton", 2, 5))
BUDGETS = {"pinkerton": (24, 64)}


@functools.cache
def mined(game: str, n: int, seed: int) -> tuple[list[tuple[int, str]], list[dict]]:
    """The deal's log and its puzzles (every one found: keep 99)."""
    start, log = _deal(game, n, seed)
    budget, check = BUDGETS.get(game, (BUDGET, CHECK))
    return log, puzzles_of_game(game, n, {}, seed, log, budget, check, keep=99)


async def fill(core: Core, deals: tuple[tuple[str, int, int], ...] = DEALS, *,
               day: int | None = None, seed_of: int | None = None) -> int:
    """Put the puzzles of ``deals`` into ``core``'s pool (as from finished games; ``day``:
    as from that day's daily deal; ``seed_of``: stored with that seed, as from a deal
    with that seed); how many."""
    count = 0
    for game, n, seed in deals:
        log, found = mined(game, n, seed)
        key = f"test:{game}:{seed}:{day}:{seed_of}"
        await core.puzzles.keep(Source(key, game, n, {}, seed if seed_of is None else seed_of,
                                       log, None, None, day), found)
        count += len(found)
    return count


async def answer_of(core: Core, puzzle_id: int) -> str:
    row = await core.store.fetchone("SELECT answer FROM puzzles WHERE id = ?", (puzzle_id,))
    assert row is not None
    return str(row["answer"])
