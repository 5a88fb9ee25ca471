"""Messages: what an engine says (events and refusals) as data, not as finished English.

A ``Msg`` is a message id - the English template, as ``app_commands.locale_str`` keeps
one - and typed parameters::

    Msg("{who} leads {card}.", who=Seat(1), card=Cards.of([QH]))

It *is* its English sentence too (a ``str`` subclass whose value is the template filled
in English), so whatever prints or compares an engine's text - logs, tests, the core's
English - reads exactly what the engines always wrote: seats as ``{pN}``, cards as ASCII
codes.  The presentation layer (``bot/present/messages.py``) renders the same message in
the reader's language from its id and parameters; it never parses the English.

Parameters are ints, verbatim ``str`` (a player's typed text, a move word), other
messages (words that are translated: a bid's phrase) and these typed values:

* ``Seat(n)`` - seat n; English ``{pN}``, a transport shows the name.
* ``Seats((0, 2), "and")`` - several seats: ``{p0} and {p2}`` (or ``{p0}+{p2}`` with "+").
* ``Cards(("KC", "NO"))`` - cards by their codes; English ``KC NO`` (``sep`` between).
* ``Term(kind, data, en)`` - a word of the game the presentation words itself: a suit
  (``"suit"``), a card named in words (``"card"``), a Piquet claim (``"claim"``), a
  number said aloud (``"number"``), an ordinal (``"ordinal"``).  ``en`` is its English.
* ``Join(items, sep)`` - messages in a row (a score list: ``{p0} 12, {p1} 4``).

``Msg.plural(singular, plural, n, ...)`` is a message with plural forms.  A message is
JSON-serialisable (``to_data``/``from_data``): the state JSON keeps the structure, and a
saved game from before messages existed keeps its plain strings (``from_data`` of a str
is that str), which the presentation shows as they are or through the catalogs.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Union

from .cards import CARD

SEAT_TOKEN = re.compile(r"\{p(\d+)\}")


def N_(template: str) -> str:
    """Marks a template chosen before ``Msg`` is called (``text = N_("...") if x else
    N_("...")``), so ``pybabel extract`` finds every message id."""
    return template


@dataclass(frozen=True, slots=True)
class Seat:
    n: int

    def english(self) -> str:
        return "{p" + str(self.n) + "}"


@dataclass(frozen=True, slots=True)
class Seats:
    seats: tuple[int, ...]
    joiner: str = "and"       # "and" (translated) or "+" (a partnership: {p0}+{p2})

    def english(self) -> str:
        sep = "+" if self.joiner == "+" else f" {self.joiner} "
        return sep.join("{p" + str(s) + "}" for s in self.seats)


@dataclass(frozen=True, slots=True)
class Cards:
    codes: tuple[str, ...]
    sep: str = " "

    @classmethod
    def of(cls, cards: Iterable[int], sep: str = " ") -> Cards:
        return cls(tuple(str(CARD[int(c)]) for c in cards), sep)

    def english(self) -> str:
        return self.sep.join(self.codes)


@dataclass(frozen=True, slots=True)
class Term:
    kind: str
    data: tuple
    en: str

    def english(self) -> str:
        return self.en


@dataclass(frozen=True, slots=True)
class Join:
    items: tuple[Msg, ...]
    sep: str = ", "

    def english(self) -> str:
        return self.sep.join(self.items)


Value = Union[int, str, "Msg", Seat, Seats, Cards, Term, Join]


def _english(value: Any) -> str:
    if isinstance(value, str):      # verbatim text, or a message (its English)
        return value
    if isinstance(value, int):
        return str(value)
    return value.english()


class Msg(str):
    """A message id (``key``, the English template) with typed ``args``; its ``str`` value
    is the English sentence.  ``plural_key`` is set for a message with plural forms
    (``key`` is then the singular and ``args["n"]`` picks the form)."""

    __slots__ = ("args", "key", "plural_key")
    key: str
    args: Mapping[str, Value]
    plural_key: str | None

    def __new__(cls, key: str, /, **args: Value) -> Msg:
        return cls._make(key, None, args)

    @classmethod
    def plural(cls, singular: str, plural: str, n: int, /, **args: Value) -> Msg:
        """``singular``/``plural`` by ``n`` (filled in as ``{n}``), like ``ngettext``."""
        return cls._make(singular, plural, {"n": n, **args})

    @classmethod
    def _make(cls, key: str, plural: str | None, args: Mapping[str, Value],
              english: str | None = None) -> Msg:
        if english is None:
            template = plural if plural is not None and args.get("n") != 1 else key
            english = template.format_map({k: _english(v) for k, v in args.items()}) \
                if args else template
        self = str.__new__(cls, english)
        self.key = key
        self.args = args
        self.plural_key = plural
        return self

    def english(self) -> str:
        return str.__str__(self)

    def __str__(self) -> str:
        return str.__str__(self)

    def __repr__(self) -> str:
        args = "".join(f", {k}={v!r}" for k, v in self.args.items())
        return f"Msg({self.key!r}{args})"

    def __reduce__(self) -> tuple:   # pickling (worker processes) keeps the structure
        return (_from_pickle, (self.key, self.plural_key, dict(self.args), str(self)))

    def same(self, other: object) -> bool:
        """The same message: id and parameters (``==`` compares the English only)."""
        return (isinstance(other, Msg) and self.key == other.key
                and self.plural_key == other.plural_key and dict(self.args) == dict(other.args))

    def named(self, names: Sequence[str]) -> Msg:
        """This message with its English saying the seats' ``names`` (``{p1}`` -> "Bob"):
        what a caller shows in English, while a renderer still finds the seats in
        ``args`` and the names in ``names``."""
        out = Msg._make(self.key, self.plural_key, self.args,
                        english=fill_seats(str.__str__(self), names))
        return _Named(out, names)

    @property
    def names(self) -> tuple[str, ...] | None:
        """The seat names this message was filled with (``named``), else None."""
        return None

    # --- JSON ---------------------------------------------------------------------------

    def to_data(self) -> dict:
        out: dict[str, Any] = {"m": self.key}
        if self.plural_key is not None:
            out["pl"] = self.plural_key
        if self.args:
            out["a"] = {k: _encode(v) for k, v in self.args.items()}
        return out


class _Named(Msg):
    __slots__ = ("seat_names",)
    seat_names: tuple[str, ...]

    def __new__(cls, msg: Msg, names: Sequence[str]) -> _Named:
        self = str.__new__(cls, str.__str__(msg))
        self.key, self.args, self.plural_key = msg.key, msg.args, msg.plural_key
        self.seat_names = tuple(names)
        return self

    @property
    def names(self) -> tuple[str, ...] | None:
        return self.seat_names


def _from_pickle(key: str, plural: str | None, args: dict, english: str) -> Msg:
    return Msg._make(key, plural, args, english=english)


def fill_seats(text: str, names: Sequence[str]) -> str:
    """``text`` with every ``{pN}`` replaced by ``names[N]`` (``seat N`` out of range)."""
    if "{p" not in text:
        return text

    def sub(m: re.Match) -> str:
        i = int(m.group(1))
        return names[i] if 0 <= i < len(names) else f"seat {i}"

    return SEAT_TOKEN.sub(sub, text)


def _encode(v: Any) -> Any:
    if isinstance(v, Msg):
        return v.to_data()
    if isinstance(v, (str, int)):
        return v
    if isinstance(v, Seat):
        return {"p": v.n}
    if isinstance(v, Seats):
        return {"ps": list(v.seats), "j": v.joiner}
    if isinstance(v, Cards):
        return {"c": list(v.codes), "s": v.sep} if v.sep != " " else {"c": list(v.codes)}
    if isinstance(v, Term):
        return {"t": v.kind, "d": list(v.data), "en": v.en}
    if isinstance(v, Join):
        return {"i": [m.to_data() for m in v.items], "s": v.sep}
    raise TypeError(f"not a message parameter: {v!r}")


def _decode(v: Any) -> Any:
    if not isinstance(v, dict):
        return v
    if "m" in v:
        return from_data(v)
    if "p" in v:
        return Seat(v["p"])
    if "ps" in v:
        return Seats(tuple(v["ps"]), v["j"])
    if "c" in v:
        return Cards(tuple(v["c"]), v.get("s", " "))
    if "t" in v:
        return Term(v["t"], tuple(v["d"]), v["en"])
    if "i" in v:
        return Join(tuple(from_data(m) for m in v["i"]), v["s"])
    raise ValueError(f"not a message parameter: {v!r}")


def from_data(data: Any) -> Any:
    """A message from ``to_data``'s dict; a plain ``str`` (a text saved before messages
    existed) comes back as that ``str``."""
    if not isinstance(data, dict):
        return data
    args = {k: _decode(v) for k, v in (data.get("a") or {}).items()}
    return Msg._make(data["m"], data.get("pl"), args)


def json_default(v: Any) -> Any:
    """For ``orjson.dumps(..., default=)``/``json.dumps(..., default=)``: messages as data."""
    if isinstance(v, Msg):
        return v.to_data()
    if isinstance(v, int):   # an int subclass (a Card) reaching the JSON: its number
        return int(v)
    if isinstance(v, str):
        return str(v)
    raise TypeError(f"{type(v).__name__} is not JSON serialisable")


# --- typed words: what the presentation names in the reader's language ----------------

def suit(s: int, en: str) -> Term:
    """A suit as the engine says it in English (``"hearts"``, ``"heart"``)."""
    return Term("suit", (s, en), en)


def card_named(card: int, en: str) -> Term:
    """A card named in words ("the king of coins")."""
    return Term("card", (int(card),), en)


def number(n: int, en: str) -> Term:
    """A number said aloud ("Forty-one"): words in English, digits where words would not
    read well in the reader's language."""
    return Term("number", (n,), en)


def ordinal(n: int, en: str) -> Term:
    return Term("ordinal", (n,), en)
