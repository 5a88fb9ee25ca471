"""Pinkerton's scenes on stacked deals: centre card and pile, the count rule, passes and outs."""

from __future__ import annotations

import random

import pytest

from bot.present import present, presenter_for, text
from rules.cards import DOUBLE_104
from tests.scene_words import NAMES, fact, lines, problems, scene_of, words
from tests.test_pinkerton import phase_two, seed_minus_34
from tests.test_pinkerton_helpers import GAME, arrange, do, new


def forms(scene) -> dict[str, list]:
    out: dict[str, list] = {}
    for f in scene.hand.forms:
        out.setdefault(f.kind, []).append(f)
    return out


def centre_words(scene) -> list[str]:
    return words(scene.centre)


def test_phase_one_centre_card_and_its_value():
    s = new(2, {1: "10S AH QC JD 5H", 0: "2H 3H 4H 5D 6D"}, "9S")
    scene = scene_of(s, 1)
    assert scene.title == "Pinkerton" and scene.phase == "Phase I - beat the centre card"
    assert fact(scene.headline, "Round") == "1"
    assert fact(scene.headline, "Target") == "100 points"
    assert fact(scene.headline, "Passes") == "the 2nd pass puts a player out"
    assert [x.roles for x in scene.seats] == [("dealer",), ()]
    assert [x.score for x in scene.seats] == ["0", "0"]
    assert [x.hand_count for x in scene.seats] == [5, 5] and scene.to_move == 1
    centre, stock = scene.centre.piles
    assert (centre.label, centre.cards, centre.note) == ("Centre card", ("9S",), "Worth -9")
    assert (stock.label, stock.face_down, stock.note) == ("Stock", 93, "93 cards")
    assert lines(scene) == ["To beat the centre card: 2 cards adding up to -9 or less."]
    (beat,) = forms(scene)["beat"]
    assert (beat.prompt, beat.verb, beat.low, beat.high, beat.confirm) == \
        ("Beat the centre card with 2 cards", "Beat", 2, 2, True)
    assert list(beat.cards) == list(scene.hand.cards)
    assert [g for g, _ in scene.hand.groups] == ["Clubs", "Diamonds", "Hearts", "Spades"]
    do(s, "beat QC JD")
    discard = scene_of(s, None).centre.piles[1]
    assert (discard.label, discard.cards, discard.note) == ("Discard pile", ("QC", "JD"),
                                                           "2 cards")


def test_pile_total_hidden_until_counted_then_shown():
    s = phase_two("10S", "KH")
    do(s, "beat KS QS", "beat KC QC")
    scene = scene_of(s, 1)
    assert scene.phase == "Phase II - beat the pile"
    pile = scene.centre.piles[0]
    assert (pile.label, pile.cards) == ("Pile", ("10S", "KH"))
    assert pile.note == ("Total not announced: any player but the dealer ({p0}) "
                         "may ask for the count")
    assert not any("30" in w for w in centre_words(scene))
    assert lines(scene)[0] == ("To beat the pile: 2 cards adding up to its value or more "
                               "(or less, when it is below zero).")
    # Once counted (the view then carries the total), everyone reads it.
    view = s.view(0)
    view["pile_total"] = 30
    counted = present(view, NAMES[:2])
    assert counted.centre.piles[0].note == "Worth +30 (the count was asked for)"
    assert lines(counted)[0] == "To beat the pile: 2 cards adding up to 30 or more."


def test_show_total_option_always_shows_it():
    s = new(2, {1: "KS QS 2H 3H 4H", 0: "KC QC 2D 3D 4D"}, "10S",
            {1: "KD QD 5H", 0: "JH JD 6H"}, "KH", options={"show_total": True})
    do(s, "beat KS QS", "beat KC QC")
    scene = scene_of(s, None)
    assert scene.centre.piles[0].note == "Worth +30 (the total is always shown)"


def test_passes_status_private_pass_cards_and_out():
    s = new(3, {1: "2H 3H 4H 5H 6H", 2: "KC QC 2D 3D 4D", 0: "QS JS 5D 6D 7D"}, "KS",
            {1: "7H 8H 9H", 2: "KC QC 8D", 0: "KS QS 9D"}, "10C",
            {2: "AD AH 2C", 0: "3C 4C 5C"})
    scene = scene_of(s, 1)
    (passing,) = forms(scene)["pass"]
    assert (passing.prompt, passing.verb) == ("Pass (lay a card face down)", "Pass")
    assert passing.note == "Pass 1 of 2: the card is dead and only you know it."
    assert "beat" not in forms(scene)
    do(s, "pass 4H")
    mine, theirs, nobody = scene_of(s, 1), scene_of(s, 2), scene_of(s, None)
    assert mine.hand.lines == ("You passed {c:4H} face down.",)
    assert theirs.hand.lines == () and nobody.hand is None
    assert not any("4H" in text.cards_in(w) for w in words(theirs) + words(nobody))
    assert [x.status for x in nobody.seats] == [None, "passed 1 of 2", None]
    do(s, "beat KC QC", "beat QS JS")
    assert forms(scene_of(s, 1))["pass"][0].note == "This pass puts you out of the round."
    do(s, "pass 9H")
    scene = scene_of(s, 1)
    assert scene.seats[1].status == "out of this round"
    assert scene.hand.lines == ("You passed {c:4H} and {c:9H} face down.",
                                "You are out of this round: your cards stay aside until it "
                                "ends.")


def test_phase_three_opener_adds_and_recovering_a_pass():
    s = seed_minus_34()
    scene = scene_of(s, 1)
    assert scene.phase == "Phase III, the bidding - cycle 1"
    assert scene.seats[0].roles == ("dealer", "opener")
    recover = [c for f in forms(scene)["beat"] for c in f.choices]
    assert ("beat KS 6D take 2H", "Beat with {c:KS} {c:6D} and take back {c:2H}") in \
        [(c.action, c.label) for c in recover]
    beat = forms(scene)["beat"][0]
    assert beat.note == ("A beat exactly equal to the value may take back one of your "
                         "face-down pass cards ({c:2H}).")
    assert "{c:2H}" not in " ".join(words(scene_of(s, 0)))
    do(s, "beat KS 6D take 2H")
    scene = scene_of(s, 1)
    assert "{p1} has beaten and now adds a card to the pile." in lines(scene)
    assert not any(x.startswith("To beat") for x in lines(scene))
    assert forms(scene)["add"][0].prompt == "Add a card to the pile"
    assert scene.hand.lines == ()                                   # the pass came back
    assert scene.seats[1].status is None


def test_opener_and_free_pass_prompts():
    s = arrange(GAME.new_state(3, seed=6), phase=3, step="open", pending=[0, 1, 2],
                pile="5H 3S", hands={0: "KH QS JD", 1: "2C", 2: "3C"})
    scene = scene_of(s, 0)
    assert "{p0} opens the bidding: one card onto the pile, no beat needed." in lines(scene)
    (free,) = forms(scene)["pass"]
    assert free.prompt == "Pass: you have no card you may add (it costs nothing)"
    assert [c.label for c in free.choices] == ["Pass"]
    s = arrange(GAME.new_state(3, seed=8), phase=3, pending=[1, 2, 0], pile="5H 5S",
                hands={1: "KS QS 3H", 2: "2C 3C", 0: "4C"})
    add = forms(scene_of(s, 1))["add"][0]
    assert add.note == "You may skip the beat and just add a card."    # total not announced
    view = s.view(1)
    view["pile_total"] = 0
    add = forms(present(view, NAMES[:3], forms=s.action_forms(1)))["add"][0]
    assert add.note == "You may skip the beat and just add a card (the pile is worth 0)."
    s = arrange(GAME.new_state(3, seed=3), phase=3, pending=[1, 2, 0], pile="KH 5D",
                hands={1: "", 2: "KH QH", 0: "2C"})
    assert forms(scene_of(s, 1))["pass"][0].prompt == \
        "Pass: your hand is empty (the pass counts)"


def test_describe_moves_as_players_say_them():
    say = presenter_for("pinkerton").describe
    assert say("beat KH QD") == "Beat with {c:KH} {c:QD}"
    assert say("add 4C") == "Add {c:4C}"
    assert say("pass 7S") == "Pass, laying {c:7S} face down"
    assert say("pass") == "Pass"


def test_game_over_result_ranks():
    s = new(2, {1: "2H 3H 4H 5H 6H", 0: "KS QS 5D 6D 7D"}, "KC",
            options={"passes": 1, "target": 10})
    rng = random.Random(1)
    while not s.is_over:
        s.apply(s.current_seat, rng.choice(s.legal_actions(s.current_seat)))
    scene = scene_of(s, None)
    r = s.result()
    assert scene.phase == "The game is over" and scene.to_move is None
    assert scene.centre.piles == () and all(x.status is None for x in scene.seats)
    win = r["winner"]
    assert scene.result.lines[0] == f"1st {{p{win}}} - {r['scores'][win]} points - wins"
    assert scene.result.winners == (win,)
    rounds = "1 round" if r["rounds"] == 1 else f"{r['rounds']} rounds"
    assert scene.result.details[0] == f"{rounds} played."


@pytest.mark.parametrize("players,options", [(2, {}), (3, {"passes": 1, "target": 30}),
                                             (4, {"show_total": True}), (6, {})])
def test_random_positions_read_as_words(players, options):
    """A few hundred positions: no Python repr, no field name, no stray token; the
    total never shows in the centre unless the view gives it."""
    rng = random.Random(players)
    seen = 0
    for game in range(3):
        s = GAME.new_state(players, options, seed=game)
        while seen < 100 * (game + 1) and not s.is_over:
            for seat in [None, *range(players)]:
                scene = scene_of(s, seat)
                assert problems(scene, DOUBLE_104) == [], (players, seat)
                total = s.view(seat)["pile_total"]
                note = scene.centre.piles[0].note
                assert ("Worth" in note) == (total is not None)
            seen += 1
            moves = [a for a in s.legal_actions(s.current_seat) if a.kind != "count"]
            s.apply(s.current_seat, rng.choice(moves))
    assert seen >= 100
