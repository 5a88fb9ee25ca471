"""Who plays whom: Swiss rounds, knockout brackets and round-robin schedules.

Pure functions of the standings so far, so a restarted bot pairs a round exactly as it
would have (and the service stores a round's tables once, before opening any).
docs/CORE.md (Tournaments) states the rules these follow.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Iterable, Sequence

from .model import Entrant, Result, Table

# A search for rematch-free pairings gives up after this many steps and allows rematches:
# fields here are tens of players, where it finishes in far fewer.
_SEARCH_LIMIT = 200_000


# --- table sizes ---------------------------------------------------------------------------

def table_sizes(n: int, allowed: Sequence[int], preferred: int | None = None
                ) -> tuple[list[int], int]:
    """``n`` players split into tables of the ``allowed`` sizes, as even as possible and
    near ``preferred`` (default: the smallest allowed); returns (sizes, byes)."""
    allowed = sorted(set(allowed))
    lo, hi = allowed[0], allowed[-1]
    want = preferred if preferred in allowed else lo
    if n < lo:
        return [], n
    # Numbers of tables, nearest the preferred size first.
    counts = sorted(range(1, n // lo + 1), key=lambda t: (abs(n / t - want), t))
    for t in counts:
        if lo * t <= n <= hi * t:
            base, extra = divmod(n, t)
            sizes = [base + 1] * extra + [base] * (t - extra)
            if all(s in allowed for s in sizes):
                return sizes, 0
    t = n // want
    return [want] * t, n - want * t


# --- points and meetings -------------------------------------------------------------------

def met_counts(results: Iterable[Result]) -> Counter[frozenset[str]]:
    """How often each pair of entrants has sat at one table."""
    met: Counter[frozenset[str]] = Counter()
    for r in results:
        for a, b in itertools.combinations(r.table.players, 2):
            met[frozenset((a, b))] += 1
    return met


def first_seats(results: Iterable[Result]) -> tuple[Counter[str], dict[str, int]]:
    """Per entrant: how often they sat first (seat 0), and the seat of their latest table."""
    firsts: Counter[str] = Counter()
    latest: dict[str, tuple[int, int]] = {}
    for r in results:
        for seat, p in enumerate(r.table.players):
            if seat == 0:
                firsts[p] += 1
            if p not in latest or latest[p][0] < r.table.round:
                latest[p] = (r.table.round, seat)
    return firsts, {p: s for p, (_, s) in latest.items()}


def order_by_seat_balance(players: Sequence[str], results: Iterable[Result]) -> tuple[str, ...]:
    """Seat order for a table: whoever sat first least often goes first; between equals,
    whoever did not sit first last time; then the given (standings) order."""
    firsts, latest = first_seats(results)
    rank = {p: i for i, p in enumerate(players)}
    return tuple(sorted(players, key=lambda p: (firsts[p], latest.get(p) == 0, rank[p])))


# --- Swiss -----------------------------------------------------------------------------------

def swiss_round(round_no: int, entrants: Sequence[Entrant], points: dict[str, float],
                results: Sequence[Result], byes_had: Iterable[str], allowed: Sequence[int],
                preferred: int | None = None) -> tuple[list[Table], list[str]]:
    """Tables of a Swiss round, and who sits out with a bye.

    Entrants are ordered by points, then rating.  The byes go to the lowest in that order
    who have not had one.  Two-player tables pair each score group's top half against its
    bottom half in order (1-5, 2-6, ... in a group of eight), the nearest other partner
    where that would be a rematch, a player left over floating down to the next group;
    rematches only when no pairing avoids them.  Larger tables take the highest unseated
    player and the companions from the next few below who have met them least.
    """
    order = sorted(entrants, key=lambda e: (-points.get(e.id, 0.0), -e.rating, e.id))
    ids = [e.id for e in order]
    sizes, n_byes = table_sizes(len(ids), allowed, preferred)
    had = set(byes_had)
    byes: list[str] = []
    for p in reversed(ids):
        if len(byes) == n_byes:
            break
        if p not in had:
            byes.append(p)
    for p in reversed(ids):   # everyone has had a bye: the lowest again
        if len(byes) == n_byes:
            break
        if p not in byes:
            byes.append(p)
    playing = [p for p in ids if p not in byes]
    met = met_counts(results)
    if sizes and all(s == 2 for s in sizes):
        groups = _pairs(playing, {p: points.get(p, 0.0) for p in playing}, met)
    else:
        groups = _groups(playing, sizes, met)
    tables = [Table(round_no, i + 1, order_by_seat_balance(g, results))
              for i, g in enumerate(groups)]
    return tables, byes


def _pairs(order: list[str], points: dict[str, float], met: Counter[frozenset[str]]
           ) -> list[list[str]]:
    for allow_rematch in (False, True):
        steps = [0]
        found = _pair_search(order, points, met, allow_rematch, steps)
        if found is not None:
            return [list(p) for p in found]
    raise AssertionError("a pairing allowing rematches always exists")


def _pair_search(left: list[str], points: dict[str, float], met: Counter[frozenset[str]],
                 allow_rematch: bool, steps: list[int]) -> list[tuple[str, str]] | None:
    if not left:
        return []
    steps[0] += 1
    if steps[0] > _SEARCH_LIMIT and not allow_rematch:
        return None
    top, rest = left[0], left[1:]
    for partner in _partners(top, rest, points, met, allow_rematch):
        remaining = [p for p in rest if p != partner]
        tail = _pair_search(remaining, points, met, allow_rematch, steps)
        if tail is not None:
            return [(top, partner), *tail]
    return None


def _partners(top: str, rest: list[str], points: dict[str, float],
              met: Counter[frozenset[str]], allow_rematch: bool) -> list[str]:
    """``top``'s partners in the order to try: its score group's Dutch partner (the first of
    the group's bottom half) and the others of the group nearest it, then lower groups."""
    group = [top] + [p for p in rest if points[p] == points[top]]
    ideal = len(group) // 2
    index = {p: i for i, p in enumerate(group)}

    def key(p: str) -> tuple:
        rematch = met[frozenset((top, p))]
        if p in index:
            i = index[p]
            return (rematch, 0, abs(i - ideal), -i if i < ideal else i)
        return (rematch, 1, rest.index(p), 0)

    candidates = sorted(rest, key=key)
    if not allow_rematch:
        candidates = [p for p in candidates if not met[frozenset((top, p))]]
    return candidates


def _groups(order: list[str], sizes: list[int], met: Counter[frozenset[str]]
            ) -> list[list[str]]:
    left = list(order)
    groups = []
    for size in sizes:
        group = _best_table(left[0], left[1:1 + 3 * size], size, met)
        groups.append(group)
        left = [p for p in left if p not in group]
    return groups


def _best_table(top: str, candidates: list[str], size: int, met: Counter[frozenset[str]]
                ) -> list[str]:
    """``top`` and the ``size - 1`` of ``candidates`` who have met (``top`` and each other)
    least, the earlier candidates first among equals."""
    index = {p: i for i, p in enumerate(candidates)}

    def cost(combo: tuple[str, ...]) -> tuple[int, int]:
        members = (top, *combo)
        repeats = sum(met[frozenset(pair)] for pair in itertools.combinations(members, 2))
        return repeats, sum(index[p] for p in combo)

    return [top, *min(itertools.combinations(candidates, size - 1), key=cost)]


# --- knockout ----------------------------------------------------------------------------

def bracket_order(size: int, k: int) -> list[int]:
    """Seed numbers (1 = best) in bracket order for ``size`` slots (a power of ``k``): each
    run of ``k`` slots is one first-round table, each run of ``k`` tables one table of the
    next round, and the best seeds meet as late as can be (1-8, 4-5, 2-7, 3-6 for eight)."""
    order = [1]
    n = 1
    while n < size:
        expanded = []
        for s in order:
            group = []
            for j in range(k):
                group.append(j * n + (s if j % 2 == 0 else n + 1 - s))
            expanded.extend(group)
        order = expanded
        n *= k
    return order


def knockout_slots(entrants: Sequence[Entrant], k: int) -> list[str | None]:
    """The first round's slots: entrants seeded by rating into a bracket of ``k``-player
    tables, empty slots (``None``) where the field is short, so the best seeds get the byes."""
    seeded = sorted(entrants, key=lambda e: (-e.rating, e.id))
    size = 1
    while size < len(seeded):
        size *= k
    size = max(size, k)
    return [seeded[s - 1].id if s <= len(seeded) else None for s in bracket_order(size, k)]


def knockout_tables(round_no: int, slots: Sequence[str | None], k: int,
                    allowed: Sequence[int]) -> tuple[list[Table], list[str]]:
    """One knockout round from its slots: a run of ``k`` slots with one entrant is a bye,
    with more a table, topped up with AI seats where the game needs more players."""
    tables: list[Table] = []
    byes: list[str] = []
    for start in range(0, len(slots), k):
        players = tuple(p for p in slots[start:start + k] if p is not None)
        if len(players) == 1:
            byes.append(players[0])
        elif players:
            need = min((s for s in allowed if s >= len(players)), default=max(allowed))
            tables.append(Table(round_no, len(tables) + 1, players, need - len(players)))
    return tables, byes


def knockout_next(slots: Sequence[str | None], k: int, results: Sequence[Result],
                  seed_rank: dict[str, int]) -> list[str | None]:
    """The next round's slots: from each run of ``k`` slots, its bye or its table's best
    placed entrant (between equal places, the better seed)."""
    by_player = {p: r for r in results for p in r.table.players}
    nxt: list[str | None] = []
    for start in range(0, len(slots), k):
        players = [p for p in slots[start:start + k] if p is not None]
        if len(players) <= 1:
            nxt.append(players[0] if players else None)
            continue
        result = by_player[players[0]]
        nxt.append(min(players, key=lambda p: (result.rank_of(p), seed_rank[p])))
    return nxt


def knockout_rounds(n: int, k: int) -> int:
    """Rounds a knockout of ``n`` entrants at ``k``-player tables takes."""
    rounds, size = 0, 1
    while size < n:
        size *= k
        rounds += 1
    return max(rounds, 1)


# --- round robin -----------------------------------------------------------------------------

def round_robin_schedule(players: Sequence[str], allowed: Sequence[int],
                         preferred: int | None = None) -> list[list[tuple[str, ...]]]:
    """Every round's tables.  Two-player tables: the circle method, everyone meets everyone
    once (a bye each round for an odd field).  Larger tables: enough rounds for each
    player to meet every other at least once if the field allows, each table chosen to
    bring together players who have met least."""
    sizes, _ = table_sizes(len(players), allowed, preferred)
    if sizes and all(s == 2 for s in sizes):
        return _circle(list(players))
    rounds = round_robin_rounds(len(players), sizes)
    found = _covering(list(players), sizes, rounds)
    if found is not None:
        return found
    # No schedule found within the search's bound (a large field): greedy rounds from
    # several seeded orders, keeping the one that leaves the fewest pairs who never meet.
    best: tuple[tuple[int, int], list[list[tuple[str, ...]]]] | None = None
    every = {frozenset(p) for p in itertools.combinations(players, 2)}
    for attempt in range(ROUND_ROBIN_TRIES):
        order = list(players)
        if attempt:
            random.Random(f"round-robin/{attempt}").shuffle(order)
        schedule, met = _greedy_rounds(order, sizes, rounds)
        score = (len(every - set(met)), sum(n - 1 for n in met.values() if n > 1))
        if best is None or score < best[0]:
            best = (score, schedule)
    assert best is not None  # at least one attempt
    return best[1]


def round_robin_rounds(n: int, sizes: Sequence[int]) -> int:
    """Rounds enough for each of ``n`` players to meet the others at tables of ``sizes``
    (the smallest table meets fewest)."""
    if not sizes:
        return 1
    return -(-(n - 1) // max(min(sizes) - 1, 1))


def _covering(players: list[str], sizes: list[int], rounds: int,
              limit: int = 20_000) -> list[list[tuple[str, ...]]] | None:
    """Rounds in which every pair meets at least once (a depth-first search, companions
    who bring the most new meetings tried first); None when the bound runs out."""
    need = {p: set(players) - {p} for p in players}   # whom each has still to meet
    steps = [0]
    schedule: list[list[tuple[str, ...]]] = []

    def feasible(left_rounds: int) -> bool:
        most = max(sizes) - 1 if sizes else 0
        return all(len(n) <= left_rounds * most for n in need.values())

    def rounds_from(r: int) -> bool:
        if all(not n for n in need.values()):
            while len(schedule) < rounds:   # everyone has met: fill the rest greedily
                schedule.append(_greedy_rounds(players, sizes, 1)[0][0])
            return True
        if r == rounds or not feasible(rounds - r):
            return False
        return tables_from(r, [p for p in players], list(sizes), [])

    def tables_from(r: int, left: list[str], todo: list[int],
                    made: list[tuple[str, ...]]) -> bool:
        steps[0] += 1
        if steps[0] > limit:
            return False
        if not todo:
            schedule.append(list(made))
            met = [(a, b) for t in made for a, b in itertools.combinations(t, 2)
                   if b in need[a]]
            for a, b in met:
                need[a].discard(b)
                need[b].discard(a)
            if rounds_from(r + 1):
                return True
            for a, b in met:
                need[a].add(b)
                need[b].add(a)
            schedule.pop()
            return False
        size, rest = todo[0], todo[1:]
        first, others = left[0], left[1:]
        combos = sorted(itertools.combinations(others, size - 1),
                        key=lambda c: -_fresh((first, *c), need))
        for combo in combos:
            table = (first, *combo)
            remaining = [p for p in others if p not in combo]
            if tables_from(r, remaining, rest, [*made, table]):
                return True
            if steps[0] > limit:
                return False
        return False

    return schedule if rounds_from(0) else None


def _fresh(table: tuple[str, ...], need: dict[str, set[str]]) -> int:
    return sum(1 for a, b in itertools.combinations(table, 2) if b in need[a])


ROUND_ROBIN_TRIES = 30


def _greedy_rounds(players: list[str], sizes: list[int], rounds: int
                   ) -> tuple[list[list[tuple[str, ...]]], Counter[frozenset[str]]]:
    met: Counter[frozenset[str]] = Counter()
    sat_out: Counter[str] = Counter()
    schedule = []
    for _ in range(rounds):
        # Those who sat out most play first; then the given order.
        left = sorted(players, key=lambda p: (-sat_out[p], players.index(p)))
        tables = []
        for s in sizes:
            table = tuple(_best_table(left[0], left[1:], s, met))
            tables.append(table)
            left = [p for p in left if p not in table]
        for table in tables:
            for pair in itertools.combinations(table, 2):
                met[frozenset(pair)] += 1
        for p in left:
            sat_out[p] += 1
        schedule.append(tables)
    return schedule, met


def _circle(players: list[str]) -> list[list[tuple[str, ...]]]:
    field: list[str | None] = list(players)
    if len(field) % 2:
        field.append(None)
    n = len(field)
    schedule: list[list[tuple[str, ...]]] = []
    for r in range(n - 1):
        tables: list[tuple[str, ...]] = []
        for i in range(n // 2):
            a, b = field[i], field[n - 1 - i]
            if a is None or b is None:
                continue
            # Alternate who sits first, as chess alternates colours.
            tables.append((a, b) if (r + i) % 2 == 0 else (b, a))
        schedule.append(tables)
        field = [field[0], field[-1], *field[1:-1]]
    return schedule
