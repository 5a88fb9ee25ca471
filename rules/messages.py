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

``Msg.plural(singular, plural, n, ...)`` is a message with plural forms.  A message keeps
its parameters as plain data (``Msg.data``: ints, strs and tuples), so the engine's log
holds ``(n, to, English, key, plural key, data)`` entries the garbage collector does not
track, and the state JSON holds ``[n, to, key, plural key, data]`` (``saved``/``loaded``).
A game saved before messages existed keeps its ``[n, to, text]`` entries: their text is
a plain ``str``, which the presentation shows through the catalogs or as it is.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Union, overload

from .cards import CARD_TEXT

SEAT_TOKEN = re.compile(r"\{p(\d+)\}")


def N_(template: str) -> str:
    """Marks a template chosen before ``Msg`` is called (``text = N_("...") if x else
    N_("...")``), so ``pybabel extract`` finds every message id."""
    return template


# Seat and Cards are made for nearly every event a move logs: not ``frozen`` (a frozen
# dataclass's __init__ costs three times a plain one), hashable by value all the same and
# never changed once made.
@dataclass(slots=True, unsafe_hash=True)
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


@dataclass(slots=True, unsafe_hash=True)
class Cards:
    codes: tuple[str, ...]
    sep: str = " "

    @classmethod
    def of(cls, cards: Iterable[int], sep: str = " ") -> Cards:
        return cls(tuple(map(CARD_TEXT.__getitem__, cards)), sep)

    def english(self) -> str:
        return self.sep.join(self.codes)


# The same values as the data an event keeps, for the events a move logs in a playout's
# hot path: ``event`` keeps a tuple as it is, so no object is made to be taken apart again.
SEAT_DATA: tuple[tuple[str, int], ...] = tuple(("p", n) for n in range(64))
seat_data: Callable[[int], tuple] = SEAT_DATA.__getitem__
"""``Seat(n)`` as an event keeps it, ``("p", n)`` (seats 0 to 63): made once, looked up."""


@dataclass(frozen=True, slots=True)
class Term:
    kind: str
    data: tuple
    en: str

    def english(self) -> str:
        return self.en


@dataclass(frozen=True, slots=True)
class Join:
    items: tuple[Any, ...]     # messages: ``event`` data or ``Msg``
    sep: str = ", "

    def english(self) -> str:
        return self.sep.join(_english(m) for m in self.items)


Value = Union[int, str, tuple, "Msg", Seat, Seats, Cards, Term, Join]   # tuple: an event
# A parameter as plain data (what the state keeps and the JSON holds): an int or verbatim
# str as it is, a typed value as a tuple led by its tag.  Only ints, strs, None and exact
# tuples: the garbage collector stops tracking such tuples, and the engine keeps up to
# LOG_KEEP events for each of a bot's thousands of tables.
Data = tuple[tuple[str, Any], ...]


def _english(value: Any) -> str:
    if isinstance(value, str):      # verbatim text, or a message (its English)
        return value
    if isinstance(value, int):
        return str(value)
    if isinstance(value, tuple):    # a message as data (``event``)
        return english(value[1], value[2], value[3])
    return value.english()


_ENCODE: dict[type, Any] = {   # int, str and tuple (a message as data) stay as they are
    Seat: lambda v: ("p", v.n),
    Seats: lambda v: ("ps", v.joiner, *v.seats),
    Cards: lambda v: ("c", v.sep, *v.codes),
    Term: lambda v: ("t", v.kind, v.en, *v.data),
    Join: lambda v: ("j", v.sep, *(encode(m) for m in v.items)),
}


def encode(v: Any) -> Any:
    """A parameter as plain data (see ``Data``)."""
    kind = type(v)
    if kind is int or kind is str or kind is tuple:
        return v
    how = _ENCODE.get(kind)
    if how is not None:
        return how(v)
    if isinstance(v, Msg):
        return ("m", v.key, v.plural_key, v.data)
    if isinstance(v, str):
        return str(v)
    if isinstance(v, int):    # a Card, a bool
        return int(v)
    raise TypeError(f"not a message parameter: {v!r}")


def decode(v: Any) -> Any:
    """A parameter from its plain data (lists from JSON read as tuples)."""
    if not isinstance(v, (tuple, list)):
        return v
    tag = v[0]
    if tag == "m":
        return Msg.load(v[1], v[2], v[3])
    if tag == "p":
        return Seat(v[1])
    if tag == "ps":
        return Seats(tuple(v[2:]), v[1])
    if tag == "c":
        return Cards(tuple(v[2:]), v[1])
    if tag == "t":
        return Term(v[1], tuple(_tuples(x) for x in v[3:]), v[2])
    if tag == "j":
        return Join(tuple(_tuples(m) for m in v[2:]), v[1])
    raise ValueError(f"not a message parameter: {v!r}")


def _tuples(v: Any) -> Any:
    """JSON's lists as tuples, all the way down."""
    if not isinstance(v, (list, tuple)):
        return v
    # A call only for the nested lists: every loaded state's log comes through here.
    return tuple([_tuples(x) if isinstance(x, (list, tuple)) else x for x in v])


def english(key: str, plural: str | None, data: Data) -> str:
    """A message's English straight from its data: seats as ``{pN}``, cards as codes."""
    if plural is not None:
        key = key if dict(data).get("n") == 1 else plural
    if not data:
        return key
    return key.format_map({k: v if type(v) is not tuple else _english_data(v) for k, v in data})


def _english_data(v: tuple) -> str:
    tag = v[0]
    if tag == "p":
        return "{p" + str(v[1]) + "}"
    if tag == "c":
        return v[1].join(v[2:])
    if tag == "t":
        return v[2]
    if tag == "m":
        return english(v[1], v[2], v[3])
    if tag == "ps":
        return ("+" if v[1] == "+" else f" {v[1]} ").join("{p" + str(s) + "}" for s in v[2:])
    if tag == "j":
        return v[1].join(_english_data(m) if type(m) is tuple else m for m in v[2:])
    raise ValueError(f"not a message parameter: {v!r}")


def _data(args: Mapping[str, Value]) -> list[tuple[str, Any]]:
    """``encode`` of every parameter, the common kinds inline (every logged event)."""
    out = []
    for k, v in args.items():
        kind = type(v)
        if kind is Seat:
            v = ("p", v.n)   # type: ignore[union-attr]
        elif kind is Cards:
            v = ("c", v.sep, *v.codes)   # type: ignore[union-attr]
        elif kind is not int and kind is not str and kind is not tuple:
            v = encode(v)
        out.append((k, v))
    return out


def event(key: str, /, **args: Value) -> tuple:
    """A message as plain data, ``("m", key, None, data)``: what an engine logs.  Nothing
    is worded yet (the English too is made when the event is read), so logging costs a
    rollout almost nothing."""
    data = tuple(args.items())
    for _, v in data:   # parameters given as data already (``seat_data``) stay as they are
        kind = type(v)
        if kind is not tuple and kind is not int and kind is not str:
            return ("m", key, None, tuple(_data(args)))
    return ("m", key, None, data)


def counted(singular: str, plural: str, n: int, /, **args: Value) -> tuple:
    """``event`` with plural forms chosen by ``n`` (filled in as ``{n}``)."""
    if not args:
        return ("m", singular, plural, (("n", n),))
    return ("m", singular, plural, (("n", n), *_data(args)))


class Msg(str):
    """A message id (``key``, the English template) with typed parameters (``args``;
    kept as plain ``data``); its ``str`` value is the English sentence.  ``plural_key``
    is set for a message with plural forms (``key`` is then the singular and
    ``args["n"]`` picks the form)."""

    __slots__ = ("data", "key", "plural_key")
    key: str
    plural_key: str | None
    data: Data

    def __new__(cls, key: str, /, **args: Value) -> Msg:
        return cls._make(key, None, args)

    @classmethod
    def plural(cls, singular: str, plural: str, n: int, /, **args: Value) -> Msg:
        """``singular``/``plural`` by ``n`` (filled in as ``{n}``), like ``ngettext``."""
        return cls._make(singular, plural, {"n": n, **args})

    @classmethod
    def _make(cls, key: str, plural: str | None, args: Mapping[str, Value]) -> Msg:
        data = tuple([(k, encode(v)) for k, v in args.items()])
        return cls.wrap(english(key, plural, data), key, plural, data)

    @classmethod
    def wrap(cls, english: str, key: str, plural: str | None, data: Data) -> Msg:
        """The message of a kept event: its English and its data as the log holds them."""
        self = str.__new__(cls, english)
        self.key, self.plural_key, self.data = key, plural, data
        return self

    @classmethod
    def load(cls, key: str, plural: str | None, data: Any) -> Msg:
        """A message from its data (an ``event``'s, or lists for tuples as JSON gives it)."""
        data = _tuples(data)
        return cls.wrap(english(key, plural, data), key, plural, data)

    @classmethod
    def of(cls, message: Any) -> Msg:
        """A message from what an engine gave: a ``Msg``, an ``event`` (data) or a plain
        sentence (a constant: its id is the text)."""
        if isinstance(message, Msg):
            return message
        if isinstance(message, tuple):
            return cls.load(message[1], message[2], message[3])
        return cls(message)

    @property
    def args(self) -> dict[str, Value]:
        return {k: decode(v) for k, v in self.data}

    def english(self) -> str:
        return str.__str__(self)

    def __str__(self) -> str:
        return str.__str__(self)

    def __repr__(self) -> str:
        args = "".join(f", {k}={v!r}" for k, v in self.args.items())
        return f"Msg({self.key!r}{args})"

    def __reduce__(self) -> tuple:   # pickling (worker processes) keeps the structure
        return (Msg.wrap, (str.__str__(self), self.key, self.plural_key, self.data))

    def same(self, other: object) -> bool:
        """The same message: id and parameters (``==`` compares the English only)."""
        return (isinstance(other, Msg) and self.key == other.key
                and self.plural_key == other.plural_key and self.data == other.data)

    def named(self, names: Sequence[str]) -> Msg:
        """This message with its English saying the seats' ``names`` (``{p1}`` -> "Bob"):
        what a caller shows in English, while a renderer still finds the seats in
        ``args`` and the names in ``names``."""
        return _Named(fill_seats(str.__str__(self), names), self, names)

    @property
    def names(self) -> tuple[str, ...] | None:
        """The seat names this message was filled with (``named``), else None."""
        return None

class _Named(Msg):
    __slots__ = ("seat_names",)
    seat_names: tuple[str, ...]

    def __new__(cls, english: str, msg: Msg, names: Sequence[str]) -> _Named:
        self = str.__new__(cls, english)
        self.key, self.plural_key, self.data = msg.key, msg.plural_key, msg.data
        self.seat_names = tuple(names)
        return self

    @property
    def names(self) -> tuple[str, ...] | None:
        return self.seat_names


def entry(n: int, to: int | None, message: Any) -> tuple:
    """A kept event, ``(n, to, key, plural key, data)``: plain data only, as the state JSON
    holds it too.  ``message`` is an ``event`` (or a ``Msg``)."""
    if isinstance(message, tuple):
        return (n, to, message[1], message[2], message[3])
    m = Msg.of(message)
    return (n, to, m.key, m.plural_key, m.data)


class Events(Sequence[dict]):
    """The events one move logged, as ``apply`` returns them: ``{"n", "to", "text"}``
    dicts, worded when read.  It holds the kept entries (plain data) and makes each dict
    - its ``text`` the event's ``Msg`` - only when it is looked at, so a playout that
    never reads what a move said pays for no wording.  Compares equal to a list of the
    same dicts."""

    __slots__ = ("_entries", "_word")

    def __init__(self, entries: Sequence[tuple], word: Callable[[tuple], str] | None = None):
        self._entries = entries
        self._word = word or said

    def _event(self, e: tuple) -> dict:
        return {"n": e[0], "to": e[1], "text": self._word(e)}

    def __len__(self) -> int:
        return len(self._entries)

    @overload
    def __getitem__(self, i: int) -> dict: ...

    @overload
    def __getitem__(self, i: slice) -> list[dict]: ...

    def __getitem__(self, i: int | slice) -> dict | list[dict]:
        if isinstance(i, slice):
            return [self._event(e) for e in self._entries[i]]
        return self._event(self._entries[i])

    def __iter__(self) -> Iterator[dict]:
        return map(self._event, self._entries)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (Events, list, tuple)):
            return list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]   # like a list

    def __repr__(self) -> str:
        return repr(list(self))


def said(e: Sequence) -> str:
    """A kept event's message (``Msg``); an old game's plain text as it is.  The state
    keeps the English it has made (``State._text``); this makes it afresh."""
    return e[2] if len(e) == 3 else Msg.wrap(english(e[2], e[3], e[4]), e[2], e[3], e[4])


def loaded(e: Sequence) -> tuple:
    """A kept event from the state JSON (lists for tuples).  A game saved before messages
    existed keeps its ``(n, to, text)``: its text is shown as it was written."""
    return tuple(e) if len(e) == 3 else (e[0], e[1], e[2], e[3], _tuples(e[4]))


def fill_seats(text: str, names: Sequence[str]) -> str:
    """``text`` with every ``{pN}`` replaced by ``names[N]`` (``seat N`` out of range)."""
    if "{p" not in text:
        return text

    def sub(m: re.Match) -> str:
        i = int(m.group(1))
        return names[i] if 0 <= i < len(names) else f"seat {i}"

    return SEAT_TOKEN.sub(sub, text)


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
