"""Error messages in the reader's language.

The core's and the engines' refusals (``TableError``, ``IllegalAction``) are English
sentences, some with names, cards or numbers filled in.  Constant ones are catalog
messages as they are; the common formatted ones are matched here by one rule each
(pattern -> msgid), like the engine events (``events.py``).  One no rule knows stays
English.
"""

from __future__ import annotations

import re

from rules import lang as card_lang
from rules.cards import CARD

from . import EN, N_, Lang
from .events import _claim, _suit

# Constant refusals of the core and the engines (the same English text as raised).
CONSTANT = (
    N_("The game has not started yet."), N_("The game has already started."),
    N_("That game is over."), N_("The game is over."),
    N_("Could not save that; the table is unchanged. Please try again."),
    N_("Could not save that; nothing changed. Please try again."),
    N_("You are not playing at this table."), N_("You are already at this table."),
    N_("You are not at this table."), N_("That user is not at this table."),
    N_("To leave, use leave rather than kick."), N_("There is no AI seat to remove."),
    N_("The turn time must be a whole number of seconds."),
    N_("The turn time cannot be negative (0 turns the timer off)."),
    N_("The AI plays your seat now: you left or ran out of time."),
    N_("That move upset the game engine; nothing changed. Please report it."),
    N_("A table is already open in this channel. Finish or cancel it first."),
    N_("That was for an earlier position - the game has moved on."),
    N_("There is no table in this channel. Create one first."),
    N_("There is no game running at this table any more."),
    N_("That move is not allowed now."), N_("You do not have a seat in this game."),
    N_("That discard is not allowed."),
    N_("The dealer may not ask for the count; another player has to ask."),
    N_("There is no count to ask for in this game."),
    # Hints and reviews (bot/core/hints.py, reviews.py).
    N_("Hints are off at this table: other people play here, and the host has not switched "
       "hints on."),
    N_("A hint is for your own turn: wait until it is your move."),
    N_("The review could not be computed; please try again later."),
    # Typed-move refusals of the engines (move words in quotes stay canonical: they are
    # what /play accepts in every language).
    N_("Asking for the count is not a move and needs no turn: use the Count button on the "
       "board (or 'count' in the terminal)."),
    N_("Bids run from 7 to 12 tricks ('bid 8'), or -7 to -12 for a minus bid ('bid -8' "
       "undertakes to take at most 4)."),
    N_("Name trumps with a suit: 'trump clubs', 'trump diamonds', 'trump hearts' or 'trump "
       "spades' (C, D, H, S and ♣ ♦ ♥ ♠ work too)."),
    N_("No-trump is not allowed: name a suit, e.g. 'trump hearts'."),
    N_("Say what you sink: 'sink point', 'sink sequence' or 'sink sets'."),
    N_("Write a declaration like 'declare point 5', 'declare sequence 5 king' (a quint to the "
       "king) or 'declare set 4 aces'."),
    N_("Nobody has declared a point yet: declare yours or say 'sink point'."),
    N_("Nobody has declared a sequence yet: declare yours or say 'sink sequence'."),
    N_("Nobody has declared a set yet: declare yours or say 'sink sets'."),
    N_("You cannot double your own bid."),
    N_("You can beat, so you may not pass."),
    N_("You have a card you may add, so add one (add <card>); you may not pass."),
    N_("You have already beaten this turn: now add a card to the pile (add <card>)."),
    N_("You open the bidding: add any card to the pile (add <card>), no beat needed."),
    N_("To pass, lay exactly one card from your hand face down: 'pass <card>'."),
    N_("You can only redouble when your own bid has been doubled."),
    N_("Cards are added to the pile only in phase III; now beat the pile or pass."),
)
# Words inside refusals, translated before they are filled in (Starshina's phase help and
# verbs, Piquet's categories).
WORDS = {w: w for w in (
    N_("it is the exchange: give one card face down with 'give <card>'"),
    N_("it is the exchange: return a card with 'return <card>'"),
    N_("it is the up/down exchange: give a card with 'give <card>'"),
    N_("the dealer is naming trumps with 'trump <suit>'"),
    N_("the dealer is discarding four cards with 'discard <4 cards>'"),
    N_("it is trick play: 'play <card>'"),
    N_("give a card"), N_("return a card"), N_("name trumps"), N_("discard"), N_("play a card"),
    N_("point"), N_("sequences"), N_("sets"),
)}

_RULES: list[tuple[str, str]] = [
    (r"It is not your turn: waiting for (?P<who>.+)\.",
     N_("It is not your turn: waiting for {who}.")),
    (r"Only the host \((?P<who>.+)\) or a moderator can do that\.",
     N_("Only the host ({who}) or a moderator can do that.")),
    (r"The table is full \((?P<n>\d+) players\)\.", N_("The table is full ({n} players).")),
    (r"You do not hold (?P<card>\S+)\. You can play: (?P<legal>.+)\.",
     N_("You do not hold {card}. You can play: {legal}.")),
    (r"You do not hold (?P<card>\S+)\.", N_("You do not hold {card}.")),
    (r"You must follow suit: you hold a (?P<suit>\w+)\. Play one of: (?P<legal>.+)\.",
     N_("You must follow suit: you hold a {suit}. Play one of: {legal}.")),
    (r"You must follow suit: you hold a (?P<suit>\w+)\.",
     N_("You must follow suit: you hold a {suit}.")),
    (r"Unknown move '(?P<move>[^']*)'\. Moves here: (?P<moves>.+)\.",
     N_("Unknown move '{move}'. Moves here: {moves}.")),
    (r"'(?P<move>[^']*)' is not allowed now\. You can: (?P<kinds>.+)\.",
     N_("'{move}' is not allowed now. You can: {kinds}.")),
    (r"(?P<who>.+) has already left this game\.", N_("{who} has already left this game.")),
    (r"'(?P<text>[^']*)' is not a card\. Write cards like (?P<a>\S+) or (?P<b>\S+)\.",
     N_("'{text}' is not a card. Write cards like {a} or {b}.")),
    (r"'(?P<text>[^']*)' is not a card here: this game uses the Spanish suits [^.]*\. "
     r"[^:.]*: did you mean the .+ \((?P<card>[^)]+)\)\?",
     N_("'{text}' is not a card here: this game uses the Spanish suits coins (O or 🪙), cups "
        "(C or 🏆), swords (E or ⚔️) and clubs (B or 🪵). Did you mean {card}?")),
    (r"'(?P<text>[^']*)' is not a card here: this game uses the Spanish suits .*",
     N_("'{text}' is not a card here: this game uses the Spanish suits coins (O or 🪙), cups "
        "(C or 🏆), swords (E or ⚔️) and clubs (B or 🪵).")),
    (r"'(?P<kind>\w+)' needs a card, e\.g\. '(?P<example>[^']+)'\.",
     N_("'{kind}' needs a card, e.g. '{example}'.")),
    (r"'(?P<kind>\w+)' needs at least one card, e\.g\. '(?P<example>[^']+)'\.",
     N_("'{kind}' needs at least one card, e.g. '{example}'.")),
    (r"'(?P<kind>\w+)' needs a number\.", N_("'{kind}' needs a number.")),
    (r"'(?P<kind>\w+)' needs one of: (?P<words>.+)\.", N_("'{kind}' needs one of: {words}.")),
    (r"Did not understand '(?P<part>[^']*)' in '(?P<text>[^']*)'\.",
     N_("Did not understand '{part}' in '{text}'.")),
    (r"Empty action: type a move such as (?P<moves>.+)\.",
     N_("Empty action: type a move such as {moves}.")),
    (r"A beat takes exactly (?P<k>\d+) cards now, not (?P<n>\d+)\.",
     N_("A beat takes exactly {k} cards now, not {n}.")),
    (r"A point has (?P<lo>\d+) to (?P<hi>\d+) cards, not (?P<n>-?\d+)\.",
     N_("A point has {lo} to {hi} cards, not {n}.")),
    (r"A sequence has (?P<lo>\d+) to (?P<hi>\d+) cards, not (?P<n>-?\d+)\.",
     N_("A sequence has {lo} to {hi} cards, not {n}.")),
    (r"'(?P<word>[^']*)' cannot top a sequence of (?P<n>\d+)\. .*",
     N_("'{word}' cannot top a sequence of {n}. Write a declaration like 'declare point 5', "
        "'declare sequence 5 king' (a quint to the king) or 'declare set 4 aces'.")),
    (r"It is time to exchange: discard (?P<lo>\d+) to (?P<hi>\d+) cards, e\.g\. "
     r"'(?P<example>[^']+)'\.",
     N_("It is time to exchange: discard {lo} to {hi} cards, e.g. '{example}'.")),
    (r"The cards are being played: play a card, e\.g\. '(?P<example>[^']+)'\.",
     N_("The cards are being played: play a card, e.g. '{example}'.")),
    (r"We are bidding: you can (?P<kinds>.+)\.", N_("We are bidding: you can {kinds}.")),
    (r"We are declaring the point now; you can: (?P<kinds>.+)\.",
     N_("We are declaring the point now; you can: {kinds}.")),
    (r"We are declaring the sequences now; you can: (?P<kinds>.+)\.",
     N_("We are declaring the sequences now; you can: {kinds}.")),
    (r"We are declaring the sets now; you can: (?P<kinds>.+)\.",
     N_("We are declaring the sets now; you can: {kinds}.")),
    (r"You cannot (?P<verb>give a card|return a card|name trumps|discard|play a card) now: "
     r"(?P<help>.+)\.", N_("You cannot {verb} now: {help}.")),
    (r"You do not hold (?P<card>\S+): you can only discard cards from your hand\.",
     N_("You do not hold {card}: you can only discard cards from your hand.")),
    (r"You do not hold the (?P<named>[a-z]+ of [a-z]+)\.", N_("You do not hold {card}.")),
    (r"You listed (?P<card>\S+) twice\.", N_("You listed {card} twice.")),
    (r"Beat the pile first \(beat with (?P<n>\d+) cards\), then add a card\.",
     N_("Beat the pile first (beat with {n} cards), then add a card.")),
    (r"Cards are added to the pile only in phase III; now beat the centre card "
     r"\((?P<card>-?\d+)\) or pass\.",
     N_("Cards are added to the pile only in phase III; now beat the centre card ({card}) or "
        "pass.")),
    (r"A bid must be higher than the last \((?P<last>-?\d+)\); the lowest you can make is "
     r"'(?P<bid>[^']+)'\.",
     N_("A bid must be higher than the last ({last}); the lowest you can make is '{bid}'.")),
    (r"We are declaring the (?P<cat>point|sequences|sets) now, not the "
     r"(?P<other>point|sequences|sets)\.", N_("We are declaring the {cat} now, not the {other}.")),
    (r"We are declaring the (?P<cat>point|sequences|sets) now: say '(?P<sink>[^']+)'\.",
     N_("We are declaring the {cat} now: say '{sink}'.")),
    (r"You do not hold a (?P<claim>.+): your longest suit has (?P<number>\w+) cards\.",
     N_("You do not hold {claim}: your longest suit has {number} cards.")),
    (r"You do not hold a (?P<claim>.+): you have (?P<number>\w+) \w+\.",
     N_("You do not hold {claim}: you have {number} cards of that rank.")),
    (r"You do not hold a (?P<claim>.+): your best sequence is a (?P<best>.+)\.",
     N_("You do not hold {claim}: your best sequence is {best}.")),
    (r"You do not hold a (?P<claim>.+): you hold no sequence\.",
     N_("You do not hold {claim}: you hold no sequence.")),
    (r"In the classic game the highest card of the suit comes back by itself: (?P<help>.+)\.",
     N_("In the classic game the highest card of the suit comes back by itself: {help}.")),
    (r"Your (?P<claim>.+) is shorter than the (?P<best>.+) declared: declare at least "
     r"(?P<n>\d+) cards or say 'good'\.",
     N_("Your {claim} is shorter than the {best} declared: declare at least {n} cards or say "
        "'good'.")),
    (r"Your (?P<claim>.+) does not beat the (?P<best>.+): say 'good'\.",
     N_("Your {claim} does not beat the {best}: say 'good'.")),
    (r"(?P<best>.+) has been declared: answer 'good' or declare a better one\.",
     N_("{best} has been declared: answer 'good' or declare a better one.")),
    (r"You cannot hand back the (?P<card>\S+) you just received: return any other card\.",
     N_("You cannot hand back the {card} you just received: return any other card.")),
    (r"You must return a (?P<suit>\w+) higher than the (?P<card>\S+) you received: "
     r"(?P<cards>.+)\.",
     N_("You must return a {suit} higher than the {card} you received: {cards}.")),
    (r"You do not hold (?P<cards>\S+(?:, \S+)+)\.", N_("You do not hold {cards}.")),
    (r"A season lasts from (?P<low>\d+) to (?P<high>\d+) days \(or 0 for calendar months\)\.",
     N_("A season lasts from {low} to {high} days (or 0 for calendar months).")),
]
_COMPILED = [(re.compile(p), m) for p, m in _RULES]


def translate(lang: Lang, message: str) -> str:
    """``message`` (a refusal as raised) in ``lang``; unchanged when nothing knows it."""
    if lang is EN or lang.code == "en":
        return message
    out = lang._(message)
    if out != message:
        return out
    for pattern, msgid in _COMPILED:
        m = pattern.fullmatch(message)
        if m is not None:
            parts = dict(m.groupdict())
            if "suit" in parts:
                parts["suit"] = _suit(lang, parts["suit"])
            if "named" in parts:     # "the king of coins": the card in the reader's words
                parts["card"] = _card_named(lang, parts["named"])
            for key in ("verb", "help", "cat", "other"):
                if parts.get(key) in WORDS:
                    parts[key] = lang._(WORDS[parts[key]])
            for key in ("claim", "best", "number"):   # Piquet's claims and number words
                if key in parts:
                    parts[key] = _claim(lang, parts[key])
            return lang._(msgid, **parts)
    return message


def _card_named(lang: Lang, english: str) -> str:
    """A card named in English ("king of coins") in ``lang``'s words ("król monet")."""
    card = _CARDS_BY_NAME.get(english.lower())
    return english if card is None else card_lang.card_name(card, lang.code)


_CARDS_BY_NAME = {c.name.lower(): c for c in CARD.values() if not c.is_joker}
