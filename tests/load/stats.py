"""Figures from a load run: latency percentiles, request windows, board lag."""

from __future__ import annotations

import math
import re
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from tests.fakediscord.recorder import message_text

# Routes Discord does not count against a bot's global 50 requests/s: interaction
# callbacks and the interaction-token webhooks (followups, @original edits).
INTERACTION_ROUTE = re.compile(r"^/(interactions|webhooks)/")
GLOBAL_LIMIT = 50
FOOTER_MOVE = re.compile(r"\bmove (\d+) ·")
TITLE_TABLE = re.compile(r"table #(\d+)")


def percentile(values: Sequence[float], p: float) -> float:
    """Nearest-rank percentile (p in 0..100); nan for no values."""
    if not values:
        return math.nan
    ordered = sorted(values)
    rank = max(1, math.ceil(p / 100 * len(ordered)))
    return ordered[min(rank, len(ordered)) - 1]


@dataclass
class Latencies:
    """Seconds from INTERACTION_CREATE sent to the callback received, per interaction kind."""

    by_kind: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    unanswered: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    samples: list[tuple[float, str, float | None]] = field(default_factory=list)

    def add(self, kind: str, latency: float | None, sent_at: float = 0.0) -> None:
        self.samples.append((sent_at, kind, latency))
        if latency is None:
            self.unanswered[kind] += 1
        else:
            self.by_kind[kind].append(latency)

    def window(self, start: float, end: float) -> Latencies:
        """Only the interactions sent within [start, end)."""
        out = Latencies()
        for sent_at, kind, latency in self.samples:
            if start <= sent_at < end:
                out.add(kind, latency, sent_at)
        return out

    def all(self) -> list[float]:
        return [x for values in self.by_kind.values() for x in values]

    def rows(self) -> list[tuple[str, int, float, float, float]]:
        """(kind, count, p50 ms, p99 ms, max ms), busiest kind first."""
        out = []
        for kind, values in sorted(self.by_kind.items(), key=lambda kv: -len(kv[1])):
            out.append((kind, len(values), percentile(values, 50) * 1e3,
                        percentile(values, 99) * 1e3, max(values) * 1e3))
        return out


def peak_per_second(times: Iterable[float], width: float = 1.0) -> int:
    """The most events in any window of ``width`` seconds (sliding, not aligned)."""
    ordered = sorted(times)
    best, lo = 0, 0
    for hi, t in enumerate(ordered):
        while t - ordered[lo] >= width:
            lo += 1
        best = max(best, hi - lo + 1)
    return best


@dataclass
class Requests:
    """The bot's REST calls in a window, split by Discord's global-limit rule."""

    total: int
    global_limited: int
    interaction: int
    peak_global: int
    peak_all: int
    by_route: dict[str, int]


def requests_in(calls: Iterable, start: float, end: float) -> Requests:
    chosen = [c for c in calls if start <= c.at < end]
    limited = [c for c in chosen if not INTERACTION_ROUTE.match(c.path)]
    by_route: dict[str, int] = defaultdict(int)
    for c in chosen:
        by_route[f"{c.method} {c.route or c.path}"] += 1
    return Requests(len(chosen), len(limited), len(chosen) - len(limited),
                    peak_per_second(c.at for c in limited), peak_per_second(c.at for c in chosen),
                    dict(by_route))


def board_shows(calls: Iterable) -> dict[int, list[tuple[float, int]]]:
    """table id -> [(monotonic time, move shown)] for every board post/edit the bot sent."""
    shown: dict[int, list[tuple[float, int]]] = defaultdict(list)
    for c in calls:
        if c.method not in ("POST", "PATCH") or not c.path.startswith("/channels/"):
            continue
        body = c.body or {}
        for embed in body.get("embeds") or []:
            _board_shown(shown, c.at, embed.get("title") or "",
                         (embed.get("footer") or {}).get("text") or "")
        if body.get("components"):  # a Components V2 board: title and footer are texts
            text = message_text(body)
            _board_shown(shown, c.at, text, text)
    return shown


def _board_shown(shown: dict[int, list[tuple[float, int]]], at: float, title: str,
                 footer: str) -> None:
    table = TITLE_TABLE.search(title)
    move = FOOTER_MOVE.search(footer)
    if table and move:
        shown[int(table[1])].append((at, int(move[1])))
    elif table and "game over" in title:
        over = re.search(r"(\d+) moves", footer)
        if over:
            shown[int(table[1])].append((at, int(over[1])))


def last_shown(calls: Iterable, into: dict[int, int]) -> None:
    """Raise ``into[table]`` to the latest move a board request in ``calls`` shows."""
    for table_id, shows in board_shows(calls).items():
        into[table_id] = max(into.get(table_id, -1), max(m for _, m in shows))


def board_lags(moves: Iterable[tuple[int, int, float]],
               shown: dict[int, list[tuple[float, int]]]) -> tuple[list[float], int]:
    """Seconds from each move's commit to the first board request showing it (or a later
    move), and how many moves no board showed. ``moves``: (table id, move, monotonic t)."""
    lags: list[float] = []
    missing = 0
    for table_id, move, at in moves:
        later = [t for t, m in shown.get(table_id, ()) if m >= move and t >= at - 0.01]
        if later:
            lags.append(max(0.0, min(later) - at))
        else:
            missing += 1
    return lags, missing
