"""Actions: small immutable values with one canonical text form.

``Action("play", (QH,))`` prints as ``play QH``; each game's ``parse_action``
turns text back into the same value.  Arguments are cards, ints or short
words.  Actions compare and hash as tuples so ``action in legal`` is cheap, and
``sort_key`` gives every game the same deterministic order.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import NamedTuple

from .cards import Card, DeckKind
from .errors import IllegalAction
from .messages import Msg, card_named

Arg = Card | int | str


class Action(NamedTuple):
    kind: str
    args: tuple = ()

    def __str__(self) -> str:
        if not self.args:
            return self.kind
        return self.kind + " " + " ".join(_arg_text(a) for a in self.args)

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(a for a in self.args if isinstance(a, Card))

    def sort_key(self) -> tuple:
        return (self.kind, tuple(_arg_key(a) for a in self.args))

    def pretty(self) -> str:
        if not self.args:
            return self.kind
        return self.kind + " " + " ".join(a.pretty if isinstance(a, Card) else _arg_text(a)
                                          for a in self.args)


def _arg_text(a: Arg) -> str:
    return str(a)


def _arg_key(a: Arg) -> tuple:
    if isinstance(a, Card):
        return (1, int(a), "")
    if isinstance(a, int):
        return (0, a, "")
    return (2, 0, a)


_CACHE: dict[tuple, Action] = {}


def act(kind: str, *args: Arg) -> Action:
    """The shared instance of an action (rollouts build millions of them)."""
    key = (kind, args)
    a = _CACHE.get(key)
    if a is None:
        a = _CACHE[key] = Action(kind, args)
    return a


# --- parsing -------------------------------------------------------------------

# An argument spec is one of: "card", "cards" (one or more), "cards*" (zero or
# more), "int", or a tuple of allowed words.  A grammar maps kind -> specs.
Spec = str | tuple[str, ...]
Grammar = dict[str, Sequence[Spec]]


def parse_action(text: str, grammar: Grammar, deck: DeckKind,
                 aliases: dict[str, str] | None = None,
                 normalise: Callable[[Action], Action] | None = None) -> Action:
    """Parse ``text`` by ``grammar``; raise IllegalAction with a readable reason."""
    if not isinstance(text, str):
        raise IllegalAction(Msg("An action must be text, not {kind}.", kind=type(text).__name__))
    tokens = re.sub(r"[,;]+", " ", text).split()
    if not tokens:
        raise IllegalAction(Msg("Empty action: type a move such as {moves}.",
                                moves=_examples(grammar)))
    kind = tokens[0].lower()
    kind = (aliases or {}).get(kind, kind)
    if kind not in grammar:
        raise IllegalAction(Msg("Unknown move '{move}'. Moves here: {moves}.", move=tokens[0],
                                moves=_examples(grammar)))
    rest = tokens[1:]
    args: list[Arg] = []
    specs = list(grammar[kind])
    i = 0
    for n, spec in enumerate(specs):
        if spec in ("cards", "cards*"):
            # Cards may be written with a space between rank and suit ("10 h"),
            # so join greedily: take the longest run of tokens that parses.
            cards, i = _take_cards(rest, i, deck, stop_words=_later_words(specs[n + 1:]))
            if spec == "cards" and not cards:
                raise IllegalAction(Msg("'{kind}' needs at least one card, e.g. '{example}'.",
                                        kind=kind, example=f"{kind} {deck.cards[-1]}"))
            args.extend(cards)
        elif spec == "card":
            cards, i = _take_cards(rest, i, deck, limit=1, stop_words=())
            if not cards:
                raise IllegalAction(Msg("'{kind}' needs a card, e.g. '{example}'.", kind=kind,
                                        example=f"{kind} {deck.cards[-1]}"))
            args.append(cards[0])
        elif spec == "int":
            if i >= len(rest) or not re.fullmatch(r"[+-]?\d+", rest[i]):
                raise IllegalAction(Msg("'{kind}' needs a number.", kind=kind))
            args.append(int(rest[i]))
            i += 1
        else:
            words = spec
            word = rest[i].lower().replace("\ufe0f", "") if i < len(rest) else ""
            if word not in words:
                raise IllegalAction(Msg("'{kind}' needs one of: {words}.", kind=kind,
                                        words=", ".join(words)))
            args.append(word)
            i += 1
    if i < len(rest):
        raise IllegalAction(Msg("Did not understand '{part}' in '{text}'.",
                                part=" ".join(rest[i:]), text=text))
    action = Action(kind, tuple(args))
    return normalise(action) if normalise else action


def _later_words(specs: Sequence[Spec]) -> set[str]:
    out: set[str] = set()
    for s in specs:
        if isinstance(s, tuple):
            out.update(s)
    return out


def _take_cards(tokens: list[str], i: int, deck: DeckKind, limit: int | None = None,
                stop_words: set[str] | tuple = ()) -> tuple[list[Card], int]:
    cards: list[Card] = []
    while i < len(tokens) and (limit is None or len(cards) < limit):
        if tokens[i].lower() in stop_words:
            break
        # Longest first: "as de copas" is the ace of cups, though "as" alone is the ace
        # of swords.
        for width in (3, 2, 1):  # "queen of hearts", "Q H" / "10 ♥", "QH"
            if i + width > len(tokens):
                continue  # not 'break': that would skip the else below and loop forever
            card = deck.find("".join(tokens[i:i + width]))
            if card is None:
                continue
            cards.append(card)
            i += width
            break
        else:
            hints = (deck.hint(" ".join(tokens[i:i + w])) for w in (1, 2, 3)
                     if i + w <= len(tokens))
            raise IllegalAction(next((h for h in hints if h), None)
                                or _not_a_card(tokens[i:i + 2], deck))
    return cards, i


def _not_a_card(tokens: list[str], deck: DeckKind) -> Msg:
    """"'7 swords' is not a card. Write cards like AS, A♠ or ace of spades.": the words
    not understood (a rank with the word after it) and an example of the game's own deck
    (an ordinary card, not a joker) in its code, its face and words."""
    rank = tokens[0].upper()
    text = " ".join(tokens) if any(str(c)[:-1] == rank for c in deck.cards) else tokens[0]
    card = next((c for c in reversed(deck.cards) if not c.is_joker), deck.cards[-1])
    return Msg("'{text}' is not a card. Write cards like {a}, {b} or {words}.", text=text,
               a=str(card), b=card.pretty, words=card_named(int(card), card.name))


def _examples(grammar: Grammar) -> str:
    return ", ".join(f"'{k}'" for k in grammar)
