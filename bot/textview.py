"""Plain-text rendering of engine views (terminal play, logs, fallbacks).

Only ever renders what a view contains, so it can never show a hidden card.
Known keys get friendly lines; any other key a game adds is shown as
``key: value`` so new games render without changes here.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from rules.cards import CARD

_CARD_TOKEN = re.compile(r"\b(?:10|[2-9TJQKANX])[CDHSOEBU12]\b")
_SKIP = {"game", "players", "seat", "options", "current_seat", "over", "events", "result",
         "hand", "trick", "last_trick", "scores", "phase",
         "count_askable"}  # a flag for the UI (the Count button), not a game fact


def fill_names(text: str, names: Sequence[str]) -> str:
    """Replace ``{p3}`` placeholders with seat names."""
    return re.sub(r"\{p(\d+)\}", lambda m: _name(names, int(m.group(1))), text)


def _name(names: Sequence[str], i: int) -> str:
    return names[i] if 0 <= i < len(names) else f"seat {i}"


def prettify(text: str, deck=None) -> str:
    """ASCII card codes to suit symbols where the deck is known."""
    if deck is None:
        return text

    def sub(m: re.Match) -> str:
        try:
            return deck.parse_card(m.group(0)).pretty
        except ValueError:
            return m.group(0)

    return _CARD_TOKEN.sub(sub, text)


def render_view(view: dict, names: Sequence[str], deck=None, events: int = 6) -> str:
    p = lambda t: prettify(fill_names(str(t), names), deck)  # noqa: E731
    lines = []
    head = f"{view['game'].title()}"
    if view.get("phase"):
        head += f" - {view['phase']}"
    lines.append(head)
    if "scores" in view:
        lines.append("Scores: " + ", ".join(f"{_name(names, i)} {s}"
                                              for i, s in enumerate(view["scores"])))
    for key, value in view.items():
        if key in _SKIP or value in (None, [], {}):
            continue
        lines.append(f"{key.replace('_', ' ')}: {p(_compact(value, names))}")
    if view.get("last_trick"):
        lines.append("Last trick: " + _trick(view["last_trick"], names, p))
    if view.get("trick") is not None:
        lines.append("Trick: " + (_trick(view["trick"], names, p) or "(empty)"))
    for e in view.get("events", [])[-events:]:
        lines.append("  · " + p(e["text"]))
    if view.get("hand") is not None:
        lines.append("Your hand: " + p(" ".join(view["hand"])))
    if view.get("over") and view.get("result"):
        r = view["result"]
        lines.append("Game over. " + ", ".join(
            f"{_name(names, i)}: {s} (rank {k})"
            for i, (s, k) in enumerate(zip(r["scores"], r["ranks"], strict=True))))
    elif view.get("current_seat") is not None:
        lines.append(f"To play: {_name(names, view['current_seat'])}")
    return "\n".join(lines)


def _trick(trick: list, names: Sequence[str], p) -> str:
    return "  ".join(f"{_name(names, s)}: {p(c)}" for s, c in trick)


def _compact(value, names) -> str:
    if isinstance(value, list):
        return ", ".join(_compact(v, names) for v in value)
    if isinstance(value, dict):
        return "; ".join(f"{k} {_compact(v, names)}" for k, v in value.items())
    return str(value)


def card_text(code: int) -> str:
    return str(CARD[code])
