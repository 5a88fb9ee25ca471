"""The viewer's own acts in the second person: "You take the trick (K♥ 3♥ 10♥)." in the
viewer's own Recent lines (their hand panel, the terminal), where the public board says
"Alice takes the trick ...".

The engines tell every act in the third person (one log for every reader); a message
whose subject (``who``) is the viewer is told here with the matching "You ..." text,
where there is one.  Dialogue ("Alice: Good.") stays as it is said at the table.
"""

from __future__ import annotations

from rules.messages import Msg, Seat, decode

from ..i18n import N_

# The engine's message id -> the same act told to its actor (the same placeholders, less
# ``{who}``).  Marked for extraction: pl and ru translate both.
YOU_FORMS: dict[str, str] = {
    # trick games
    "{who} takes the trick ({cards}).": N_("You take the trick ({cards})."),
    "{who} takes the trick ({cards}): {why}.": N_("You take the trick ({cards}): {why}."),
    "{who} takes the trick ({cards}), +{n}.": N_("You take the trick ({cards}), +{n}."),
    "{who} leads.": N_("You lead."),
    "{who} names {suit} as trumps.": N_("You name {suit} as trumps."),
    "{who} reaches {n} and wins the game.": N_("You reach {n} and win the game."),
    "{who} wins with {n} points.": N_("You win with {n} points."),
    "{who} wins the game.": N_("You win the game."),
    "{who} has {n} tricks and wins the game; the hand is played out.":
        N_("You have {n} tricks and win the game; the hand is played out."),
    "{who} took no trick this hand: {n}.": N_("You took no trick this hand: {n}."),
    # Piquet
    "{who} exchanges {n}, leaving {left}.": N_("You exchange {n}, leaving {left}."),
    "{who} exchanges {n}.": N_("You exchange {n}."),
    "{who} exchanges five.": N_("You exchange five."),
    "{who} does not declare a point.": N_("You do not declare a point."),
    "{who} does not declare a sequence.": N_("You do not declare a sequence."),
    "{who} does not declare any set.": N_("You do not declare any set."),
    "{who} scores {n} for {what}: {parts}.": N_("You score {n} for {what}: {parts}."),
    "{who} scores {n} for the point ({cards}).": N_("You score {n} for the point ({cards})."),
    "{who} bids {bid}.": N_("You bid {bid}."),
    "{who} holds carte blanche (no king, queen or jack): 10 points.":
        N_("You hold carte blanche (no king, queen or jack): 10 points."),
    "{who} repiques ({pts} before anything against): +{n}.":
        N_("You repique ({pts} before anything against): +{n}."),
    "{who} piques ({pts} before anything against): +{n}.":
        N_("You pique ({pts} before anything against): +{n}."),
    "{who} reaches {n}: play stops at once.": N_("You reach {n}: play stops at once."),
    "{side} wins the cards with {n} tricks: +10.": N_("You win the cards with {n} tricks: +10."),
    "{side} wins every trick: capot, +{n}.": N_("You win every trick: capot, +{n}."),
    "{who} takes {n} tricks: the contract is made exactly.":
        N_("You take {n} tricks: the contract is made exactly."),
    "{who} takes {n} tricks and fails the contract: {other} +{m}.":
        N_("You take {n} tricks and fail the contract: {other} +{m}."),
    # Pinkerton
    "{who} beats the pile ({was}) with {cards} ({sum}).":
        N_("You beat the pile ({was}) with {cards} ({sum})."),
    "{who} beats the centre card with {cards} ({sum}).":
        N_("You beat the centre card with {cards} ({sum})."),
    "{who} adds {card} to the pile: the pile stands at {n}.":
        N_("You add {card} to the pile: the pile stands at {n}."),
    "{who} skips the beat at 0 and adds {card} to the pile: the pile stands at {n}.":
        N_("You skip the beat at 0 and add {card} to the pile: the pile stands at {n}."),
    "{who} skips the beat at 0 and adds {card} to the pile.":
        N_("You skip the beat at 0 and add {card} to the pile."),
    "{who} opens the bidding: one card onto the pile, no beat needed.":
        N_("You open the bidding: one card onto the pile, no beat needed."),
    "{who} has beaten and now adds a card to the pile.":
        N_("You have beaten and now add a card to the pile."),
    "{who} cannot beat, has no cards and passes ({n} of {limit}).":
        N_("You cannot beat, have no cards and pass ({n} of {limit})."),
    "{who} cannot beat, has no cards and passes for the {nth} time: out of this round.":
        N_("You cannot beat, have no cards and pass for the {nth} time: you are out of "
           "this round."),
    "{who} opens with no card that may be added, and passes without penalty.":
        N_("You open with no card that may be added, and pass without penalty."),
    "{who} beats the pile with {cards} ({sum}).": N_("You beat the pile with {cards} ({sum})."),
    "{who} beats the centre card ({was}) with {cards} ({sum}).":
        N_("You beat the centre card ({was}) with {cards} ({sum})."),
    "{who} adds {card} to the pile.": N_("You add {card} to the pile."),
    "{who} opens the bidding.": N_("You open the bidding."),
    "{who} turns up {card} onto the centre.": N_("You turn up {card} onto the centre."),
    "{who} turns up {card} onto the centre, making a pile.":
        N_("You turn up {card} onto the centre, making a pile."),
    "{who} cannot beat, lays a card face down and passes ({n} of {limit}).":
        N_("You cannot beat, so you lay a card face down and pass ({n} of {limit})."),
    "{who} cannot beat, lays a card face down and passes for the {nth} time: out of this "
    "round.": N_("You cannot beat, so you lay a card face down and pass for the {nth} time: "
                 "you are out of this round."),
    "{who} has beaten but has no card that may be added, and passes without penalty.":
        N_("You have beaten but have no card that may be added, and pass without penalty."),
    "{who} matched it exactly and takes back a pass card ({n} of {limit} passes now).":
        N_("You matched it exactly and take back a pass card ({n} of {limit} passes now)."),
    "{who} is the last player in and scores {gain} for the {size}-card pile ({total} in all).":
        N_("You are the last player in and score {gain} for the {size}-card pile ({total} "
           "in all)."),
    "{who} reaches the target of {target} with {n} points and wins the game.":
        N_("You reach the target of {target} with {n} points and win the game."),
    # Starshina
    "{who} was up and gives {n} to {to}.": N_("You were up and give {n} to {to}."),
    "{who} takes the kitty and will discard four cards.":
        N_("You take the kitty and will discard four cards."),
}


def to_you(message: object, seat: int) -> object:
    """``message`` told to ``seat`` when it is ``seat``'s own act and has a "You ..."
    form; otherwise ``message`` unchanged."""
    if not isinstance(message, Msg) or message.plural_key is not None:
        return message
    you = YOU_FORMS.get(message.key)
    if you is None:
        return message
    # the act's subject: a seat ("who"), or a side of one seat (Piquet's "side")
    who = next((decode(v) for k, v in message.data if k in ("who", "side")), None)
    if who != Seat(seat):
        return message
    return Msg.load(you, None, message.data)
