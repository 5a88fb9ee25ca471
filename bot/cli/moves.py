"""The viewer's moves in the terminal: numbered, explained, and read as typed.

Built from the scene's ``MoveForm``s (the presenter's words) and the legal
action texts; a player types a move's number, its canonical text (``play QH``),
or a label as players say it (``good``, ``not good``, ``sink``; any case, a
unique prefix is enough).  Choices of several cards are summarised ("choose 1
to 5 of ...") instead of listing hundreds of combinations.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rules.actions import Action
from rules.errors import IllegalAction
from rules.lang import COMMON, MoveWords, arg_word, canonical_move, move_kind, move_word

from ..i18n import EN, Lang
from ..present.scene import MoveForm
from .table_view import DIM, GLUE, TableView, wrap

HUGE = 40       # a multi-card choice with more combinations is summarised even in 'help all'
_EXAMPLES = 4   # labels named in the short help
_CARDS = "cards"   # a stand-in move word: canonical_move then reads what follows as cards


@dataclass(frozen=True)
class Entry:
    number: int
    label: str      # marked-up, as players say it ("Not good", "Play {c:QH}")
    action: str     # the canonical text the engine takes


@dataclass(frozen=True)
class Resolved:
    action: str | None = None   # the move to make
    error: str | None = None    # or why the text is not a move


def _norm(s: str) -> str:
    return re.sub(r"\s+", " ", s.strip().lower()).rstrip(".!")


class Moves:
    def __init__(self, forms: Sequence[MoveForm], legal: Sequence[Action],
                 describe: Callable[[Action], str], view: TableView,
                 hand: Sequence[str] = (), parse: Callable[[str], str] | None = None,
                 words: MoveWords = COMMON) -> None:
        self.forms = tuple(forms)
        self.parse = parse          # the game's reader (any language): text -> canonical text
        self.words = words          # the game's move words (rules.lang.MoveWords)
        self.hand = set(hand)       # the viewer's cards: a choice among all of them says so
        self.moves = tuple(legal)   # the legal moves, typed: read by kind and cards
        self.legal = [str(a) for a in legal]   # as typed back ("play QH")
        self.view = view
        self.entries: list[Entry] = []          # numbered on the table view
        self.multi: list[MoveForm] = []         # several-card choices, summarised
        self.extra: list[Entry] = []            # numbered in 'help all' only
        self.huge: set[str] = set()             # kinds too many to list
        self._entry_of_form: dict[int, list[Entry]] = {}
        self._example: dict[str, str] = {}
        covered: set[str] = set()
        for k, form in enumerate(self.forms):
            mine: list[Entry] = []
            if form.choices:
                for ch in form.choices:
                    mine.append(self._add(ch.label, ch.action))
            elif form.cards and form.high <= 1:
                for code in dict.fromkeys(form.cards):
                    mine.append(self._add(f"{form.verb} " + "{c:" + code + "}",
                                          f"{form.kind} {code}"))
            else:
                self.multi.append(form)
            self._entry_of_form[k] = mine
            covered.update(_norm(e.action) for e in mine)
        multi_kinds = {f.kind for f in self.multi}
        rest = [a for a in self.moves if _norm(str(a)) not in covered]
        for kind in multi_kinds:
            if sum(1 for a in rest if a.kind == kind) > HUGE:
                self.huge.add(kind)
        n = len(self.entries)
        for a in rest:
            if a.kind not in self.huge:
                n += 1
                self.extra.append(Entry(n, describe(a), str(a)))

    def _add(self, label: str, action: str) -> Entry:
        e = Entry(len(self.entries) + 1, label, action)
        self.entries.append(e)
        return e

    @property
    def numbered(self) -> list[Entry]:
        return self.entries + self.extra

    def number_of(self, action: str) -> int | None:
        """The number the menu shows for ``action`` (canonical text), if it is numbered."""
        want = _norm(action)
        return next((e.number for e in self.numbered if _norm(e.action) == want), None)

    # -- what the player reads --------------------------------------------------------

    def _number(self, n: int) -> str:
        return self.view.style.paint(f"[{n}]", DIM)

    def example(self, form: MoveForm) -> str:
        """A legal move of ``form``'s kind to show as an example: of two cards where the
        choice allows it, and of low cards (the end of the sorted hand) rather than high."""
        if form.kind in self._example:
            return self._example[form.kind]
        cards = list(dict.fromkeys(form.cards))
        k = form.low if form.low == form.high else min(form.high, max(form.low, 2))
        rank = {c: i for i, c in enumerate(cards)}
        best, best_key = "", None
        for a in self.moves:
            if a.kind != form.kind:
                continue
            args = [str(x) for x in a.args]
            key = (len(args) == k, sum(rank.get(w, 0) for w in args))
            if best_key is None or key > best_key:
                best, best_key = str(a), key
        if not best:  # no legal list at hand: the lowest cards
            best = f"{form.kind} {' '.join(cards[-k:])}" if cards else form.kind
        self._example[form.kind] = best
        return best

    def shown(self, action: str, faces: bool = True) -> str:
        """A move's text as the reader types it: their language's move word and the
        cards as the screen shows them ("odrzuć 4♠ 6♠"; with ``faces`` off, as codes:
        "odrzuć 4S 6S"), which the game reads back."""
        v = self.view
        lang = v.lang.code
        words = action.split()
        if not words:
            return action
        kind = words[0]
        out = [move_word(kind, lang, self.words)]
        for w in words[1:]:
            out.append(v.plain("{c:" + w + "}") if faces and v.deck.find(w) is not None
                       else arg_word(kind, w, lang, self.words))
        return " ".join(out)

    def panel(self, notes: bool = True) -> list[str]:
        """The 'Your move' lines of the table view (without the forms' ``notes``, the
        rules reminders that 'help' gives too, when a screen has no room for them)."""
        v = self.view
        _ = v._
        width = v.width
        out = [v.heading(_("Your move"))]
        for k, form in enumerate(self.forms):
            head = v.fill(form.prompt) + (v.style.dim(f" ({v.plain(form.note)})")
                                          if form.note and notes else "")
            out += wrap(head, width, "  ", "    ")
            entries = self._entry_of_form[k]
            if form.choices:
                items = f"{GLUE}{GLUE} ".join(
                    f"{self._number(e.number)}{GLUE}{v.fill(e.label).replace(' ', GLUE)}"
                    for e in entries)
                out += wrap(items, width, "    ", "    ")
            elif entries:
                items = f"{GLUE} ".join(
                    f"{self._number(e.number)}{GLUE}{v.card(e.action.split()[-1])}"
                    for e in entries)
                out += wrap(items, width, "    ", "    ")
            else:
                what = _range(form.low, form.high, v.lang)
                word = move_word(form.kind, v.lang.code, self.words)
                values = dict(kind=v.style.label(word), what=what,
                              example=v.style.label(self.shown(self.example(form))
                                                    .replace(" ", GLUE)))
                line = (_("type {kind} and {what} from your hand, e.g. {example}", **values)
                        if self.hand and set(form.cards) == self.hand else
                        _("type {kind} and {what} of {cards}, e.g. {example}",
                          cards=v.cards(list(dict.fromkeys(form.cards))), **values))
                out += wrap(line, width, "    ", "      ")
        return out

    def hint(self) -> list[str]:
        """The reminder under the moves of how to type one (given way to on a full screen)."""
        v = self.view
        return [v.style.dim(line) for line in wrap(
            v._("Type a number or a move; help explains, help all lists every move; quit saves."),
            v.width)]

    def short_help(self) -> list[str]:
        """What the player can do now, one paragraph per kind of move."""
        v = self.view
        out = [v.heading(v._("What you can do now"))]
        for k, form in enumerate(self.forms):
            _ = v._
            entries = self._entry_of_form[k]
            prompt = v.plain(form.prompt)
            if form.choices:
                # Quoted: a choice may have a comma of its own ("point of four, forty").
                words = ", ".join(f"'{v.plain(e.label).lower()}'" for e in entries[:_EXAMPLES])
                more = ", ..." if len(entries) > _EXAMPLES else ""
                tip = _("{prompt}: type {words} (a unique start is enough), or its number "
                        "({span}).", prompt=prompt, words=words + more, span=_span(entries))
            elif entries:
                first = entries[0].action
                tip = _("{prompt}: type its number ({span}) or the card, e.g. '{card}' or "
                        "'{move}'.", prompt=prompt, span=_span(entries),
                        card=self.shown(first).split()[-1], move=self.shown(first))
            else:
                tip = _("{prompt}: type '{kind}' and {what} from your hand, or just the cards, "
                        "e.g. '{example}'.", prompt=prompt,
                        kind=move_word(form.kind, v.lang.code, self.words),
                        what=_range(form.low, form.high, v.lang),
                        example=self.shown(self.example(form)))
            if form.note:
                tip += f" {v.plain(form.note)}"
            out += wrap(tip, v.width, "  ", "    ")
        _ = v._
        cards = (_("Cards are typed as rank and suit letter ({hint}).",
                   hint=self._card_hint()) + " " if any(f.cards for f in self.forms) else "")
        out += wrap(cards + _("'help all' lists every move with its number; 'quit' stops "
                              "and keeps the game: the same command goes on with it."),
                    v.width, "  ", "    ")
        return out

    def _card_hint(self) -> str:
        cards = [c for f in self.forms for c in f.cards]
        shown = []
        for code in dict.fromkeys(cards):
            face = self.view.plain("{c:" + code + "}")
            shown.append(code if face == code else
                         self.view._("{code} for {face}", code=code, face=face))
            if len(shown) == 2:
                break
        return ", ".join(shown)

    def full_help(self) -> list[str]:
        """Every move, numbered; huge several-card choices summarised."""
        v = self.view
        out = [v.heading(v._("Every move now"))]
        w = len(str(len(self.numbered)))
        label_w = max((len(v.plain(e.label)) for e in self.numbered), default=0)
        for e in self.numbered:
            label = v.fill(e.label)
            gap = " " * max(1, label_w - len(v.plain(e.label)) + 2)
            typed = self.shown(e.action, faces=False)   # "pas AC": the reader's word, codes
            # What to type only where the label does not say it already ("Play K♣", "Good")
            said = {_norm(self.shown(e.action)), _norm(typed)}
            if _norm(v.plain(e.label)) in said:
                out.append(f"  {e.number:>{w}}  {label}")
            else:
                out.append(f"  {e.number:>{w}}  {label}{gap}{v.style.dim(typed)}")
        for form in self.multi:
            if form.kind in self.huge:
                out += wrap(v._("{prompt}: choose {what} of: {cards} (type e.g. '{example}')",
                                prompt=v.plain(form.prompt),
                                what=_range(form.low, form.high, v.lang),
                                cards=v.cards(list(dict.fromkeys(form.cards))),
                                example=self.shown(self.example(form))), v.width, "  ", "    ")
        return out

    # -- reading what was typed -------------------------------------------------------

    def resolve(self, typed: str) -> Resolved:
        t = _norm(typed)
        if t.isdigit():
            n = int(t)
            for e in self.numbered:
                if e.number == n:
                    return Resolved(action=e.action)
            top = len(self.numbered)
            _ = self.view._
            return Resolved(error=_("There is no move number {n}: the moves are numbered 1 to "
                                    "{top}.", n=n, top=top) if top else
                            _("There is no move number {n}.", n=n))
        for a in self.legal:
            if _norm(a) == t:
                return Resolved(action=a)
        names = self._names()
        exact = [e for e in self.numbered if t in names[e.number]]
        if exact:
            return self._one(t, exact)
        starts = [e for e in self.numbered
                  if any(n.startswith(t) for n in names[e.number])]
        if starts:
            return self._one(t, starts)
        cards = self._cards(typed)
        if cards:
            return self._by_cards(typed.strip(), cards)
        said = self._parsed(typed)
        if said is not None:   # the game reads it (any language): the engine says why not
            return Resolved(action=said)
        hinted = self._french_card(typed)
        if hinted is not None:
            return hinted
        kinds = {a.kind for a in self.moves}
        if move_kind(t.split()[0], kinds, self.words) is None:
            now = "; ".join(self.view.plain(f.prompt) for f in self.forms)
            _ = self.view._
            return Resolved(error=_("'{typed}' is not one of your moves now ({now}). Type help "
                                    "to see how to move.", typed=typed.strip(), now=now) if now
                            else _("'{typed}' is not one of your moves now. Type help to see "
                                   "how to move.", typed=typed.strip()))
        # The engine parses it (in any language: "сбросить 2h"), or says why not.
        return Resolved(action=typed.strip())

    def _cards(self, typed: str) -> list[str]:
        """The cards ``typed`` names, when it is nothing but cards: codes and symbols
        ("7c", "q♥ 10s"), one card in words ("queen of hearts"), or cards in Polish or
        Russian words ("7 trefl 8 karo", "туз червей")."""
        deck = self.view.deck
        one = deck.find(typed.strip())
        if one is not None:
            return [str(one)]
        try:
            return [str(c) for c in deck.parse_cards(typed)]
        except ValueError:
            pass
        try:   # the engine's reader of card words, given a move word of no game
            words = canonical_move(f"{_CARDS} {typed}", (_CARDS,), deck).split()[1:]
            return [str(c) for c in deck.parse_cards(words)] if words else []
        except (ValueError, IllegalAction):
            return []

    def _by_cards(self, typed: str, cards: list[str]) -> Resolved:
        """Bare cards: the one move that uses exactly them ("7c" is "play 7C")."""
        if len(cards) == 1:   # never a pass: laying a card away as a penalty is said in full
            found = [e for e in self.entries
                     if e.action.split()[1:] == cards and e.action.split()[0] != "pass"]
            if found:
                return self._one(typed, found)
        fits = [f for f in self.multi
                if f.low <= len(cards) <= f.high and all(c in f.cards for c in cards)]
        if len(fits) == 1:
            return Resolved(action=f"{fits[0].kind} {' '.join(cards)}")
        # Not a legal move: the move those cards would make, for the engine's own reason
        # ("You must follow suit: you hold a spade."), when only one kind of move fits.
        kinds = list(dict.fromkeys(f.kind for f in self.forms if f.kind != "pass"
                                   and f.cards and f.low <= len(cards) <= f.high))
        if not kinds:   # too many or too few: the one several-card move, for "exactly 4"
            kinds = list(dict.fromkeys(f.kind for f in self.forms if f.kind != "pass"
                                       and f.cards and f.high > 1))
        if len(kinds) == 1:
            return Resolved(action=f"{kinds[0]} {' '.join(cards)}")
        said = self._parsed(typed)
        if said is not None:
            return Resolved(action=said)
        now = "; ".join(self.view.plain(f.prompt) for f in self.forms)
        return Resolved(error=self.view._("'{typed}' is not a move now ({now}). Type help to "
                                          "see how to move.", typed=typed, now=now))

    def _french_card(self, typed: str) -> Resolved | None:
        """A card of the wrong deck ("ah" in Coins' Spanish deck) where one kind of move
        takes one card: that move, for the engine's hint ("Hearts correspond to cups...")."""
        deck = self.view.deck
        kinds_now = {a.kind for a in self.moves} | {f.kind for f in self.forms}
        if typed.split()[0].lower() in kinds_now or deck.suit_hint(typed.strip()) is None:
            return None
        kinds = list(dict.fromkeys(f.kind for f in self.forms if f.cards and f.kind != "pass"))
        return Resolved(action=f"{kinds[0]} {typed.strip()}") if len(kinds) == 1 else None

    def _parsed(self, typed: str) -> str | None:
        """``typed`` as the game reads it (its words in any language: ``zagraj 7 mieczy``,
        ``сыграть 7 мечей``), or None when it is no move of this game."""
        if self.parse is None:
            return None
        try:
            return self.parse(typed.strip())
        except (ValueError, IllegalAction):
            return None

    def _names(self) -> dict[int, set[str]]:
        """Each numbered move's label as typed: cards as shown (Q♥) and as codes (QH)."""
        v = self.view
        out = {}
        for e in self.numbered:
            as_shown = _norm(v.plain(e.label))
            as_codes = _norm(v.plain(re.sub(r"\{c:([0-9A-Z]+)\}", r"\1", e.label)))
            out[e.number] = {as_shown, as_codes}
        return out

    def _one(self, typed: str, found: list[Entry]) -> Resolved:
        actions = list(dict.fromkeys(e.action for e in found))
        if len(actions) == 1:
            return Resolved(action=actions[0])
        shown = ", ".join(f"{self.view.plain(e.label)} [{e.number}]" for e in found[:8])
        _ = self.view._
        if len(found) > 8:
            shown = _("{shown} and {n} more", shown=shown, n=len(found) - 8)
        return Resolved(error=_("'{typed}' fits several moves: {shown}. Type more of it, or its "
                                "number.", typed=typed, shown=shown))


def _range(low: int, high: int, lang: Lang = EN) -> str:
    if low == high:
        return lang.n_("{n} card", "{n} cards", low)
    return lang._("{low} to {high} cards", low=low, high=high)


def _span(entries: Sequence[Entry]) -> str:
    if len(entries) == 1:
        return str(entries[0].number)
    return f"{entries[0].number}-{entries[-1].number}"
