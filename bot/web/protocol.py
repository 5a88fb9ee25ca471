"""The JSON frames of the web table (docs/ACTIVITY.md, "Protocol").

Every frame is one JSON object with a ``type``; every frame the server sends carries the
table's ``version`` (its move number; null only before a table is known).  Scene texts are
in the reader's language with the scene's markup: ``{pN}`` for seat N's name (``names``),
``{c:CODE}`` for a card, which the client draws; card lists hold bare codes.
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass
from typing import Any

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


ClientFrame = Hello | Move | Sync


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
    return json.dumps(frame, ensure_ascii=False, separators=(",", ":"))


def _arg(a: object) -> object:
    return str(a) if isinstance(a, Card) else a if isinstance(a, int | str) else str(a)


def action_json(action: Action) -> dict:
    return {"kind": action.kind, "args": [_arg(a) for a in action.args], "text": str(action)}


def scene_json(scene: Scene) -> dict:
    """The scene as JSON (its renderer hints ``extra`` left out: they are never shown)."""
    out: dict[str, Any] = dataclasses.asdict(scene)
    out.pop("extra", None)
    return out


def table_frame(kind: str, version: int, scene: Scene, seat: int | None,
                names: tuple[str, ...], moves: tuple[Action, ...] = ()) -> dict:
    """``snapshot`` (start afresh) or ``scene`` (the table after the updates just sent)."""
    return {"type": kind, "version": version, "seat": seat, "names": list(names),
            "scene": scene_json(scene), "moves": [action_json(m) for m in moves]}


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


__all__ = ["MAX_FRAME", "BadFrame", "ClientFrame", "Hello", "Move", "Sync", "action_json",
           "dumps", "error_frame", "outcome_frame", "over_frame", "parse", "scene_json",
           "table_frame", "update_frame"]
