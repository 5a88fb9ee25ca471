"""Coins scenes on stacked deals: each field as the rules say."""

from __future__ import annotations

import random

import rules
from bot.present.scene import shown_cards
from tests.scenes import dump, plain, scene_of
from tests.test_coins import deck_for, full_hands

GAME = rules.get_game("coins")


def new(target: int = 15, *prefixes: list[str]):
    hands = full_hands(*(prefixes or ([], [], [])))
    return GAME.new_state(3, {"target": target}, seed=1, deck=deck_for(hands))


def play(state, *cards: str) -> None:
    for c in cards:
        state.apply(state.current_seat, f"play {c}")


def test_legend_gives_the_suit_cycle_and_letters_as_the_rules_text_does():
    scene = scene_of(new(), None)
    legend = {f.label: plain(scene, f.value) for f in scene.legend}
    assert legend["Suit cycle"] == ("🏆 Cups > 🪙 Coins > ⚔️ Swords > 🪵 Clubs > 🏆 Cups "
                                    "(each suit beats the next)")
    assert legend["Suit letters"] == "C 🏆 Cups, O 🪙 Coins, E ⚔️ Swords, B 🪵 Clubs"
    assert legend["Ranks"] == "A ace, K king, N knight, J knave, then 9 down to 2"
    assert "missing" in legend["Who takes a trick"]


def test_headline_seats_and_the_empty_first_trick():
    scene = scene_of(new(10), None)
    assert (scene.title, scene.phase) == ("Coins", "Trick play")
    assert [(f.label, f.value) for f in scene.headline] == [
        ("Target", "first to 10 coins wins"), ("Hand", "1")]
    assert [s.roles for s in scene.seats] == [("dealer",), (), ()]
    assert [s.score for s in scene.seats] == ["0 coins"] * 3
    assert [s.hand_count for s in scene.seats] == [16, 16, 16]
    assert [s.to_move for s in scene.seats] == [False, True, False]
    trick = scene.centre.trick
    assert (trick.label, trick.plays, trick.to_lead) == ("Trick 1 of 16", (), 1)
    assert scene.centre.last_trick is None and scene.hand is None


def test_a_trick_shows_who_played_what_and_the_winner_by_the_cycle():
    # Cups, Coins and Swords meet; Clubs are missing and beat Cups: the Cups card wins.
    s = new(15, ["3E"], ["5C"], ["7O"])
    play(s, "5C", "7O")
    trick = scene_of(s, None).centre.trick
    assert [(p.seat, p.cards) for p in trick.plays] == [(1, ("5C",)), (2, ("7O",))]
    assert trick.to_lead is None
    play(s, "3E")
    scene = scene_of(s, None)
    last = scene.centre.last_trick
    assert [(p.seat, p.cards) for p in last.plays] == [(1, ("5C",)), (2, ("7O",)), (0, ("3E",))]
    assert last.winner == 1
    assert scene.centre.trick.label == "Trick 2 of 16" and scene.centre.trick.to_lead == 1
    assert [s.score for s in scene.seats] == ["0 coins", "1 coin", "0 coins"]
    assert [f.value for s in scene.seats for f in s.facts] == ["0", "1", "0"]
    assert plain(scene, scene.events[-1]) == "Bob takes the trick (5🏆 7🪙 3⚔️), +1 coin."
    assert scene.events[-1] == "{p1} takes the trick ({c:5C} {c:7O} {c:3E}), +1 coin."


def test_hand_sorted_by_the_cycle_and_any_card_may_be_played():
    s = new(15, [], ["2B", "AO", "5C", "KC", "JE", "3O"], [])
    play(s, "2B")
    mine = scene_of(s, 1)
    assert mine.hand is not None and not mine.hand.your_turn and mine.hand.forms == ()
    groups = dict(mine.hand.groups)
    cycle = ["Cups", "Coins", "Swords", "Clubs"]
    assert list(groups) == [g for g in cycle if g in groups]
    for cards in groups.values():
        ranks = [GAME.deck.parse_card(c).rank for c in cards]
        assert ranks == sorted(ranks, reverse=True)
    assert groups["Cups"].index("KC") < groups["Cups"].index("5C")
    assert mine.hand.cards == tuple(c for cs in groups.values() for c in cs)
    next_seat = scene_of(s, 2)
    (form,) = next_seat.hand.forms
    assert form.kind == "play" and form.verb == "Play" and len(form.cards) == 16
    assert plain(next_seat, form.note) == ("Any card may be played: there is no duty to "
                                          "follow suit.")
    assert sorted(form.cards) == sorted(s.view(2)["hand"])
    assert next_seat.hand.cards == form.cards  # offered in the order the hand is held
    # Nobody else's cards: the spectator sees only the trick.
    assert shown_cards(scene_of(s, None)) == {"2B"}


def test_last_trick_is_cleared_at_a_new_hand():
    s = new(20)
    rng = random.Random(3)
    while s.hand_no == 1:
        s.apply(s.current_seat, rng.choice(s.legal_actions()))
    assert s.view(None)["last_trick"] is not None  # the engine still holds hand 1's trick
    scene = scene_of(s, None)
    assert dict((f.label, f.value) for f in scene.headline)["Hand"] == "2"
    assert scene.centre.last_trick is None
    assert scene.centre.trick.to_lead == s.current_seat
    assert scene.seats[s.view(None)["dealer"]].roles == ("dealer",)
    assert [f.value for seat in scene.seats for f in seat.facts] == ["0", "0", "0"]
    s.apply(s.current_seat, rng.choice(s.legal_actions()))
    s.apply(s.current_seat, rng.choice(s.legal_actions()))
    s.apply(s.current_seat, rng.choice(s.legal_actions()))
    last = scene_of(s, None).centre.last_trick
    assert [[p.seat, p.cards[0]] for p in last.plays] == s.view(None)["last_trick"]


def test_game_over_ranks_by_coins():
    s = new(10)
    rng = random.Random(5)
    while not s.is_over:
        s.apply(s.current_seat, rng.choice(s.legal_actions()))
    scene = scene_of(s, 0)
    winner = s.result()["winner"]
    assert scene.phase == "Game over" and scene.to_move is None and scene.centre.trick is None
    assert scene.result.winners == (winner,)
    assert scene.result.lines[0] == f"1st {{p{winner}}}: {s.scores[winner]} coins"
    assert scene.seats[winner].status == "winner"
    assert "Result" not in dump(scene_of(new(), None))
