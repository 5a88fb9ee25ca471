"""Piquet's scenes, variant by variant, on stacked deals: what the table reads equals the rules."""

from __future__ import annotations

import json
import random

import pytest

from bot.present import presenter_for, text
from games.piquet.presenter import declarations
from rules.cards import PIQUET_32
from tests.scene_words import fact, lines, problems, scene_of, words
from tests.test_piquet_helpers import G, cards, deal_order, do, play_out, rubicon_after_exchange
from tests.test_piquet_variants import ELDER_29, YOUNGER_29, normand_deck, quatre_deck


def labels(scene) -> list[str]:
    return [c.label for f in scene.hand.forms for c in f.choices]


def roles(scene) -> list[tuple[str, ...]]:
    return [s.roles for s in scene.seats]


# --- rubicon ---------------------------------------------------------------------------------

def test_rubicon_exchange_scene_roles_talon_and_discard_form():
    s = G.new_state(2, {}, seed=8)
    scene = scene_of(s, 1)
    assert scene.title == "Piquet - Rubicon" and scene.phase == "The exchange"
    assert fact(scene.headline, "Deal") == "1 of 6"
    assert fact(scene.headline, "Rubicon") == "100 points"
    assert roles(scene) == [("dealer", "younger"), ("elder",)]
    assert scene.to_move == 1 and scene.seats[1].to_move and not scene.seats[0].to_move
    assert [s.hand_count for s in scene.seats] == [12, 12]
    talon = scene.centre.piles[0]
    assert (talon.label, talon.face_down, talon.note) == ("Talon", 8, "8 cards left")
    (form,) = scene.hand.forms
    assert (form.prompt, form.verb, form.low, form.high, form.confirm) == \
        ("Discard 1 to 5 cards", "Discard", 1, 5, True)
    assert list(form.cards) == list(scene.hand.cards)            # sorted as held
    assert [g for g, _ in scene.hand.groups] == ["Clubs", "Diamonds", "Hearts", "Spades"][
        :len(scene.hand.groups)]
    assert scene_of(s, None).hand is None and scene_of(s, 0).hand.forms == ()


def test_rubicon_exchange_private_lines_only_in_own_scene():
    s = G.new_state(2, {}, seed=8)
    hand = s.view(1)["hand"]
    s.apply(1, "discard " + " ".join(hand[:3]))
    left = s.view(1)["talon_seen"]
    elder, younger, nobody = scene_of(s, 1), scene_of(s, 0), scene_of(s, None)
    tokens = " ".join("{c:" + c + "}" for c in left)
    assert elder.hand.lines == (
        "You discarded " + " ".join("{c:" + c + "}" for c in hand[:3]) + ".",
        f"You left {tokens} on top of the talon and have seen them.")
    assert younger.hand.lines == ()
    assert fact(elder.seats[1].facts, "Exchanged") == "3 cards"
    assert fact(nobody.seats[0].facts, "Exchanged") is None        # younger has not yet
    assert younger.hand.forms[0].prompt == "Discard 1 to 5 cards"
    s.apply(0, "discard " + s.view(0)["hand"][0])
    rest = " ".join("{c:" + c + "}" for c in s.view(0)["talon"])
    assert f"Left in the talon: {rest}." in scene_of(s, 0).hand.lines
    assert not any("Left in the talon" in x for x in scene_of(s, 1).hand.lines)
    talon = set(s.view(0)["talon"])
    assert not talon & {c for x in words(scene_of(s, None)) for c in text.cards_in(x)}
    assert scene_of(s, None).centre.piles[0].note == "4 cards left"
    while s.phase == "declare":
        s.apply(s.current_seat, s.legal_actions(s.current_seat)[0])
    s.apply(1, s.legal_actions(1)[0])                   # elder's first lead opens the talon
    assert f"Left in the talon: {rest}." in scene_of(s, 1).hand.lines


@pytest.mark.parametrize("spades,said", [
    ("KS QS 9S 8S 7S", ["{p1}: point of five, forty-six - good", "{p0}: point of five - not good",
                        "{p1} scores 5 for the point ({c:AH} {c:QH} {c:10H} {c:8H} {c:7H})."]),
    ("AS KS QS 8S 7S", ["{p1}: point of five, forty-six - equal",
                        "{p0}: point of five, forty-six - equal",
                        "The point is equal: nobody scores."]),
    ("AS KS QS 9S 7S", ["{p1}: point of five, forty-six - not good",
                        "{p0}: point of five, forty-seven - good",
                        "{p0} scores 5 for the point ({c:AS} {c:KS} {c:QS} {c:9S} {c:7S})."]),
])
def test_rubicon_point_as_sentences_good_not_good_equal(spades, said):
    s = rubicon_after_exchange("AH QH 10H 8H 7H AC JC 9C KD 9D 7D 8C",
                               spades + " KC QC 10C JD 10D 9H JH")
    first = scene_of(s, 1)
    assert first.phase == "Declaring: the point"
    assert labels(first)[0] == "Declare point of five" and labels(first)[-1] == "Sink the point"
    do(s, "declare point 5")
    answer = scene_of(s, 0)
    assert lines(answer) == ["{p1}: point of five - the best so far"]
    assert answer.hand.forms[1].prompt == "Answer {p1}'s point of five"
    assert labels(answer) == ["Good", "Point of five - making?"]
    do(s, "declare point 5")
    scene = scene_of(s, None)
    assert lines(scene) == said
    assert scene.phase == "Declaring: sequences"
    pts = s.deal_pts
    assert [fact(x.facts, "This deal") for x in scene.seats] == \
        [f"{pts[0]} point" + ("s" if pts[0] != 1 else ""), f"{pts[1]} points"]
    assert [x.score for x in scene.seats] == [str(t) for t in s.totals]


ELDER_SEQ = "KH QH JH 10H 9C 8C 7C AD 9D 7D AS 8S"


@pytest.mark.parametrize("younger,label,answer,said", [
    # A lower quart only concedes: the menu offers "Good" alone, which shows no cards
    # (typed, the quart is still declared and said).
    ("QS JS 10S 9S AC KC 10C KD QD 8D AH 9H", None,
     "declare sequence 4 queen",
     ["{p1}: quart to the king - good", "{p0}: quart to the queen - not good",
      "{p1} scores 7 for the sequences: quart to the king ({c:KH} {c:QH} {c:JH} {c:10H}), "
      "tierce to the nine ({c:9C} {c:8C} {c:7C})."]),
    ("KS QS JS 10S AC KC 10C KD QD 8D AH 9H", "Equal - quart to the king",
     "declare sequence 4 king",
     ["{p1}: quart to the king - equal", "{p0}: quart to the king - equal",
      "The sequences are equal: nobody scores."]),
    ("KS QS JS 10S 9S AC KC 10C KD QD 8D 9H", "Not good - quint to the king",
     "declare sequence 5 king",
     ["{p1}: quart to the king - not good", "{p0}: quint to the king - good",
      "{p0} scores 15 for the sequences: quint to the king "
      "({c:KS} {c:QS} {c:JS} {c:10S} {c:9S})."]),
])
def test_rubicon_sequences_labels_and_sentences(younger, label, answer, said):
    s = rubicon_after_exchange(ELDER_SEQ, younger)
    do(s, "sink point")
    assert "Nobody scores for the point." not in lines(scene_of(s, None))   # still open
    do(s, "sink point", "declare sequence 4 king")
    if label is None:
        assert labels(scene_of(s, 0)) == ["Good"]
    else:
        assert label in labels(scene_of(s, 0))
    do(s, answer)
    assert lines(scene_of(s, None)) == ["Nobody scores for the point.", *said]
    # the elder reads its own in the second person
    mine = [x.replace("{p1}: ", "You: ").replace("{p1} scores", "You score") for x in said]
    assert lines(scene_of(s, 1)) == ["Nobody scores for the point.", *mine]


def test_rubicon_sets_and_carte_blanche():
    elder = cards("AC AD AH AS 10C 10D 10H 10S 9C 9D 9H 9S")
    younger = cards("KC QC JC KD QD JD KH QH JH KS QS JS")
    s = G.new_state(2, {}, seed=3, deck=deal_order([elder, younger]))
    assert lines(scene_of(s, 0)) == [
        "{p1} holds carte blanche: 10 points when the declarations begin."]
    assert scene_of(s, 0).seats[1].score == "0"                         # not yet reckoned
    do(s, "discard 9C", "discard JS")
    scene = scene_of(s, 0)
    assert lines(scene)[0] == "{p1} holds carte blanche: 10 points."
    assert scene.seats[1].score == "10"


def test_rubicon_trick_play_and_last_trick_of_this_deal_only():
    s = rubicon_after_exchange("AH QH 10H 8H 7H AC JC 9C KD 9D 7D 8C",
                               "KS QS 9S 8S 7S KC QC 10C JD 10D 9H JH")
    while s.phase == "declare":
        s.apply(s.current_seat, s.legal_actions(s.current_seat)[0])
    scene = scene_of(s, 1)
    assert scene.phase == "Trick play"
    assert scene.centre.trick.label == "Trick 1 of 12" and scene.centre.trick.to_lead == 1
    assert scene.centre.last_trick is None
    assert scene.hand.forms[0].prompt == "Play a card"
    do(s, "play AH")
    answer = scene_of(s, 0)
    assert [(p.seat, p.cards) for p in answer.centre.trick.plays] == [(1, ("AH",))]
    assert answer.hand.forms[0].note == "You must follow suit."
    do(s, "play 9H")
    scene = scene_of(s, None)
    assert scene.centre.trick.label == "Trick 2 of 12" and scene.centre.trick.plays == ()
    last = scene.centre.last_trick
    assert [(p.seat, p.cards) for p in last.plays] == [(1, ("AH",)), (0, ("9H",))]
    assert last.winner == 1
    assert [fact(x.facts, "Tricks") for x in scene.seats] == ["0", "1"]
    play_out(s)
    assert s.deal_no == 2 and s.view(None)["last_trick"] is not None
    fresh = scene_of(s, None)
    assert fresh.centre.last_trick is None and fresh.centre.trick is None
    assert fresh.phase == "The exchange" and fact(fresh.headline, "Deal") == "2 of 6"
    assert lines(fresh) == []                                    # last deal's claims gone
    assert roles(fresh) == [("elder",), ("dealer", "younger")]


def test_rubicon_partie_result_in_words():
    s = G.new_state(2, {}, seed=5)
    rng = random.Random(5)
    while not s.is_over:
        s.apply(s.current_seat, rng.choice(s.legal_actions(s.current_seat)))
    scene = scene_of(s, None)
    r = s.result()
    assert scene.phase == "The partie is over" and scene.to_move is None
    assert list(scene.result.winners) == r["winners"]
    win, lose = r["winner_side"], 1 - r["winner_side"]
    hi, lo = r["totals"][win], r["totals"][lose]
    head = scene.result.lines[0]
    assert head.startswith(f"{{p{win}}} wins the partie, {hi} to {lo}, worth {r['partie']}: ")
    assert ("rubiconed" in head) == (lo < 100)
    assert scene.result.lines[1:] == (f"1st {{p{win}}} - {hi} points, +{r['partie']}",
                                      f"2nd {{p{lose}}} - {lo} points, -{r['partie']}")
    assert len(scene.result.details) == len(r["deals"])
    assert scene.result.details[0].startswith("Deal 1, dealt by {p0}: {p0} ")


# --- au cent ------------------------------------------------------------------------------------

def test_au_cent_stops_mid_declarations_and_says_so():
    s = rubicon_after_exchange(ELDER_29, YOUNGER_29, variant="au_cent")
    data = json.loads(s.to_json())
    data["state"]["totals"] = [0, 80]
    s = G.state_from_json(json.dumps(data))
    assert scene_of(s, None).title == "Piquet au cent"
    assert fact(scene_of(s, None).headline, "Game") == "first to 100 points, play stops at once"
    do(s, "declare point 5", "good", "declare sequence 5 ace", "good")
    scene = scene_of(s, None)
    assert scene.phase == "The game is over" and scene.to_move is None
    assert not any("sets" in x for x in lines(scene))             # never declared
    assert scene.result.lines[0] == ("{p1} wins the game, 103 to 0, worth 206: the difference, "
                                     "doubled as the loser has less than 50.")


# --- normand -----------------------------------------------------------------------------------

def test_normand_dealer_exchange_keep_and_three_way_point():
    s = G.new_state(3, {"variant": "normand"}, seed=2, deck=normand_deck())
    scene = scene_of(s, 0)
    assert scene.title == "Piquet normand" and scene.phase == "The exchange"
    assert fact(scene.headline, "Target") == "100 points, checked after each deal"
    assert fact(scene.headline, "Deal") == "1"
    assert roles(scene) == [("dealer",), ("elder",), ()]
    discard, keep = scene.hand.forms
    assert (discard.prompt, discard.low, discard.high, discard.confirm) == \
        ("Discard 1 or 2 cards", 1, 2, True)
    assert [(c.action, c.label) for c in keep.choices] == [("keep", "Keep your hand")]
    do(s, "keep")
    assert fact(scene_of(s, None).seats[0].facts, "Exchanged") == "kept the hand"
    assert "Left in the talon: {c:8S} {c:7S}." in scene_of(s, 0).hand.lines
    assert not any("talon" in x for x in scene_of(s, 1).hand.lines + scene_of(s, 2).hand.lines)
    do(s, "declare point 5")
    assert labels(scene_of(s, 2)) == ["Good"]                 # no five-card suit
    do(s, "good")
    assert lines(scene_of(s, None)) == ["{p1}: point of five - the best so far"]
    assert labels(scene_of(s, 0)) == ["Good", "Not good - point of six",
                                      "Point of five - making?"]
    do(s, "declare point 6")
    assert lines(scene_of(s, None)) == [
        "{p1}: point of five - not good", "{p0}: point of six - good",
        "{p0} scores 6 for the point ({c:AS} {c:KS} {c:QS} {c:JS} {c:10S} {c:9S})."]


def _normand(second: str, dealer: str):
    """A normand deal: elder's clubs make a point of five, fifty; the talon 7H 10S."""
    elder = "AC KC QC JC 9C AD KD QD JD 9D"
    return G.new_state(3, {"variant": "normand"}, seed=2,
                       deck=deal_order([cards(elder), cards(second), cards(dealer)],
                                       cards("7H 10S")))


def test_normand_equal_label_from_the_pips_already_said():
    s = _normand("AH KH QH JH 9H 10C 8C 7C 10D 7S", "AS KS QS JS 9S 8S 8D 7D 10H 8H")
    do(s, "discard 8S", "declare point 5", "declare point 5")
    scene = scene_of(s, 0)
    assert lines(scene) == ["{p1}: point of five, fifty - equal so far",
                            "{p2}: point of five, fifty - equal so far"]
    assert labels(scene) == ["Good", "Equal - point of five, fifty"]
    do(s, "declare point 5")
    assert lines(scene_of(s, None))[-1] == "The point is equal: nobody scores."


def test_normand_a_lower_point_is_answered_by_good_alone():
    """Against a point whose pips are told, a lower one of the same length only concedes:
    the menu offers "Good" (naming the pips it concedes to), not "Point of five,
    forty-nine - good", which a player can read as advice; typed, it is still said."""
    s = _normand("AH KH QH JH 8H 10C 8C 7C 10D 7S", "AS KS QS JS 8S 9S 8D 7D 10H 9H")
    do(s, "discard 9S", "declare point 5", "declare point 5")
    scene = scene_of(s, 0)
    assert labels(scene) == ["Good"]
    assert [f.prompt for f in scene.hand.forms] == ["Concede {p1}'s point of five, fifty"]
    assert s.is_legal(0, "declare point 5")
    do(s, "declare point 5")
    assert lines(scene_of(s, None))[-1].startswith("{p1} scores 5 for the point")


# --- à quatre -----------------------------------------------------------------------------------

def test_a_quatre_partners_sides_and_partner_rule_in_words():
    s = G.new_state(4, {"variant": "a_quatre"}, seed=1, deck=quatre_deck())
    scene = scene_of(s, 1)
    assert scene.title == "Piquet à quatre" and scene.phase == "Declaring: the point"
    assert fact(scene.headline, "Sides") == "{p0} and {p2} against {p1} and {p3}"
    assert fact(scene.headline, "Deal") == "1 of 4"
    assert roles(scene) == [("dealer", "partner of {p2}"), ("elder", "partner of {p3}"),
                            ("partner of {p0}",), ("partner of {p1}",)]
    assert [x.team for x in scene.seats] == [0, 1, 0, 1]
    assert scene.centre.piles == ()                                  # no talon
    do(s, "declare point 4", "good")
    assert "Point of four - making?" in labels(scene_of(s, 3))
    do(s, "declare point 4", "good")
    assert lines(scene_of(s, None)) == [
        "{p1}: point of four, forty - good",
        "{p3}: point of four, forty - only equal to {p1}'s, so it does not count",
        "{p1} scores 4 for the point ({c:AH} {c:KH} {c:QH} {c:9H})."]
    do(s, "declare sequence 3 ace", "good", "good", "good")
    scene = scene_of(s, None)
    assert lines(scene)[-2:] == [
        "{p1} scores 3 for the sequences: tierce major ({c:AH} {c:KH} {c:QH}).",
        "{p3} scores 3 for the sequences: tierce major ({c:AS} {c:KS} {c:QS})."]
    assert [x.score for x in scene.seats] == ["0", "10", "0", "10"]   # the side's score


# --- auction ------------------------------------------------------------------------------------

def test_auction_bidding_contract_and_declarer():
    s = G.new_state(2, {"variant": "auction"}, seed=3)
    scene = scene_of(s, 1)
    assert scene.title == "Piquet - Auction" and scene.phase == "Bidding"
    assert fact(scene.headline, "Rubicon") == "150 points"
    assert scene.centre.piles[0].note == "8 cards, set aside unseen"
    assert labels(scene)[:4] == ["Pass", "Bid 7", "Bid minus 7", "Bid 8"]
    assert all(x.kind != "double" for x in scene.hand.forms)
    do(s, "bid 8")
    assert labels(scene_of(s, 0))[:3] == ["Pass", "Double", "Bid minus 8"]
    do(s, "double")
    assert lines(scene_of(s, None)) == ["{p1}: bid 8 (at least 8 tricks)", "{p0}: double"]
    assert "Redouble" in labels(scene_of(s, 1))
    do(s, "redouble", "pass")
    scene = scene_of(s, None)
    assert scene.phase == "Declaring: the point"
    assert fact(scene.headline, "Contract") == "{p1} 8 (at least 8 tricks), redoubled"
    assert fact(scene.headline, "Pique and repique") == "pique at 29, repique at 30"
    assert "declarer" in scene.seats[1].roles and "declarer" not in scene.seats[0].roles
    assert lines(scene) == []                                  # the calls are settled


@pytest.mark.parametrize("bid,contract,bonus", [
    ("bid 7", "{p1} 7 (at least 7 tricks)", "{p1} makes a pique: +30."),
    ("bid -7", "{p1} minus 7 (at most 5 tricks)", "{p1} makes a repique: +60."),
])
def test_auction_pique_and_repique_lines(bid, contract, bonus):
    s = G.new_state(2, {"variant": "auction"}, seed=1,
                    deck=deal_order([cards(ELDER_29), cards(YOUNGER_29)]))
    do(s, bid, "pass", "declare point 5", "good", "declare sequence 5 ace", "good",
       "declare set 3 aces", "good")
    if bid == "bid 7":
        assert not any("pique" in x for x in lines(scene_of(s, None)))
        do(s, "play AH", "play 9H")
    scene = scene_of(s, None)
    assert fact(scene.headline, "Contract") == contract
    assert lines(scene)[-1] == bonus


def assert_answers_match_the_engine(view: dict) -> None:
    """The answers worked out from the claims agree with the engine's own reckoning: the open
    category's best and equal claims, and the claim that scored in each closed one."""
    side_of = (lambda x: x % 2) if view["variant"] == "a_quatre" else (lambda x: x)
    now = declarations.current_category(view)
    claims = declarations.claims_of(view)
    shown = declarations.shown_by_category(view)
    for cat in declarations.CATEGORIES:
        mine = [c for c in claims if c.cat == cat]
        declarations.judge(mine, side_of, open_now=cat == now)
        if cat == now:
            best = view["declaring"]["best"]
            assert [c.seat for c in mine if c.answer == "best so far"] == \
                ([best["seat"]] if best and not view["declaring"]["equal"] else [])
            assert sorted(c.seat for c in mine if c.answer == "equal so far") == \
                (sorted([best["seat"], *view["declaring"]["equal"]])
                 if view["declaring"]["equal"] else [])
        elif mine and (now is not None or view["phase"] == "play"):
            good = [c.seat for c in mine if c.answer == "good"]
            scorers = [int(r["seat"]) for r in shown[cat]]
            assert good == scorers[:1], (cat, mine, shown[cat])


# --- every variant: nothing a person should not read -------------------------------------------

@pytest.mark.parametrize("variant,players", [("rubicon", 2), ("au_cent", 2), ("normand", 3),
                                             ("a_quatre", 4), ("auction", 2)])
def test_random_positions_read_as_words(variant, players):
    """A few hundred positions per variant: no Python repr, no field name, no stray token,
    and private lines only in their owner's scene."""
    rng = random.Random(variant)
    seen = 0
    for game in range(3):
        s = G.new_state(players, {"variant": variant}, seed=game)
        while seen < 100 * (game + 1):
            for seat in [None, *range(players)]:
                scene = scene_of(s, seat)
                assert problems(scene, PIQUET_32) == [], (variant, seat)
                # No menu offers a declaration that only concedes ("... - good").
                if scene.hand is not None:
                    assert not [x for x in labels(scene) if x.endswith(" - good")], labels(scene)
                if seat is None:
                    assert scene.hand is None
            assert_answers_match_the_engine(s.view(None))
            seen += 1
            if s.is_over:
                break
            if s.phase == "exchange":
                form = s.action_forms(s.current_seat)[0]
                k = rng.randint(form["min"], form["max"])
                s.apply(s.current_seat, "discard " + " ".join(rng.sample(form["cards"], k)))
            else:
                s.apply(s.current_seat, rng.choice(s.legal_actions(s.current_seat)))
    assert seen >= 100


def test_describe_moves_as_players_say_them():
    say = presenter_for("piquet").describe
    assert say("declare point 5") == "Declare point of five"
    assert say("declare sequence 5 king") == "Declare quint to the king"
    assert say("declare set 4 aces") == "Declare quatorze of aces"
    assert say("sink sequence") == "Sink the sequences"
    assert say("good") == "Good"
    assert say("keep") == "Keep your hand"
    assert say("discard 7C 8D") == "Discard {c:7C} {c:8D}"
    assert say("play QH") == "Play {c:QH}"
    assert (say("bid 8"), say("bid -8")) == ("Bid 8", "Bid minus 8")
    assert (say("pass"), say("double"), say("redouble")) == ("Pass", "Double", "Redouble")
