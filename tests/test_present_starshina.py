"""Starshina scenes (both rule sets and quota sets) on stacked deals, field by field."""

from __future__ import annotations

import pytest

import rules
from bot.present.scene import Fact, shown_cards
from tests.scenes import NAMES, dump, plain, scene_of
from tests.test_starshina import (
    SPADE_EXCHANGE,
    SPADE_KITTY,
    SPADE_RUN,
    deck_for,
    dominance,
    play_hand,
    run,
    spade_runner,
    two_hands,
)

GAME = rules.get_game("starshina")
QUOTAS = [("8-5-3", (8, 5, 3)), ("9-5-2", (9, 5, 2))]


def headline(scene) -> dict[str, str]:
    return {f.label: plain(scene, f.value) for f in scene.headline}


def facts(scene, seat: int) -> dict[str, str]:
    return {f.label: plain(scene, f.value) for f in scene.seats[seat].facts}


def lines(scene) -> list[str]:
    return [plain(scene, s) for s in scene.centre.lines]


def private(scene) -> list[str]:
    return [plain(scene, s) for s in scene.hand.lines]


@pytest.mark.parametrize("rule_set", ["starshina", "classic"])
@pytest.mark.parametrize("quotas,expect", QUOTAS)
def test_quota_of_each_seat_follows_the_dealer(rule_set, quotas, expect):
    s = GAME.new_state(3, {"rules": rule_set, "quotas": quotas}, seed=4,
                       deck=[dominance("1102"), dominance("0120", dealer=1)])
    dealer, left, right = expect
    scene = scene_of(s, None)
    assert headline(scene)["Quotas"] == (f"dealer {dealer}, dealer's left {left}, "
                                         f"dealer's right {right}")
    assert headline(scene)["Hand"] == "1"
    assert [facts(scene, i)["Quota"] for i in range(3)] == [f"{q} tricks" for q in expect]
    assert scene.seats[0].roles == ("dealer",)
    # Nobody reaches 12 in the first deal (8-4-4): the deal passes left, quotas move with it.
    if rule_set == "starshina":
        for _ in range(6):  # the give-and-return round: the first legal card each time
            s.apply(s.current_seat, s.legal_actions(s.current_seat)[0])
    else:
        run(s, "trump spades")
    run(s, "discard 2C 2D 2H 2S")
    play_hand(s)
    assert s.hand_no == 2 and not s.is_over
    scene = scene_of(s, None)
    assert headline(scene)["Hand"] == "2"
    assert [facts(scene, i)["Quota"] for i in range(3)] == [
        f"{right} tricks", f"{dealer} tricks", f"{left} tricks"]
    assert [s.roles for s in scene.seats] == [(), ("dealer",), ()]
    # The previous hand's final trick is not this hand's last trick.
    assert scene.centre.last_trick is None
    assert plain(scene, scene.centre.lines[0]).startswith("Last hand: Ann took ")


def test_starshina_headline_pot_and_no_trumps():
    s = GAME.new_state(3, {}, seed=1, deck=deck_for(SPADE_RUN, SPADE_KITTY))
    scene = scene_of(s, None)
    assert scene.title == "Starshina"
    h = headline(scene)
    assert h["Trumps"] == "none in this game"
    assert h["Pot"].startswith("3 stakes, one from each player")
    assert h["To win"] == "take 12 tricks in one hand"
    assert "Stakes" not in h
    # The pot is settled only at the end: no running score per seat until then.
    assert all(seat.score is None for seat in scene.seats)


def test_classic_headline_trumps_in_words_and_stakes_every_hand():
    s = GAME.new_state(3, {"rules": "classic"}, seed=3, deck=dominance("0120"))
    scene = scene_of(s, 2)
    assert scene.title == "Starshina - classic rules" and scene.phase == "Naming trumps"
    assert headline(scene)["Trumps"] == "not named yet"
    assert "Pot" not in headline(scene)
    assert [seat.score for seat in scene.seats] == ["0 stakes"] * 3
    assert lines(scene) == ["Ann names trumps, then takes the kitty."]
    mine = scene_of(s, 0)
    (form,) = mine.hand.forms
    assert [(c.action, c.label) for c in form.choices] == [
        ("trump clubs", "Clubs"), ("trump diamonds", "Diamonds"), ("trump hearts", "Hearts"),
        ("trump spades", "Spades")]
    run(s, "trump H")
    assert headline(scene_of(s, None))["Trumps"] == "Hearts"


def test_kitty_is_face_down_then_only_the_dealer_sees_it_and_the_discards():
    s = GAME.new_state(3, {}, seed=1, deck=deck_for(SPADE_RUN, SPADE_KITTY))
    (kitty,) = scene_of(s, None).centre.piles
    assert (kitty.label, kitty.cards, kitty.face_down) == ("Kitty", (), 4)
    assert plain(scene_of(s, None), kitty.note) == "Ann takes it after the exchange"
    run(s, *SPADE_EXCHANGE[:6])
    dealer = scene_of(s, 0)
    assert dealer.phase == "The kitty" and dealer.centre.piles == ()
    assert dealer.seats[0].hand_count == 20
    assert "You took J♥ Q♥ K♥ A♥ from the kitty." in private(dealer)
    (form,) = dealer.hand.forms
    assert (form.kind, form.low, form.high, form.confirm) == ("discard", 4, 4, True)
    assert plain(dealer, form.prompt) == "Lay four cards aside face down"
    run(s, "discard 8C 2C 7C 6C")
    dealer = scene_of(s, 0)
    assert private(dealer)[-2:] == ["You took J♥ Q♥ K♥ A♥ from the kitty.",
                                    "You laid aside 2♣ 6♣ 7♣ 8♣."]
    for seat in (None, 1, 2):
        scene = scene_of(s, seat)
        (aside,) = scene.centre.piles
        assert (aside.label, aside.cards, aside.face_down) == ("Laid aside", (), 4)
        # (2C went from Bob to Ann in the exchange, so Bob knows that one.)
        assert not {"JH", "QH", "KH", "AH", "6C", "7C", "8C"} & shown_cards(scene)
        assert "kitty" not in " ".join(private(scene) if scene.hand else [])


def test_give_and_return_swaps_in_words_private_cards_only_to_the_two():
    s = GAME.new_state(3, {}, seed=1, deck=deck_for(SPADE_RUN, SPADE_KITTY))
    giver = scene_of(s, 1)
    assert giver.phase == "The exchange: swap 1 of 3"
    (form,) = giver.hand.forms
    assert plain(giver, form.prompt) == "Give Cat a card face down" and form.verb == "Give"
    run(s, "give 5C")
    public = scene_of(s, None)
    assert lines(public) == ["Bob gave Cat a card face down; Cat now returns one."]
    receiver = scene_of(s, 2)
    assert private(receiver) == ["Bob gave you 5♣: return a card."]
    (form,) = receiver.hand.forms
    assert plain(receiver, form.note) == "You must return a club higher than 5♣."
    assert set(form.cards) == {"9C", "10C", "JC", "QC", "KC", "AC"}
    assert private(scene_of(s, 1)) == ["You gave 5♣ to Cat; Cat now returns a card."]
    third = scene_of(s, 0)
    assert lines(third) == lines(public) and private(third) == []
    assert "5C" not in shown_cards(third) | shown_cards(public)
    run(s, "return 9C", "give 2D", "return JD", "give 2H")
    # Seat 1 holds no heart above the 2H it got: any other card may go back.
    receiver = scene_of(s, 1)
    assert receiver.phase == "The exchange: swap 3 of 3"
    (form,) = receiver.hand.forms
    assert plain(receiver, form.note) == "You hold no heart higher than 2♥: return any other card."
    assert "2H" not in form.cards
    assert private(receiver) == ["You gave 5♣ to Cat and got 9♣ back.",
                                 "Ann gave you 2♥: return a card."]
    assert lines(scene_of(s, 1)) == ["Cat gave Ann a card face down and got one back."]
    run(s, "return AS")
    assert private(scene_of(s, 2)) == ["Bob gave you 5♣; you returned 9♣.",
                                       "You gave 2♦ to Ann and got J♦ back."]
    assert lines(scene_of(s, None))[-1] == ("Ann has taken the kitty and lays four cards aside "
                                            "face down.")


def test_trick_play_status_and_last_trick():
    s = GAME.new_state(3, {}, seed=1, deck=deck_for(SPADE_RUN, SPADE_KITTY))
    run(s, *SPADE_EXCHANGE)
    scene = scene_of(s, None)
    assert scene.phase == "Trick play"
    assert scene.centre.trick.label == "Trick 1 of 16" and scene.centre.trick.to_lead == 1
    assert scene.centre.last_trick is None and scene.centre.lines == ()
    assert [seat.status for seat in scene.seats] == [None] * 3
    run(s, "play AS")
    follower = scene_of(s, 2)
    (form,) = follower.hand.forms
    assert form.cards == ("2S",) and plain(follower, form.note) == "You must follow spades."
    run(s, "play 2S", "play AH")
    scene = scene_of(s, None)
    last = scene.centre.last_trick
    assert [(p.seat, p.cards) for p in last.plays] == [(1, ("AS",)), (2, ("2S",)), (0, ("AH",))]
    assert last.winner == 1
    assert scene.centre.trick.plays == () and scene.centre.trick.to_lead == 1
    assert facts(scene, 1)["Tricks"] == "1"
    assert [seat.status for seat in scene.seats] == ["needs 8 more", "needs 4 more",
                                                     "needs 3 more"]


@pytest.mark.parametrize("quotas", ["8-5-3", "9-5-2"])
def test_twelve_tricks_then_the_pot(quotas):
    s = GAME.new_state(3, {"quotas": quotas}, seed=1, deck=deck_for(SPADE_RUN, SPADE_KITTY))
    run(s, *SPADE_EXCHANGE)
    while s.tricks[1] < 12:
        s.apply(s.current_seat, spade_runner(s))
    scene = scene_of(s, None)
    assert scene.seats[1].status == "12 tricks: wins the game once the hand is played out"
    play_hand(s, spade_runner)
    scene = scene_of(s, None)
    assert scene.phase == "Game over" and scene.to_move is None and scene.centre.trick is None
    assert [seat.status for seat in scene.seats] == [
        f"missed quota by {int(quotas[0]) - 3}", "winner", f"missed quota by {int(quotas[-1]) - 1}"]
    assert [seat.score for seat in scene.seats] == ["-2 stakes", "+4 stakes", "-2 stakes"]
    assert [plain(scene, line) for line in scene.result.lines] == [
        "1st Bob: +4 stakes", "2nd Ann: -2 stakes", "2nd Cat: -2 stakes"]
    assert [plain(scene, line) for line in scene.result.details] == [
        "Bob took 12 tricks in hand 1 and wins the game.",
        "Bob takes the pot of 3 stakes and 1 more from Ann and Cat for missing quota."]
    assert scene.result.winners == (1,)
    assert all(seat.hand_count is None for seat in scene.seats)


def test_classic_up_down_exchange_in_words():
    s = GAME.new_state(3, {"rules": "classic"}, seed=5, deck=two_hands("1120", dominance(
        "0120", dealer=1)))
    run(s, "trump clubs", "discard 2C 2D 2H 2S")
    play_hand(s)
    public = scene_of(s, None)
    assert public.phase == "The up/down exchange"
    assert [seat.score for seat in public.seats] == ["-4 stakes", "+3 stakes", "+1 stake"]
    assert lines(public) == [
        "Last hand: Ann took 4 tricks (quota 8, down 4); Bob 8 (quota 5, up 3); "
        "Cat 4 (quota 3, up 1).",
        "Bob gives Ann three cards, one at a time; for each, Ann gives back their highest "
        "card of its suit.",
        "Cat gives Ann one card; Ann gives back their highest card of its suit."]
    giver = scene_of(s, 1)
    (form,) = giver.hand.forms
    assert plain(giver, form.prompt) == "Give Ann a card (1 of 3)"
    run(s, "give 7C", "give 3H")
    assert private(scene_of(s, 1)) == ["You gave Ann 7♣ (you got A♣), 3♥ (you got 10♥)."]
    assert private(scene_of(s, 0)) == [
        "Bob gave you 7♣ (you gave back A♣), 3♥ (you gave back 10♥)."]
    assert private(scene_of(s, 2)) == []
    assert lines(scene_of(s, 2))[1] == (
        "Bob is giving Ann three cards, one at a time (2 given so far); for each, Ann gives "
        "back their highest card of its suit.")
    run(s, "give AD")
    assert private(scene_of(s, 1)) == [
        "You gave Ann 7♣ (you got A♣), 3♥ (you got 10♥), A♦ (it came back)."]
    assert lines(scene_of(s, 2))[1] == ("Bob gave Ann three cards, one at a time, and got one "
                                        "back for each.")
    # Ann's own swaps are private lines, not repeated in the centre.
    assert not any("Bob gave" in line for line in lines(scene_of(s, 0)))
    assert "7C" not in shown_cards(scene_of(s, 2)) | shown_cards(scene_of(s, None))


def test_classic_game_over_names_the_winner_first_whatever_the_stakes():
    s = GAME.new_state(3, {"rules": "classic"}, seed=7, deck=dominance("0010"))
    run(s, "trump clubs", "discard 2C 2D 2H 2S")
    play_hand(s)
    scene = scene_of(s, 2)
    assert scene.result.lines[0] == "1st {p0}: +4 stakes"
    assert plain(scene, scene.result.details[1]).startswith("Stakes were settled after every hand")
    assert scene.hand.forms == () and not scene.hand.your_turn


def test_dump_reads_as_a_table():
    s = GAME.new_state(3, {}, seed=1, deck=deck_for(SPADE_RUN, SPADE_KITTY))
    run(s, *SPADE_EXCHANGE, "play AS")
    out = dump(scene_of(s, 0), NAMES)
    assert "Trick 1 of 16: Bob A♠" in out
    assert "You laid aside 2♣ 6♣ 7♣ 8♣." in out
    assert Fact("Trumps", "none in this game") in scene_of(s, 0).headline
