"""Text for Discord: cards with suit symbols, seat names, compact view fields.

Everything here renders only what it is given (an engine view, a TableInfo,
event texts), so it can never show a card the view does not contain.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

import rules

from ..core import SeatInfo, TableInfo
from ..textview import fill_names, prettify

_CARD_TEXT = re.compile(r"^(?:10|[2-9TJQKANX])[CDHSOEBU12]$")
# View keys shown elsewhere (or never): the rest is rendered generically.
_SKIP = {"game", "players", "seat", "options", "current_seat", "over", "events", "result",
         "deal_no", "hand", "trick", "last_trick", "phase",
         "count_askable"}  # shown as the Count button, not as a line
_SEAT_KEYS = {"dealer", "leader", "elder", "younger", "opener", "winner", "declaring"}
_SEAT_LIST_KEYS = {"order", "sides"}


def game_of(name: str) -> rules.Game:
    return rules.get_game(name)


def pretty(text: str, game: rules.Game) -> str:
    """Card codes in ``text`` as rank + suit symbol (``QH`` -> ``Q♥``)."""
    return prettify(str(text), game.deck)


def cards_pretty(cards: Iterable[str], game: rules.Game) -> str:
    return " ".join(pretty(c, game) for c in cards)


def clip(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters, with an ellipsis when cut."""
    text = str(text)
    return text if len(text) <= limit else text[: max(0, limit - 1)] + "…"


def seat_name(seat: SeatInfo) -> str:
    if seat.kind == "ai":
        return seat.name
    if seat.ai_level is not None:  # a human whose seat the AI plays now
        return f"{seat.name} (AI {seat.ai_level})"
    return seat.name


def mention(seat: SeatInfo) -> str:
    """A ping for a human seat still played by its human, else the plain name."""
    if seat.user_id is not None and seat.ai_level is None:
        return f"<@{seat.user_id}>"
    return f"**{seat_name(seat)}**"


def names(info: TableInfo) -> list[str]:
    return [s.name for s in info.seats]


def events(texts: Sequence[str], game: rules.Game, limit: int = 8) -> str:
    """The last ``limit`` event lines (names already filled), cards prettified."""
    return "\n".join(f"• {pretty(t, game)}" for t in list(texts)[-limit:])


def trick(plays: list | None, names_: Sequence[str], game: rules.Game) -> str:
    if not plays:
        return "—"
    return " · ".join(f"{_name(names_, s)} {pretty(c, game)}" for s, c in plays)


def options_text(info: TableInfo) -> str:
    parts = [f"{k.replace('_', ' ')} {scalar(v)}" for k, v in info.options.items()]
    parts.append(f"turn timer {info.turn_seconds} s" if info.turn_seconds else "no turn timer")
    if info.stand_in:
        parts.append(f"stand-in AI {info.stand_in}")
    return " · ".join(parts)


def count_range(counts: Sequence[int]) -> str:
    """Player counts as people write them: "3", "2-6", "2 or 4"."""
    counts = sorted(set(counts))
    if len(counts) > 2 and counts == list(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]}-{counts[-1]}"
    return " or ".join(map(str, counts))


def per_seat_keys(view: dict) -> list[str]:
    """View keys holding one value per seat (scores, tricks, hand sizes...)."""
    n = view.get("players") or 0
    out = []
    for key, value in view.items():
        if key in _SKIP or key in _SEAT_LIST_KEYS or not isinstance(value, list):
            continue
        if len(value) != n or n == 0:
            continue
        if all(isinstance(x, (int, float, bool)) or x is None for x in value) or \
                all(isinstance(x, list) and not any(_is_card(y) for y in x) for x in value):
            out.append(key)
    return out


def seat_lines(info: TableInfo, view: dict, game: rules.Game) -> list[str]:
    """One line per seat: name, marker for the seat to move, its per-seat values."""
    keys = per_seat_keys(view)
    current = view.get("current_seat")
    lines = []
    for seat in info.seats:
        values = []
        for key in keys:
            value = view[key][seat.index]
            if value is None or value is False or value == []:
                continue
            values.append(f"{key.replace('_', ' ')} {_compact(value, names(info), game)}")
        marker = "▶ " if current == seat.index and not view.get("over") else ""
        line = f"{marker}**{seat_name(seat)}**"
        if values:
            line += " — " + " · ".join(values)
        lines.append(line)
    return lines


def detail_lines(view: dict, names_: Sequence[str], game: rules.Game,
                 skip: Iterable[str] = ()) -> list[str]:
    """The rest of a view, one ``key: value`` line each (seat numbers as names)."""
    skipped = set(_SKIP) | set(per_seat_keys(view)) | set(skip)
    options = view.get("options") or {}
    lines = []
    for key, value in view.items():
        if key in skipped or value is None or value in ([], {}, ""):
            continue
        if options.get(key, _NOTHING) == value:  # already in the options line
            continue
        if key in _SEAT_KEYS and isinstance(value, int) and not isinstance(value, bool):
            text = _name(names_, value)
        elif key in _SEAT_LIST_KEYS:
            text = _seats(value, names_)
        else:
            text = _compact(value, names_, game)
        lines.append(f"**{key.replace('_', ' ')}**: {clip(text, 300)}")
    return lines


def heading(view: dict) -> str:
    """"play · hand 2" style: the phase and the deal counter of the view."""
    parts = []
    if view.get("phase"):
        parts.append(str(view["phase"]))
    if view.get("deal_no") is not None:
        parts.append(f"deal {view['deal_no']}")
    return " · ".join(parts)


def result_lines(result: dict, info: TableInfo) -> list[str]:
    ranks = result.get("ranks") or []
    scores = result.get("scores") or []
    order = sorted(range(len(info.seats)), key=lambda i: (ranks[i] if i < len(ranks) else 99, i))
    medals = {1: "🥇", 2: "🥈", 3: "🥉"}
    out = []
    for i in order:
        rank = ranks[i] if i < len(ranks) else None
        score = scores[i] if i < len(scores) else ""
        out.append(f"{medals.get(rank, '▫️')} **{seat_name(info.seats[i])}** — {score}")
    return out


def fill(text: str, names_: Sequence[str]) -> str:
    return fill_names(text, names_)


_NOTHING = object()


# --- helpers ---------------------------------------------------------------------------


def _is_card(x: object) -> bool:
    return isinstance(x, str) and bool(_CARD_TEXT.match(x))


def _name(names_: Sequence[str], i: int) -> str:
    return names_[i] if isinstance(i, int) and 0 <= i < len(names_) else f"seat {i}"


def _seats(value: object, names_: Sequence[str]) -> str:
    if isinstance(value, list):
        return ", ".join(_seats(v, names_) for v in value)
    return _name(names_, value) if isinstance(value, int) else str(value)


def scalar(value: object) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


def _compact(value: object, names_: Sequence[str], game: rules.Game) -> str:
    if isinstance(value, list):
        if value and all(_is_card(v) for v in value):
            return cards_pretty(value, game)
        return ", ".join(_compact(v, names_, game) for v in value)
    if isinstance(value, dict):
        parts = []
        for k, v in value.items():
            if k == "seat" and isinstance(v, int):
                parts.append(_name(names_, v))
            else:
                parts.append(f"{k.replace('_', ' ')} {_compact(v, names_, game)}")
        return "(" + "; ".join(parts) + ")"
    if isinstance(value, str):
        return pretty(fill(value, names_), game)
    return scalar(value)
