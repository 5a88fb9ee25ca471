"""Thirteens trick scoring: the best partition of a trick's cards into combinations.

A trick holds at most six non-joker cards, so an exhaustive search over
bitmasks (memoised per sub-mask) is exact and cheap.  The answer depends only
on the multiset of ranks and the value of a thirteen, so it is cached by the
sorted rank tuple: AI rollouts score the same few hundred shapes over and over.
"""

from __future__ import annotations

from rules.cards import JOKER_SUIT
from rules.messages import Join, Term, event

# Counting values for thirteens: A=1, J=2, Q=3, K=4, 2-10 at face value.
COUNT_VALUE = {r: r for r in range(2, 11)} | {11: 2, 12: 3, 13: 4, 14: 1}
RANK_TEXT = {r: str(r) for r in range(2, 11)} | {11: "J", 12: "Q", 13: "K", 14: "A"}
RANK_PLURAL = {r: f"{r}s" for r in range(2, 11)} | {11: "jacks", 12: "queens", 13: "kings",
                                                     14: "aces"}
JOKER_PENALTY = 4
NO_TRICK_PENALTY = 3

Combo = tuple[str, tuple[int, ...]]  # ("thirteen" | "pair" | "run", ranks)

_CACHE: dict[tuple[tuple[int, ...], int], tuple[int, tuple[Combo, ...]]] = {}


def is_run(ranks: tuple[int, ...]) -> bool:
    """Three consecutive ranks in any suits; the ace is low (A-2-3) or high (Q-K-A)."""
    a, b, c = sorted(ranks)
    return (b == a + 1 and c == b + 1) or (a, b, c) == (2, 3, 14)


def best_combos(ranks: tuple[int, ...], thirteen_value: int) -> tuple[int, tuple[Combo, ...]]:
    """The highest combination score of ``ranks`` (sorted, jokers excluded) and the
    combinations that make it; each card counts in at most one combination."""
    key = (ranks, thirteen_value)
    hit = _CACHE.get(key)
    if hit is None:
        hit = _CACHE[key] = _solve(ranks, thirteen_value)
    return hit


def _solve(ranks: tuple[int, ...], thirteen_value: int) -> tuple[int, tuple[Combo, ...]]:
    m = len(ranks)
    combos: list[tuple[int, int, Combo]] = []
    for mask in range(1, 1 << m):
        rs = tuple(ranks[i] for i in range(m) if mask >> i & 1)
        if len(rs) < 2:
            continue
        if len(rs) == 2 and rs[0] == rs[1]:
            combos.append((mask, 1, ("pair", rs)))
        if len(rs) == 3 and is_run(rs):
            combos.append((mask, 1, ("run", rs)))
        if sum(COUNT_VALUE[r] for r in rs) == 13:
            combos.append((mask, thirteen_value, ("thirteen", rs)))
    memo: dict[int, tuple[int, tuple[Combo, ...]]] = {0: (0, ())}

    def best(mask: int) -> tuple[int, tuple[Combo, ...]]:
        got = memo.get(mask)
        if got is not None:
            return got
        low = mask & -mask
        # Either the lowest card stays unused, or it is in some combination.
        top = best(mask & ~low)
        for cm, value, combo in combos:
            if cm & low and cm & mask == cm:
                sub = best(mask & ~cm)
                if value + sub[0] > top[0]:
                    top = (value + sub[0], (combo,) + sub[1])
        memo[mask] = top
        return top

    return best((1 << m) - 1)


def trick_points(cards: list[int], thirteen_value: int) -> tuple[int, tuple[Combo, ...], int]:
    """(points, combinations, jokers) for the winner of a trick of ``cards``:
    +1 for the trick, the best combinations, -4 per joker."""
    ranks = []
    jokers = 0
    for c in cards:
        if c >> 4 == JOKER_SUIT:
            jokers += 1
        else:
            ranks.append(c & 15)
    ranks.sort()
    value, combos = best_combos(tuple(ranks), thirteen_value)
    return 1 + value - JOKER_PENALTY * jokers, combos, jokers


_SAID: dict[tuple, tuple] = {}


def describe(combos: tuple[Combo, ...], jokers: int, thirteen_value: int,
             total: int) -> tuple:
    """'thirteen (K Q 6) +3, pair of 7s +1, trick +1 = 5' (the log's explanation), as
    message data: made once per shape (plain tuples, never changed), as the score is."""
    key = (combos, jokers, thirteen_value, total)
    said = _SAID.get(key)
    if said is None:
        said = _SAID[key] = _describe(combos, jokers, thirteen_value, total)
    return said


def _describe(combos: tuple[Combo, ...], jokers: int, thirteen_value: int,
              total: int) -> tuple:
    parts = []
    for kind, rs in combos:
        if kind == "pair":
            parts.append(event("pair of {rank} +{n}", n=1,
                             rank=Term("ranks", (rs[0],), RANK_PLURAL[rs[0]])))
        elif kind == "run":
            order = sorted(rs, key=_ace_low) if 2 in rs else sorted(rs)
            parts.append(event("run ({ranks}) +{n}", n=1,
                             ranks=" ".join(RANK_TEXT[r] for r in order)))
        else:
            # Highest first with the ace low, as it counts: "K Q 6", "10 2 A".
            shown = " ".join(RANK_TEXT[r] for r in sorted(rs, key=_ace_low, reverse=True))
            parts.append(event("thirteen ({ranks}) +{n}", ranks=shown, n=thirteen_value))
    parts.append(event("trick +{n}", n=1))
    if jokers > 1:
        parts.append(event("jokers -{n}", n=JOKER_PENALTY * jokers))
    elif jokers:
        parts.append(event("joker -{n}", n=JOKER_PENALTY))
    return event("{parts} = {total}", parts=Join(tuple(parts)), total=total)


def _ace_low(rank: int) -> int:
    return 1 if rank == 14 else rank
