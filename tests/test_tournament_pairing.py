"""Tournament pairings, brackets, schedules and tiebreaks against hand-worked examples."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

from bot.core.tournament import pairing
from bot.core.tournament.model import Entrant, Format, Result, Table
from bot.core.tournament.standings import (
    buchholz,
    direct_encounter,
    duplicate_points,
    place_points,
    round_scores,
    sonneborn_berger,
    standings,
    totals,
)
from bot.core.tournament.state import Tournament, TournamentError


def field(n: int) -> list[Entrant]:
    """Entrants p1..pn, p1 the highest rated."""
    return [Entrant(f"p{i}", f"P{i}", 2000 - 10 * i) for i in range(1, n + 1)]


def two(round_no: int, number: int, a: str, b: str, winner: str | None) -> Result:
    ranks = (1, 1) if winner is None else ((1, 2) if winner == a else (2, 1))
    scores = (0.0, 0.0) if winner is None else ((10.0, -10.0) if winner == a else (-10.0, 10.0))
    return Result(Table(round_no, number, (a, b)), ranks, scores)


def pairs(tables: list[Table]) -> set[frozenset[str]]:
    return {frozenset(t.players) for t in tables}


# --- table sizes -------------------------------------------------------------------------

@pytest.mark.parametrize("n, allowed, preferred, sizes, byes", [
    (12, [2], None, [2] * 6, 0),
    (13, [2], None, [2] * 6, 1),
    (9, [3], None, [3, 3, 3], 0),
    (10, [3], None, [3, 3, 3], 1),
    (11, [3], None, [3, 3, 3], 2),
    (10, [3, 4, 5, 6], 4, [4, 3, 3], 0),
    (9, [3, 4, 5, 6], 4, [5, 4], 0),
    (12, [2, 3, 4, 5, 6], 3, [3, 3, 3, 3], 0),
    (2, [3], None, [], 2),
])
def test_table_sizes(n, allowed, preferred, sizes, byes):
    assert pairing.table_sizes(n, allowed, preferred) == (sizes, byes)


# --- Swiss ---------------------------------------------------------------------------------

def test_swiss_round_one_pairs_top_half_against_bottom_half():
    tables, byes = pairing.swiss_round(1, field(8), {}, [], [], [2])
    assert byes == []
    assert pairs(tables) == {frozenset(p) for p in
                             [("p1", "p5"), ("p2", "p6"), ("p3", "p7"), ("p4", "p8")]}


def test_swiss_round_two_pairs_within_score_groups():
    r1 = [two(1, 1, "p1", "p5", "p1"), two(1, 2, "p6", "p2", "p2"),
          two(1, 3, "p3", "p7", "p3"), two(1, 4, "p8", "p4", "p4")]
    points = totals([round_scores(1, r1, [], False)])
    tables, _ = pairing.swiss_round(2, field(8), points, r1, [], [2])
    # Winners p1-p4 (1 point): p1-p3, p2-p4; losers p5-p8: p5-p7, p6-p8.
    assert pairs(tables) == {frozenset(p) for p in
                             [("p1", "p3"), ("p2", "p4"), ("p5", "p7"), ("p6", "p8")]}


def test_swiss_avoids_a_rematch_by_the_nearest_other_partner():
    # Four players, p1 beat p3 and p2 beat p4 in round 1; in round 2 p1 and p2 (1 point)
    # meet, p3 and p4 meet.  Round 3: by points p1 (2), then p2/p3 (1), p4 (0): the natural
    # pairs are rematches of rounds 1-2 where they can be, so the pairer finds the only
    # pairing with no rematch: p1-p4, p2-p3.
    r1 = [two(1, 1, "p1", "p3", "p1"), two(1, 2, "p2", "p4", "p2")]
    r2 = [two(2, 1, "p1", "p2", "p1"), two(2, 2, "p3", "p4", "p3")]
    rounds = [round_scores(1, r1, [], False), round_scores(2, r2, [], False)]
    tables, _ = pairing.swiss_round(3, field(4), totals(rounds), r1 + r2, [], [2])
    assert pairs(tables) == {frozenset(("p1", "p4")), frozenset(("p2", "p3"))}


def test_swiss_allows_a_rematch_only_when_none_can_be_avoided():
    # Two players, two rounds: they must meet again.
    r1 = [two(1, 1, "p1", "p2", "p1")]
    tables, _ = pairing.swiss_round(2, field(2), {"p1": 1.0}, r1, [], [2])
    assert pairs(tables) == {frozenset(("p1", "p2"))}


def test_swiss_bye_goes_to_the_lowest_without_one():
    tables, byes = pairing.swiss_round(1, field(5), {}, [], [], [2])
    assert byes == ["p5"]
    assert pairs(tables) == {frozenset(("p1", "p3")), frozenset(("p2", "p4"))}
    # Round 2: p5 (bye, 1 point) is no longer lowest; the lowest without a bye sits out.
    r1 = [two(1, 1, "p1", "p3", "p1"), two(1, 2, "p2", "p4", "p2")]
    points = totals([round_scores(1, r1, ["p5"], False)])
    _, byes2 = pairing.swiss_round(2, field(5), points, r1, ["p5"], [2])
    assert byes2 == ["p4"]


def test_swiss_seat_balance_gives_the_first_seat_to_who_had_it_less():
    r1 = [Result(Table(1, 1, ("p1", "p5")), (1, 2), (1.0, 0.0)),
          Result(Table(1, 2, ("p6", "p2")), (2, 1), (0.0, 1.0))]
    points = {"p1": 1.0, "p2": 1.0}
    tables, _ = pairing.swiss_round(2, [e for e in field(6) if e.id in
                                        {"p1", "p2", "p5", "p6"}], points, r1, [], [2])
    seat0 = {t.players[0] for t in tables}
    # p1 sat first in round 1, p2 second: p2 sits first now; p5 sat second, p6 first.
    assert {"p2", "p5"} == seat0


def test_swiss_three_player_tables_avoid_meeting_again():
    r1 = [Result(Table(1, 1, ("p1", "p2", "p3")), (1, 2, 3), (3.0, 2.0, 1.0)),
          Result(Table(1, 2, ("p4", "p5", "p6")), (1, 2, 3), (3.0, 2.0, 1.0))]
    points = totals([round_scores(1, r1, [], False)])
    tables, _ = pairing.swiss_round(2, field(6), points, r1, [], [3])
    for t in tables:
        assert not ({"p1", "p2", "p3"} >= set(t.players) or {"p4", "p5", "p6"} >= set(t.players))
        # Each table mixes the two first-round tables: at most 2 from one of them.
    assert sorted(len(t.players) for t in tables) == [3, 3]


# --- knockout --------------------------------------------------------------------------------

def test_bracket_order_by_hand():
    assert pairing.bracket_order(8, 2) == [1, 8, 4, 5, 2, 7, 3, 6]
    assert pairing.bracket_order(9, 3) == [1, 6, 7, 2, 5, 8, 3, 4, 9]


def test_knockout_byes_go_to_the_best_seeds():
    slots = pairing.knockout_slots(field(5), 2)
    tables, byes = pairing.knockout_tables(1, slots, 2, [2])
    assert sorted(byes) == ["p1", "p2", "p3"]
    assert pairs(tables) == {frozenset(("p4", "p5"))}
    slots6 = pairing.knockout_slots(field(6), 2)
    tables6, byes6 = pairing.knockout_tables(1, slots6, 2, [2])
    assert sorted(byes6) == ["p1", "p2"]
    assert pairs(tables6) == {frozenset(("p4", "p5")), frozenset(("p3", "p6"))}


def test_knockout_three_player_tables_top_up_with_ai_seats():
    slots = pairing.knockout_slots(field(7), 3)
    tables, byes = pairing.knockout_tables(1, slots, 3, [3])
    assert byes == []
    assert [t.players for t in tables] == [("p1", "p6", "p7"), ("p2", "p5"), ("p3", "p4")]
    assert [t.ai_seats for t in tables] == [0, 1, 1]


def test_knockout_runs_to_a_final_and_ranks_by_round_reached():
    t = Tournament("piquet", Format.KNOCKOUT, (2,), seed=1)
    for e in field(5):
        t.add(e)
    assert t.total_rounds() == 3
    rnd = t.pair_round()
    (table,) = rnd.tables
    t.record(Result(table, (2, 1), (-5.0, 5.0)))    # the lower seed, p5, wins
    rnd = t.pair_round()
    for tb in rnd.tables:
        t.record(Result(tb, (1, 2), (5.0, -5.0)))   # seat 0 wins
    rnd = t.pair_round()
    (final,) = rnd.tables
    t.record(Result(final, (2, 1), (-5.0, 5.0)))
    assert t.is_over
    rows = t.standings()
    assert rows[0].entrant.id == final.players[1]
    assert rows[1].entrant.id == final.players[0]
    assert rows[2].rank == rows[3].rank == 3   # the losing semi-finalists share third
    assert rows[4].entrant.id == "p4"          # out in round one


# --- round robin -----------------------------------------------------------------------------

def test_round_robin_two_player_everyone_meets_everyone_once():
    players = [f"p{i}" for i in range(1, 6)]
    schedule = pairing.round_robin_schedule(players, [2])
    assert len(schedule) == 5
    met = Counter(frozenset(t) for rnd in schedule for t in rnd)
    assert set(met) == {frozenset(p) for p in itertools.combinations(players, 2)}
    assert set(met.values()) == {1}
    sat_out = Counter(p for rnd in schedule for p in players
                      if all(p not in t for t in rnd))
    assert sat_out == Counter({p: 1 for p in players})


def test_round_robin_three_player_tables_meet_everyone():
    players = [f"p{i}" for i in range(1, 10)]
    schedule = pairing.round_robin_schedule(players, [3])
    assert len(schedule) == 4
    met = {frozenset(pr) for rnd in schedule for t in rnd for pr in itertools.combinations(t, 2)}
    assert met == {frozenset(p) for p in itertools.combinations(players, 2)}


# --- points and tiebreaks by hand ----------------------------------------------------------

def test_place_points_share_ties():
    r = Result(Table(1, 1, ("a", "b", "c", "d")), (1, 2, 2, 4), (9.0, 5.0, 5.0, 1.0))
    assert place_points(r) == pytest.approx({"a": 1.0, "b": 0.5, "c": 0.5, "d": 0.0})


def test_buchholz_and_sonneborn_berger_by_hand():
    # Round 1: a beats b, c beats d.  Round 2: a beats c, b draws d.
    r1 = [two(1, 1, "a", "b", "a"), two(1, 2, "c", "d", "c")]
    r2 = [two(2, 1, "a", "c", "a"), two(2, 2, "b", "d", None)]
    rounds = [round_scores(1, r1, [], False), round_scores(2, r2, [], False)]
    total = totals(rounds)
    assert total == {"a": 2.0, "b": 0.5, "c": 1.0, "d": 0.5}
    res = r1 + r2
    # Buchholz: a met b (0.5) and c (1); b met a (2) and d (0.5); c: d + a; d: c + b.
    assert buchholz("a", res, total) == 1.5
    assert buchholz("b", res, total) == 2.5
    assert buchholz("c", res, total) == 2.5
    assert buchholz("d", res, total) == 1.5
    # Sonneborn-Berger: a beat b (0.5) and c (1) -> 1.5; b drew d -> 0.25; c beat d -> 0.5;
    # d drew b -> 0.25.
    assert sonneborn_berger("a", rounds, res, total) == 1.5
    assert sonneborn_berger("b", rounds, res, total) == 0.25
    assert sonneborn_berger("c", rounds, res, total) == 0.5
    assert sonneborn_berger("d", rounds, res, total) == 0.25
    entrants = [Entrant(x, x.upper(), 1500) for x in "abcd"]
    rows = standings(Format.SWISS, entrants, rounds, res)
    assert [(r.rank, r.entrant.id) for r in rows] == [(1, "a"), (2, "c"), (3, "b"), (4, "d")]
    rr = standings(Format.ROUND_ROBIN, entrants, rounds, res)
    assert [(r.rank, r.entrant.id) for r in rr] == [(1, "a"), (2, "c"), (3, "b"), (3, "d")]


# --- duplicate ---------------------------------------------------------------------------------

def test_duplicate_scores_each_seat_against_the_same_seat_elsewhere():
    # Three tables played deal 7.  Seat 0 won at two tables and lost at one.
    t1 = Result(Table(1, 1, ("a", "b")), (1, 2), (30.0, -30.0), deal=7)
    t2 = Result(Table(1, 2, ("c", "d")), (1, 2), (10.0, -10.0), deal=7)
    t3 = Result(Table(1, 3, ("e", "f")), (2, 1), (-5.0, 5.0), deal=7)
    pts = duplicate_points([t1, t2, t3])
    # a won by more than c and beat e: 2/2.  c beat e only: 1/2.  e: 0.
    assert pts["a"] == 1.0 and pts["c"] == 0.5 and pts["e"] == 0.0
    # f won with the seat-1 cards; b lost by more than d.
    assert pts["f"] == 1.0 and pts["d"] == 0.5 and pts["b"] == 0.0


def test_duplicate_with_a_lone_deal_falls_back_to_places():
    t1 = Result(Table(1, 1, ("a", "b")), (1, 2), (3.0, -3.0), deal=7)
    assert duplicate_points([t1]) == {"a": 1.0, "b": 0.0}


# --- the tournament's state -------------------------------------------------------------------

def test_tournament_refuses_what_does_not_fit():
    t = Tournament("coins", Format.SWISS, (3,), seed=3, rounds_planned=2)
    t.add(Entrant("a", "A"))
    with pytest.raises(TournamentError) as e:
        t.add(Entrant("a", "A"))
    assert e.value.key == "already entered"
    t.add(Entrant("b", "B"))
    with pytest.raises(TournamentError) as e:
        t.pair_round()
    assert e.value.key == "too few"
    assert t.rounds == []   # nothing changed
    t.add(Entrant("c", "C"))
    t.pair_round()
    with pytest.raises(TournamentError) as e:
        t.pair_round()
    assert e.value.key == "round open"
    with pytest.raises(TournamentError) as e:
        t.add(Entrant("d", "D"))
    assert e.value.key == "started"


def test_tournament_json_round_trip_mid_round_pairs_the_same():
    t = Tournament("piquet", Format.SWISS, (2,), seed=9, rounds_planned=3)
    for e in field(6):
        t.add(e)
    rnd = t.pair_round()
    t.record(Result(rnd.tables[0], (1, 2), (5.0, -5.0)))
    copy = Tournament.from_json(t.to_json())
    assert copy.to_json() == t.to_json()
    for tb in rnd.tables[1:]:
        res = Result(tb, (2, 1), (-1.0, 1.0))
        t.record(res)
        copy.record(res)
        copy.record(res)   # a result recorded twice (a retry) counts once
    assert [x.players for x in t.pair_round().tables] == \
        [x.players for x in copy.pair_round().tables]


def test_withdrawn_player_is_not_paired_again():
    t = Tournament("piquet", Format.SWISS, (2,), seed=9, rounds_planned=3)
    for e in field(4):
        t.add(e)
    rnd = t.pair_round()
    for tb in rnd.tables:
        t.record(Result(tb, (1, 2), (1.0, -1.0)))
    t.remove("p2")
    rnd2 = t.pair_round()
    assert all("p2" not in tb.players for tb in rnd2.tables)
    assert rnd2.byes and "p2" not in rnd2.byes
    assert any(r.withdrawn and r.entrant.id == "p2" for r in t.standings())


def test_round_robin_of_eight_at_tables_of_four_meets_everyone_in_three_rounds():
    players = [f"p{i}" for i in range(8)]
    schedule = pairing.round_robin_schedule(players, [3, 4, 5, 6], 4)
    assert len(schedule) == 3
    met = {frozenset(pr) for rnd in schedule for t in rnd for pr in itertools.combinations(t, 2)}
    assert met == {frozenset(p) for p in itertools.combinations(players, 2)}


def test_direct_encounter_breaks_a_tie_of_two_who_met():
    r1 = [two(1, 1, "a", "b", "a"), two(1, 2, "c", "d", "c")]
    rounds = {1: round_scores(1, r1, [], False)}
    # Between a and b, a took the point; c's game was against someone outside the tie.
    assert direct_encounter("a", {"a", "b"}, r1, rounds) == 1.0
    assert direct_encounter("b", {"a", "b"}, r1, rounds) == 0.0
    assert direct_encounter("c", {"c", "a"}, r1, rounds) == 0.0
    # Four tied players who each won one game among themselves: the encounter is equal
    # and the rating decides.
    r2 = [two(2, 1, "b", "c", "b"), two(2, 2, "a", "d", "d")]
    all_rounds = [round_scores(1, r1, [], False), round_scores(2, r2, [], False)]
    entrants = [Entrant("a", "A", 1400), Entrant("b", "B", 1600), Entrant("c", "C", 1500),
                Entrant("d", "D", 1450)]
    rows = standings(Format.SWISS, entrants, all_rounds, r1 + r2)
    assert [r.entrant.id for r in rows] == ["b", "c", "d", "a"]
