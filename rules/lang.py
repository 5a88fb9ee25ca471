"""Card and move words in English, Polish and Russian.

The engine speaks canonical text (``play QH``, ``trump hearts``); people type their
own language's words.  This module names cards the way each language says them
("dama kier", "дама червей", "rycerz mieczy") and turns a move typed with Polish or
Russian words into the canonical text before a game's parser reads it, so the
canonical action is always the one that is stored and replayed.

Nothing here knows a game's state: a move is translated by the move kinds the game
has and the deck it uses.  Words are compared in lower case with "ё" read as "е".
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property, lru_cache

from .actions import Action
from .cards import (
    BASTOS,
    CARD,
    CLUBS,
    COPAS,
    DIAMONDS,
    ESPADAS,
    HEARTS,
    JOKER_SUIT,
    OROS,
    SPADES,
    SPANISH_SUITS,
    SUIT_NAME,
    Card,
    DeckKind,
)
from .errors import IllegalAction
from .messages import Msg

LANGUAGES = ("en", "pl", "ru")

# --- names ----------------------------------------------------------------------

# Suit names: (nominative plural, form used after a rank in a card's name).  French
# suits are indeclinable in Polish card names ("dama kier"); Russian puts the suit in
# the genitive plural ("дама червей"), and so does Polish for the Spanish suits
# ("as monet").  Polish Spanish suits follow the Polish Coins text (puchary, monety,
# miecze, maczugi).
_SUITS: dict[str, dict[int, tuple[str, str]]] = {
    "en": {CLUBS: ("clubs", "clubs"), DIAMONDS: ("diamonds", "diamonds"),
           HEARTS: ("hearts", "hearts"), SPADES: ("spades", "spades"),
           OROS: ("coins", "coins"), COPAS: ("cups", "cups"),
           ESPADAS: ("swords", "swords"), BASTOS: ("clubs", "clubs")},
    "pl": {CLUBS: ("trefl", "trefl"), DIAMONDS: ("karo", "karo"),
           HEARTS: ("kier", "kier"), SPADES: ("pik", "pik"),
           OROS: ("monety", "monet"), COPAS: ("puchary", "pucharów"),
           ESPADAS: ("miecze", "mieczy"), BASTOS: ("maczugi", "maczug")},
    "ru": {CLUBS: ("трефы", "треф"), DIAMONDS: ("бубны", "бубён"),
           HEARTS: ("червы", "червей"), SPADES: ("пики", "пик"),
           OROS: ("монеты", "монет"), COPAS: ("кубки", "кубков"),
           ESPADAS: ("мечи", "мечей"), BASTOS: ("жезлы", "жезлов")},
}
# Other spellings a player may type for a suit (any case of the name is fine).
_SUIT_EXTRA: dict[str, dict[int, tuple[str, ...]]] = {
    "pl": {CLUBS: ("trefle", "żołądź"), DIAMONDS: ("kara",), HEARTS: ("kiery", "serce"),
           SPADES: ("piki",), OROS: ("moneta", "denary", "denarów"),
           COPAS: ("puchar", "kielichy", "kielichów"), ESPADAS: ("miecz",),
           BASTOS: ("maczuga", "buławy", "buław", "pałki", "pałek")},
    "ru": {CLUBS: ("трефа",), DIAMONDS: ("бубен", "буби", "бубна"),
           HEARTS: ("черви", "черва"), SPADES: ("пика",), OROS: ("монета",),
           COPAS: ("кубок",), ESPADAS: ("меч",),
           BASTOS: ("жезл", "булавы", "булав")},
}

# Rank names: (nominative, accusative).  French J Q K A and 2-10; the Spanish deck's
# knave (sota, rank 10 here), knight (caballo, 12), king and ace.
_FRENCH_RANKS: dict[str, dict[int, tuple[str, str]]] = {
    "en": {**{r: (str(r), str(r)) for r in range(2, 11)},
           11: ("jack", "jack"), 12: ("queen", "queen"), 13: ("king", "king"),
           14: ("ace", "ace")},
    "pl": {2: ("dwójka", "dwójkę"), 3: ("trójka", "trójkę"), 4: ("czwórka", "czwórkę"),
           5: ("piątka", "piątkę"), 6: ("szóstka", "szóstkę"), 7: ("siódemka", "siódemkę"),
           8: ("ósemka", "ósemkę"), 9: ("dziewiątka", "dziewiątkę"),
           10: ("dziesiątka", "dziesiątkę"), 11: ("walet", "waleta"), 12: ("dama", "damę"),
           13: ("król", "króla"), 14: ("as", "asa")},
    "ru": {2: ("двойка", "двойку"), 3: ("тройка", "тройку"), 4: ("четвёрка", "четвёрку"),
           5: ("пятёрка", "пятёрку"), 6: ("шестёрка", "шестёрку"), 7: ("семёрка", "семёрку"),
           8: ("восьмёрка", "восьмёрку"), 9: ("девятка", "девятку"),
           10: ("десятка", "десятку"), 11: ("валет", "валета"), 12: ("дама", "даму"),
           13: ("король", "короля"), 14: ("туз", "туза")},
}
_SPANISH_COURT: dict[str, dict[int, tuple[str, str]]] = {
    "en": {10: ("knave", "knave"), 12: ("knight", "knight")},
    "pl": {10: ("walet", "waleta"), 12: ("rycerz", "rycerza")},
    "ru": {10: ("валет", "валета"), 12: ("кавалер", "кавалера")},
}
_RANK_EXTRA: dict[str, dict[int, tuple[str, ...]]] = {
    "pl": {11: ("jopek",), 12: ("królowa",)},
    "ru": {11: ("вальта",)},
}
_SPANISH_RANK_EXTRA: dict[str, dict[int, tuple[str, ...]]] = {
    "pl": {10: ("sota", "jopek"), 12: ("koń", "konia", "caballo"), 13: ("rey",)},
    "ru": {10: ("сота",), 12: ("рыцарь", "рыцаря", "конь", "коня", "кабальо"),
           13: ("рей",)},
}
# The joker: (nominative, accusative), and other spellings.
_JOKER = {"en": ("joker", "joker"), "pl": ("dżoker", "dżokera"), "ru": ("джокер", "джокера")}
_JOKER_EXTRA = {"pl": ("joker", "jokera"), "ru": ()}


def _lang(lang: str) -> str:
    return lang if lang in LANGUAGES else "en"


def suit_name(suit: int, lang: str = "en") -> str:
    """A suit's name in the nominative plural ("kier", "червы", "monety")."""
    if suit == JOKER_SUIT:
        return _JOKER[_lang(lang)][0]
    return _SUITS[_lang(lang)][suit][0]


def _rank_forms(suit: int, rank: int, lang: str) -> tuple[str, str]:
    if suit in SPANISH_SUITS and rank in _SPANISH_COURT[lang]:
        return _SPANISH_COURT[lang][rank]
    return _FRENCH_RANKS[lang][rank]


def rank_name(suit: int, rank: int, lang: str = "en") -> str:
    """A rank's name in the nominative ("dama", "туз", "rycerz" for the caballo)."""
    return _rank_forms(suit, rank, _lang(lang))[0]


def card_name(card: int, lang: str = "en", accusative: bool = False) -> str:
    """A card's full name: "queen of hearts", "dama kier", "дама червей", "as monet".

    ``accusative`` gives the form after a verb ("zagraj damę kier", "сыграть даму
    червей"); English and the suit words do not change."""
    lang = _lang(lang)
    c = CARD[card]
    if c.is_joker:
        return f"{_JOKER[lang][1 if accusative else 0]} {c.rank}"
    if lang == "en":
        return c.name
    rank = _rank_forms(c.suit, c.rank, lang)[1 if accusative else 0]
    return f"{rank} {_SUITS[lang][c.suit][1]}"


# --- move words -----------------------------------------------------------------

@dataclass(frozen=True, eq=False)   # by identity: a reader's memo keys on it
class MoveWords:
    """The words a game's moves are typed and shown with in Polish and Russian: each move
    kind's words per language (``verbs``; the first is the one shown to players), the
    words inside a move per kind, mapped to the canonical ones (``args``: "weź" ->
    "take"), and, where a move is not just its words in order, a ``phrase`` that writes
    it (Piquet's declarations: "zgłoś sekwens 5 do króla").  Each game brings its own
    (``Game.move_words``, from its package); the kinds most games share are ``COMMON``.
    """

    verbs: Mapping[str, Mapping[str, tuple[str, ...]]] = field(default_factory=dict)
    args: Mapping[str, Mapping[str, Mapping[str, str]]] = field(default_factory=dict)
    # phrase(action, lang, shown words by canonical word) -> the move's text, or None
    phrase: Callable[[Action, str, Mapping[str, str]], str | None] | None = None

    def __add__(self, other: MoveWords) -> MoveWords:
        """These words, then ``other``'s (a kind's words here are shown first)."""
        verbs = {lang: {k: tuple(dict.fromkeys((*self.verbs.get(lang, {}).get(k, ()),
                                                *other.verbs.get(lang, {}).get(k, ()))))
                        for k in {*self.verbs.get(lang, {}), *other.verbs.get(lang, {})}}
                 for lang in {*self.verbs, *other.verbs}}
        args = {lang: {k: {**other.args.get(lang, {}).get(k, {}),
                           **self.args.get(lang, {}).get(k, {})}
                       for k in {*self.args.get(lang, {}), *other.args.get(lang, {})}}
                for lang in {*self.args, *other.args}}
        return MoveWords(verbs, args, self.phrase or other.phrase)

    def verbs_of(self, kind: str, lang: str) -> tuple[str, ...]:
        return tuple(self.verbs.get(lang, {}).get(kind, ()))

    def args_of(self, kind: str, lang: str) -> Mapping[str, str]:
        return self.args.get(lang, {}).get(kind, {})

    @cached_property
    def _kind_index(self) -> dict[str, str]:
        return {_fold(w): kind for lang in ("pl", "ru")
                for kind, words in self.verbs.get(lang, {}).items() for w in words}


# The move kinds most games share: playing a card, passing, discarding.
COMMON = MoveWords(verbs={
    "pl": {"play": ("zagraj", "graj", "zagrywam"), "pass": ("pas", "pasuję"),
           "discard": ("odrzuć", "odłóż", "wymień", "odrzucam")},
    "ru": {"play": ("сыграть", "играть", "ход", "хожу"), "pass": ("пас", "пасую"),
           "discard": ("сбросить", "снести", "сбрасываю", "отложить")},
})


def suit_words(lang: str) -> dict[str, str]:
    """Every word of ``lang`` for the four French suits, to their canonical names (a
    game's move that names a suit: Starshina's trumps)."""
    out: dict[str, str] = {}
    for s in (CLUBS, DIAMONDS, HEARTS, SPADES):
        for w in _SUITS[lang][s] + _SUIT_EXTRA[lang].get(s, ()):
            out[_fold(w)] = SUIT_NAME[s]
    return out


def rank_forms(rank: str, lang: str) -> tuple[str, ...]:
    """A French rank's word forms in ``lang`` ("ace" -> "as", "asa", "asy", ...):
    nominative, genitive singular, the plural after 3 or 4, then other forms."""
    return _RANK_FORMS[lang][rank]


_RANK_FORMS: dict[str, dict[str, tuple[str, ...]]] = {
    "pl": {"ace": ("as", "asa", "asy", "asów"), "king": ("król", "króla", "króle", "królów"),
           "queen": ("dama", "damy", "damy", "dam"),
           "jack": ("walet", "waleta", "walety", "waletów"),
           "ten": ("dziesiątka", "dziesiątki", "dziesiątki", "dziesiątek"),
           "nine": ("dziewiątka", "dziewiątki", "dziewiątki")},
    "ru": {"ace": ("туз", "туза", "туза", "тузы", "тузов"),
           "king": ("король", "короля", "короля", "короли", "королей"),
           "queen": ("дама", "дамы", "дамы", "дам"),
           "jack": ("валет", "валета", "валета", "валеты", "валетов"),
           "ten": ("десятка", "десятки", "десятки", "десяток"),
           "nine": ("девятка", "девятки", "девятки")},
}


def move_word(kind: str, lang: str = "en", words: MoveWords = COMMON) -> str:
    """The word shown for a move kind ("pas", "пас"); the kind itself in English."""
    lang = _lang(lang)
    return kind if lang == "en" else (words.verbs_of(kind, lang) or (kind,))[0]


def arg_word(kind: str, word: str, lang: str = "en", words: MoveWords = COMMON) -> str:
    """A canonical word inside a move as ``lang`` shows it ("take" -> "weź", "взять"):
    the first word listed that reads back as it; the word itself when there is none."""
    lang = _lang(lang)
    if lang == "en":
        return word
    for local, canonical in words.args_of(kind, lang).items():
        if canonical == word:
            return local
    return word


def move_phrase(action: Action, lang: str = "en", words: MoveWords = COMMON) -> str:
    """A move as its language writes it, which ``canonical_move`` reads back:
    "zagraj damę kier", "бить короля пик даму треф", "козырь червы"."""
    lang = _lang(lang)
    if lang == "en":
        return str(action)
    back: dict[str, str] = {}
    for word, canonical in words.args_of(action.kind, lang).items():
        back.setdefault(canonical, word)  # the first word listed is the one shown
    if words.phrase is not None:
        said = words.phrase(action, lang, back)
        if said is not None:
            return said
    out = [move_word(action.kind, lang, words)]
    for a in action.args:
        if isinstance(a, Card):
            out.append(card_name(a, lang, accusative=True))
        else:
            out.append(back.get(str(a), str(a)))
    return " ".join(out)


# --- reading typed moves --------------------------------------------------------

def _fold(word: str) -> str:
    return word.lower().replace("ё", "е").replace("\ufe0f", "")


@lru_cache(maxsize=16)
def _card_words(deck: DeckKind) -> tuple[dict[tuple[str, ...], Card], frozenset[str]]:
    """Every Polish and Russian name of every card of ``deck`` (as folded word
    tuples: rank then suit), and the set of rank words, to spot a rank without suit."""
    names: dict[tuple[str, ...], Card] = {}  # (rank, suit), or a joker word alone
    ranks: set[str] = set()
    for lang in ("pl", "ru"):
        for c in sorted(deck.distinct):
            card = CARD[c]
            if card.is_joker:
                for w in _JOKER[lang] + _JOKER_EXTRA[lang]:
                    names[(_fold(w), str(card.rank))] = card
                    names.setdefault((_fold(w),), card)  # "джокер" alone: the first one
                continue
            rank_words = set(_rank_forms(card.suit, card.rank, lang))
            spanish = card.suit in SPANISH_SUITS
            extra = (_SPANISH_RANK_EXTRA if spanish else _RANK_EXTRA)[lang]
            rank_words.update(extra.get(card.rank, ()))
            if not (spanish and card.rank in _SPANISH_COURT[lang]) and card.rank <= 10:
                rank_words.add(str(card.rank))
            if spanish and card.rank == 14:
                rank_words.add("1")
            suit_words = set(_SUITS[lang][card.suit]) | set(_SUIT_EXTRA[lang].get(card.suit, ()))
            for rw in rank_words:
                ranks.add(_fold(rw))
                for sw in suit_words:
                    names[(_fold(rw), _fold(sw))] = card
    ranks -= {str(r) for r in range(1, 11)}
    return names, frozenset(ranks)


def _kind_of(word: str, kinds: tuple[str, ...], words: MoveWords) -> str | None:
    kind = words._kind_index.get(_fold(word))
    return kind if kind in kinds else None


def move_kind(word: str, kinds: Iterable[str], words: MoveWords = COMMON) -> str | None:
    """The move kind of ``kinds`` a typed move word stands for ("odłóż" -> "discard",
    "discard" -> "discard"), or None."""
    kinds = tuple(kinds)
    folded = _fold(word)
    return folded if folded in kinds else _kind_of(folded, kinds, words)


def canonical_move(text: str, kinds: Iterable[str], deck: DeckKind,
                   words: MoveWords = COMMON) -> str:
    """``text`` with Polish and Russian card and move words replaced by the canonical
    ones ("zagraj damę kier" -> "play QH"); canonical text comes back unchanged.

    A rank named without its suit ("zagraj damę") is refused here, because the
    canonical parser would otherwise report an unknown word instead of the real
    problem."""
    if not isinstance(text, str):
        return text
    kinds = tuple(kinds)
    if len(text) > MEMO_LONGEST:
        return _read_move(text, kinds, deck, words)
    return _read_move_memo(text, kinds, deck, words)


MEMO_LONGEST = 80   # characters: longer moves (a long discard, typed text) are read afresh


def _read_move(text: str, kinds: tuple[str, ...], deck: DeckKind, words: MoveWords) -> str:
    tokens = text.replace(",", " ").replace(";", " ").split()
    if not tokens:
        return text
    names, rank_words = _card_words(deck)
    head = _kind_of(tokens[0], kinds, words)
    i = 1
    if head is None and "play" in kinds and tuple(map(_fold, tokens[:2])) in names:
        head, i = "play", 0  # a card named alone ("dama kier") is played
    out = [head or tokens[0]]  # the move word; with i == 0 the card follows it
    changed = head is not None
    kind = head or tokens[0].lower()
    args = {_fold(k): v for lang in ("pl", "ru") for k, v in words.args_of(kind, lang).items()}
    while i < len(tokens):
        pair = tuple(_fold(t) for t in tokens[i:i + 2])
        card = names.get(pair) if len(pair) == 2 else None
        if card is None and pair[:1] in names:  # only a joker is named by one word
            card, pair = names[pair[:1]], pair[:1]
        if card is not None and not (kind in ("declare", "sink") and pair[0].isdigit()):
            out.append(str(card))
            i += len(pair)
            changed = True
            continue
        word = _fold(tokens[i])
        if word in args:
            out.append(args[word])
            changed = True
        elif word in rank_words and not _starts_card(tokens, i, deck):
            raise IllegalAction(Msg("'{word}' needs its suit too, for example '{example}'.",
                                    word=tokens[i],
                                    example=f"{tokens[i]} {_example_suit(deck, word)}"))
        else:
            out.append(tokens[i])
        i += 1
    return " ".join(out) if changed else text


# Moves repeat ("play 5C"; each AI move, read back by the bot): each is read once.  A
# refusal raises, and is not kept.
_read_move_memo = lru_cache(maxsize=4096)(_read_move)


def _starts_card(tokens: list[str], i: int, deck: DeckKind) -> bool:
    """Whether the canonical parser reads a card at ``tokens[i]`` ("AS", "sota de
    oros"): such a word is not a rank missing its suit."""
    return any(deck.find("".join(tokens[i:i + w])) is not None for w in (1, 2, 3)
               if i + w <= len(tokens))


def _example_suit(deck: DeckKind, rank_word: str) -> str:
    """A suit word of the rank word's language for the refusal's example."""
    russian = any("а" <= ch <= "я" for ch in rank_word)
    lang = "ru" if russian else "pl"
    return _SUITS[lang][deck.suits[-1]][1]


def card_names(deck: DeckKind, lang: str) -> dict[Card, str]:
    """Every distinct card of ``deck`` with its name in ``lang`` (for autocomplete)."""
    return {CARD[c]: card_name(c, lang) for c in sorted(deck.distinct)}


__all__ = ["COMMON", "LANGUAGES", "MoveWords", "arg_word", "canonical_move", "card_name",
           "card_names", "move_kind", "move_phrase", "move_word", "rank_forms", "rank_name",
           "suit_name", "suit_words"]
