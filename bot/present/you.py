"""The viewer's own acts in the second person: "You take the trick (K♥ 3♥ 10♥)." in the
viewer's own Recent lines (their hand panel, the terminal), where the public board says
"Alice takes the trick ...".

The engines tell every act in the third person (one log for every reader); a message
whose subject (``who``) is the viewer is told here with the matching "You ..." text,
where there is one.  A message that names several seats in their roles (Piquet's trick
line: its leader, its winner and, nested, each seat that plays to it; a deal's dealer
and the seat that leads) has a form for each set of roles the viewer holds in it
(``ROLE_FORMS``), and the messages nested in it are told to the viewer the same way:
"You lead 9♦, Ada plays 7♦: you win.", "Ada leads 9♦, you play 7♦: Ada wins.".
Dialogue ("Alice: Good.") stays as it is said at the table.
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
    "{who} exchanges {n}, taking the whole talon.":
        N_("You exchange {n}, taking the whole talon."),
    "{side} wins the partie by {n}.": N_("You win the partie by {n}."),
    "{side} wins the game by {n}.": N_("You win the game by {n}."),
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


# The engine's message id -> {the placeholders that name the viewer (sorted): the message
# told to the viewer}.  The viewer in any other set of roles: the message as it is.
ROLE_FORMS: dict[str, dict[tuple[str, ...], str]] = {
    # Piquet's trick line, and each play nested in it (said mid-sentence)
    "{leader} leads {card}, {plays}: {winner} wins.": {
        ("leader",): N_("You lead {card}, {plays}: {winner} wins."),
        ("winner",): N_("{leader} leads {card}, {plays}: you win."),
        ("leader", "winner"): N_("You lead {card}, {plays}: you win."),
    },
    "{who} plays {card}": {("who",): N_("you play {card}")},
    # a deal's opening line
    "Deal {n}: {dealer} deals; {elder} is elder.": {
        ("dealer",): N_("Deal {n}: you deal; {elder} is elder."),
        ("elder",): N_("Deal {n}: {dealer} deals; you are elder."),
    },
    "Hand {n}: {dealer} deals; {first} leads.": {
        ("dealer",): N_("Hand {n}: you deal; {first} leads."),
        ("first",): N_("Hand {n}: {dealer} deals; you lead."),
    },
    "Hand {n}: {dealer} deals {k} cards each and turns {card} ({trumps}); {first} leads.": {
        ("dealer",): N_("Hand {n}: you deal {k} cards each and turn {card} ({trumps}); "
                        "{first} leads."),
        ("first",): N_("Hand {n}: {dealer} deals {k} cards each and turns {card} ({trumps}); "
                       "you lead."),
    },
    # (the quotas stay a list of names, as the scores do)
    "Hand {n}: {dealer} deals. Quotas: {a} {qa}, {b} {qb}, {c} {qc}.": {
        ("a", "dealer"): N_("Hand {n}: you deal. Quotas: {a} {qa}, {b} {qb}, {c} {qc}."),
    },
    "Round {n}: {who} deals 5 cards each.": {("who",): N_("Round {n}: you deal 5 cards each.")},
    "Both pass: {who} deals again.": {("who",): N_("Both pass: you deal again.")},
}


def to_you(message: object, seat: int) -> object:
    """``message`` told to ``seat`` when it is ``seat``'s own act and has a "You ..."
    form (or a form for the roles ``seat`` holds in it, its nested messages told to
    ``seat`` too); otherwise ``message`` unchanged."""
    if not isinstance(message, Msg) or message.plural_key is not None:
        return message
    told = _told(message.key, message.data, Seat(seat))
    return message if told is None else Msg.load(*told)


def _told(key: str, data: tuple, me: Seat) -> tuple[str, None, tuple] | None:
    """(key, plural key, data) of the message told to ``me``; None: as it is."""
    you = YOU_FORMS.get(key)
    if you is not None:
        # the act's subject: a seat ("who"), or a side of one seat (Piquet's "side")
        who = next((decode(v) for k, v in data if k in ("who", "side")), None)
        return (you, None, data) if who == me else None
    forms = ROLE_FORMS.get(key)
    if forms is None:
        return None
    roles = tuple(sorted(k for k, v in data if type(v) is tuple and v[:1] == ("p",)
                         and decode(v) == me))
    nested = tuple((k, _nested(v, me)) for k, v in data)
    form = forms.get(roles, key) if roles else key
    if form == key and nested == data:
        return None
    return (form, None, nested)


def _nested(value: object, me: Seat) -> object:
    """A parameter with the messages in it told to ``me`` (a message, or a Join's)."""
    if type(value) is not tuple or not value:
        return value
    if value[0] == "m" and value[2] is None:
        told = _told(value[1], value[3], me)
        return value if told is None else ("m", *told)
    if value[0] == "j":
        return (*value[:2], *(_nested(m, me) for m in value[2:]))
    return value
