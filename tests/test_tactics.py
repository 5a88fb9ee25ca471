"""The tactics suite (issue 39): every position is well formed, ``hard`` solves
every position, and ``normal`` makes no visible gift.

The positions are data in tests/tactics/<game>.py.  The AI runs with a fixed
seed; a failure names every position missed and the move chosen, so progress
on the search shows up position by position.
"""

from __future__ import annotations

import pytest

from tests.tactics import ALL, SUITE, answer
from tests.tactics.exact import visible_gifts
from tests.tactics.find import check
from tests.tactics.position import Position, build


@pytest.mark.parametrize("pos", ALL, ids=lambda p: p.name)
def test_position_is_well_formed(pos: Position) -> None:
    state = build(pos)   # reachable, the seat to move as stated, every answer legal
    legal = {str(a) for a in state.legal_actions(pos.seat)}
    assert any(pos.solved_by(m) for m in legal) and not all(pos.solved_by(m) for m in legal)
    if pos.gift:
        gifts = visible_gifts(state, pos.seat)
        assert gifts, f"{pos.name} is marked as a gift position but has no visible gift"
        assert not any(pos.solved_by(m) for m in gifts), \
            f"{pos.name}: an accepted move is a visible gift: {sorted(gifts)}"


def test_suite_size() -> None:
    for game, positions in SUITE.items():
        assert len(positions) >= 30, game
    assert len({p.name for p in ALL}) == len(ALL), "position names are unique"


def test_younger_and_normand_have_their_own_positions() -> None:
    """Issue 48: at least 15 positions for two-handed Piquet's younger hand (its answers,
    its exchange, its play) and a few for normand."""
    younger = normand = 0
    for pos in SUITE["piquet"]:
        state = build(pos)
        if pos.players == 2 and pos.options.get("variant", "rubicon") == "rubicon":
            younger += pos.seat == state.order[1]
        normand += pos.options.get("variant") == "normand"
    assert younger >= 15 and normand >= 3, (younger, normand)


@pytest.mark.parametrize("game", list(SUITE))
def test_hard_solves_every_position(game: str) -> None:
    missed = []
    for pos in SUITE[game]:
        move = answer("hard", pos)
        if not pos.solved_by(move):
            wanted = f"one of {list(pos.best)}" if pos.best else f"none of {list(pos.avoid)}" \
                if pos.avoid else f"to keep {' '.join(pos.keep)}"
            missed.append(f"{pos.name}: hard plays {move!r}, wanted {wanted} ({pos.why})")
    assert not missed, f"hard misses {len(missed)} of {len(SUITE[game])} {game} positions:\n" \
        + "\n".join(missed)


@pytest.mark.parametrize("game", [g for g, ps in SUITE.items() if any(p.gift for p in ps)])
def test_normal_makes_no_visible_gift(game: str) -> None:
    gifts = []
    checked = 0
    for pos in SUITE[game]:
        state = build(pos)
        if not pos.gift:
            continue
        checked += 1
        move = answer("normal", pos, state)
        found = visible_gifts(state, pos.seat)
        if move in found:
            gifts.append(f"{pos.name}: normal plays {move!r}, a visible gift ({pos.why})")
    assert not gifts, f"normal gives away {len(gifts)} of {checked} {game} gift positions:\n" \
        + "\n".join(gifts)


def _quick_proofs() -> list[Position]:
    """Trick positions whose exhaustive proof is quick: every one with at most two
    cards in the seat's hand, and the first two with three, per game."""
    picked = []
    for positions in SUITE.values():
        threes = 0
        for pos in positions:
            state = build(pos)
            hands = getattr(state, "hands", None)
            if getattr(state, "phase", "play") != "play" or hands is None or pos.keep:
                continue
            if pos.name.startswith("coins-issue"):
                continue   # the first trick of a hand: judged on the trick alone
            size = len(hands[pos.seat])
            if size <= 2 or (size == 3 and threes < 2):
                threes += size == 3
                picked.append(pos)
    return picked


@pytest.mark.parametrize("pos", _quick_proofs(), ids=lambda p: p.name)
def test_trick_position_is_proved(pos: Position) -> None:
    """The answer holds in every world the seat cannot tell apart, played out every way."""
    assert check(pos) == []
