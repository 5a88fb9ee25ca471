"""The one card model: every deck, ASCII round trip, pretty text, parsing."""

from __future__ import annotations

from collections import Counter

import pytest

from rules.actions import Action, act, parse_action
from rules.cards import (
    DOUBLE_104,
    FRENCH_52,
    FRENCH_54,
    PIQUET_32,
    SPANISH_48,
    cards_pretty,
    cards_str,
)
from rules.errors import IllegalAction

DECKS = [FRENCH_52, FRENCH_54, PIQUET_32, SPANISH_48, DOUBLE_104]


@pytest.mark.parametrize("deck,size,distinct", [
    (FRENCH_52, 52, 52), (FRENCH_54, 54, 54), (PIQUET_32, 32, 32), (SPANISH_48, 48, 48),
    (DOUBLE_104, 104, 52)])
def test_deck_sizes(deck, size, distinct):
    assert len(deck.cards) == size
    assert len(deck.distinct) == distinct
    assert set(Counter(deck.cards).values()) == {size // distinct}


@pytest.mark.parametrize("deck", DECKS, ids=lambda d: d.name)
def test_ascii_and_pretty_round_trip(deck):
    for c in deck.distinct:
        card = deck.parse_card(str(c))
        assert card == c and str(card) == str(c)
        assert deck.parse_card(card.pretty) == c
        assert deck.parse_card(str(c).lower()) == c
        assert deck.parse_card(card.name) == c  # "queen of hearts"


def test_ten_spellings_and_symbols():
    th = FRENCH_52.parse_card("10H")
    for text in ("TH", "th", "10h", "10♥", "T♡", "10 of hearts", "10 H"):
        assert FRENCH_52.parse_card(text) == th
    assert FRENCH_52.parse_card("q♠") == FRENCH_52.parse_card("QS")
    assert FRENCH_54.parse_card("joker 2") == FRENCH_54.parse_card("X2")


def test_spanish_names():
    assert str(SPANISH_48.parse_card("caballo of oros")) == "NO"
    assert str(SPANISH_48.parse_card("rey copas")) == "KC"
    assert str(SPANISH_48.parse_card("1 espadas")) == "AE"
    assert str(SPANISH_48.parse_card("sota bastos")) == "JB"
    assert SPANISH_48.parse_card("7 coins").name == "7 of coins"
    assert "🪙" in SPANISH_48.parse_card("AO").pretty
    # Rank order A K N J 9..2 is numeric order.
    order = [SPANISH_48.parse_card(r + "O") for r in "A K N J 9 8 7 6 5 4 3 2".split()]
    assert order == sorted(order, reverse=True)


@pytest.mark.parametrize("deck", DECKS, ids=lambda d: d.name)
def test_no_spelling_names_two_cards(deck):
    # Building the table again while watching for collisions.
    seen: dict[str, int] = {}
    for key, card in deck._parse_table().items():
        assert seen.setdefault(key, card) == card
    assert len(seen) >= len(deck.distinct)


@pytest.mark.parametrize("text", ["11H", "QX", "", "ZZ", "0C"])
def test_bad_cards_rejected(text):
    with pytest.raises(ValueError):
        FRENCH_52.parse_card(text)


def test_cards_outside_the_deck_rejected():
    with pytest.raises(ValueError):
        PIQUET_32.parse_card("6H")
    with pytest.raises(ValueError):
        FRENCH_52.parse_card("X1")
    with pytest.raises(ValueError):
        SPANISH_48.parse_card("QO")  # no queens in the Spanish deck


def test_text_helpers():
    cards = [FRENCH_52.parse_card(t) for t in ("QH", "10S", "2C")]
    assert cards_str(cards) == "QH 10S 2C"
    assert cards_pretty(cards) == "Q♥ 10♠ 2♣"


def test_action_text_round_trip_and_parsing():
    grammar = {"play": ("card",), "discard": ("cards",), "bid": ("int",), "trump": (("h", "s"),)}
    qh = FRENCH_52.parse_card("QH")
    assert str(act("play", qh)) == "play QH"
    assert parse_action("PLAY q♥", grammar, FRENCH_52) == Action("play", (qh,))
    assert parse_action("discard 10 h, 9s", grammar, FRENCH_52).cards == (
        FRENCH_52.parse_card("10H"), FRENCH_52.parse_card("9S"))
    assert parse_action("bid -8", grammar, FRENCH_52).args == (-8,)
    for bad in ("", "dance", "play", "play QH 3", "bid x", "trump d", "discard zz"):
        with pytest.raises(IllegalAction):
            parse_action(bad, grammar, FRENCH_52)
    assert act("play", qh) is act("play", qh)


# --- emoji suits: U+FE0F after the symbol (emoji keyboards, Discord's :hearts:) ---------------

@pytest.mark.parametrize("deck", DECKS, ids=lambda d: d.name)
def test_every_suit_parses_with_and_without_the_emoji_selector(deck):
    for c in deck.distinct:
        pretty = c.pretty
        bare = pretty.replace("\ufe0f", "")
        assert deck.parse_card(bare) == c
        assert deck.parse_card(bare + "\ufe0f") == c
        assert deck.parse_card(bare.lower() + "\ufe0f") == c


@pytest.mark.parametrize("game_name", ["thirteens", "starshina", "pinkerton", "piquet", "coins"])
def test_emoji_suits_parse_inside_moves_in_every_game(game_name):
    import rules
    game = rules.get_game(game_name)
    card = next(c for c in game.deck.distinct if c.rank == 13)  # a king of the game's deck
    emoji = card.pretty.replace("\ufe0f", "") + "\ufe0f"
    kind = {"pinkerton": "add"}.get(game_name, "play")
    assert game.parse_action(f"{kind} {emoji}") == game.parse_action(f"{kind} {card}")


def test_pinkerton_beat_with_emoji_suits():
    import rules
    game = rules.get_game("pinkerton")
    assert game.parse_action("beat K♠️ 4♠️") == game.parse_action("beat KS 4S")
    assert game.parse_action("beat 10♥️ take 2♦️") == game.parse_action("beat 10H take 2D")


def test_spanish_phrasings_and_english_rank_words():
    for text, code in [("rey de oros", "KO"), ("7 de bastos", "7B"), ("as de copas", "AC"),
                       ("sota de espadas", "JE"), ("caballo de copas", "NC"),
                       ("jack of coins", "JO"), ("knave of cups", "JC"),
                       ("knight of swords", "NE"), ("horse of clubs", "NB")]:
        assert str(SPANISH_48.parse_card(text)) == code, text


@pytest.mark.parametrize("text,meant", [("K♥", "KC"), ("KH", "KC"), ("K♥️", "KC"),
                                        ("AD", "AO"), ("7♦", "7O"), ("Q♠", "NE"),
                                        ("king of hearts", "KC"), ("7♣", "7B")])
def test_french_suits_in_the_spanish_deck_name_the_suit_meant(text, meant):
    with pytest.raises(ValueError) as e:
        SPANISH_48.parse_card(text)
    message = str(e.value)
    assert "coins (O or 🪙), cups (C or 🏆), swords (E or ⚔️) and clubs (B or 🪵)" in message
    assert f"({meant})?" in message
    assert FRENCH_52.suit_hint(text) is None  # French decks have nothing to explain


@pytest.mark.parametrize("deck", [FRENCH_54, SPANISH_48, DOUBLE_104])
def test_a_plain_code_reads_as_its_spaced_and_dashed_spellings(deck):
    # Plain codes skip the clean-up of spaces, dashes and emoji selectors: same cards.
    for card in set(deck.cards):
        text = str(card)
        spaced = " ".join(text) + "\ufe0f"
        assert deck.parse_card(text) == deck.parse_card(text.lower()) == \
            deck.parse_card(spaced) == deck.parse_card("-" + text.lower() + "_") == card
