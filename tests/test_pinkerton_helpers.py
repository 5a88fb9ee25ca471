"""Helpers for the Pinkerton tests (no tests here): stacked decks, hand-built positions."""

from __future__ import annotations

import random
from collections import Counter

import rules
from games.pinkerton.beats import VALUE
from rules.cards import DOUBLE_104
from rules.messages import said

GAME = rules.get_game("pinkerton")


def C(text: str) -> int:
    """One card as an int ('QH')."""
    return int(DOUBLE_104.parse_card(text))


def cs(text: str) -> list[int]:
    """Several cards ('KH QD 4C') as ints."""
    return [C(t) for t in text.split()]


def deck_order(n: int, dealer: int, *stages: dict[int, str] | str) -> list[str]:
    """The stock order (top first) producing the given deals.

    Each stage is either a dict seat -> cards (a deal: one card at a time,
    clockwise from the dealer's left, to the seats named - the active ones), or
    one card text (a card turned up onto the centre).  The dealing order is the
    game's: phase I deals 5 and turns one, phase II deals 3 and turns one,
    phase III deals 3, each later cycle k + 1.
    """
    order: list[str] = []
    for stage in stages:
        if isinstance(stage, str):
            order.append(stage)
            continue
        seats = [s for s in ((dealer + 1 + i) % n for i in range(n)) if s in stage]
        hands = {s: stage[s].split() for s in seats}
        size = len(hands[seats[0]])
        assert all(len(h) == size for h in hands.values()), "deals are equal per seat"
        for i in range(size):
            for s in seats:
                order.append(hands[s][i])
    return order


def new(n: int, *stages, options: dict | None = None, seed: int = 1, dealer: int = 0):
    """A fresh game whose first deal follows ``stages`` (see deck_order)."""
    return GAME.new_state(n, options or {}, seed=seed, deck=deck_order(n, dealer, *stages))


def arrange(state, *, phase: int, pending: list[int], pile: str, hands: dict[int, str],
            step: str = "turn", dealer: int | None = None, discard: str = "",
            pass_cards: dict[int, str] | None = None, passes: dict[int, int] | None = None,
            out: tuple[int, ...] = (), stock_top: str = "", stock_size: int | None = None,
            scores: list[int] | None = None, opener: int | None = None):
    """Set ``state`` to a precise position, keeping every card accounted for.

    Cards not named anywhere go to the stock (under ``stock_top``), or, when
    ``stock_size`` is given, only that many do and the rest go to the discard.
    """
    pool = Counter(state._deck_cards())

    def take(text: str) -> list[int]:
        cards = cs(text)
        for c in cards:
            pool[c] -= 1
            assert pool[c] >= 0, f"too many {c}"
        return cards

    n = state.n
    state.phase, state.step = phase, step
    if dealer is not None:
        state.dealer = dealer
    state.pile = take(pile)
    state.total = sum(VALUE[c] for c in state.pile)
    state.hands = [sorted(take(hands.get(s, ""))) for s in range(n)]
    state.pass_cards = [take((pass_cards or {}).get(s, "")) for s in range(n)]
    state.passes = [max(len(state.pass_cards[s]), (passes or {}).get(s, 0)) for s in range(n)]
    state.out = [s in out for s in range(n)]
    for s in out:
        state.passes[s] = max(state.passes[s], state.options["passes"])
    top = take(stock_top)
    state.discard = take(discard)
    rest = sorted(pool.elements())
    random.Random(0).shuffle(rest)
    if stock_size is not None:
        keep = stock_size - len(top)
        state.discard += rest[keep:]
        rest = rest[:keep]
    state.stock = rest + top[::-1]
    state.pending = list(pending)
    state.current_seat = pending[0]
    state.count_shown = False
    state.cycle = 1 if phase == 3 else 0
    state.opener = opener if opener is not None else (pending[0] if phase == 3 else None)
    if scores is not None:
        state.scores = list(scores)
    state._init_transient()
    return state


def texts(state) -> list[str]:
    """The current seat's legal actions as text."""
    return [str(a) for a in state.legal_actions(state.current_seat)]


def do(state, *moves: str) -> None:
    """Apply moves in order, each by whoever is to play."""
    for m in moves:
        state.apply(state.current_seat, m)


def public_log(state) -> list[str]:
    return [said(e) for e in state.log if e[1] is None]
