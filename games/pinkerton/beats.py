"""Pinkerton card values and beat search: which k cards of a hand beat a value.

A beat of value V with k cards needs a sum >= V when V >= 0 and <= V when V < 0.
Flipping the sign of every card for negative V turns both cases into "sum of
weights >= need" with need = |V|, so one search serves both.  Hands are sorted
by weight (strongest first); a partial choice is abandoned as soon as even the
strongest completion falls short, which also ends the loop (later cards are
weaker).  Every branch that survives therefore yields at least one beat, so
the work is proportional to the answer, not to C(hand, k).  Equal cards (the
two copies of a card) sit next to each other and are skipped at each depth, so
each multiset of cards comes out once.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rules.cards import CLUBS, SPADES

JACK, QUEEN, KING, ACE = 11, 12, 13, 14
FACE_LIMIT = 20  # J/Q/K may not be added while -20 < pile < 20


def _value(c: int) -> int:
    rank, suit = c & 15, c >> 4
    if rank == 0 or rank == 1 or rank > 14:
        return 0
    v = {JACK: 20, QUEEN: 30, KING: 40, ACE: 1}.get(rank, rank)
    return -v if suit in (CLUBS, SPADES) else v


VALUE: tuple[int, ...] = tuple(_value(c) for c in range(64))
IS_FACE: tuple[bool, ...] = tuple((c & 15) in (JACK, QUEEN, KING) for c in range(64))
# Canonical order of cards inside an action: biggest |value| first, then by suit/rank.
KEY: tuple[int, ...] = tuple((40 - abs(VALUE[c])) * 64 + (63 - c) for c in range(64))


def value(card: int) -> int:
    """A card's Pinkerton value: A=1, 2-10 face, J=20, Q=30, K=40; black cards negative."""
    return VALUE[card]


def total(cards: Iterable[int]) -> int:
    return sum(VALUE[c] for c in cards)


def beat_size(v: int) -> int:
    """Cards needed to beat ``v``: 2 while |v| < 80, then one more per 40."""
    return max(2, abs(v) // 40 + 1)


def beats_value(s: int, v: int) -> bool:
    """Does a beat summing to ``s`` beat the value ``v``?"""
    return s >= v if v >= 0 else s <= v


def pile_points(n_cards: int) -> int:
    """1 point per card plus 10 per full 10 cards (7 -> 7, 23 -> 43)."""
    return n_cards + 10 * (n_cards // 10)


def may_add(card: int, v: int) -> bool:
    """J/Q/K may not join a pile whose value is strictly between -20 and 20."""
    return not IS_FACE[card] or v <= -FACE_LIMIT or v >= FACE_LIMIT


def canonical(cards: Iterable[int]) -> list[int]:
    """The cards in the order action texts use (unique text per multiset)."""
    return sorted(cards, key=KEY.__getitem__)


def _weighted(hand: Sequence[int], v: int) -> tuple[list[int], list[int], int]:
    """(weights, cards) strongest first, and the weight sum needed."""
    if v >= 0:
        pairs = sorted(((VALUE[c], c) for c in hand), reverse=True)
        need = v
    else:
        pairs = sorted(((-VALUE[c], c) for c in hand), reverse=True)
        need = -v
    return [w for w, _ in pairs], [c for _, c in pairs], need


def can_beat(hand: Sequence[int], k: int, v: int) -> bool:
    """Whether some k cards of ``hand`` beat ``v`` (the k strongest suffice to know)."""
    if len(hand) < k:
        return False
    sign = 1 if v >= 0 else -1
    best = sorted((VALUE[c] * sign for c in hand), reverse=True)
    return sum(best[:k]) >= v * sign


def beats(hand: Sequence[int], k: int, v: int) -> list[tuple[int, ...]]:
    """Every distinct multiset of k cards of ``hand`` that beats ``v`` (strongest first)."""
    if len(hand) < k or k < 1:
        return []
    ws, cs, need = _weighted(hand, v)
    if k == 2:
        return _beats2(ws, cs, need)
    prefix = [0]
    for w in ws:
        prefix.append(prefix[-1] + w)
    out: list[tuple[int, ...]] = []
    chosen: list[int] = []
    m = len(ws)

    def search(start: int, r: int, acc: int) -> None:
        prev = -1
        for i in range(start, m - r + 1):
            # Strongest completion through card i: i and the r-1 cards right after it.
            if acc + prefix[i + r] - prefix[i] < need:
                return
            c = cs[i]
            if c == prev:
                continue
            prev = c
            if r == 1:
                out.append((*chosen, c))
            else:
                chosen.append(c)
                search(i + 1, r - 1, acc + ws[i])
                chosen.pop()

    search(0, k, 0)
    return out


def _beats2(ws: list[int], cs: list[int], need: int) -> list[tuple[int, ...]]:
    out: list[tuple[int, ...]] = []
    m = len(ws)
    prev_i = -1
    for i in range(m - 1):
        wi = ws[i]
        if wi + ws[i + 1] < need:
            break
        ci = cs[i]
        if ci == prev_i:
            continue
        prev_i = ci
        prev_j = -1
        for j in range(i + 1, m):
            if wi + ws[j] < need:
                break
            cj = cs[j]
            if cj != prev_j:
                prev_j = cj
                out.append((ci, cj))
    return out


def cheapest_beat(hand: Sequence[int], k: int, v: int, cost: Sequence[int] | None = None,
                  exact: bool = False) -> tuple[int, ...] | None:
    """The beat of ``v`` with the smallest total ``cost`` (default: the smallest margin).

    ``cost[c]`` (indexed by card code, never negative) prices cards a player
    would rather keep; ties go to the smaller margin.  ``exact`` accepts only
    sums equal to ``v`` (the beats that may recover a pass).  Branch and bound
    over the hand sorted strongest first: a branch stops when even its
    strongest completion falls short, when (for ``exact``) even its weakest
    completion overshoots, or when it already costs more than the best found.
    """
    if len(hand) < k or k < 1:
        return None
    ws, cs, need = _weighted(hand, v)
    prefix = [0]
    for w in ws:
        prefix.append(prefix[-1] + w)
    m = len(ws)
    best: list = [None, None]  # (cost, margin), cards
    chosen: list[int] = []

    def search(start: int, r: int, acc: int, spent: int) -> None:
        if exact and acc + prefix[m] - prefix[m - r] > need:
            return  # even the r weakest cards overshoot
        prev = -1
        for i in range(start, m - r + 1):
            if acc + prefix[i + r] - prefix[i] < need:
                return
            c = cs[i]
            if c == prev:
                continue
            prev = c
            here = spent + (cost[c] if cost is not None else 0)
            if best[0] is not None and here > best[0][0]:
                continue
            if r == 1:
                margin = acc + ws[i] - need
                if exact and margin:
                    continue
                key = (here, margin)
                if best[0] is None or key < best[0]:
                    best[0], best[1] = key, (*chosen, c)
            else:
                chosen.append(c)
                search(i + 1, r - 1, acc + ws[i], here)
                chosen.pop()

    search(0, k, 0, 0)
    return best[1]
