"""Re-dealing hidden cards consistently with what a seat knows (AI determinisation).

A *slot* is a place holding cards the viewer cannot see (an opponent's hand, a
kitty, an undealt stock), with how many it holds, which suits it cannot hold
(voids shown by failing to follow) and which cards the viewer knows are there.
``redeal`` fills the slots with the unseen cards at random so that every
constraint holds.  The real world always satisfies them, so a solution exists;
random greedy passes find one almost always, and a matching fallback is exact.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field


@dataclass
class Slot:
    cards: list[int]                     # the live list in the state; refilled in place
    banned: Callable[[int], bool] | None = None   # card -> True if it cannot be here
    known: list[int] = field(default_factory=list)  # cards the viewer knows are here
    keep_sorted: bool = True


def redeal(slots: Sequence[Slot], rng: random.Random) -> None:
    """Shuffle the unknown cards of ``slots`` among them, respecting every constraint."""
    pool: list[int] = []
    need: list[int] = []
    for s in slots:
        rest = list(s.cards)
        for k in s.known:
            rest.remove(k)
        pool.extend(rest)
        need.append(len(rest))
    if not pool:
        return
    assignment: list[list[int]] | None = None
    if all(s.banned is None for s in slots):
        rng.shuffle(pool)
        assignment, i = [], 0
        for n in need:
            assignment.append(pool[i:i + n])
            i += n
    else:
        for _ in range(30):
            assignment = _greedy(pool, need, slots, rng)
            if assignment is not None:
                break
        else:
            assignment = _matching(pool, need, slots, rng)
    assert assignment is not None
    for s, new in zip(slots, assignment, strict=True):
        s.cards[:] = list(s.known) + new
        if s.keep_sorted:
            s.cards.sort()


def _allowed(slot: Slot, card: int) -> bool:
    return slot.banned is None or not slot.banned(card)


def _greedy(pool: list[int], need: list[int], slots: Sequence[Slot],
            rng: random.Random) -> list[list[int]] | None:
    cards = pool[:]
    rng.shuffle(cards)
    options = {c: [i for i, s in enumerate(slots) if _allowed(s, c)] for c in set(cards)}
    cards.sort(key=lambda c: len(options[c]))  # most constrained first; stable keeps shuffle
    room = need[:]
    out: list[list[int]] = [[] for _ in slots]
    for c in cards:
        choices = [i for i in options[c] if room[i] > 0]
        if not choices:
            return None
        i = rng.choices(choices, weights=[room[j] for j in choices])[0]
        out[i].append(c)
        room[i] -= 1
    return out


def _matching(pool: list[int], need: list[int], slots: Sequence[Slot],
              rng: random.Random) -> list[list[int]]:
    """Exact fallback: augmenting-path matching of cards to slot positions."""
    cards = pool[:]
    rng.shuffle(cards)
    positions = [i for i, n in enumerate(need) for _ in range(n)]
    owner: list[int | None] = [None] * len(positions)  # position -> card index

    def try_card(ci: int, seen: set[int]) -> bool:
        order = list(range(len(positions)))
        rng.shuffle(order)
        for p in order:
            if p in seen or not _allowed(slots[positions[p]], cards[ci]):
                continue
            seen.add(p)
            held = owner[p]
            if held is None or try_card(held, seen):
                owner[p] = ci
                return True
        return False

    for ci in range(len(cards)):
        if not try_card(ci, set()):
            raise ValueError("no consistent deal exists (the constraints contradict)")
    out: list[list[int]] = [[] for _ in slots]
    for p, card_index in enumerate(owner):
        assert card_index is not None  # every position is filled: there are as many cards
        out[positions[p]].append(cards[card_index])
    return out
