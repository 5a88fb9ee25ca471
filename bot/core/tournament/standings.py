"""Points, tiebreaks and standings of a tournament from its table results.

A table is scored by place: first takes 1 point, last 0, the places between in equal
steps (2 players: 1 and 0; 4 players: 1, 2/3, 1/3, 0); tied places share their points.
In a duplicate round a result is scored against the other tables that played the same
cards from the same seat instead (see ``duplicate_points``).  A bye is worth 1 point.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .model import Entrant, Format, Result

BYE_POINTS = 1.0


def place_points(result: Result) -> dict[str, float]:
    """Each entrant's points for its place at the table (AI seats count as players)."""
    n = result.table.size
    if n < 2:
        return {p: BYE_POINTS for p in result.table.players}
    shared = _average_places(result.ranks)
    return {p: (n - shared[i]) / (n - 1) for i, p in enumerate(result.table.players)}


def _average_places(ranks: Sequence[int]) -> list[float]:
    """Ranks with ties sharing (1, 1, 3) as average places (1.5, 1.5, 3)."""
    out = []
    for r in ranks:
        tied = sum(1 for x in ranks if x == r)
        out.append(r + (tied - 1) / 2)
    return out


def _performance(result: Result, seat: int) -> tuple[float, float]:
    """How well a seat did, larger is better: its place, then its score (in the direction
    the table's places show: the winner's score is the best)."""
    best = result.ranks.index(min(result.ranks))
    sign = 1.0 if result.scores[best] >= max(result.scores) else -1.0
    return (-_average_places(result.ranks)[seat], sign * result.scores[seat])


def duplicate_points(results: Sequence[Result]) -> dict[str, float]:
    """Points of one duplicate round: each entrant against the entrants who held the same
    seat at the other tables of its deal (1 for each they beat, 1/2 for each tie, divided
    by how many there were).  A table whose deal no other table played is scored by
    place."""
    groups: dict[tuple[int | None, int], list[Result]] = defaultdict(list)
    for r in results:
        groups[(r.deal, r.table.size)].append(r)
    points: dict[str, float] = {}
    for (deal, _), group in groups.items():
        if deal is None or len(group) < 2:
            for r in group:
                points.update(place_points(r))
            continue
        for r in group:
            for seat, p in enumerate(r.table.players):
                mine = _performance(r, seat)
                others = [_performance(o, seat) for o in group if o is not r]
                won = sum(1.0 if mine > o else 0.5 if mine == o else 0.0 for o in others)
                points[p] = won / len(others)
    return points


@dataclass(frozen=True)
class RoundScores:
    """One round's points per entrant, and who had a bye."""
    round: int
    points: dict[str, float]
    byes: frozenset[str]


def round_scores(round_no: int, results: Sequence[Result], byes: Iterable[str],
                 duplicate: bool) -> RoundScores:
    pts = duplicate_points(results) if duplicate else {
        p: v for r in results for p, v in place_points(r).items()}
    byes = frozenset(byes)
    for p in byes:
        pts[p] = BYE_POINTS
    return RoundScores(round_no, pts, byes)


@dataclass(frozen=True)
class Row:
    """A line of the standings."""
    rank: int
    entrant: Entrant
    points: float
    tiebreak: float
    played: int
    withdrawn: bool


def totals(rounds: Iterable[RoundScores]) -> dict[str, float]:
    out: dict[str, float] = defaultdict(float)
    for rs in rounds:
        for p, v in rs.points.items():
            out[p] += v
    return dict(out)


def buchholz(player: str, results: Iterable[Result], total: dict[str, float]) -> float:
    """The final points of everyone the player sat with (a table's mean, so that a table of
    five counts as one opponent); byes add nothing."""
    b = 0.0
    for r in results:
        if player in r.table.players:
            others = [total.get(p, 0.0) for p in r.table.players if p != player]
            if others:
                b += sum(others) / len(others)
    return b


def sonneborn_berger(player: str, rounds: Sequence[RoundScores], results: Iterable[Result],
                     total: dict[str, float]) -> float:
    """Each table's points for the player times the mean final points of its table-mates:
    wins against strong players count most."""
    by_round = {rs.round: rs for rs in rounds}
    sb = 0.0
    for r in results:
        if player in r.table.players:
            others = [total.get(p, 0.0) for p in r.table.players if p != player]
            if others:
                got = by_round[r.table.round].points.get(player, 0.0)
                sb += got * sum(others) / len(others)
    return sb


def tiebreak_name(fmt: Format) -> str:
    """The tiebreak a format's standings show (Swiss: Buchholz; round robin:
    Sonneborn-Berger; knockout: none, the bracket decides)."""
    return {Format.SWISS: "buchholz", Format.ROUND_ROBIN: "sonneborn-berger"}.get(fmt, "")


def standings(fmt: Format, entrants: Sequence[Entrant], rounds: Sequence[RoundScores],
              results: Sequence[Result], withdrawn: Iterable[str] = ()) -> list[Row]:
    """Swiss and round robin: points, then the format's tiebreak, then the direct encounter
    (the points the tied players took at tables among themselves), then rating; equal on
    all four share a rank."""
    total = totals(rounds)
    gone = set(withdrawn)
    keyed = []
    for e in entrants:
        if fmt is Format.ROUND_ROBIN:
            tb = sonneborn_berger(e.id, rounds, results, total)
        else:
            tb = buchholz(e.id, results, total)
        keyed.append((e, round(total.get(e.id, 0.0), 6), round(tb, 6)))
    groups: dict[tuple[float, float], set[str]] = defaultdict(set)
    for e, pts, tb in keyed:
        groups[pts, tb].add(e.id)
    by_round = {rs.round: rs for rs in rounds}
    rows = []
    for e, pts, tb in keyed:
        direct = round(direct_encounter(e.id, groups[pts, tb], results, by_round), 6)
        played = sum(1 for r in results if e.id in r.table.players)
        rows.append((e, pts, tb, direct, played, e.id in gone))
    rows.sort(key=lambda x: (-x[1], -x[2], -x[3], -x[0].rating, x[0].name, x[0].id))
    out: list[Row] = []
    previous: tuple | None = None
    for i, (e, pts, tb, direct, played, w) in enumerate(rows):
        key = (pts, tb, direct, e.rating)
        rank = out[-1].rank if out and key == previous else i + 1
        previous = key
        out.append(Row(rank, e, pts, tb, played, w))
    return out


def direct_encounter(player: str, tied: set[str], results: Iterable[Result],
                     by_round: dict[int, RoundScores]) -> float:
    """The points ``player`` took at the tables where everyone was one of the ``tied``."""
    if len(tied) < 2:
        return 0.0
    got = 0.0
    for r in results:
        if player in r.table.players and set(r.table.players) <= tied and \
                r.table.ai_seats == 0 and r.table.round in by_round:
            got += by_round[r.table.round].points.get(player, 0.0)
    return got


def knockout_standings(entrants: Sequence[Entrant], slots_by_round: Sequence[Sequence[str | None]],
                       results: Sequence[Result]) -> list[Row]:
    """Knockout: the further an entrant went, the higher; between those out in the same
    round, the better place at their last table, then the better seed.  ``points`` is the
    number of rounds passed (a bye passes a round)."""
    reached: dict[str, int] = {}
    for r_no, slots in enumerate(slots_by_round):
        for p in slots:
            if p is not None:
                reached[p] = r_no
    last_place: dict[str, float] = {}
    for r in results:
        places = _average_places(r.ranks)
        for i, p in enumerate(r.table.players):
            if reached.get(p) == r.table.round - 1:
                last_place[p] = places[i]
    seeded = sorted(entrants, key=lambda e: (-e.rating, e.id))
    seed = {e.id: i for i, e in enumerate(seeded)}
    ordered = sorted(entrants, key=lambda e: (-reached.get(e.id, 0),
                                              last_place.get(e.id, 0.0), seed[e.id]))
    out: list[Row] = []
    for i, e in enumerate(ordered):
        key = (reached.get(e.id, 0), last_place.get(e.id, 0.0))
        prev = out[-1] if out else None
        same = prev is not None and (prev.points, prev.tiebreak) == (float(key[0]), key[1])
        rank = prev.rank if same and prev is not None else i + 1
        played = sum(1 for r in results if e.id in r.table.players)
        out.append(Row(rank, e, float(key[0]), key[1], played, False))
    return out
