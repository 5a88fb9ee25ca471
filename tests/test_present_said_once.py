"""What happened is said once: the public line of a seat's own act gives way to that
seat's private line of it, and Piquet's declarations are not repeated under Recent."""

from __future__ import annotations

import pytest

from bot.present import presenter_for
from bot.present.games.piquet import summed_up


def _events(game: str, seat: int, *lines: tuple[str, bool]) -> tuple[str, ...]:
    view = {"seat": seat, "events": [
        {"n": n, "text": text, **({"private": True} if private else {})}
        for n, (text, private) in enumerate(lines, 1)]}
    return presenter_for(game).events(view, 20)


@pytest.mark.parametrize(("public", "private", "seat", "both"), [
    ("{p0} gives a card face down to {p1}.", "You give KS to {p1}.", 0, False),
    ("{p1} returns a card to {p0}.", "{p1} returns 10S to you.", 0, False),
    ("{p0} discards four cards face down.", "You discard AD 3H 9H 2S.", 0, False),
    ("{p0} takes the kitty and will discard four cards.", "The kitty holds 9C 9D JS AS.", 0,
     True),                                            # more than the public line: both
    ("{p1} gives a card face down to {p2}.", "You give KS to {p2}.", 0, True),   # not mine
])
def test_a_seats_own_act_is_told_once_in_its_own_words(public: str, private: str, seat: int,
                                                       both: bool) -> None:
    said = _events("starshina", seat, (public, False), (private, True))
    assert len(said) == (2 if both else 1)
    assert said[-1].startswith(("You", "The kitty", "{p1} returns {c:10S}")), said


def test_a_new_deal_is_not_taken_for_the_cards_you_receive() -> None:
    said = _events("pinkerton", 0, ("Round 2: {p0} deals 5 cards each.", False),
                   ("You receive KS 8C 6C 2H AC.", True))
    assert len(said) == 2


@pytest.mark.parametrize(("text", "summed"), [
    ("{p0}: Point of five.", True), ("{p1}: Good.", True),
    ("{p0} scores 6 for the sets: trio of aces (AD AH AS).", True),
    ("{p1} does not declare sequences.", True), ("Nobody scores for the sets.", True),
    ("The point is equal: nobody scores.", True),
    ("{p0} holds carte blanche (no king, queen or jack): 10 points.", True),
    ("{p1} leads QC, {p0} plays 9S: {p1} wins.", False),
    ("Deal 2: {p1} deals; {p0} is elder.", False), ("{p0} exchanges five.", False),
])
def test_piquet_declarations_are_left_to_the_table(text: str, summed: bool) -> None:
    assert summed_up(text) is summed
