"""Polish and Russian: the rules texts, card names and typed moves (rules/lang.py)."""

from __future__ import annotations

import argparse
import io
import random
import re

import pytest

import rules
from bot.cli.rules_cmd import language, run
from rules import IllegalAction
from rules.cards import CARD, FRENCH_54, PIQUET_32, SPANISH_48
from rules.lang import canonical_move, card_name, move_phrase, suit_name

LANGS = ("pl", "ru")
DECKS = {deck.name: deck for deck in (g.deck for g in rules.GAMES.values())}


_LIST_ITEM = re.compile(r"^\s*([-*+]|\d+\.) ", re.M)


def _paragraphs(text: str) -> int:
    return sum(1 for p in text.split("\n\n") if p.strip())


def _headings(text: str) -> list[str]:
    return [m.group(1) for m in re.finditer(r"^(#+) ", text, re.M)]


# --- rules texts ------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", sorted(rules.GAMES))
def test_every_game_has_a_rules_text_with_the_english_sections(game: str, lang: str) -> None:
    gm = rules.get_game(game)
    english, text = gm.rules_text(), gm.rules_text(lang)
    assert text != english
    assert _headings(text) == _headings(english)
    # Tables keep their rows, and every option, choice and variant the English names
    # is named in the translation too (they are typed as they are).
    assert text.count("\n|") == english.count("\n|")
    # The same paragraphs and list items (a wrapped line must not start a list by
    # accident: "- 16" or "10." at the start of a line would).
    assert _paragraphs(text) == _paragraphs(english)
    assert len(_LIST_ITEM.findall(text)) == len(_LIST_ITEM.findall(english))
    for option in gm.option_list:
        if f"`{option.name}" in english:
            assert f"`{option.name}" in text, (option.name, lang)
        for choice in option.choices:
            if f"`{choice}`" in english or f"={choice}`" in english:
                assert f"{choice}`" in text, (choice, lang)
    letters = "ąćęłńóśźż" if lang == "pl" else "абвгдежзийклмнопрстуфхцчшщыэюя"
    assert sum(ch in letters for ch in text.lower()) > 100


def test_an_unknown_language_falls_back_to_english() -> None:
    gm = rules.get_game("coins")
    assert gm.rules_text("de") == gm.rules_text("en") == gm.rules_text()


def _cli(game: str, lang: str | None) -> str:
    out = io.StringIO()
    assert run(argparse.Namespace(game=game, lang=lang), out=out) == 0
    return out.getvalue()


def test_parlour_rules_lang() -> None:
    assert _cli("thirteens", "ru").splitlines()[0] == "По тринадцати"
    assert _cli("piquet", "pl").splitlines()[0] == "Pikieta"
    assert _cli("piquet", "en").splitlines()[0] == "Piquet"
    assert language(None, {"LANG": "pl_PL.UTF-8"}) == "pl"
    assert language(None, {"LANG": "ru_RU.UTF-8"}) == "ru"
    assert language(None, {"LANG": "de_DE.UTF-8"}) == "en"
    assert language(None, {}) == "en"
    assert language("ru", {"LANG": "pl_PL.UTF-8"}) == "ru"


# --- card names -------------------------------------------------------------------

def test_card_names_read_naturally() -> None:
    qh, kd, ace_spades = CARD[2 * 16 + 12], CARD[1 * 16 + 13], CARD[3 * 16 + 14]
    assert [card_name(qh, lang) for lang in ("en", "pl", "ru")] == [
        "queen of hearts", "dama kier", "дама червей"]
    assert card_name(kd, "ru") == "король бубён" and card_name(ace_spades, "ru") == "туз пик"
    assert card_name(CARD[0 * 16 + 11], "ru") == "валет треф"
    assert card_name(CARD[1 * 16 + 7], "pl") == "siódemka karo"
    assert card_name(qh, "pl", accusative=True) == "damę kier"
    assert card_name(ace_spades, "ru", accusative=True) == "туза пик"
    knight_cups, sota_coins = CARD[5 * 16 + 12], CARD[4 * 16 + 10]
    assert card_name(knight_cups, "pl") == "rycerz pucharów"
    assert card_name(knight_cups, "ru") == "кавалер кубков"
    assert card_name(sota_coins, "pl") == "walet monet"
    assert card_name(CARD[7 * 16 + 14], "ru") == "туз жезлов"
    assert suit_name(2, "pl") == "kier" and suit_name(1, "ru") == "бубны"
    assert suit_name(6, "pl") == "miecze" and suit_name(7, "ru") == "жезлы"
    assert card_name(CARD[0 * 16 + 5], "xx") == "5 of clubs"  # unknown language: English


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("deck", sorted(DECKS), ids=str)
def test_every_card_name_reads_back_as_its_card(deck: str, lang: str) -> None:
    kind = DECKS[deck]
    for c in sorted(kind.distinct):
        card = CARD[c]
        for accusative in (False, True):
            name = card_name(card, lang, accusative)
            assert canonical_move(f"play {name}", ("play",), kind) == f"play {card}", name
            assert canonical_move(name, ("play",), kind) == f"play {card}", name
            assert canonical_move(name.upper(), ("play",), kind) == f"play {card}", name


def test_other_spellings_of_cards() -> None:
    assert canonical_move("zagraj 10 kier", ("play",), FRENCH_54) == "play 10H"
    assert canonical_move("ход десятку червей", ("play",), FRENCH_54) == "play 10H"
    assert canonical_move("ход четверку бубен", ("play",), FRENCH_54) == "play 4D"
    assert canonical_move("ход джокер", ("play",), FRENCH_54) == "play X1"
    assert canonical_move("сыграть джокера 2", ("play",), FRENCH_54) == "play X2"
    assert card_name(CARD[8 * 16 + 2], "pl", accusative=True) == "dżokera 2"
    assert canonical_move("zagraj dżoker 2", ("play",), FRENCH_54) == "play X2"
    assert canonical_move("zagraj as buław", ("play",), SPANISH_48) == "play AB"
    assert canonical_move("zagraj konia kielichów", ("play",), SPANISH_48) == "play NC"
    assert canonical_move("сыграть рыцаря булав", ("play",), SPANISH_48) == "play NB"


def test_canonical_text_is_left_alone() -> None:
    for text in ("play QH", "play AS", "beat KS 6D take 7C", "play as de copas", "pass",
                 "play sota de espadas", "play rey de oros"):
        assert canonical_move(text, ("play", "beat", "pass"), SPANISH_48) is text
    # "AS" is the canonical ace of spades, not the Polish rank "as" without a suit.
    assert rules.get_game("thirteens").parse_action("play AS") == \
        rules.get_game("thirteens").parse_action("zagraj asa pik")


# --- move phrases -----------------------------------------------------------------

def _states(steps: int = 60):
    """Random positions of every game and variant, a few dozen moves deep."""
    for name in sorted(rules.GAMES):
        gm = rules.GAMES[name]
        for n, options in gm.configurations():
            rng = random.Random(f"{name}{n}{sorted(options.items())}")
            state = gm.new_state(n, options, seed=rng.getrandbits(32))
            for _ in range(steps):
                if state.is_over:
                    break
                yield gm, state
                seat = state.current_seat
                state.apply(seat, rng.choice(state.legal_actions(seat)))


@pytest.mark.parametrize("lang", LANGS)
def test_every_legal_move_round_trips_through_its_phrase(lang: str) -> None:
    seen: set[tuple[str, str]] = set()
    for gm, state in _states():
        for action in state.legal_actions(state.current_seat):
            phrase = move_phrase(action, lang, gm.move_words)
            assert gm.parse_action(phrase, state.options) == action, (gm.name, phrase)
            seen.add((gm.name, action.kind))
    assert seen == {(name, kind) for name, gm in rules.GAMES.items() for kind in gm.grammar}


def test_move_phrases_read_naturally() -> None:
    qh, ks, c7 = CARD[2 * 16 + 12], CARD[3 * 16 + 13], CARD[0 * 16 + 7]
    pinkerton = rules.get_game("pinkerton").move_words
    starshina = rules.get_game("starshina").move_words
    assert move_phrase(rules.Action("play", (qh,)), "pl") == "zagraj damę kier"
    assert move_phrase(rules.Action("play", (qh,)), "ru") == "сыграть даму червей"
    beat = rules.Action("beat", (ks, qh, "take", c7))
    assert move_phrase(beat, "pl", pinkerton) == "bij króla pik damę kier weź siódemkę trefl"
    assert move_phrase(beat, "ru", pinkerton) == "бить короля пик даму червей взять семёрку треф"
    assert move_phrase(rules.Action("trump", ("hearts",)), "ru", starshina) == "козырь червы"
    assert move_phrase(rules.Action("pass", ()), "pl") == "pas"
    assert move_phrase(rules.Action("play", (qh,)), "en") == "play QH"
    piquet = rules.get_game("piquet")
    for canonical, pl, ru in (
            ("declare sequence 5 king", "zgłoś sekwens 5 do króla",
             "объявить секвенцию 5 до короля"),
            ("declare set 4 aces", "zgłoś zestaw 4 asy", "объявить комплект 4 туза"),
            ("declare point 6", "zgłoś punkt 6", "объявить пуан 6"),
            ("sink sets", "pomiń zestawy", "пропустить комплекты")):
        action = piquet.parse_action(canonical)
        words = piquet.move_words
        assert (move_phrase(action, "pl", words), move_phrase(action, "ru", words)) == (pl, ru)


@pytest.mark.parametrize(("game", "typed", "options", "canonical"), [
    ("pinkerton", "pas", {}, "pass"),
    ("pinkerton", "pas 7 pik", {}, "pass 7S"),
    ("pinkerton", "dorzuć czwórkę trefl", {}, "add 4C"),
    ("pinkerton", "бью короля пик шестёрку бубён беру семёрку треф", {}, "beat KS 6D take 7C"),
    ("starshina", "atut kier", {}, "trump hearts"),
    ("starshina", "козырь пики", {}, "trump spades"),
    ("starshina", "daj 7 kier", {}, "give 7H"),
    ("starshina", "вернуть даму червей", {}, "return QH"),
    ("starshina", "odrzuć 2 trefl 3 trefl 4 karo 5 pik", {}, "discard 2C 3C 4D 5S"),
    ("piquet", "zgłoś punkt 5", {}, "declare point 5"),
    ("piquet", "zgłoś sekwens 5 do króla", {}, "declare sequence 5 king"),
    ("piquet", "объявить секвенцию 4 туз", {}, "declare sequence 4 ace"),
    ("piquet", "zgłoś zestaw 4 asy", {}, "declare set 4 aces"),
    ("piquet", "объявить комплект 3 десятки", {}, "declare set 3 tens"),
    ("piquet", "przemilcz zestawy", {}, "sink sets"),
    ("piquet", "молчу пуан", {}, "sink point"),
    ("piquet", "dobre", {}, "good"),
    ("piquet", "хорошо", {}, "good"),
    ("piquet", "zostaw", {"variant": "normand"}, "keep"),
    ("piquet", "licytuj 8", {"variant": "auction"}, "bid 8"),
    ("piquet", "заказ минус 8", {"variant": "auction"}, "bid -8"),
    ("piquet", "kontra", {"variant": "auction"}, "double"),
    ("piquet", "реконтра", {"variant": "auction"}, "redouble"),
    ("piquet", "пас", {"variant": "auction"}, "pass"),
    ("coins", "zagraj as monet", {}, "play AO"),
    ("coins", "ход кавалера кубков", {}, "play NC"),
])
def test_typed_moves_in_polish_and_russian(game: str, typed: str, options: dict,
                                           canonical: str) -> None:
    gm = rules.get_game(game)
    assert str(gm.parse_action(typed, options)) == canonical
    assert gm.parse_action(typed, options) == gm.parse_action(canonical, options)


@pytest.mark.parametrize(("game", "typed", "says"), [
    ("thirteens", "zagraj damę", "'damę' needs its suit too, for example 'damę pik'"),
    ("thirteens", "сыграть туза", "'туза' needs its suit too, for example 'туза пик'"),
    ("coins", "zagraj rycerza", "'rycerza' needs its suit too, for example 'rycerza maczug'"),
    ("piquet", "сыграть даму", "'даму' needs its suit too"),
])
def test_a_rank_without_its_suit_is_refused_and_the_state_is_untouched(
        game: str, typed: str, says: str) -> None:
    gm = rules.get_game(game)
    with pytest.raises(IllegalAction, match=re.escape(says)):
        gm.parse_action(typed)
    n, options = gm.configurations()[0]
    state = gm.new_state(n, options, seed=7)
    before = state.to_json()
    with pytest.raises(IllegalAction):
        state.apply(state.current_seat, typed)
    assert state.to_json() == before


def test_a_word_of_another_game_is_not_translated() -> None:
    # "pas" is a move only where the game has one: Coins answers with its own moves.
    with pytest.raises(IllegalAction, match="Unknown move 'pas'"):
        rules.get_game("coins").parse_action("pas")
    assert canonical_move("dama kier", ("play",), PIQUET_32) == "play QH"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", sorted(rules.GAMES))
def test_the_typed_examples_in_the_rules_texts_work(game: str, lang: str) -> None:
    gm = rules.get_game(game)
    spans = re.compile(r"`([^`]+)`")
    english = set(spans.findall(gm.rules_text()))
    examples = [span for span in spans.findall(gm.rules_text(lang)) if span not in english]
    # Thirteens' text, like the English one, has no section on typing moves.
    assert examples or game == "thirteens", "the text shows how to type moves in its language"
    for span in examples:
        if any(_parses(gm, span, options) for _, options in gm.configurations()):
            continue
        # A card named on its own ("król kier" in the card examples).
        assert canonical_move(span, ("play",), gm.deck).startswith("play "), span


def _parses(gm: rules.Game, text: str, options: dict) -> bool:
    try:
        gm.parse_action(text, options)
    except IllegalAction:
        return False
    return True


# --- the words the screen shows are words the parser reads -----------------------

_SHOWN = {  # English label (a move's verb or prompt) -> the move kind it stands for
    "Play": "play", "Discard": "discard", "Give": "give", "Return": "return",
    "Pass": "pass", "Beat": "beat", "Add": "add", "Declare": "declare", "Sink": "sink",
    "Keep": "keep", "Bid": "bid", "Double": "double", "Redouble": "redouble",
    "Lay four cards aside face down": "discard", "Name trumps": "trump",
    "Give {who} a card face down": "give", "Give {who} a card ({n} of {total})": "give",
    "Return a card to {who}": "return", "Discard {what}": "discard",
    "Play a card": "play", "Add a card to the pile": "add",
    "Pass (lay a card face down)": "pass", "Beat the centre card with {cards}": "beat",
    "Beat the pile with {cards}": "beat",
}


@pytest.mark.parametrize("lang", ["pl", "ru"])
def test_every_shown_move_word_is_read(lang):
    from bot.i18n import lang_for
    tr = lang_for(lang)
    for english, kind in _SHOWN.items():
        shown = tr.gettext(english).split()[0].strip(":(").lower()
        read = {w for gm in rules.GAMES.values() for w in gm.move_words.verbs_of(kind, lang)}
        assert shown in read, (lang, english, shown, kind)


def test_starshina_discard_as_the_screen_labels_it():
    from rules import get_game
    game = get_game("starshina")
    assert str(game.parse_action("odłóż 4c 3c 4d 5d")) == "discard 3C 4C 4D 5D"
    assert str(game.parse_action("отложить 4c 3c 4d 5d")) == "discard 3C 4C 4D 5D"
    assert str(game.parse_action("wybierz kier")) == "trump hearts"
    assert str(game.parse_action("назначить червы")) == "trump hearts"
