"""Stacked-deck helpers for the Piquet tests (no tests here): hands in, deck order out."""

from __future__ import annotations

import rules
from rules.cards import PIQUET_32

G = rules.get_game("piquet")
ALL = [str(c) for c in PIQUET_32.cards]


def cards(text: str) -> list[str]:
    return [str(PIQUET_32.parse_card(t)) for t in text.split()]


def ints(text: str) -> list[int]:
    """The engine's numbers of these cards (suit * 16 + rank)."""
    return [int(PIQUET_32.parse_card(t)) for t in text.split()]


def deal_order(hands: list[list[str]], talon: list[str] = ()) -> list[str]:
    """The deck order (top first) that deals ``hands`` (listed from elder round the table)
    in packets of two, followed by ``talon``."""
    out: list[str] = []
    size = len(hands[0])
    for start in range(0, size, 2):
        for hand in hands:
            out.extend(hand[start:start + 2])
    return out + list(talon)


def others(*used: list[str]) -> list[str]:
    taken = {c for hand in used for c in hand}
    return [c for c in ALL if c not in taken]


def rubicon_after_exchange(elder: str, younger: str, variant: str = "rubicon", seed: int = 1):
    """A two-handed state in the declarations whose hands after the exchange are exactly
    ``elder`` (seat 1) and ``younger`` (seat 0): each discards one spare card and draws the
    first card of its final hand from the talon."""
    e, y = cards(elder), cards(younger)
    assert len(e) == 12 and len(y) == 12 and not set(e) & set(y)
    spare = others(e, y)
    e_dealt = [c for c in e[1:]] + [spare[0]]
    y_dealt = [c for c in y[1:]] + [spare[1]]
    talon = [e[0], y[0]] + spare[2:]
    s = G.new_state(2, {"variant": variant}, seed=seed, deck=deal_order([e_dealt, y_dealt], talon))
    s.apply(1, f"discard {spare[0]}")
    s.apply(0, f"discard {spare[1]}")
    assert s.phase == "declare"
    return s


def do(state, *moves: str) -> None:
    """Apply moves for whoever is to play."""
    for m in moves:
        state.apply(state.current_seat, m)


def texts(state, seat=None) -> list[str]:
    return [e["text"] for e in state.view(seat)["events"]]


def play_out(state, until=None) -> None:
    """Play the first legal card until the deal (or ``until(state)``) ends."""
    deal = state.deal_no
    while not state.is_over and state.phase == "play" and state.deal_no == deal:
        if until and until(state):
            return
        state.apply(state.current_seat, state.legal_actions(state.current_seat)[0])
