"""Exact checks of trick-game positions over the seat's information set.

``worlds`` draws the worlds a seat cannot tell apart with the engine's own
``sample_world`` (deduplicated by the hands).  ``bounds`` plays out every
continuation of every legal move to the end of the hand in each world and keeps
the worst and the best result for the seat.  A move is *dominated* when, in
every world, some other move's worst result is at least its best result, and
strictly more in some world: whatever anybody holds and whatever anybody plays
afterwards, it cannot do better than the other move.  That is the proof behind
the trick-play positions of the suite (``tests/tactics/find.py`` uses it to
check them).

``trick_bounds`` does the same for the current trick only: the visible-gift
check of ``gift.py``.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from games.thirteens.scoring import trick_points
from rules.base import State
from rules.cards import OROS, SUIT_SHIFT


def _lead(s: State, seat: int) -> float:
    """Thirteens: the seat's score against the others' average (a race to the target)."""
    others = [x for i, x in enumerate(s.scores) if i != seat]
    return s.scores[seat] - sum(others) / len(others)


def _piquet_lead(s: State, seat: int) -> float:
    """Piquet: the seat's side against the other side, or in normand (three players, each
    for themselves) against the best other player."""
    t = s.totals
    if len(t) == 2:
        return t[seat % 2] - t[1 - seat % 2]
    return t[seat] - max(x for i, x in enumerate(t) if i != seat)


def _piquet_own(s: State, seat: int) -> float:
    """Normand: the seat's own points (two sides: the same as ``_piquet_lead``)."""
    return s.totals[seat] if len(s.totals) > 2 else _piquet_lead(s, seat)


def _lead_over_best(s: State, seat: int) -> float:
    """Thirteens: the seat's score against the best other's (the highest score wins)."""
    return s.scores[seat] - max(x for i, x in enumerate(s.scores) if i != seat)


# The seat's result in a finished hand, read from the public state: what the
# hand is played for in each game.  (Coins: the coins left in a hand are all
# taken, so the seat's own coins also rank its lead over the others' average, if
# not always over the best of them; Starshina's stakes and Piquet's two sides add
# up to zero.)
HAND_RESULT: dict[str, Callable[[State, int], float]] = {
    "coins": lambda s, seat: s.scores[seat],
    "thirteens": lambda s, seat: s.scores[seat],
    "starshina": lambda s, seat: s.stakes[seat],
    # Two sides (two-handed, auction, à quatre): the seat's side against the other;
    # normand's three players: the seat's points against the best other's (see below).
    "piquet": lambda s, seat: _piquet_lead(s, seat),
}
# Thirteens is not zero-sum: a move must be no worse for the seat's own points
# *and* for its lead over the others - on average and over the best of them, since
# the highest score wins (handing one player a thirteen for a point of one's own
# is no clear gain).
# Normand likewise: a move must be no worse for the seat's own points and for its lead
# over the best other player.
SECOND_RESULT: dict[str, tuple[Callable[[State, int], float], ...]] = {
    "thirteens": (_lead, _lead_over_best), "piquet": (_piquet_own,)}


def worlds(state: State, seat: int, draws: int = 400, seed: int = 0) -> list[State]:
    """The distinct worlds among ``draws`` sampled ones (distinct by every hand)."""
    rng = random.Random(seed)
    seen: dict[tuple, State] = {}
    for _ in range(draws):
        w = state.sample_world(seat, rng)
        key = tuple(tuple(sorted(h)) for h in w.hands)
        seen.setdefault(key, w)
    return list(seen.values())


def _hand_key(state: State) -> tuple:
    return (getattr(state, state.deal_field), state.is_over)


def _outcome_range(state: State, seat: int, key: tuple, result: Callable) -> tuple[float, float]:
    """(worst, best) of ``result`` for ``seat`` over every continuation to the hand's end."""
    if _hand_key(state) != key:
        v = result(state, seat)
        return v, v
    mover = state.current_seat
    lo, hi = float("inf"), float("-inf")
    for a in state.legal_actions(mover):
        child = state.clone()
        child.apply(mover, a)
        clo, chi = _outcome_range(child, seat, key, result)
        lo, hi = min(lo, clo), max(hi, chi)
    return lo, hi


def bounds(state: State, seat: int, ws: list[State],
           result: Callable[[State, int], float] | None = None) -> \
        dict[str, list[tuple[float, float]]]:
    """For every legal move: (worst, best) result for ``seat`` in each world of ``ws``."""
    result = result or HAND_RESULT[state.game.name]
    key = _hand_key(state)
    out: dict[str, list[tuple[float, float]]] = {}
    for a in state.legal_actions(seat):
        row = []
        for w in ws:
            child = w.clone()
            child.apply(seat, a)
            row.append(_outcome_range(child, seat, key, result))
        out[str(a)] = row
    return out


def dominated(table: dict[str, list[tuple[float, float]]]) -> set[str]:
    """The moves some other move beats in the sense of the module docstring."""
    bad = set()
    for b, brow in table.items():
        for a, arow in table.items():
            if a == b:
                continue
            if all(alo >= bhi for (alo, _), (_, bhi) in zip(arow, brow, strict=True)) and \
                    any(alo > bhi for (alo, _), (_, bhi) in zip(arow, brow, strict=True)):
                bad.add(b)
                break
    return bad


# --- the current trick only (the visible-gift check) ---------------------------------

def trick_value(state: State, seat: int, trick: list[list[int]]) -> float:
    """What a finished trick is worth to ``seat`` (its side in Piquet à quatre): its
    points if the seat takes it, minus them if an opponent does."""
    game = state.game.name
    winner = state._trick_winner(trick)
    cards = [c for _, c in trick]
    if game == "coins":   # only coins count: a trick without any is worth nothing
        worth = sum(1 for c in cards if c >> SUIT_SHIFT == OROS)
    elif game == "thirteens":
        worth = trick_points(cards, state.thirteen_value)[0]
    else:
        worth = 1
    return worth if _ours(state, seat, winner) else -worth


def _ours(state: State, seat: int, winner: int) -> bool:
    if state.game.name == "piquet" and state.n == 4:
        return winner % 2 == seat % 2
    return winner == seat


def trick_won(state: State, seat: int, trick: list[list[int]]) -> float:
    """1 if ``seat`` (its side) takes the finished trick, else -1."""
    return 1 if _ours(state, seat, state._trick_winner(trick)) else -1


TrickValue = Callable[[State, int, list[list[int]]], float]


def _trick_range(state: State, seat: int, trick: list[list[int]], size: int,
                 value: TrickValue) -> tuple[float, float]:
    if len(trick) == size:
        v = value(state, seat, trick)
        return v, v
    mover = state.current_seat
    lo, hi = float("inf"), float("-inf")
    for a in state.legal_actions(mover):
        card = int(a.args[0])
        if len(trick) + 1 == size:
            v = value(state, seat, trick + [[mover, card]])
            clo = chi = v
        else:
            child = state.clone()
            child.apply(mover, a)
            clo, chi = _trick_range(child, seat, trick + [[mover, card]], size, value)
        lo, hi = min(lo, clo), max(hi, chi)
    return lo, hi


def trick_bounds(state: State, seat: int, ws: list[State], value: TrickValue = trick_value) -> \
        dict[str, list[tuple[float, float]]]:
    """For every legal card: (worst, best) ``value`` of the current trick for ``seat``
    in each world, over every way the others may finish the trick."""
    size = state.n
    out: dict[str, list[tuple[float, float]]] = {}
    for a in state.legal_actions(seat):
        card = int(a.args[0])
        row = []
        for w in ws:
            trick = [list(p) for p in w.trick] + [[seat, card]]
            if len(trick) == size:
                v = value(w, seat, trick)
                row.append((v, v))
                continue
            child = w.clone()
            child.apply(seat, a)
            row.append(_trick_range(child, seat, trick, size, value))
        out[str(a)] = row
    return out


def visible_gifts(state: State, seat: int, draws: int = 40, seed: int = 0) -> set[str]:
    """The seat's *visible gifts*: cards that do worse in the current trick than some
    other legal card in every sampled world of the seat's information set, whatever
    the others play to the trick - the trick (and what it carries) given away in
    plain sight."""
    table = trick_bounds(state, seat, worlds(state, seat, draws, seed))
    gifts = set()
    for b, brow in table.items():
        for a, arow in table.items():
            if a != b and all(alo > bhi for (alo, _), (_, bhi) in zip(arow, brow, strict=True)):
                gifts.add(b)
                break
    return gifts
