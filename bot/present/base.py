"""The presenter interface and what every game's presenter shares.

A presenter knows one game's view fields and turns a view into a ``Scene``.
It lives in ``games/<game>/presenter.py`` and its game's plug-in names it
(``bot/plugins.py``); transports call ``bot.present.present(...)`` and never see a
field name.

Shared pieces for trick games: ``trick_centre`` (the trick in progress and the
last trick of this deal), ``tricks_played``, ``trick_winner`` (a hook) and
``follow_note``; for every game ``seat_scene``, ``ranked_lines``, ``signed``,
``units`` (counted nouns in the presenter's language), ``suit_name`` and the hand
sorting/grouping helpers (``suit_order``).
"""

from __future__ import annotations

from collections.abc import Sequence

from bot import plugins
from bot.core.ratings import PROVISIONAL_GAMES, display_rating
from bot.i18n import EN, N_, Lang, lang_for
from bot.i18n.cards import jokers_word, suit_word
from rules.actions import Action
from rules.cards import SUIT_NAME, Card, DeckKind
from rules.messages import Msg, Seat, decode

from . import text
from .messages import marked, ordinal
from .scene import (
    Fact,
    HandScene,
    MoveChoice,
    MoveForm,
    Play,
    ResultScene,
    Scene,
    SeatScene,
    TrickScene,
)
from .you import SHARED, YouForms, to_you


def _private_twin(public: object, following: dict, seat: int,
                  twins: frozenset[tuple[str, str]]) -> bool:
    """Is ``following`` the private note to ``seat`` of the same act as the public line
    ``public``, which names ``seat`` ("{p1} returns 10S to you." after "{p1} returns a
    card to {p0}.")?  The game says which notes twin which lines (``Game.private_twins``,
    by message id)."""
    note = following["text"]
    return (bool(following.get("private")) and isinstance(public, Msg)
            and isinstance(note, Msg) and (note.key, public.key) in twins
            and any(decode(v) == Seat(seat) for _, v in public.data))

# View fields every engine adds (``State.view``); presenters declare only their game's own.
COMMON_FIELDS = frozenset({"game", "players", "seat", "options", "current_seat", "over",
                           "events", "deal_no", "result"})
TRICK_FIELDS = frozenset({"trick", "last_trick", "tricks", "hand_sizes", "leader", "hand"})

NUMBER_WORDS = (N_("zero"), N_("one"), N_("two"), N_("three"), N_("four"), N_("five"),
                N_("six"), N_("seven"), N_("eight"), N_("nine"), N_("ten"), N_("eleven"),
                N_("twelve"))


def game_title(title: str, lang: Lang = EN) -> str:
    """A game's title in ``lang`` (``Game.title`` as the engine has it), as its plug-in
    words it."""
    plugin = plugins.by_title(title)
    return lang._(plugin.title_id) if plugin is not None else title


def seat_label(name: str, kind: str, ai_level: str | None, lang: Lang = EN,
               ai_name: str | None = None) -> str:
    """A seat's name as the table shows it in ``lang``: an AI seat's own ``ai_name`` and
    level in ``lang``'s words ("Ada (AI, hard)", "Ada (ИИ, сильный)"), a human the AI
    plays for now marked "(AI hard)", anyone else (an AI seat without an own name
    too) as they are called."""
    if ai_level is None:
        return name
    if kind == "ai":
        if ai_name is None:
            return name
        return lang._("{name} (AI, {level})", name=ai_name, level=lang._(ai_level))
    return lang._("{name} (AI {level})", name=name, level=lang._(ai_level))


def player_name(player: dict, lang: Lang = EN) -> str:
    """A finished game's player as the table called them ("Ada (AI, hard)" in ``lang``'s
    words; a person by their name)."""
    kind = player.get("kind", "human")
    return seat_label(player["name"], kind, player.get("ai_level") if kind == "ai" else None,
                      lang, player.get("ai_name"))


def rating_words(value: float, games: int, lang: Lang = EN) -> str:
    """"1540", or "1540 (provisional: fewer than 5 games)" in ``lang``."""
    shown = str(display_rating(value))
    if games < PROVISIONAL_GAMES:
        shown += " " + lang._("(provisional: fewer than {n} games)", n=PROVISIONAL_GAMES)
    return shown


def skill_text(accuracy: float, luck: float, lang: Lang = EN) -> str:
    """"Accuracy 86 · Luck +12%" in ``lang``: accuracy 0-100 (rules/ai/skill.py), luck in
    hundredths of a win (value units times 100), signed."""
    return lang._("Accuracy {accuracy} · Luck {luck}%", accuracy=round(accuracy),
                  luck=f"{round(100 * luck):+d}")


def presenter_for(game: str, lang: Lang | str | None = None) -> Presenter:
    """``game``'s presenter speaking ``lang`` (a ``Lang`` or a locale code; English if None)."""
    return plugins.get(game).presenter(lang if isinstance(lang, Lang) else lang_for(lang))


def number_word(n: int, lang: Lang = EN) -> str:
    return lang._(NUMBER_WORDS[n]) if 0 <= n < len(NUMBER_WORDS) else str(n)


def units(lang: Lang, n: int, unit: str) -> str:
    """``n`` of a unit in ``lang`` with the right plural form: ``5 kart``, ``2 очка``.

    The one table of counted nouns: a new unit is one more line here."""
    m = abs(n)
    forms = {
        "card": lambda: lang.n_("{n} card", "{n} cards", m),
        "point": lambda: lang.n_("{n} point", "{n} points", m),
        "coin": lambda: lang.n_("{n} coin", "{n} coins", m),
        "round": lambda: lang.n_("{n} round", "{n} rounds", m),
        "hand": lambda: lang.n_("{n} hand", "{n} hands", m),
        "trick": lambda: lang.n_("{n} trick", "{n} tricks", m),
        "stake": lambda: lang.n_("{n} stake", "{n} stakes", m),
        "deal": lambda: lang.n_("{n} deal", "{n} deals", m),
        "move": lambda: lang.n_("{n} move", "{n} moves", m),
        "player": lambda: lang.n_("{n} player", "{n} players", m),
    }
    out = forms[unit]()
    # Plural forms go by the absolute value: "-1 point", "-2 points".
    return out if n >= 0 else out.replace(str(m), str(n), 1)


def signed(n: int) -> str:
    """A score change as players write it: ``+3``, ``-2``, ``0``."""
    return f"{n:+d}" if n else "0"


def suit_name(suit: int, *, singular: bool = False, capital: bool = False,
              lang: Lang = EN) -> str:
    """``hearts`` / ``heart`` / ``Hearts`` for a suit number (French or Spanish)."""
    word = suit_word(lang.code, suit) if lang.code != "en" else SUIT_NAME[suit]
    if singular and lang.code == "en":
        word = word[:-1]
    return word[:1].upper() + word[1:] if capital else word


class Presenter:
    """Base presenter: override ``scene`` (and ``describe``/``form`` where needed)."""

    game: str = ""
    # The game's view fields this presenter shows in words or leaves out on purpose; the
    # property tests fail on a field missing here, so a new engine field gets a decision.
    fields: frozenset[str] = frozenset()
    # Suits in the order a hand is sorted and grouped (None: the deck's own order).
    suit_order: tuple[int, ...] | None = None
    # The game's acts told to the viewer in the second person (bot/present/you.py).
    you_forms: YouForms = SHARED

    def __init__(self, lang: Lang = EN) -> None:
        self.engine = plugins.engine(self.game)
        self.deck: DeckKind = self.engine.deck
        self.lang = lang
        self._ = lang.gettext

    def units(self, n: int, unit: str) -> str:
        return units(self.lang, n, unit)

    def suit(self, suit: int, *, capital: bool = False) -> str:
        return suit_name(suit, capital=capital, lang=self.lang)

    # -- the entry point --------------------------------------------------------------

    def scene(self, view: dict, names: Sequence[str], *, forms: Sequence[dict] = (),
              legal: Sequence[str] = (), recent: int = 8) -> Scene:
        """The scene of ``view`` (a seat's when ``view["seat"]`` is set, else the public one).

        ``forms``/``legal`` are the viewer's ``action_forms`` and legal action
        texts when it is their turn (empty otherwise).
        """
        raise NotImplementedError(f"no presenter scene for {self.game}")

    # -- moves as players say them ----------------------------------------------------

    def move(self, action: Action | str) -> Action:
        """A move as the engine's typed ``Action``: a canonical text (a form's choice, a
        logged move) is read here, once, by the game's own grammar."""
        return action if isinstance(action, Action) else self.engine.parse_action(action)

    def describe(self, action: Action | str) -> str:
        """A move as a player says it (``play QH`` -> "Play {c:QH}")."""
        move = self.move(action)
        words = [text.card(str(a)) if isinstance(a, Card) else str(a) for a in move.args]
        return " ".join([self.verb(move.kind), *words]).strip()

    def verb(self, kind: str) -> str:
        """An engine action kind as a button verb ("play" -> "Play")."""
        _ = self._
        verbs = {"play": N_("Play"), "discard": N_("Discard"), "give": N_("Give"),
                 "return": N_("Return"), "trump": N_("Trumps"), "pass": N_("Pass"),
                 "beat": N_("Beat"), "add": N_("Add"), "count": N_("Count"),
                 "declare": N_("Declare"), "good": N_("Good"), "sink": N_("Sink"),
                 "keep": N_("Keep"), "bid": N_("Bid"), "double": N_("Double"),
                 "redouble": N_("Redouble"), "name": N_("Name")}
        return _(verbs[kind]) if kind in verbs else _("Move")

    def form(self, form: dict, legal: Sequence[str]) -> MoveForm:
        """An engine action form as a scene move form (override for the game's words)."""
        kind = form["kind"]
        if "cards" in form:
            low, high = int(form.get("min", 1)), int(form.get("max", 1))
            _ = self._
            what = (_("a card") if high == 1 else
                    self.units(high, "card") if low == high else
                    _("{low} to {high} cards", low=low, high=high))
            return MoveForm(kind=kind, prompt=_("{verb} {what}", verb=self.verb(kind), what=what),
                            verb=self.verb(kind), cards=self.sort_cards(form["cards"]), low=low,
                            high=high, confirm=high > 1)
        choices = tuple(MoveChoice(a, self.describe(a)) for a in form.get("choices", ()))
        return MoveForm(kind=kind, prompt=self.verb(kind), verb=self.verb(kind),
                        choices=choices)

    # -- shared pieces ----------------------------------------------------------------

    def events(self, view: dict, recent: int, shown_elsewhere=None) -> tuple[str, ...]:
        """The last ``recent`` events of the view in the presenter's language, seats and
        cards marked (an old saved game's plain text as it was written).

        Said once: the public line of the viewer's own act followed by the viewer's private
        line of it ("Alice discards four cards face down." then "You discard ..."; "Ada
        returns a card to Alice." then "Ada returns 10S to you.") keeps the private one;
        ``shown_elsewhere(engine_text)`` drops events the scene shows in full elsewhere
        (Piquet's declarations, summed up on the table)."""
        events = (view.get("events") or [])[-recent:]
        me = view.get("seat")
        kept = []
        for i, e in enumerate(events):
            said = e["text"]
            if (me is not None and i + 1 < len(events)
                    and _private_twin(said, events[i + 1], me,
                                      self.engine.private_twins)):
                continue
            if shown_elsewhere is not None and shown_elsewhere(said):
                continue
            if me is not None:
                # "You take the trick", not "Alice takes"
                said = to_you(said, me, self.you_forms)
            kept.append(marked(said, self.lang, self.deck))
        return tuple(kept)

    def trick(self, plays: Sequence | None, label: str, *, winner: int | None = None,
              to_lead: int | None = None) -> TrickScene | None:
        """A trick from the engine's ``[[seat, card], ...]`` pairs."""
        if plays is None:
            return None
        return TrickScene(label=label, plays=tuple(Play(int(s), (str(c),)) for s, c in plays),
                          winner=winner, to_lead=to_lead)

    def trick_winner(self, view: dict, plays: Sequence) -> int | None:
        """The seat that won a finished trick of this deal (games override; None: unknown)."""
        return None

    @staticmethod
    def tricks_played(view: dict) -> int:
        """Tricks completed in the current deal (from the per-seat ``tricks`` counts)."""
        return sum(view.get("tricks") or ())

    def trick_centre(self, view: dict, per_deal: int | None = None) -> \
            tuple[TrickScene | None, TrickScene | None]:
        """(trick in progress, last trick of this deal) for a ``TrickState`` view.

        The engine keeps the previous deal's final trick in ``last_trick`` until
        a new trick completes; a player reads that as part of this deal, so it
        is shown only once this deal has a finished trick.  An empty trick in
        progress names who leads it.
        """
        done = self.tricks_played(view)
        label = (self._("Trick {n} of {total}", n=done + 1, total=per_deal) if per_deal
                 else self._("Trick {n}", n=done + 1))
        plays = view.get("trick") or []
        lead = view.get("current_seat") if not plays else None
        current = self.trick(plays, label, to_lead=lead)
        last = None
        if done and view.get("last_trick"):
            last = self.trick(view["last_trick"], self._("Last trick"),
                              winner=self.trick_winner(view, view["last_trick"]))
        return current, last

    def follow_note(self, led: int | None, offered: int, held: int) -> str | None:
        """"You must follow hearts." when a led suit narrows the cards a seat may play."""
        return self._("You must follow {suit}.", suit=self.suit(led)) \
            if led is not None and offered < held else None

    def seat_scene(self, view: dict, names: Sequence[str], i: int, *,
                   roles: Sequence[str] = (), score: str | None = None,
                   facts: Sequence[Fact] = (), status: str | None = None) -> SeatScene:
        """A seat with what every game shows: name, dealer role, hand size, whose turn."""
        role_list = ([self._("dealer")] if view.get("dealer") == i else []) + list(roles)
        sizes = view.get("hand_sizes")
        return SeatScene(index=i, name=text.name_of(names, i), roles=tuple(role_list),
                         score=score, facts=tuple(f for f in facts if f is not None),
                         hand_count=None if sizes is None or view.get("over") else int(sizes[i]),
                         status=status, to_move=view.get("current_seat") == i)

    def ranked_lines(self, result: dict, value: Sequence[str]) -> ResultScene:
        """Results ranked best first: ``1st {p1}: 15 coins`` (``value[i]`` per seat)."""
        ranks = result["ranks"]
        order = sorted(range(len(ranks)), key=lambda s: (ranks[s], s))
        lines = tuple(self._("{place} {who}: {value}", place=ordinal(ranks[s], self.lang),
                             who=text.seat(s), value=value[s]) for s in order)
        return ResultScene(lines=lines, winners=tuple(result.get("winners", ())))

    def sort_cards(self, cards: Sequence[str]) -> tuple[str, ...]:
        """A hand as players hold it: by suit, then rank (high first)."""
        order = {s: k for k, s in enumerate(self.suit_order or self.deck.suits)}
        parsed = [self.deck.parse_card(c) for c in cards]
        return tuple(str(c) for c in sorted(parsed, key=lambda c: (order.get(c.suit, 99),
                                                                     c.suit, -c.rank)))

    def group_cards(self, ordered: Sequence[str]) -> tuple[tuple[str, tuple[str, ...]], ...]:
        """Cards already in ``sort_cards`` order, by suit (jokers apart): a hand is sorted
        once for its cards and its groups."""
        groups: dict[str, list[str]] = {}
        for code in ordered:
            c = self.deck.parse_card(code)
            label = jokers_word(self.lang.code) if c.is_joker else self.suit(c.suit, capital=True)
            groups.setdefault(label, []).append(code)
        return tuple((k, tuple(v)) for k, v in groups.items())

    def hand(self, view: dict, forms: Sequence[dict], legal: Sequence[str],
             lines: Sequence[str] = ()) -> HandScene:
        cards = self.sort_cards(view.get("hand") or [])
        return HandScene(cards=cards, groups=self.group_cards(cards),
                         lines=tuple(lines), forms=tuple(self.form(f, legal) for f in forms),
                         your_turn=bool(forms))

    def headline_target(self, target: int | None) -> Fact | None:
        return Fact(self._("Target"), self.units(target, "point")) if target else None
