"""``python -m benchmarks.starshina_hands``: hot hands found by easy play, replayed under
every rotation, tallied by the level's seat."""

from __future__ import annotations

from benchmarks import starshina_hands as sh


def test_hot_hands_are_those_where_easy_play_came_near_twelve():
    hot = sh.hot_hands(5000, 40, 11)
    assert hot and len(set(hot)) == len(hot)
    for seed in hot:
        assert max(sh.first_hand(seed)["tricks"]) >= 11
    cold = set(range(5000, 5040)) - set(hot)
    assert all(max(sh.first_hand(seed)["tricks"]) < 11 for seed in cold)


def test_a_hand_stops_once_decided_and_is_tallied_by_seat(capsys):
    row = sh.first_hand(5003, "easy", 1, stop=True)
    t = row["tricks"]
    assert row["role"] == 1   # seat 0 deals the first hand: seat 1 is left of the dealer
    assert max(t) >= 12 or all(sum(t) - x > 4 for x in t)
    counts = sh.tally([{"role": 0, "hero": 0, "reached": 0}, {"role": 2, "hero": 2,
                                                               "reached": 0},
                       {"role": 1, "hero": 1, "reached": None}])
    assert counts["dealer"] == [1, 1, 0] and counts["right"] == [1, 0, 1]
    assert counts["all"] == [3, 1, 1]
    assert sh.main(["--level", "easy", "--screen", "40", "--hands", "2"]) == 0
    out = capsys.readouterr().out
    assert "easy in one seat" in out and "share" in out and "easy moves timed" in out


def test_a_band_of_hands_below_the_hot_ones():
    band = sh.hot_hands(5000, 40, 0, 10)
    assert set(band) | set(sh.hot_hands(5000, 40, 11)) == set(range(5000, 5040))
    assert all(max(sh.first_hand(seed)["tricks"]) <= 10 for seed in band)
