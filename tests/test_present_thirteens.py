"""Thirteens scenes on stacked deals: each field as the rules say."""

from __future__ import annotations

import random

import pytest

from bot.present.base import ordinal
from tests.scenes import plain, scene_of
from tests.test_thirteens import GAME, new, play


def headline(scene) -> dict[str, str]:
    return {f.label: plain(scene, f.value) for f in scene.headline}


def facts(scene, seat: int) -> dict[str, str]:
    return {f.label: plain(scene, f.value) for f in scene.seats[seat].facts}


@pytest.mark.parametrize("turned,words", [
    ("10S", "Spades (turned 10♠)"), ("QD", "Diamonds (turned Q♦)"),
    ("X1", "none this hand (turned 🃏1, a joker)")])
def test_trump_in_words_with_the_turned_card(turned, words):
    scene = scene_of(new(4, {}, turned), None)
    assert headline(scene)["Trumps"] == words
    assert "trump_card" not in str(scene) and list(headline(scene)).count("Trumps") == 1


@pytest.mark.parametrize("n,left", [(3, "2 cards lie"), (4, "1 card lies"),
                                    (5, "3 cards lie"), (6, "5 cards lie")])
def test_the_cards_left_over_besides_the_turned_one(n, left):
    scene = scene_of(new(n, {}), None)
    assert plain(scene, scene.centre.lines[0]) == (f"Besides the turned card, {left} face "
                                                   "down, out of play.")
    assert scene.centre.trick.label == f"Trick 1 of {53 // n}"
    assert [s.hand_count for s in scene.seats] == [53 // n] * n


def test_headline_target_and_hand_and_the_legend_follow_the_options():
    scene = scene_of(new(4, {}, options={"target": 20, "thirteen_value": 1}), None)
    assert headline(scene)["Target"] == "20 points, checked at the end of each hand"
    assert headline(scene)["Hand"] == "1"
    legend = {f.label: f.value for f in scene.legend}
    assert "+1 for each thirteen" in legend["Scoring a trick"]
    assert "-4 for each joker" in legend["Scoring a trick"]
    assert legend["No trick in a hand"] == "-3"
    assert "+3 for each thirteen" in dict(
        (f.label, f.value) for f in scene_of(new(4, {}), None).legend)["Scoring a trick"]


def test_a_scored_trick_seat_points_and_no_trick_status():
    # K Q 6 make a thirteen (+3) and the trick +1: 4 points to the king.
    s = new(4, {1: ["KH"], 2: ["QH"], 3: ["6H"], 0: ["7H"]})
    play(s, "KH")
    follower = scene_of(s, 2)
    assert {GAME.deck.parse_card(c).suit for c in follower.hand.forms[0].cards} == {2}
    assert plain(follower, follower.hand.forms[0].note) == "You must follow hearts."
    play(s, "QH", "6H")
    scene = scene_of(s, None)
    assert [(p.seat, p.cards) for p in scene.centre.trick.plays] == [
        (1, ("KH",)), (2, ("QH",)), (3, ("6H",))]
    assert plain(scene, scene.centre.lines[1]) == "Hearts led."
    play(s, "7H")
    scene = scene_of(s, None)
    assert scene.centre.last_trick.winner == 1
    assert facts(scene, 1) == {"Tricks": "1", "This hand": "+4"}
    assert facts(scene, 0) == {"Tricks": "0", "This hand": "0"}
    assert [s.score for s in scene.seats] == ["0 points"] * 4  # added at the end of the hand
    assert [s.status for s in scene.seats] == ["no trick yet", None, "no trick yet",
                                               "no trick yet"]
    assert plain(scene, scene.events[-1]).startswith("Bob takes the trick (K♥ Q♥ 6♥ 7♥)")


def test_a_joker_in_the_trick_is_explained():
    s = new(4, {1: ["X1"], 2: ["5D"], 3: ["2S"]}, turned="10S", void={3: "D"})
    play(s, "X1")
    scene = scene_of(s, None)
    assert [plain(scene, line) for line in scene.centre.lines[1:]] == [
        "A joker was led: the first ordinary card sets the suit to follow.",
        "A joker is in this trick, so trumps have no power in it."]
    play(s, "5D")
    assert plain(scene, scene_of(s, None).centre.lines[1]) == "Diamonds led."
    follower = scene_of(s, 3)  # void in diamonds: anything goes, no note
    assert follower.hand.your_turn and "2S" in follower.hand.forms[0].cards
    assert follower.hand.forms[0].note is None


def test_last_hand_points_between_hands_and_no_stale_last_trick():
    s = new(4, {}, options={"target": 200})
    rng = random.Random(2)
    while s.hand_no == 1:
        s.apply(s.current_seat, rng.choice(s.legal_actions()))
    view = s.view(None)
    assert view["last_trick"] is not None  # the engine keeps hand 1's final trick
    scene = scene_of(s, None)
    assert scene.centre.last_trick is None
    assert headline(scene)["Hand"] == "2"
    for seat in range(4):
        shown = facts(scene, seat)
        last = view["last_hand"][seat]
        assert shown["Last hand"] == (f"{last:+d}" if last else "0")
        assert scene.seats[seat].score == f"{view['scores'][seat]} point" + (
            "" if view["scores"][seat] == 1 else "s")
    assert [s.roles for s in scene.seats] == [(), ("dealer",), (), ()]
    assert scene.centre.trick.to_lead == 2


def test_game_over_ranks_share_places_on_equal_points():
    s = new(3, {}, options={"target": 10})
    rng = random.Random(0)
    while not s.is_over:
        s.apply(s.current_seat, rng.choice(s.legal_actions()))
    scene = scene_of(s, None)
    result = s.result()
    assert result["ranks"] == [2, 2, 1]  # this seed ends with two players level
    assert [plain(scene, line) for line in scene.result.lines] == [
        "1st Cat: 40 points", "2nd Ann: -3 points", "2nd Bob: -3 points"]
    assert scene.phase == "Game over" and scene.to_move is None
    order = sorted(range(3), key=lambda i: (result["ranks"][i], i))
    assert list(scene.result.lines) == [
        f"{ordinal(result['ranks'][i])} {{p{i}}}: {s.scores[i]} points" for i in order]
    assert [seat.status == "winner" for seat in scene.seats] == [
        i in result["winners"] for i in range(3)]
    assert scene.centre.trick is None and scene.centre.lines == ()
