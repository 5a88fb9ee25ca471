"""The engine contract every game implements (OpenSpiel-like, pure, deterministic).

A ``Game`` knows its options and player counts and makes ``State`` objects.  A
state says whose turn it is, what that seat may do, applies one action at a
time, and shows each seat only what it may see.

Conventions every game keeps, because the tests and the bot rely on them:

* Every public field of a state (no leading underscore) is JSON-native: ints,
  strings, bools, None, lists and dicts with string keys.  Cards are stored as
  plain ints.  ``to_json`` dumps those fields and ``from_json`` loads them, so
  the round trip is exact and a restored game continues identically.
* Randomness comes only from ``self._rng()``, derived from ``seed`` and a
  counter, so the RNG state is part of the JSON too.
* ``_legal()`` and ``_apply()`` are the game's; ``apply`` checks turn and
  legality first, so an ``IllegalAction`` never leaves a half-changed state.
* Events are ``[n, to, text]``: ``to`` is None for everyone or a seat number
  for a private note; ``{p3}`` in a text stands for seat 3's name.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from importlib import resources
from operator import attrgetter
from typing import Any, ClassVar, Self

from .actions import Action, Grammar, parse_action
from .cards import Card, DeckKind
from .errors import IllegalAction
from .lang import COMMON, LANGUAGES, MoveWords, canonical_move
from .messages import Events, Msg, Seat, english, entry, loaded
from .views import View, game_fields

try:   # the same text as json.dumps below, six times faster (the bot saves it every move)
    import orjson as _orjson
except ImportError:  # pragma: no cover - a dependency; the engine also works without it
    _orjson = None  # type: ignore[assignment]

LOG_KEEP = 80  # events kept in the state (the table core keeps the full action log)
# (event number, only for this seat or None, the message's key, plural key and data): plain
# data, see ``rules.messages``; a game saved before messages existed keeps (event number,
# seat or None, text).
LogEntry = tuple


@dataclass(frozen=True)
class Option:
    """One table option: its default, allowed values and a line of help."""

    name: str
    default: Any
    choices: tuple = ()
    help: str = ""
    kind: type = field(default=str)
    minimum: int | None = None
    maximum: int | None = None

    def coerce(self, value: Any) -> Any:
        """Turn ``value`` (possibly text from a command line) into a valid value."""
        v: Any = value
        if self.kind is bool and isinstance(v, str):
            low = v.strip().lower()
            if low in ("1", "true", "yes", "on"):
                v = True
            elif low in ("0", "false", "no", "off"):
                v = False
        elif self.kind is int and isinstance(v, str):
            try:
                v = int(v.strip())
            except ValueError:
                raise ValueError(f"Option '{self.name}' needs a whole number, not '{value}'.") \
                    from None
        elif self.kind is str and isinstance(v, str):
            v = v.strip().lower()
        if not isinstance(v, self.kind) or (self.kind is int and isinstance(v, bool)):
            raise ValueError(f"Option '{self.name}' needs {self._expect()}, not '{value}'.")
        if self.choices and v not in self.choices:
            raise ValueError(f"Option '{self.name}' must be {self._expect()}, not '{value}'.")
        if isinstance(v, int) and self.minimum is not None and v < self.minimum:
            raise ValueError(f"Option '{self.name}' must be at least {self.minimum}.")
        if isinstance(v, int) and self.maximum is not None and v > self.maximum:
            raise ValueError(f"Option '{self.name}' must be at most {self.maximum}.")
        return v

    def _expect(self) -> str:
        if self.choices:
            return "one of " + ", ".join(str(c).lower() if isinstance(c, bool) else str(c)
                                         for c in self.choices)
        if self.kind is bool:
            return "on or off"
        if self.kind is int:
            lo = "" if self.minimum is None else f" >= {self.minimum}"
            hi = "" if self.maximum is None else f" <= {self.maximum}"
            return "a whole number" + (lo + ("," if lo and hi else "") + hi)
        return "text"

    def describe(self) -> dict:
        return {"name": self.name, "default": self.default, "choices": list(self.choices),
                "type": self.kind.__name__, "min": self.minimum, "max": self.maximum,
                "help": self.help}


def ranks_from_scores(scores: Sequence[float], higher_is_better: bool = True) -> list[int]:
    """Competition ranking: 1 is best, tied scores share a rank."""
    sign = -1 if higher_is_better else 1
    order = sorted(scores, key=lambda s: sign * s)
    return [order.index(s) + 1 for s in scores]


class State:
    """Base class of every game state.  See the module docstring for the rules."""

    game: ClassVar[Game]
    # The field counting hands/deals/rounds: views and the ``deal_no`` property expose it
    # so the bot knows when to send fresh hands, and search rollouts know where a hand ends.
    deal_field: ClassVar[str] = ""
    deal_no: int   # that field's value, a read-only property (see __init_subclass__)
    # The legal-move cache (see _init_transient).
    _english: dict[int, str]   # event number -> its English, once read
    _version: int
    _legal_version: int
    _legal_list: list[Action]

    def __init__(self, n_players: int, options: dict, seed: int, stack: list[list[int]]) -> None:
        self.n = n_players
        self.options = options
        self.seed = seed
        self.shuffles = 0
        self.stack = stack
        self.log: list[LogEntry] = []
        self.events_seen = 0
        self.current_seat: int | None = None
        self.over = False
        self._init_transient()
        self._setup()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        # ``deal_no`` reads the game's own counter through a C getter (no Python function
        # call in a search's rollout); a game whose counter is called deal_no has it as is.
        super().__init_subclass__(**kwargs)
        name = cls.__dict__.get("deal_field")
        if name and name != "deal_no":
            cls.deal_no = property(attrgetter(name),   # type: ignore[assignment]
                                   doc=f"The hand/deal counter (``{name}``).")

    # --- the game's part -------------------------------------------------------

    def _setup(self) -> None:
        raise NotImplementedError

    def _legal(self) -> list[Action]:
        """Legal actions of ``current_seat``, in a deterministic order."""
        raise NotImplementedError

    def _apply(self, action: Action) -> None:
        raise NotImplementedError

    def _view(self, seat: int | None) -> dict:
        raise NotImplementedError

    def _result(self) -> dict:
        raise NotImplementedError

    def _resample(self, seat: int, rng: random.Random) -> None:
        """Re-deal, in place, every card ``seat`` cannot see, consistently with its view."""
        raise NotImplementedError

    def _zones(self) -> dict[str, list[int]]:
        """Every card in the game by where it lies (hidden ones too): for conservation tests."""
        raise NotImplementedError

    def _deck_cards(self) -> list[int]:
        """The multiset of cards ``_zones`` must add up to."""
        return [int(c) for c in self.game.deck.cards]

    def _is_legal(self, action: Action) -> bool:
        return action in self._legal_cached()

    def _why_illegal(self, action: Action) -> Msg:
        """A player-readable reason ``action`` is not allowed now (override per game)."""
        kinds = sorted({a.kind for a in self._legal_cached()})
        return Msg("'{move}' is not allowed now. You can: {kinds}.", move=str(action),
                   kinds=", ".join(kinds))

    @property
    def mover(self) -> int:
        """The seat to move, for code that runs only while the game goes on."""
        seat = self.current_seat
        assert seat is not None, "the game is over: no seat is to move"
        return seat

    _mover = mover   # the older name, kept for games and tests written against it

    # --- the contract ------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.over

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """What ``seat`` may do now (empty if it is not that seat's turn or the game is over)."""
        if self.over or (seat is not None and seat != self.current_seat):
            return []
        if self._legal_version != self._version:  # _legal_cached, inlined: the hot path
            self._legal_list = self._legal()
            self._legal_version = self._version
        return self._legal_list[:]

    def is_legal(self, seat: int, action: Action | str) -> bool:
        try:
            self._check(seat, action)
        except IllegalAction:
            return False
        return True

    def apply(self, seat: int, action: Action | str, *, quiet: bool = False) -> Sequence[dict]:
        """Apply ``action`` for ``seat``; return the new events.  Raises IllegalAction.

        The events are ``{"n", "to", "text"}`` dicts worded only when read (``Events``):
        a move costs no wording.  ``quiet``: return none (a search's playouts read no
        events)."""
        if type(action) is Action and seat == self.current_seat and not self.over:
            # The common case (an action from legal_actions) skips parsing and seat checks,
            # never the legality check: bad input is refused before anything changes.
            if not self._is_legal(action):
                raise IllegalAction(self._why_illegal(action))
        else:
            action = self._check(seat, action)
        log = self.log
        first = len(log)
        self._version += 1
        self._apply(action)
        new = len(log) - first
        if not new:
            return []
        # ``_events_since``, inlined: the hot path (a playout logs at every trick)
        if len(log) > LOG_KEEP:
            del log[:len(log) - LOG_KEEP]
        if quiet:
            return []
        return Events(log[-new:], self._text)   # worded when read, not now

    def ask_count(self, seat: int) -> Sequence[dict]:
        """Ask for the count (the pile's total, in Pinkerton) for ``seat``; return the new
        events.  Not a move: it may come at any moment, out of turn, and the turn does not
        change.  Games without a count refuse with IllegalAction, as do games whose rules
        refuse this seat now (Pinkerton: the dealer; a total already shown)."""
        raise IllegalAction(Msg("There is no count to ask for in this game."))

    def count_askable(self) -> bool:
        """Whether some seat may ask for the count now (a UI offers it only then)."""
        return False

    def _events_since(self, first: int) -> Sequence[dict]:
        """The events logged from index ``first`` on (trimming the kept log)."""
        if len(self.log) == first:
            return []
        if len(self.log) > LOG_KEEP:
            cut = len(self.log) - LOG_KEEP
            first = max(0, first - cut)
            del self.log[:cut]
        return Events(self.log[first:], self._text)   # worded when read, not now

    def _text(self, e: LogEntry) -> str:
        """A kept event's message (``Msg``), its English made once and kept aside; an old
        game's plain text as it is."""
        if len(e) == 3:
            return e[2]
        said = self._english.get(e[0])
        if said is None:
            if len(self._english) > 2 * LOG_KEEP:   # forget events no longer kept
                kept = {x[0] for x in self.log}
                self._english = {n: t for n, t in self._english.items() if n in kept}
            said = self._english[e[0]] = english(e[2], e[3], e[4])
        return Msg.wrap(said, e[2], e[3], e[4])

    def _check(self, seat: int, action: Action | str) -> Action:
        if isinstance(action, str):
            action = self.game.parse_action(action, self.options)
        if self.over:
            raise IllegalAction(Msg("The game is over."))
        if seat != self.current_seat:
            if not isinstance(seat, int) or not 0 <= seat < self.n:
                raise IllegalAction(Msg("You do not have a seat in this game."))
            raise IllegalAction(not_your_turn(self.mover))
        if not self._is_legal(action):
            raise IllegalAction(self._why_illegal(action))
        return action

    def view(self, seat: int | None = None) -> View:
        """Everything ``seat`` may see (None: a spectator).  JSON-serialisable.

        Any other seat than None or 0..n-1 is a ValueError: a negative index would
        otherwise show another seat's hand."""
        if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool)
                                 or not 0 <= seat < self.n):
            raise ValueError(f"No seat {seat!r} in this {self.n}-player game: a view is for "
                             f"seat 0 to {self.n - 1}, or None for a spectator.")
        v: View = {
            "game": self.game.name,
            "players": self.n,
            "seat": seat,
            "options": dict(self.options),
            "current_seat": self.current_seat,
            "over": self.over,
            # "private": told to this seat alone (a presenter may prefer it to the public line)
            "events": [{"n": e[0], "text": self._text(e)} if e[1] is None else
                       {"n": e[0], "text": self._text(e), "private": True}
                       for e in self.log if e[1] is None or e[1] == seat],
        }
        if self.deal_field:
            v["deal_no"] = self.deal_no
        game_fields(v).update(self._view(seat))
        if self.over:
            v["result"] = self.result()
        return v

    def result(self) -> dict:
        """Scores, ranks (1 = best, ties share) and per-game extras; only when over."""
        if not self.over:
            raise IllegalAction(Msg("The game is not over yet."))
        r = self._result()
        r.setdefault("ranks", ranks_from_scores(r["scores"]))
        r.setdefault("winners", [i for i, k in enumerate(r["ranks"]) if k == 1])
        return r

    def to_json(self) -> str:
        fields = {k: v for k, v in vars(self).items() if not k.startswith("_")}
        data = {"game": self.game.name, "state": fields}
        if _orjson is not None:
            try:
                text = _orjson.dumps(data, option=_orjson.OPT_SORT_KEYS).decode()
            except TypeError:   # what orjson does not write (an int over 64 bits, an int key)
                pass
            else:
                if text.isascii():   # json.dumps escapes the rest: keep its very text
                    return text
        return json.dumps(data, separators=(",", ":"), sort_keys=True)

    def clone(self) -> Self:
        """A deep, independent copy (faster than a JSON round trip).  The log's entries are
        tuples of plain data: the list is copied, not each entry looked into."""
        new = object.__new__(type(self))
        new.__dict__ = {k: v[:] if k == "log" else _copy(v)
                        for k, v in vars(self).items() if not k.startswith("_")}
        new._init_transient()
        return new

    def sample_world(self, seat: int, rng: random.Random) -> Self:
        """A full state consistent with ``view(seat)``: hidden cards re-dealt, future reseeded."""
        world = self.clone()
        world.seed = rng.getrandbits(62)
        world.shuffles = 0
        world.stack = []
        world.log = [e for e in world.log if e[1] is None or e[1] == seat]
        world._resample(seat, rng)
        world._version += 1
        return world

    def action_forms(self, seat: int) -> list[dict]:
        """How the legal actions are best offered in a UI.

        Each form is ``{"kind", "cards", "min", "max"}`` (choose that many of
        ``cards``) or ``{"kind", "choices"}`` (pick one canonical text).
        Games whose legal lists are huge override this.
        """
        forms: dict[str, dict] = {}
        for a in self.legal_actions(seat):
            f = forms.get(a.kind)
            single_card = len(a.args) == 1 and isinstance(a.args[0], Card)
            if f is None:
                f = forms[a.kind] = ({"kind": a.kind, "cards": [], "min": 1, "max": 1}
                                     if single_card else {"kind": a.kind, "choices": []})
            if "cards" in f and single_card:
                f["cards"].append(str(a.args[0]))
            else:
                f.setdefault("choices", []).append(str(a))
        return list(forms.values())

    # --- helpers for games ---------------------------------------------------------

    def _init_transient(self) -> None:
        self._english = {}
        self._version = 0
        self._legal_version = -1
        self._legal_list = []

    def _legal_cached(self) -> list[Action]:
        if self._legal_version != self._version:
            self._legal_list = [] if self.over else self._legal()
            self._legal_version = self._version
        return self._legal_list

    def _rng(self) -> random.Random:
        """A fresh generator for the next shuffle, derived from seed and counter."""
        self.shuffles += 1
        return random.Random(f"{self.game.name}/{self.seed}/{self.shuffles}")

    def _deal_order(self, cards: Sequence[int]) -> list[int]:
        """A shuffled copy of ``cards``: the next stacked deck (topped up at random) or random."""
        rest = [int(c) for c in cards]
        rng = self._rng()
        if self.stack:
            top = self.stack.pop(0)
            remaining = Counter(rest)
            remaining.subtract(top)
            if min(remaining.values(), default=0) < 0:
                raise ValueError("A stacked deck holds cards this deal does not have.")
            tail = list(remaining.elements())
            tail.sort()
            rng.shuffle(tail)
            return list(top) + tail
        rng.shuffle(rest)
        return rest

    def _shuffle(self, cards: list[int]) -> None:
        self._rng().shuffle(cards)

    def _log(self, message: tuple | Msg, to: int | None = None) -> None:
        """Log an event (``rules.messages.event``); ``to``: a seat's private note."""
        self.events_seen += 1
        # A tuple of plain values, not a message object: the garbage collector stops
        # tracking it, and a bot keeps up to LOG_KEEP of these for each of its thousands of
        # tables.  Nothing is worded until the event is read.
        if type(message) is tuple:   # an ``event``: ("m", key, plural key, data)
            self.log.append((self.events_seen, to, message[1], message[2], message[3]))
        else:
            self.log.append(entry(self.events_seen, to, message))


def not_your_turn(seat: int) -> Msg:
    return Msg("It is not your turn: waiting for {who}.", who=Seat(seat))


def _copy(v: Any) -> Any:
    if isinstance(v, list):
        if any(isinstance(x, (list, dict)) for x in v):
            return [_copy(x) for x in v]
        return v[:]
    if isinstance(v, dict):
        return {k: _copy(x) for k, x in v.items()}
    return v


class Game:
    """A game: name, player counts, options and the state class it makes."""

    name: str = ""
    title: str = ""
    deck: DeckKind
    min_players: int = 2
    max_players: int = 2
    option_list: tuple[Option, ...] = ()
    grammar: Grammar = {}
    aliases: dict[str, str] = {}
    state_class: type[State]
    turn_seconds: int = 120  # sensible default turn timer for the table core
    teams: bool = False
    # Its moves' words in Polish and Russian (rules/lang.py): a game's own kinds' words
    # and the common ones, from the game's package.
    move_words: MoveWords = COMMON
    # A seat's private note that tells the same act as the public line logged just before
    # it ("You give 7H to {p1}." after "{p0} gives a card face down to {p1}."): pairs of
    # (the note's message id, the public line's).  A presenter shows that seat the note
    # instead.  Message ids, so games saved before this was said read the same.
    private_twins: frozenset[tuple[str, str]] = frozenset()

    def __init__(self) -> None:
        self.options: dict[str, Option] = {o.name: o for o in self.option_list}
        self.state_class.game = self

    # --- options and players ------------------------------------------------------

    def validate_options(self, options: dict | None = None) -> dict:
        """Defaults filled in, values coerced; ValueError with a readable message."""
        options = dict(options or {})
        out = {}
        for key in options:
            if key not in self.options:
                known = ", ".join(self.options) or "none"
                raise ValueError(f"Unknown option '{key}' for {self.title or self.name}; "
                                 f"options are: {known}.")
        for name, opt in self.options.items():
            out[name] = opt.coerce(options[name]) if name in options else opt.default
        return out

    def player_counts(self, options: dict | None = None) -> tuple[int, ...]:
        """The player counts these options allow."""
        return tuple(range(self.min_players, self.max_players + 1))

    def configurations(self) -> list[tuple[int, dict]]:
        """(players, options) pairs the property tests cover: every count and variant."""
        return [(n, {}) for n in self.player_counts({})]

    def new_state(self, n_players: int, options: dict | None = None, seed: int | None = None,
                  deck: Iterable | None = None) -> State:
        """A new game.  ``deck``: a card order for the first deal (top first; may be
        partial: missing cards follow in seeded random order), or a list of such
        orders for successive deals.  Cards may be Card/int or text."""
        opts = self.validate_options(options)
        counts = self.player_counts(opts)
        if n_players not in counts:
            raise ValueError(f"{self.title or self.name} with these options is for "
                             f"{_counts_text(counts)} players, not {n_players}.")
        if seed is None:
            seed = random.SystemRandom().getrandbits(62)
        if not isinstance(seed, int):
            raise ValueError("seed must be an integer")
        return self.state_class(n_players, opts, seed, self._stack(deck))

    def _stack(self, deck: Iterable | None) -> list[list[int]]:
        if deck is None:
            return []
        deck = list(deck)
        if deck and isinstance(deck[0], (list, tuple)):
            return [self._cards(d) for d in deck]
        return [self._cards(deck)]

    def _cards(self, items: Iterable) -> list[int]:
        out = []
        for c in items:
            if isinstance(c, str):
                out.append(int(self.deck.parse_card(c)))
            else:
                out.append(int(c))
        return out

    # --- actions, JSON, texts -------------------------------------------------------

    def kinds(self, options: dict | None = None) -> tuple[str, ...]:
        """The move kinds a game with these options uses (variants may use fewer)."""
        return tuple(self.grammar)

    def grammar_for(self, options: dict | None = None) -> Grammar:
        if options is None:
            return self.grammar
        kinds = self.kinds(options)
        return {k: v for k, v in self.grammar.items() if k in kinds}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        # A game that reads its own move text still gets Polish and Russian words
        # turned into canonical text first, without knowing of them.
        super().__init_subclass__(**kwargs)
        own = cls.__dict__.get("parse_action")
        if own is not None and not getattr(own, "reads_languages", False):
            cls.parse_action = _reading_languages(own)  # type: ignore[method-assign]

    def parse_action(self, text: str | Action, options: dict | None = None) -> Action:
        """Text to an action; with ``options``, only the moves those options use."""
        if isinstance(text, Action):
            return text
        return parse_action(text, self.grammar_for(options), self.deck, self.aliases,
                            self._normalise)

    def _normalise(self, action: Action) -> Action:
        return action

    def state_from_json(self, text: str) -> State:
        data = json.loads(text)
        if data.get("game") != self.name:
            raise ValueError(f"This is a saved {data.get('game')} game, not {self.name}.")
        state = object.__new__(self.state_class)
        state.__dict__.update(data["state"])
        # JSON has no tuples; a message's English is made again from its data
        state.log = [loaded(e) for e in state.log]
        state._init_transient()
        return state

    def rules_text(self, lang: str = "en") -> str:
        """The rules in Markdown, in ``lang`` (en, pl, ru); English for any other: the
        ``texts/`` folder of the engine's package (``games/<name>/texts/<name>.md``,
        ``texts/pl/<name>.md``, ``texts/ru/<name>.md``)."""
        texts = resources.files(type(self).__module__.rpartition(".")[0]) / "texts"
        folder = texts / lang if lang in LANGUAGES and lang != "en" else texts
        page = folder / f"{self.name}.md"
        return (page if page.is_file() else texts / f"{self.name}.md").read_text("utf-8")

    def summary(self, lang: str = "en") -> str:
        """The first paragraph after the title of the rules text."""
        text = self.rules_text(lang)
        paras = [p.strip() for p in text.split("\n\n") if p.strip() and not p.startswith("#")]
        return paras[0] if paras else self.title

    def describe_options(self) -> list[dict]:
        return [o.describe() for o in self.option_list]


def _reading_languages(parse: Any) -> Any:
    """``parse`` (a game's parse_action) reading Polish and Russian words too."""
    def parse_action(self: Game, text: str | Action, options: dict | None = None) -> Action:
        if isinstance(text, str):
            text = canonical_move(text, tuple(self.grammar_for(options)), self.deck,
                                  self.move_words)
        return parse(self, text, options)
    parse_action.__doc__ = parse.__doc__
    parse_action.reads_languages = True  # type: ignore[attr-defined]
    return parse_action


Game.parse_action = _reading_languages(Game.parse_action)  # type: ignore[method-assign]


def _counts_text(counts: Sequence[int]) -> str:
    counts = sorted(counts)
    if len(counts) == 1:
        return str(counts[0])
    if counts == list(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]}-{counts[-1]}"
    return ", ".join(map(str, counts))
