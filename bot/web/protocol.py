"""The JSON frames of the web table (docs/ACTIVITY.md, "Protocol").

Every frame is one JSON object with a ``type``; every frame the server sends carries the
table's ``version`` (its move number; null only before a table is known).  Scene texts are
in the reader's language with the scene's markup: ``{pN}`` for seat N's name (``names``),
``{c:CODE}`` for a card, which the client draws; card lists hold bare codes.

A seat's legal moves travel compactly: a card form of its hand marked ``any_of`` admits
exactly every choice of ``low``..``high`` of its ``cards`` (as ``{kind, args: the chosen
codes}``), a choice form its ``choices``' actions, and ``moves`` lists only the legal moves
neither covers (a Piquet exchange is one form, not its 1,585 discards).  ``offered`` reads
a frame's moves back as a client does.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import orjson

from rules.actions import Action
from rules.cards import Card

from ..present.scene import Scene

MAX_FRAME = 4096      # bytes a client frame may have (a larger one closes the socket)
MAX_ARGS = 16         # arguments of a move's action
MAX_TEXT = 200        # characters of a move's text, an action kind or argument

# Error codes (``error`` frames).
BAD_FRAME = "bad_frame"
BAD_TICKET = "bad_ticket"
HELLO_FIRST = "hello_first"
TOO_FAST = "too_fast"
NOT_SEATED = "not_seated"
NO_TABLE = "no_table"
NO_HINT = "no_hint"


class BadFrame(ValueError):
    """A client frame that is not one of the protocol's."""


@dataclass(frozen=True)
class Hello:
    ticket: str
    version: int | None
    lang: str | None


@dataclass(frozen=True)
class Move:
    version: int
    text: str          # the move as text (an action object joined: kind, then its args)


@dataclass(frozen=True)
class Sync:
    version: int


@dataclass(frozen=True)
class HintAsk:
    version: int       # the version of the scene the hint was asked in


ClientFrame = Hello | Move | Sync | HintAsk


def _version(obj: dict, *, optional: bool = False) -> int | None:
    v = obj.get("version")
    if v is None and optional:
        return None
    if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v < 2**31:
        raise BadFrame("version")
    return v


def _word(v: object) -> str:
    if isinstance(v, bool) or not isinstance(v, str | int):
        raise BadFrame("arg")
    text = str(v)
    if not text or len(text) > MAX_TEXT or any(c.isspace() for c in text):
        raise BadFrame("arg")
    return text


def parse(raw: str) -> ClientFrame:
    """A client frame read from its text; BadFrame when it is not one."""
    try:
        obj = json.loads(raw)
    except (ValueError, RecursionError):
        raise BadFrame("json") from None
    if not isinstance(obj, dict):
        raise BadFrame("object")
    kind = obj.get("type")
    if kind == "hello":
        ticket, lang = obj.get("ticket"), obj.get("lang")
        if not isinstance(ticket, str) or len(ticket) > MAX_TEXT:
            raise BadFrame("ticket")
        if lang is not None and (not isinstance(lang, str) or len(lang) > 16):
            raise BadFrame("lang")
        return Hello(ticket, _version(obj, optional=True), lang)
    if kind == "sync":
        version = _version(obj)
        assert version is not None
        return Sync(version)
    if kind == "hint":
        version = _version(obj)
        assert version is not None
        return HintAsk(version)
    if kind == "move":
        version = _version(obj)
        assert version is not None
        action, text = obj.get("action"), obj.get("text")
        if isinstance(action, dict) and text is None:
            args = action.get("args", [])
            if not isinstance(args, list) or len(args) > MAX_ARGS:
                raise BadFrame("args")
            text = " ".join([_word(action.get("kind"))] + [_word(a) for a in args])
        elif action is not None or not isinstance(text, str) or not text.strip() \
                or len(text) > MAX_TEXT:
            raise BadFrame("move")
        return Move(version, text)
    raise BadFrame("type")


def dumps(frame: dict) -> str:
    """A frame's text (compact UTF-8 JSON), as every connection it goes to is sent it."""
    return orjson.dumps(frame).decode()


def _arg(a: object) -> object:
    return str(a) if isinstance(a, Card) else a if isinstance(a, int | str) else str(a)


def action_json(action: Action) -> dict:
    return {"kind": action.kind, "args": [_arg(a) for a in action.args], "text": str(action)}


def scene_json(scene: Scene) -> dict:
    """The scene as JSON (its renderer hints ``extra`` left out: they are never shown)."""
    out: dict[str, Any] = dataclasses.asdict(scene)
    out.pop("extra", None)
    return out


def _choices(cards: Sequence[str], low: int, high: int) -> int:
    """How many different choices of ``low``..``high`` of ``cards`` (a multiset) there are."""
    ways = [1]                                   # ways[k]: choices of k cards so far
    for copies in Counter(cards).values():
        ways = [sum(ways[k - j] for j in range(copies + 1) if 0 <= k - j < len(ways))
                for k in range(len(ways) + copies)]
    return sum(ways[low:high + 1])


def _key(kind: str, args: Sequence[object]) -> tuple[str, frozenset]:
    return kind, frozenset(Counter(str(a) for a in args).items())


def compact_moves(scene: dict, moves: Sequence[Action]) -> list[Action]:
    """Mark each card form of ``scene`` (as JSON) ``any_of`` when its choices are exactly
    the legal moves of its kind with cards; the legal moves no form covers."""
    hand = scene.get("hand")
    if not hand:
        return list(moves)
    covered: set[tuple[str, frozenset]] = set()
    texts = {c["action"] for f in hand["forms"] for c in f["choices"]}
    for form in hand["forms"]:
        form["any_of"] = False
        if not form["cards"]:
            continue
        kind, low, high = form["kind"], form["low"], form["high"]
        have = Counter(form["cards"])
        keys = {_key(kind, m.args) for m in moves
                if m.kind == kind and m.args and all(isinstance(a, Card) for a in m.args)}
        fits = all(low <= sum(n for _, n in k[1]) <= high and
                   all(have[c] >= n for c, n in k[1]) for k in keys)
        if fits and len(keys) == _choices(form["cards"], low, high):
            form["any_of"] = True
            covered |= keys
    return [m for m in moves if str(m) not in texts and _key(m.kind, m.args) not in covered]


def offered(frame: dict) -> list[dict]:
    """Every move a table frame offers, as ``{kind, args, text}``, the way a client builds
    them: each ``any_of`` form's choices (fewest cards first), each choice, then ``moves``."""
    hand = (frame.get("scene") or {}).get("hand")
    out: list[dict] = []
    for form in hand["forms"] if hand else ():
        if form.get("any_of"):
            seen: set[tuple[str, ...]] = set()
            for k in range(form["low"], form["high"] + 1):
                for pick in itertools.combinations(form["cards"], k):
                    if pick not in seen:
                        seen.add(pick)
                        out.append({"kind": form["kind"], "args": list(pick),
                                    "text": " ".join((form["kind"], *pick))})
        for c in form["choices"]:
            kind, *args = c["action"].split()
            out.append({"kind": kind, "args": args, "text": c["action"]})
    return out + list(frame.get("moves") or ())


def table_frame(kind: str, version: int, scene: Scene, seat: int | None,
                names: tuple[str, ...], moves: Sequence[Action] = (), *,
                hint: bool = False, deadline: float | None = None) -> dict:
    """``snapshot`` (start afresh) or ``scene`` (the table after the updates just sent);
    ``moves``: the seat's legal moves (sent compactly: ``compact_moves``); ``hint``: this
    seat may ask for a hint now; ``deadline``: when the turn runs out."""
    shown = scene_json(scene)
    rest = compact_moves(shown, moves)
    return {"type": kind, "version": version, "seat": seat, "names": list(names),
            "scene": shown, "moves": [action_json(m) for m in rest],
            "hint": hint, "deadline": deadline}


def hint_frame(version: int, text: str) -> dict:
    return {"type": "hint", "version": version, "text": text}


def update_frame(version: int, events: list[str], seat: int | None, action: str | None,
                 actor: str | None) -> dict:
    move = None if action is None else {"seat": seat, "action": action, "by": actor}
    return {"type": "update", "version": version, "move": move, "events": events}


def outcome_frame(version: int | None, result: str, text: str | None,
                  action: Action | None = None) -> dict:
    return {"type": "outcome", "version": version, "result": result, "text": text,
            "action": None if action is None else action_json(action)}


def over_frame(version: int, scene: Scene, names: tuple[str, ...]) -> dict:
    return {"type": "over", "version": version, "names": list(names),
            "scene": scene_json(scene)}


def error_frame(version: int | None, code: str, text: str) -> dict:
    return {"type": "error", "version": version, "code": code, "text": text}


__all__ = ["MAX_FRAME", "BadFrame", "ClientFrame", "Hello", "HintAsk", "Move", "Sync",
           "action_json", "compact_moves", "dumps", "error_frame", "hint_frame", "offered",
           "outcome_frame", "over_frame", "parse", "scene_json", "table_frame", "update_frame"]
