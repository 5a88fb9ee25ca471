"""What happened is said once: the public line of a seat's own act gives way to that
seat's private line of it, and Piquet's declarations are not repeated under Recent."""

from __future__ import annotations

import pytest

from bot.present import presenter_for
from games.piquet.presenter import summed_up
from rules.messages import Cards, Msg, Seat


def _events(game: str, seat: int, *lines: tuple[str | Msg, bool]) -> tuple[str, ...]:
    view = {"seat": seat, "events": [
        {"n": n, "text": text, **({"private": True} if private else {})}
        for n, (text, private) in enumerate(lines, 1)]}
    return presenter_for(game).events(view, 20)


@pytest.mark.parametrize(("public", "private", "seat", "both"), [
    (Msg("{g} gives a card face down to {r}.", g=Seat(0), r=Seat(1)),
     Msg("You give {card} to {r}.", card=Cards(("KS",)), r=Seat(1)), 0, False),
    (Msg("{r} returns a card to {g}.", r=Seat(1), g=Seat(0)),
     Msg("{r} returns {card} to you.", r=Seat(1), card=Cards(("10S",))), 0, False),
    (Msg("{who} discards four cards face down.", who=Seat(0)),
     Msg("You discard {cards}.", cards=Cards(("AD", "3H", "9H", "2S"))), 0, False),
    (Msg("{who} takes the kitty and will discard four cards.", who=Seat(0)),
     Msg("The kitty holds {cards}.", cards=Cards(("9C", "9D", "JS", "AS"))), 0,
     True),                                            # more than the public line: both
    (Msg("{g} gives a card face down to {r}.", g=Seat(1), r=Seat(2)),
     Msg("You give {card} to {r}.", card=Cards(("KS",)), r=Seat(2)), 0, True),   # not mine
])
def test_a_seats_own_act_is_told_once_in_its_own_words(public: Msg, private: Msg, seat: int,
                                                       both: bool) -> None:
    """The game pairs its private notes with the public lines they tell again, by message
    id (``Game.private_twins``), not by their English."""
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
