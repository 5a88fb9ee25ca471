"""A tournament's progress, round by round: pure and saved as JSON.

``Tournament`` pairs the next round from what it has recorded, takes the tables' results
and keeps the standings.  The bot stores it after every change, so a restart goes on from
the stored rounds: a round is paired once (``pair_round`` refuses while one is open).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from ..names import legacy_ai_name
from . import pairing
from .model import Entrant, Format, Result, Table
from .standings import RoundScores, Row, knockout_standings, round_scores, standings


class TournamentError(Exception):
    """A request that does not fit the tournament's state; ``key`` names the sentence."""

    def __init__(self, key: str, **values: object) -> None:
        super().__init__(key)
        self.key = key
        self.values = values


@dataclass
class Round:
    number: int
    tables: list[Table]
    byes: list[str]
    deal_seed: int
    results: dict[int, Result] = field(default_factory=dict)   # by table number

    @property
    def done(self) -> bool:
        return len(self.results) == len(self.tables)


@dataclass
class Tournament:
    game: str
    fmt: Format
    allowed: tuple[int, ...]             # table sizes the game allows with these options
    seed: int
    rounds_planned: int = 0              # Swiss: the host's choice; others: computed
    duplicate: bool = False
    preferred: int | None = None         # table size for games that allow several
    entrants: list[Entrant] = field(default_factory=list)
    withdrawn: set[str] = field(default_factory=set)
    checked_in: set[str] = field(default_factory=set)
    rounds: list[Round] = field(default_factory=list)
    slots: list[list[str | None]] = field(default_factory=list)   # knockout only
    schedule: list[list[list[str]]] = field(default_factory=list)  # round robin, once made

    # --- entrants ---------------------------------------------------------------------

    def add(self, entrant: Entrant) -> None:
        if any(e.id == entrant.id for e in self.entrants):
            raise TournamentError("already entered")
        if self.rounds:
            raise TournamentError("started")
        self.entrants.append(entrant)

    def check_in(self, entrant_id: str) -> None:
        if not any(e.id == entrant_id for e in self.entrants):
            raise TournamentError("not entered")
        self.checked_in.add(entrant_id)

    def drop_unchecked(self) -> list[Entrant]:
        """At the start of a tournament with a check-in: who did not check in is out."""
        gone = [e for e in self.entrants if e.id not in self.checked_in]
        self.entrants = [e for e in self.entrants if e.id in self.checked_in]
        return gone

    def remove(self, entrant_id: str) -> None:
        if not any(e.id == entrant_id for e in self.entrants):
            raise TournamentError("not entered")
        if self.rounds:
            self.withdrawn.add(entrant_id)
        else:
            self.entrants = [e for e in self.entrants if e.id != entrant_id]

    def min_entrants(self) -> int:
        return max(2, min(self.allowed)) if self.fmt is not Format.KNOCKOUT else 2

    @property
    def table_size(self) -> int:
        return self.preferred if self.preferred in self.allowed else min(self.allowed)

    def total_rounds(self) -> int:
        n = len(self.entrants)
        if self.fmt is Format.KNOCKOUT:
            return pairing.knockout_rounds(n, self.table_size)
        if self.fmt is Format.ROUND_ROBIN:
            if self.schedule:
                return len(self.schedule)
            sizes, _ = pairing.table_sizes(n, self.allowed, self.preferred)
            if sizes and all(s == 2 for s in sizes):
                return n - 1 + n % 2
            return pairing.round_robin_rounds(n, sizes)
        return self.rounds_planned

    # --- rounds -----------------------------------------------------------------------

    @property
    def current(self) -> Round | None:
        return self.rounds[-1] if self.rounds and not self.rounds[-1].done else None

    @property
    def is_over(self) -> bool:
        if not self.rounds or self.current is not None:
            return False
        if self.fmt is Format.KNOCKOUT:
            return len(self.slots[-1]) == 1
        return len(self.rounds) >= self.total_rounds() or len(self.active()) < 2

    def active(self) -> list[Entrant]:
        return [e for e in self.entrants if e.id not in self.withdrawn]

    def pair_round(self) -> Round:
        """Pair the next round (refused while a round is open or when the event is over)."""
        if self.current is not None:
            raise TournamentError("round open")
        if self.is_over:
            raise TournamentError("over")
        if len(self.entrants) < self.min_entrants():
            raise TournamentError("too few", need=self.min_entrants())
        number = len(self.rounds) + 1
        results = self.results()
        if self.fmt is Format.SWISS:
            tables, byes = pairing.swiss_round(
                number, self.active(), self.points(), results, self.byes_had(),
                self.allowed, self.preferred)
        elif self.fmt is Format.ROUND_ROBIN:
            if not self.schedule:   # made once, at the first round, and kept
                self.schedule = [[list(t) for t in rnd] for rnd in pairing.round_robin_schedule(
                    [e.id for e in self.entrants], self.allowed, self.preferred)]
            groups = self.schedule[number - 1]
            # A withdrawn player's tables are played without them where the game allows it.
            tables = []
            for g in groups:
                players = tuple(p for p in g if p not in self.withdrawn)
                if len(players) >= 2:
                    tables.append(Table(number, len(tables) + 1, players,
                                        _topped_up(len(players), self.allowed)))
            seated = {p for t in tables for p in t.players}
            byes = [e.id for e in self.active() if e.id not in seated]
        else:
            if not self.slots:
                self.slots.append(pairing.knockout_slots(self.entrants, self.table_size))
            slots = [None if p in self.withdrawn else p for p in self.slots[-1]]
            tables, byes = pairing.knockout_tables(number, slots, self.table_size,
                                                   self.allowed)
        rnd = Round(number, tables, byes, deal_seed=round_seed(self.seed, number))
        self.rounds.append(rnd)
        if not tables:
            self._close_round()
        return rnd

    def record(self, result: Result) -> None:
        rnd = next((r for r in self.rounds if r.number == result.table.round), None)
        if rnd is None or result.table not in rnd.tables:
            raise TournamentError("no such table")
        if result.table.number in rnd.results:
            return   # recorded already (a retry after a restart)
        rnd.results[result.table.number] = result
        if rnd.done:
            self._close_round()

    def _close_round(self) -> None:
        if self.fmt is Format.KNOCKOUT:
            rnd = self.rounds[-1]
            seed_rank = {e.id: i for i, e in enumerate(
                sorted(self.entrants, key=lambda e: (-e.rating, e.id)))}
            slots = [None if p in self.withdrawn else p for p in self.slots[-1]]
            self.slots.append(pairing.knockout_next(slots, self.table_size,
                                                    list(rnd.results.values()), seed_rank))

    # --- what has happened --------------------------------------------------------------

    def results(self) -> list[Result]:
        return [r for rnd in self.rounds for r in rnd.results.values()]

    def round_scores(self) -> list[RoundScores]:
        return [round_scores(rnd.number, list(rnd.results.values()), rnd.byes, self.duplicate)
                for rnd in self.rounds if rnd.done]

    def points(self) -> dict[str, float]:
        out: dict[str, float] = {}
        for rs in self.round_scores():
            for p, v in rs.points.items():
                out[p] = out.get(p, 0.0) + v
        return out

    def byes_had(self) -> set[str]:
        return {p for rnd in self.rounds for p in rnd.byes}

    def standings(self) -> list[Row]:
        if self.fmt is Format.KNOCKOUT:
            return knockout_standings(self.entrants, self.slots, self.results())
        return standings(self.fmt, self.entrants, self.round_scores(), self.results(),
                         self.withdrawn)

    # --- JSON -------------------------------------------------------------------------

    def to_json(self) -> str:
        def table(t: Table) -> dict:
            return {"round": t.round, "number": t.number, "players": list(t.players),
                    "ai_seats": t.ai_seats}

        return json.dumps({
            "game": self.game, "format": self.fmt.value, "allowed": list(self.allowed),
            "seed": self.seed, "rounds_planned": self.rounds_planned,
            "duplicate": self.duplicate, "preferred": self.preferred,
            "entrants": [[e.id, e.name, e.rating, *([e.ai_name] if e.ai_name else [])]
                         for e in self.entrants],
            "withdrawn": sorted(self.withdrawn), "slots": self.slots,
            "checked_in": sorted(self.checked_in), "schedule": self.schedule,
            "rounds": [{"number": r.number, "tables": [table(t) for t in r.tables],
                        "byes": r.byes, "deal_seed": r.deal_seed,
                        "results": [{"table": n, "ranks": list(res.ranks),
                                     "scores": list(res.scores), "deal": res.deal,
                                     "forfeits": sorted(res.forfeits)}
                                    for n, res in sorted(r.results.items())]}
                       for r in self.rounds],
        }, sort_keys=True, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> Tournament:
        d = json.loads(text)
        t = cls(d["game"], Format(d["format"]), tuple(d["allowed"]), d["seed"],
                d["rounds_planned"], d["duplicate"], d["preferred"],
                [_entrant(e) for e in d["entrants"]], set(d["withdrawn"]),
                set(d.get("checked_in", ())), slots=d["slots"],
                schedule=d.get("schedule", []))
        for r in d["rounds"]:
            tables = [Table(x["round"], x["number"], tuple(x["players"]), x["ai_seats"])
                      for x in r["tables"]]
            by_no = {x.number: x for x in tables}
            results = {x["table"]: Result(by_no[x["table"]], tuple(x["ranks"]),
                                          tuple(x["scores"]), x["deal"],
                                          frozenset(x["forfeits"]))
                       for x in r["results"]}
            t.rounds.append(Round(r["number"], tables, r["byes"], r["deal_seed"], results))
        return t


SEED_BITS = 60   # engine seeds are stored as 64-bit integers


def round_seed(seed: int, number: int) -> int:
    """The deals of round ``number`` (every table's, in a duplicate round)."""
    return (seed * 1_000_003 + number * 7919) & ((1 << SEED_BITS) - 1)


def table_seed(round_seed: int, table: int) -> int:
    """The deals of one table when tables do not share them."""
    return (round_seed * 101 + table) & ((1 << SEED_BITS) - 1)


def _topped_up(players: int, allowed: tuple[int, ...]) -> int:
    need = min((s for s in allowed if s >= players), default=max(allowed))
    return max(0, need - players)


def _entrant(row: list) -> Entrant:
    """An entrant as stored: ``[id, name, rating]``, and an AI entrant's own name fourth.
    An AI entrant ("ai:<level>:<n>") stored before that had only its table name ("Ada
    (AI, hard)"): its own name is read from it here, once, by the legacy reader."""
    if len(row) == 4:
        return Entrant(*row)
    eid, name, rating = row
    level = eid.split(":")[1] if eid.startswith("ai:") else None
    return Entrant(eid, name, rating, legacy_ai_name(name, level))
