"""Engine events in the reader's language.

The engines are pure and English: each logs its events as sentences with ``{pN}``
seat tokens ("{p1} takes the trick (KC NO JC)."), and the state JSON keeps them.
Rather than change what every engine stores, each English event form is matched
here by one rule - a pattern with named parts and the catalog message it becomes
- and the parts that are words themselves (a suit, a Piquet claim, a Thirteens
scoring breakdown) are translated on the way.  An event no rule knows stays
English; ``tests/test_i18n.py`` plays random games of every game and fails on one.

A new engine event: add a rule here (its msgid is the English sentence with
``{name}`` placeholders), extract, translate.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from rules.cards import SUIT_NAME
from rules.games.piquet.combos import number_word

from . import EN, N_, Lang
from .cards import claim_words, suit_word

P = r"\{p\d+\}"
C = r"\{c:[0-9A-Z]+\}"
CS = rf"{C}(?: {C})*"
N = r"-?\d+"
SIDE = rf"{P}(?:\+{P})?"

Convert = Callable[[Lang, str], str]


# --- converters for parts that are words -----------------------------------------------

def _and(lang: Lang, names: str) -> str:
    """"{p0} and {p2}" in ``lang``."""
    return (" " + lang._("and") + " ").join(names.split(" and "))


# French suits win over Spanish ones of the same English word ("clubs"): the engines that
# name suits in events (Starshina, Thirteens) use the French deck.
_SUIT_BY_WORD = {w: s for s, w in reversed(SUIT_NAME.items())}
_SUIT_BY_WORD.update({w[:-1]: s for w, s in list(_SUIT_BY_WORD.items()) if w.endswith("s")})


def _suit(lang: Lang, word: str) -> str:
    """An English suit word ("clubs", "heart") as ``lang``'s (plural) suit name."""
    if lang.code == "en":
        return word
    suit = _SUIT_BY_WORD.get(word)
    return suit_word(lang.code, suit) if suit is not None else word


def _ordinal(lang: Lang, nth: str) -> str:
    from bot.present.base import ordinal
    digits = re.match(r"\d+", nth)
    assert digits is not None  # the rules match an ordinal as digits and a suffix
    return ordinal(int(digits.group(0)), lang)


def _count(unit: str) -> Convert:
    def convert(lang: Lang, n: str) -> str:
        from bot.present.base import units
        return units(lang, int(n), unit)
    return convert


_NUMBER = {number_word(n).capitalize(): n for n in range(100)}
_NUMBER.update({number_word(n): n for n in range(100)})


def _claims() -> dict[str, tuple[str, int, int]]:
    from bot.present.games.piquet.declarations import NAMES
    return NAMES


def _claim(lang: Lang, said: str) -> str:
    """A Piquet claim or a number said aloud ("Quint to the king", "Forty-one")."""
    if said in _NUMBER:
        return said if lang.code == "en" else str(_NUMBER[said])
    key = said[:1].lower() + said[1:]
    names = _claims()
    if key not in names:
        return said
    if lang.code == "qps":
        return f"⟦{said}⟧"
    words = claim_words(lang.code, *names[key])
    if words is None:
        return said
    return words[:1].upper() + words[1:] if said[:1].isupper() else words


def _claims_shown(lang: Lang, parts: str) -> str:
    """"quart major (AS KS QS JS), trio of aces (...)" with each claim translated."""
    out = []
    for m in re.finditer(rf"\s*(?P<claim>[^,(]+?) \((?P<cards>{CS})\)", parts):
        out.append(f"{_claim(lang, m['claim'])} ({m['cards']})")
    return ", ".join(out) if out else parts


def _bid(lang: Lang, text: str) -> str:
    """Piquet's "minus eleven (to take at most 1 tricks)" in ``lang``."""
    m = re.fullmatch(r"(?P<minus>minus )?(?P<word>[a-z-]+) \(to take at (?:least|most) "
                     r"(?P<n>\d+) tricks\)", text)
    if m is None:
        return text
    value = _NUMBER.get(m["word"], 0)
    tricks = _count("trick")(lang, m["n"])
    if m["minus"]:
        return lang._("minus {n} (to take at most {tricks})", n=value, tricks=tricks)
    return lang._("{n} (to take at least {tricks})", n=value, tricks=tricks)


_RANKS_WORD = {"aces": N_("aces"), "kings": N_("kings"), "queens": N_("queens"),
               "jacks": N_("jacks")}


def _thirteens_why(lang: Lang, why: str) -> str:
    """"thirteen (K 9) +3, pair of 8s +1, trick +1, joker -4 = 4" in ``lang``."""
    body, _, total = why.rpartition(" = ")
    if not body:
        return why
    out = []
    for piece in body.split(", "):
        if m := re.fullmatch(r"thirteen \((?P<ranks>[^)]*)\) \+(?P<n>\d+)", piece):
            out.append(lang._("thirteen ({ranks}) +{n}", ranks=m["ranks"], n=m["n"]))
        elif m := re.fullmatch(r"pair of (?P<rank>\w+) \+(?P<n>\d+)", piece):
            rank = m["rank"]
            rank = lang._(_RANKS_WORD[rank]) if rank in _RANKS_WORD else rank.rstrip("s")
            out.append(lang._("pair of {rank} +{n}", rank=rank, n=m["n"]))
        elif m := re.fullmatch(r"run \((?P<ranks>[^)]*)\) \+(?P<n>\d+)", piece):
            out.append(lang._("run ({ranks}) +{n}", ranks=m["ranks"], n=m["n"]))
        elif m := re.fullmatch(r"trick \+(?P<n>\d+)", piece):
            out.append(lang._("trick +{n}", n=m["n"]))
        elif m := re.fullmatch(r"joker -(?P<n>\d+)", piece):
            out.append(lang._("joker -{n}", n=m["n"]))
        elif m := re.fullmatch(r"jokers -(?P<n>\d+)", piece):
            out.append(lang._("jokers -{n}", n=m["n"]))
        else:
            return why
    return ", ".join(out) + " = " + total


def _trumps(lang: Lang, text: str) -> str:
    if text == "a joker: no trumps this hand":
        return lang._("a joker: no trumps this hand")
    if m := re.fullmatch(r"(?P<suit>\w+) are trumps", text):
        return lang._("{suit} are trumps", suit=_suit(lang, m["suit"]))
    return text


def _plays(lang: Lang, plays: str) -> str:
    """Piquet's ", {p2} plays 8D, {p0} plays QD" in ``lang``."""
    out = []
    for m in re.finditer(rf"(?P<who>{P}) plays (?P<card>{C})", plays):
        out.append(lang._("{who} plays {card}", who=m["who"], card=m["card"]))
    return ", ".join(out) if out else plays


def _what(lang: Lang, what: str) -> str:
    from bot.present.games.piquet.declarations import TITLE_WORDS
    key = {"the point": "point", "the sequences": "sequence", "the sets": "set"}.get(what)
    return lang._(TITLE_WORDS[key]) if key else what


# --- the rules: (pattern, msgid, converters) -------------------------------------------
# Most specific first: the first rule whose pattern matches the whole event wins.

RULES: list[tuple[str, str, dict[str, Convert]]] = [
    # Coins
    (rf"Hand (?P<n>\d+): (?P<dealer>{P}) deals; (?P<first>{P}) leads\.",
     N_("Hand {n}: {dealer} deals; {first} leads."), {}),
    (rf"(?P<who>{P}) takes the trick \((?P<cards>{CS})\), \+(?P<n>\d+) coins?\.",
     N_("{who} takes the trick ({cards}), +{n}."), {"n": _count("coin")}),
    (rf"(?P<who>{P}) reaches (?P<n>{N}) and wins the game\.",
     N_("{who} reaches {n} and wins the game."), {}),
    # Pinkerton
    (rf"Round (?P<n>\d+): (?P<who>{P}) deals 5 cards each\.",
     N_("Round {n}: {who} deals 5 cards each."), {}),
    (r"The stock is used up: the discard pile is shuffled into a new stock\.",
     N_("The stock is used up: the discard pile is shuffled into a new stock."), {}),
    (r"The stock and the discard pile are both empty: a fresh 52-card deck is shuffled in\.",
     N_("The stock and the discard pile are both empty: a fresh 52-card deck is shuffled "
        "in."), {}),
    (rf"You receive (?P<cards>{CS})\.", N_("You receive {cards}."), {}),
    (rf"(?P<who>{P}) turns up (?P<card>{C}) onto the centre, making a pile\.",
     N_("{who} turns up {card} onto the centre, making a pile."), {}),
    (rf"(?P<who>{P}) turns up (?P<card>{C}) onto the centre\.",
     N_("{who} turns up {card} onto the centre."), {}),
    (rf"(?P<who>{P}) asks for the count: the pile stands at (?P<n>{N})\.",
     N_("{who} asks for the count: the pile stands at {n}."), {}),
    (rf"(?P<who>{P}) has beaten but has no card that may be added, and passes without "
     r"penalty\.",
     N_("{who} has beaten but has no card that may be added, and passes without penalty."),
     {}),
    (rf"(?P<who>{P}) opens with no card that may be added, and passes without penalty\.",
     N_("{who} opens with no card that may be added, and passes without penalty."), {}),
    (rf"(?P<who>{P}) beats the centre card \((?P<was>{N})\) with (?P<cards>{CS}) "
     rf"\((?P<sum>{N})\)\.",
     N_("{who} beats the centre card ({was}) with {cards} ({sum})."), {}),
    (rf"(?P<who>{P}) beats the pile \((?P<was>{N})\) with (?P<cards>{CS}) \((?P<sum>{N})\)\.",
     N_("{who} beats the pile ({was}) with {cards} ({sum})."), {}),
    (rf"(?P<who>{P}) beats the centre card with (?P<cards>{CS}) \((?P<sum>{N})\)\.",
     N_("{who} beats the centre card with {cards} ({sum})."), {}),
    (rf"(?P<who>{P}) beats the pile with (?P<cards>{CS}) \((?P<sum>{N})\)\.",
     N_("{who} beats the pile with {cards} ({sum})."), {}),
    (rf"(?P<who>{P}) matched it exactly and takes back a pass card \((?P<n>\d+) of "
     r"(?P<limit>\d+) passes now\)\.",
     N_("{who} matched it exactly and takes back a pass card ({n} of {limit} passes now)."),
     {}),
    (rf"You take back (?P<card>{C})\.", N_("You take back {card}."), {}),
    (rf"(?P<who>{P}) skips the beat at 0 and adds (?P<card>{C}) to the pile: the pile "
     rf"stands at (?P<n>{N})\.",
     N_("{who} skips the beat at 0 and adds {card} to the pile: the pile stands at {n}."), {}),
    (rf"(?P<who>{P}) skips the beat at 0 and adds (?P<card>{C}) to the pile\.",
     N_("{who} skips the beat at 0 and adds {card} to the pile."), {}),
    (rf"(?P<who>{P}) adds (?P<card>{C}) to the pile: the pile stands at (?P<n>{N})\.",
     N_("{who} adds {card} to the pile: the pile stands at {n}."), {}),
    (rf"(?P<who>{P}) adds (?P<card>{C}) to the pile\.", N_("{who} adds {card} to the pile."),
     {}),
    (rf"You lay (?P<card>{C}) face down\.", N_("You lay {card} face down."), {}),
    (rf"(?P<who>{P}) cannot beat, lays a card face down and passes for the "
     r"(?P<nth>\d+\w\w) time: out of this round\.",
     N_("{who} cannot beat, lays a card face down and passes for the {nth} time: out of "
        "this round."), {"nth": _ordinal}),
    (rf"(?P<who>{P}) cannot beat, has no cards and passes for the (?P<nth>\d+\w\w) time: "
     r"out of this round\.",
     N_("{who} cannot beat, has no cards and passes for the {nth} time: out of this round."),
     {"nth": _ordinal}),
    (rf"(?P<who>{P}) cannot beat, lays a card face down and passes \((?P<n>\d+) of "
     r"(?P<limit>\d+)\)\.",
     N_("{who} cannot beat, lays a card face down and passes ({n} of {limit})."), {}),
    (rf"(?P<who>{P}) cannot beat, has no cards and passes \((?P<n>\d+) of (?P<limit>\d+)\)\.",
     N_("{who} cannot beat, has no cards and passes ({n} of {limit})."), {}),
    (r"The round reaches (?P<n>\d+) turns and is abandoned: no score\.",
     N_("The round reaches {n} turns and is abandoned: no score."), {}),
    (r"Phase II: everyone still in gets 3 more cards\.",
     N_("Phase II: everyone still in gets 3 more cards."), {}),
    (r"Phase III, the bidding: everyone still in gets 3 more cards\.",
     N_("Phase III, the bidding: everyone still in gets 3 more cards."), {}),
    (rf"(?P<who>{P}) opens the bidding\.", N_("{who} opens the bidding."), {}),
    (r"Cycle (?P<n>\d+): everyone still in gets (?P<k>\d+) more cards\.",
     N_("Cycle {n}: everyone still in gets {k} more cards."), {}),
    (rf"(?P<who>{P}) is the last player in and scores (?P<gain>{N}) for the "
     rf"(?P<size>\d+)-card pile \((?P<total>{N}) in all\)\.",
     N_("{who} is the last player in and scores {gain} for the {size}-card pile ({total} in "
        "all)."), {}),
    (rf"(?P<who>{P}) reaches the target of (?P<target>\d+) with (?P<n>{N}) points and wins "
     r"the game\.",
     N_("{who} reaches the target of {target} with {n} points and wins the game."), {}),
    # Starshina
    (rf"Hand (?P<n>\d+): (?P<dealer>{P}) deals\. Quotas: (?P<a>{P}) (?P<qa>\d+), "
     rf"(?P<b>{P}) (?P<qb>\d+), (?P<c>{P}) (?P<qc>\d+)\.",
     N_("Hand {n}: {dealer} deals. Quotas: {a} {qa}, {b} {qb}, {c} {qc}."), {}),
    (rf"(?P<who>{P}) was up and gives (?P<n>\d+) cards? to (?P<to>{P})\.",
     N_("{who} was up and gives {n} to {to}."), {"n": _count("card")}),
    (rf"(?P<g>{P}) gives a card face down to (?P<r>{P})\.",
     N_("{g} gives a card face down to {r}."), {}),
    (rf"You give (?P<card>{C}) to (?P<r>{P}); it comes back \(no higher (?P<suit>\w+)\)\.",
     N_("You give {card} to {r}; it comes back (no higher {suit})."), {"suit": _suit}),
    (rf"You give (?P<card>{C}) to (?P<r>{P}) and get (?P<back>{C}) back\.",
     N_("You give {card} to {r} and get {back} back."), {}),
    (rf"You give (?P<card>{C}) to (?P<r>{P})\.", N_("You give {card} to {r}."), {}),
    (rf"(?P<g>{P}) gives you (?P<card>{C}); you hold no higher (?P<suit>\w+), so it goes "
     r"back\.",
     N_("{g} gives you {card}; you hold no higher {suit}, so it goes back."),
     {"suit": _suit}),
    (rf"(?P<g>{P}) gives you (?P<card>{C}); you return (?P<back>{C}), your highest "
     r"(?P<suit>\w+)\.",
     N_("{g} gives you {card}; you return {back}, your highest {suit}."), {"suit": _suit}),
    (rf"(?P<g>{P}) gives you (?P<card>{C})\.", N_("{g} gives you {card}."), {}),
    (rf"(?P<r>{P}) returns a card to (?P<g>{P})\.", N_("{r} returns a card to {g}."), {}),
    (rf"You return (?P<card>{C}) to (?P<g>{P})\.", N_("You return {card} to {g}."), {}),
    (rf"(?P<r>{P}) returns (?P<card>{C}) to you\.", N_("{r} returns {card} to you."), {}),
    (rf"(?P<g>{P}) gives a card to (?P<r>{P}) and gets one back\.",
     N_("{g} gives a card to {r} and gets one back."), {}),
    (rf"(?P<who>{P}) names (?P<suit>\w+) as trumps\.", N_("{who} names {suit} as trumps."),
     {"suit": _suit}),
    (rf"(?P<who>{P}) takes the kitty and will discard four cards\.",
     N_("{who} takes the kitty and will discard four cards."), {}),
    (rf"The kitty holds (?P<cards>{CS})\.", N_("The kitty holds {cards}."), {}),
    (rf"(?P<who>{P}) discards four cards face down\.",
     N_("{who} discards four cards face down."), {}),
    (rf"(?P<who>{P}) leads\.", N_("{who} leads."), {}),
    (rf"(?P<who>{P}) has (?P<n>\d+) tricks and wins the game; the hand is played out\.",
     N_("{who} has {n} tricks and wins the game; the hand is played out."), {}),
    (r"Hand (?P<n>\d+) over \(tricks/quota\): (?P<parts>.+)\.",
     N_("Hand {n} over (tricks/quota): {parts}."), {}),
    (r"Settled: (?P<parts>.+)\.", N_("Settled: {parts}."), {}),
    (rf"(?P<who>{P}) takes the pot of (?P<n>\d+) stakes, plus one from (?P<missed>.+) for "
     r"missing quota\.",
     N_("{who} takes the pot of {n} stakes, plus one from {missed} for missing quota."),
     {"missed": _and}),
    (rf"(?P<who>{P}) takes the pot of (?P<n>\d+) stakes\.",
     N_("{who} takes the pot of {n} stakes."), {}),
    # Thirteens
    (rf"Hand (?P<n>\d+): (?P<dealer>{P}) deals (?P<k>\d+) cards each and turns "
     rf"(?P<card>{C}) \((?P<trumps>[^)]*)\); (?P<first>{P}) leads\.",
     N_("Hand {n}: {dealer} deals {k} cards each and turns {card} ({trumps}); {first} "
        "leads."), {"trumps": _trumps}),
    (rf"(?P<who>{P}) takes the trick \((?P<cards>{CS})\): (?P<why>.+)\.",
     N_("{who} takes the trick ({cards}): {why}."), {"why": _thirteens_why}),
    (rf"(?P<who>{P}) took no trick this hand: (?P<n>{N})\.",
     N_("{who} took no trick this hand: {n}."), {}),
    (r"End of hand (?P<n>\d+): (?P<parts>.+)\.", N_("End of hand {n}: {parts}."), {}),
    (rf"(?P<who>{P}) wins with (?P<n>{N}) points\.", N_("{who} wins with {n} points."), {}),
    (rf"(?P<names>{P}(?: and {P})+) share the win with (?P<n>{N}) points\.",
     N_("{names} share the win with {n} points."), {"names": _and}),
    # Coins and Starshina: a trick without a breakdown
    (rf"(?P<who>{P}) takes the trick \((?P<cards>{CS})\)\.",
     N_("{who} takes the trick ({cards})."), {}),
    (rf"(?P<who>{P}) wins the game\.", N_("{who} wins the game."), {}),
    # Piquet: the deal, the exchange, tricks, scores
    (rf"Deal (?P<n>\d+): (?P<dealer>{P}) deals; (?P<elder>{P}) is elder\.",
     N_("Deal {n}: {dealer} deals; {elder} is elder."), {}),
    (rf"(?P<who>{P}) holds carte blanche \(no king, queen or jack\): 10 points\.",
     N_("{who} holds carte blanche (no king, queen or jack): 10 points."), {}),
    (r"The partie is drawn\.", N_("The partie is drawn."), {}),
    (rf"(?P<side>{SIDE}) wins the game by (?P<n>\d+)\.", N_("{side} wins the game by {n}."),
     {}),
    (rf"(?P<side>{SIDE}) win the game by (?P<n>\d+)\.", N_("{side} win the game by {n}."), {}),
    (rf"(?P<side>{SIDE}) wins the partie by (?P<n>\d+)\.",
     N_("{side} wins the partie by {n}."), {}),
    (rf"(?P<side>{SIDE}) win the partie by (?P<n>\d+)\.", N_("{side} win the partie by {n}."),
     {}),
    (rf"(?P<who>{P}) repiques \((?P<pts>\d+) before anything against\): \+(?P<n>\d+)\.",
     N_("{who} repiques ({pts} before anything against): +{n}."), {}),
    (rf"(?P<who>{P}) and (?P<partner>{P}) repique \((?P<pts>\d+) before anything "
     r"against\): \+(?P<n>\d+)\.",
     N_("{who} and {partner} repique ({pts} before anything against): +{n}."), {}),
    (rf"(?P<who>{P}) piques \((?P<pts>\d+) before anything against\): \+(?P<n>\d+)\.",
     N_("{who} piques ({pts} before anything against): +{n}."), {}),
    (rf"(?P<who>{P}) and (?P<partner>{P}) pique \((?P<pts>\d+) before anything against\): "
     r"\+(?P<n>\d+)\.",
     N_("{who} and {partner} pique ({pts} before anything against): +{n}."), {}),
    (rf"(?P<who>{P}) reaches (?P<n>\d+): play stops at once\.",
     N_("{who} reaches {n}: play stops at once."), {}),
    (rf"(?P<who>{P}) exchanges five\.", N_("{who} exchanges five."), {}),
    (rf"(?P<who>{P}) exchanges (?P<n>\d+), leaving (?P<left>\d+)\.",
     N_("{who} exchanges {n}, leaving {left}."), {}),
    (rf"(?P<who>{P}) exchanges (?P<n>\d+), taking the whole talon\.",
     N_("{who} exchanges {n}, taking the whole talon."), {}),
    (rf"(?P<who>{P}) exchanges (?P<n>\d+)\.", N_("{who} exchanges {n}."), {}),
    (rf"(?P<who>{P}) keeps the hand\.", N_("{who} keeps the hand."), {}),
    (rf"You discard (?P<out>{CS}) and draw (?P<got>{CS}); the cards left are (?P<left>{CS})\.",
     N_("You discard {out} and draw {got}; the cards left are {left}."), {}),
    (rf"You discard (?P<out>{CS}) and draw (?P<got>{CS}); the cards you left are "
     rf"(?P<left>{CS})\.",
     N_("You discard {out} and draw {got}; the cards you left are {left}."), {}),
    (rf"You discard (?P<out>{CS}) and draw (?P<got>{CS})\.",
     N_("You discard {out} and draw {got}."), {}),
    (rf"You discard (?P<cards>{CS})\.", N_("You discard {cards}."), {}),
    (rf"The talon card\(s\) you left: (?P<cards>{CS})\.",
     N_("The talon cards you left: {cards}."), {}),
    (rf"The cards (?P<who>{P}) left in the talon: (?P<cards>{CS})\.",
     N_("The cards {who} left in the talon: {cards}."), {}),
    (rf"(?P<leader>{P}) leads (?P<card>{C}), (?P<plays>.+): (?P<winner>{P}) wins\.",
     N_("{leader} leads {card}, {plays}: {winner} wins."), {"plays": _plays}),
    (r"Deal (?P<n>\d+) scores: (?P<scores>.+)\. Totals: (?P<totals>.+)\.",
     N_("Deal {n} scores: {scores}. Totals: {totals}."), {}),
    (r"The cards are divided\.", N_("The cards are divided."), {}),
    (rf"(?P<side>{SIDE}) wins every trick: capot, \+(?P<n>\d+)\.",
     N_("{side} wins every trick: capot, +{n}."), {}),
    (rf"(?P<side>{SIDE}) win every trick: capot, \+(?P<n>\d+)\.",
     N_("{side} win every trick: capot, +{n}."), {}),
    (rf"(?P<side>{SIDE}) wins the cards with (?P<n>\d+) tricks: \+10\.",
     N_("{side} wins the cards with {n} tricks: +10."), {}),
    (rf"(?P<side>{SIDE}) win the cards with (?P<n>\d+) tricks: \+10\.",
     N_("{side} win the cards with {n} tricks: +10."), {}),
    (rf"(?P<who>{P}) takes (?P<n>\d+) tricks and beats the contract: \+(?P<m>\d+)\.",
     N_("{who} takes {n} tricks and beats the contract: +{m}."), {}),
    (rf"(?P<who>{P}) takes (?P<n>\d+) tricks and fails the contract: (?P<other>{P}) "
     r"\+(?P<m>\d+)\.",
     N_("{who} takes {n} tricks and fails the contract: {other} +{m}."), {}),
    (rf"(?P<who>{P}) takes (?P<n>\d+) tricks: the contract is made exactly\.",
     N_("{who} takes {n} tricks: the contract is made exactly."), {}),
    (r"The scores are tied: one more deal each\.",
     N_("The scores are tied: one more deal each."), {}),
    # Piquet: the auction
    (rf"Both pass: (?P<who>{P}) deals again\.", N_("Both pass: {who} deals again."), {}),
    (rf"(?P<who>{P}) bids (?P<bid>.+)\.", N_("{who} bids {bid}."), {"bid": _bid}),
    (rf"Contract: (?P<who>{P}) (?P<bid>.+\)), doubled\.",
     N_("Contract: {who} {bid}, doubled."), {"bid": _bid}),
    (rf"Contract: (?P<who>{P}) (?P<bid>.+\)), redoubled\.",
     N_("Contract: {who} {bid}, redoubled."), {"bid": _bid}),
    (rf"Contract: (?P<who>{P}) (?P<bid>.+\))\.", N_("Contract: {who} {bid}."), {"bid": _bid}),
    (rf"(?P<who>{P}): Pass\.", N_("{who}: Pass."), {}),
    (rf"(?P<who>{P}): Double\.", N_("{who}: Double."), {}),
    (rf"(?P<who>{P}): Redouble\.", N_("{who}: Redouble."), {}),
    # Piquet: the declarations
    (rf"(?P<who>{P}) does not declare a point\.", N_("{who} does not declare a point."), {}),
    (rf"(?P<who>{P}) does not declare a sequence\.", N_("{who} does not declare a sequence."),
     {}),
    (rf"(?P<who>{P}) does not declare any set\.", N_("{who} does not declare any set."), {}),
    (r"Nobody scores for (?P<what>the point|the sequences|the sets)\.",
     N_("Nobody scores for {what}."), {"what": _what}),
    (r"The point is equal: nobody scores\.", N_("The point is equal: nobody scores."), {}),
    (r"The sequences are equal: nobody scores\.",
     N_("The sequences are equal: nobody scores."), {}),
    (r"The sets are equal: nobody scores\.", N_("The sets are equal: nobody scores."), {}),
    (rf"(?P<who>{P}) scores (?P<n>\d+) for the point \((?P<cards>{CS})\)\.",
     N_("{who} scores {n} for the point ({cards})."), {}),
    (rf"(?P<who>{P}) scores (?P<n>\d+) for (?P<what>the sequences|the sets): (?P<parts>.+)\.",
     N_("{who} scores {n} for {what}: {parts}."), {"what": _what, "parts": _claims_shown}),
    (rf"(?P<who>{P}): Good\.", N_("{who}: Good."), {}),
    (rf"(?P<who>{P}): Making\?", N_("{who}: Making?"), {}),
    (rf"(?P<who>{P}): Not good\. (?P<said>.+)\.", N_("{who}: Not good. {said}."),
     {"said": _claim}),
    (rf"(?P<who>{P}): (?P<said>.+)\. Good\.", N_("{who}: {said}. Good."), {"said": _claim}),
    (rf"(?P<who>{P}): (?P<said>.+)\. Equal\.", N_("{who}: {said}. Equal."), {"said": _claim}),
    (rf"(?P<who>{P}): (?P<said>.+), no better than my partner's: it does not count\.",
     N_("{who}: {said}, no better than my partner's: it does not count."), {"said": _claim}),
    (rf"(?P<who>{P}): (?P<said>[^.:]+)\.", N_("{who}: {said}."), {"said": _claim}),
]

_COMPILED = [(re.compile(p), msgid, conv) for p, msgid, conv in RULES]


def translate(lang: Lang, event: str) -> str:
    """``event`` (an engine event, card codes already marked) in ``lang``; unchanged in
    English or when no rule knows it."""
    if lang is EN or lang.code == "en":
        return event
    for pattern, msgid, convert in _COMPILED:
        m = pattern.fullmatch(event)
        if m is not None:
            parts = {k: (convert[k](lang, v) if k in convert else v)
                     for k, v in m.groupdict().items() if v is not None}
            return lang._(msgid, **parts)
    return event


def known(event: str) -> bool:
    """Whether some rule matches ``event`` (for the tests)."""
    return any(p.fullmatch(event) for p, _, _ in _COMPILED)
