"""One card model for every deck the games use.

A card is a small int (``suit * 16 + rank``) so hands, tricks and AI rollouts
stay cheap; ``Card`` is an int subclass with a readable ``str``.  Suits 0-3 are
French (clubs, diamonds, hearts, spades), 4-7 Spanish (oros/coins, copas/cups,
espadas/swords, bastos/clubs), 8 is the joker "suit".  Ranks: 2..10, J=11,
Q=12 (the Spanish knight, *caballo*, takes the queen's slot), K=13, A=14.
Two-deck games hold two equal ints for the two copies of a card.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from . import messages

CLUBS, DIAMONDS, HEARTS, SPADES = 0, 1, 2, 3
OROS, COPAS, ESPADAS, BASTOS = 4, 5, 6, 7
JOKER_SUIT = 8

FRENCH_SUITS = (CLUBS, DIAMONDS, HEARTS, SPADES)
SPANISH_SUITS = (OROS, COPAS, ESPADAS, BASTOS)

JACK, QUEEN, KING, ACE = 11, 12, 13, 14

# A card's code is ``suit << SUIT_SHIFT | rank``: ``c >> SUIT_SHIFT`` is its suit and
# ``c & RANK_MASK`` its rank.  Hot loops write the bare operators (a function call per
# card costs more than the whole test); everything else reads ``Card.suit``/``.rank``.
SUIT_SHIFT = 4
RANK_MASK = 15
KNIGHT = QUEEN  # Spanish caballo sits between knave and king

SUIT_LETTER = {CLUBS: "C", DIAMONDS: "D", HEARTS: "H", SPADES: "S",
               OROS: "O", COPAS: "C", ESPADAS: "E", BASTOS: "B", JOKER_SUIT: "J"}
SUIT_SYMBOL = {CLUBS: "♣", DIAMONDS: "♦", HEARTS: "♥", SPADES: "♠",
               OROS: "🪙", COPAS: "🏆", ESPADAS: "⚔️", BASTOS: "🪵", JOKER_SUIT: "🃏"}
SUIT_NAME = {CLUBS: "clubs", DIAMONDS: "diamonds", HEARTS: "hearts", SPADES: "spades",
             OROS: "coins", COPAS: "cups", ESPADAS: "swords", BASTOS: "clubs",
             JOKER_SUIT: "joker"}

_FRENCH_RANK = {11: "J", 12: "Q", 13: "K", 14: "A"}
_SPANISH_RANK = {10: "J", 12: "N", 13: "K", 14: "A"}  # J = sota (knave), N = caballo
_FRENCH_RANK_NAME = {11: "jack", 12: "queen", 13: "king", 14: "ace"}
_SPANISH_RANK_NAME = {10: "knave", 12: "knight", 13: "king", 14: "ace"}


class Card(int):
    """An immutable card; ``int(card)`` is its code, ``str(card)`` its ASCII text."""

    __slots__ = ()

    @property
    def suit(self) -> int:
        return self >> SUIT_SHIFT

    @property
    def rank(self) -> int:
        return self & RANK_MASK

    @property
    def is_joker(self) -> bool:
        return self >> SUIT_SHIFT == JOKER_SUIT

    def __str__(self) -> str:
        return _TEXT[self]

    def __repr__(self) -> str:
        return f"Card({_TEXT[self]!r})"

    @property
    def pretty(self) -> str:
        return _PRETTY[self]

    @property
    def name(self) -> str:
        return _NAME[self]


def code(suit: int, rank: int) -> int:
    return suit << SUIT_SHIFT | rank


# Spanish ranks skip 10 (the sota takes its slot, see _SPANISH_RANK) so that
# rank order is simply numeric order in every deck.
_SPANISH_RANKS = (2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 13, 14)
_FRENCH_RANKS = tuple(range(2, 15))


def _rank_text(suit: int, rank: int) -> str:
    table = _SPANISH_RANK if suit in SPANISH_SUITS else _FRENCH_RANK
    return table.get(rank, str(rank))


def _rank_name(suit: int, rank: int) -> str:
    table = _SPANISH_RANK_NAME if suit in SPANISH_SUITS else _FRENCH_RANK_NAME
    return table.get(rank, str(rank))


_TEXT: dict[int, str] = {}
_PRETTY: dict[int, str] = {}
_NAME: dict[int, str] = {}
CARD: dict[int, Card] = {}

for _s in FRENCH_SUITS + SPANISH_SUITS:
    for _r in (_SPANISH_RANKS if _s in SPANISH_SUITS else _FRENCH_RANKS):
        _c = code(_s, _r)
        CARD[_c] = Card(_c)
        _TEXT[_c] = _rank_text(_s, _r) + SUIT_LETTER[_s]
        _PRETTY[_c] = _rank_text(_s, _r) + SUIT_SYMBOL[_s]
        _NAME[_c] = f"{_rank_name(_s, _r)} of {SUIT_NAME[_s]}"
for _i in (1, 2):
    _c = code(JOKER_SUIT, _i)
    CARD[_c] = Card(_c)
    _TEXT[_c] = f"X{_i}"
    _PRETTY[_c] = f"🃏{_i}"
    _NAME[_c] = f"joker {_i}"

JOKERS = (CARD[code(JOKER_SUIT, 1)], CARD[code(JOKER_SUIT, 2)])
CARD_TEXT: dict[int, str] = _TEXT   # code -> ASCII text, ``str(CARD[c])`` without the call


_IGNORED = re.compile(r"[\s_\-\ufe0e\ufe0f]+")


def _key(text: str) -> str:
    """A spelling reduced for lookup: no spaces, dashes or emoji variation selectors
    (U+FE0F, which emoji keyboards and Discord's :hearts: add after a suit)."""
    if text.isalnum():   # a card code ('QH', '10h'): nothing to strip (panels parse many)
        return text.lower()
    return _IGNORED.sub("", text).lower()


# French suit spellings a Spanish deck does not use, and the Spanish suit each stands
# for in the usual correspondence (hearts-cups, diamonds-coins, spades-swords,
# clubs-clubs).  "C" and "S" are not here: they are Spanish letters (cups, swords).
_FRENCH_SUIT_WORDS = tuple(
    (_key(w), (f, sp)) for f, sp, words in (
        (HEARTS, COPAS, ("hearts", "heart", "♥", "♡", "h")),
        (DIAMONDS, OROS, ("diamonds", "diamond", "♦", "♢", "d")),
        (SPADES, ESPADAS, ("spades", "spade", "♠", "♤")),
        (CLUBS, BASTOS, ("♣", "♧")))
    for w in words)

class DeckKind:
    """A deck's composition plus how its cards are written and parsed."""

    def __init__(self, name: str, suits: Sequence[int], ranks: Sequence[int],
                 jokers: int = 0, copies: int = 1) -> None:
        self.name = name
        self.suits = tuple(suits)
        self.ranks = tuple(ranks)
        self.jokers = jokers
        self.copies = copies
        one = [CARD[code(s, r)] for s in self.suits for r in self.ranks] + list(JOKERS[:jokers])
        self.cards: tuple[Card, ...] = tuple(one * copies)
        self.distinct: frozenset[int] = frozenset(one)
        self._parse = self._parse_table()
        # Card codes as written ('QH', '10C', 'NO'), found without normalising: a panel finds
        # dozens, the bot draws hundreds of panels a second.
        self._codes: dict[str, Card] = {str(c): c for c in one}

    def __len__(self) -> int:
        return len(self.cards)

    def _parse_table(self) -> dict[str, Card]:
        """Every accepted spelling of every card, lower-cased, spaces removed."""
        spanish = self.suits[0] in SPANISH_SUITS
        suit_words: dict[int, list[str]] = {}
        for s in self.suits:
            words = [SUIT_LETTER[s], SUIT_SYMBOL[s], SUIT_NAME[s], SUIT_NAME[s].rstrip("s")]
            if spanish:
                words += {OROS: ["oros", "oro", "coin", "🪙"], COPAS: ["copas", "copa", "cup", "u"],
                          ESPADAS: ["espadas", "espada", "sword", "s"],
                          BASTOS: ["bastos", "basto", "club"]}[s]
            else:
                words += {CLUBS: ["♧"], DIAMONDS: ["♢"], HEARTS: ["♡"], SPADES: ["♤"]}[s]
            suit_words[s] = words
        table: dict[str, Card] = {}
        for s in self.suits:
            for r in self.ranks:
                c = CARD[code(s, r)]
                rank_words = [_rank_text(s, r), _rank_name(s, r)]
                if r == 10 and not spanish:
                    rank_words += ["T"]
                if spanish:
                    rank_words += {10: ["S", "sota", "10", "jack"],
                                   12: ["C", "caballo", "11", "horse"],
                                   13: ["R", "rey", "12"], 14: ["1", "as"]}.get(r, [])
                else:
                    rank_words += {14: ["1"]}.get(r, [])
                for rw in rank_words:
                    for sw in suit_words[s]:
                        for sep in ("", "of", "de") if spanish else ("", "of"):
                            table[_key(rw + sep + sw)] = c
        for i in range(self.jokers):
            j = JOKERS[i]
            for w in (f"X{i + 1}", f"joker{i + 1}", f"🃏{i + 1}", f"jk{i + 1}"):
                table[_key(w)] = j
        return table

    def parse_card(self, text: str) -> Card:
        """Parse one card ('QH', 'q♥', '10h', 'Th', 'queen of hearts'); ValueError if not."""
        card = self.find(text)
        if card is None:
            raise ValueError(self.hint(text) or
                             f"'{text}' is not a card of the {self.name} deck")
        return card

    def find(self, text: str) -> Card | None:
        """The card ``text`` names, or None (``parse_card`` without the error)."""
        card = self._codes.get(text)
        if card is not None:
            return card
        key = _key(text)
        card = self._parse.get(key)
        if card is None and key in ("x", "joker", "🃏", "jk") and self.jokers:
            card = JOKERS[0]
        return card

    def absent_hint(self, text: str) -> messages.Msg | None:
        """For a French deck without the low ranks (Piquet's 32 cards), a real card it
        lacks ('2h'): a sentence saying the deck has no such card; else None."""
        if self.suits[0] in SPANISH_SUITS or len(self.ranks) == len(_FRENCH_RANKS):
            return None
        card = FRENCH_52.find(text)
        if card is None:
            return None
        from .messages import Cards, Msg
        return Msg("{card} is not in this game's deck: it has {n} cards, {low} to ace in "
                   "each suit.", card=Cards.of([card]), n=len(self.distinct),
                   low=str(min(self.ranks)))

    def hint(self, text: str) -> messages.Msg | None:
        """Why ``text`` is no card of this deck, when it is a card of another."""
        return self.suit_hint(text) or self.absent_hint(text)

    def suit_hint(self, text: str) -> messages.Msg | None:
        """For a Spanish deck, a card written with a French suit ('K♥', 'KH', 'king of
        hearts'): a sentence naming the Spanish suits and the one meant; else None."""
        if self.suits[0] not in SPANISH_SUITS:
            return None
        from . import messages  # messages name cards: imported here, not at the top
        from .messages import Msg
        key = _key(text)
        for word, (french, spanish) in _FRENCH_SUIT_WORDS:
            if not key.endswith(word):
                continue
            rank = key[:-len(word)]
            for sep in ("of", "de"):
                rank = rank.removesuffix(sep)
            rank = {"q": "n", "queen": "n"}.get(rank, rank)  # the caballo takes the queen's slot
            meant = self._parse.get(_key(rank + SUIT_LETTER[spanish]))
            if spanish == BASTOS:
                said = Msg("Write clubs as B or 🪵")
            else:
                said = Msg("{french} correspond to {spanish}",
                           french=messages.suit(french, SUIT_NAME[french].capitalize()),
                           spanish=messages.suit(spanish, SUIT_NAME[spanish]))
            if meant is None:
                return Msg("'{text}' is not a card here: this game uses the Spanish suits "
                           "coins (O or 🪙), cups (C or 🏆), swords (E or ⚔️) and clubs (B or "
                           "🪵). {said}.", text=text, said=said)
            return Msg("'{text}' is not a card here: this game uses the Spanish suits "
                       "coins (O or 🪙), cups (C or 🏆), swords (E or ⚔️) and clubs (B or "
                       "🪵). {said}: did you mean {card} ({code})?", text=text, said=said,
                       card=messages.card_named(meant, f"the {meant.name}"), code=str(meant))
        return None

    def parse_cards(self, text: str | Iterable[str]) -> list[Card]:
        parts = text.replace(",", " ").split() if isinstance(text, str) else list(text)
        return [self.parse_card(p) for p in parts]


FRENCH_52 = DeckKind("French 52-card", FRENCH_SUITS, _FRENCH_RANKS)
FRENCH_54 = DeckKind("French 52-card + 2 jokers", FRENCH_SUITS, _FRENCH_RANKS, jokers=2)
PIQUET_32 = DeckKind("piquet 32-card", FRENCH_SUITS, range(7, 15))
SPANISH_48 = DeckKind("Spanish 48-card", SPANISH_SUITS, _SPANISH_RANKS)
DOUBLE_104 = DeckKind("double French 104-card", FRENCH_SUITS, _FRENCH_RANKS, copies=2)


def cards_str(cards: Iterable[int]) -> str:
    return " ".join(map(_TEXT.__getitem__, cards))


def cards_pretty(cards: Iterable[int]) -> str:
    return " ".join(_PRETTY[c] for c in cards)


def as_cards(cards: Iterable[int]) -> list[str]:
    """Cards as ASCII strings, the form every view uses."""
    return [_TEXT[c] for c in cards]
