"""The terminal's table view and move reading, on hand-made scenes."""

from __future__ import annotations

import io
import itertools
import re

from bot import plugins
from bot.cli.moves import Moves
from bot.cli.table_view import Style, TableView, wants_colour, width_of
from tests.cli_scenes import NAMES, coins_over, coins_trick, piquet_declaring, piquet_exchange

ANSI = re.compile(r"\x1b\[")
DECLARE = ["good", "declare point 5", "declare point 4"]


def _render(scene, names, legal=(), colour=False, width=80):
    view = TableView(scene.game, names, Style(colour), width)
    typed = [plugins.engine(scene.game).parse_action(t) for t in legal]   # the seat's moves
    moves = Moves(scene.hand.forms if scene.hand else (), typed, lambda a: str(a).capitalize(),
                  view)
    return view.render(scene, moves.panel() if scene.hand else ()), moves


def test_plain_table_view_has_its_labels_and_no_escapes() -> None:
    out, _ = _render(piquet_declaring(), NAMES, DECLARE)
    assert not ANSI.search(out)
    lines = out.splitlines()
    assert lines[0].startswith("━━ Piquet - Rubicon ") and lines[0].endswith(
        " Declaring the point ━━")
    assert "Deal: 1 of 6 · Target: 100 points" in out
    header = next(line for line in lines if "Player" in line)
    assert header.split() == ["Player", "Role", "Score", "Tricks", "Cards", "Status"]
    me = next(line for line in lines if "Alice (you)" in line)
    assert me.startswith("▶") and "dealer, younger" in me
    other = next(line for line in lines if line.lstrip().startswith("Ada"))
    assert not other.startswith("▶") and other.rstrip().endswith("exchanged 5")
    for label in ("On the table", "Recent", "Your hand (12 cards)", "Your move"):
        assert label in lines
    assert "  Hearts:   7♥ 8♥ J♥ Q♥ K♥" in lines
    assert "  · You discard 9♣ J♣ and draw 9♠ J♦." in lines
    assert "  Ada (AI, normal): point of four." in lines
    assert "    [1] Good   [2] Not good (point of five)   [3] Equal" in lines
    assert all(width_of(line) <= 80 for line in lines)


def test_colour_paints_suits_names_and_the_seat_to_move() -> None:
    out, _ = _render(coins_trick(), ["Alice", "Bo", "Cy"], colour=True)
    assert "\x1b[1;31mKC\x1b[0m" in out      # cups red
    assert "\x1b[1;33mAO\x1b[0m" in out      # coins yellow
    assert "\x1b[1;34mJE\x1b[0m" in out      # swords blue
    assert "\x1b[1;32m2B\x1b[0m" in out      # clubs green
    me = next(line for line in out.splitlines() if "Alice (you)" in line)
    assert me.startswith("\x1b[1;7m▶")      # the seat to move in reverse video
    french, _ = _render(piquet_declaring(), NAMES, DECLARE, colour=True)
    assert "\x1b[1;31mQ♥\x1b[0m" in french and "\x1b[1m9♠\x1b[0m" in french


def test_coins_shows_its_legend_cards_by_letter_and_the_trick_with_its_players() -> None:
    out, _ = _render(coins_trick(), ["Alice", "Bo", "Cy"])
    lines = out.splitlines()
    assert "Suit cycle: Cups > Coins > Swords > Clubs > Cups" in lines
    assert "Suit letters: C Cups, O Coins, E Swords, B Clubs" in lines
    assert "  Trick 2 of 16: Bo: NO, Cy: 3E; Alice to play" in lines
    assert "  Last trick:    Bo: KC, Cy: NO, Alice: JC - won by Bo" in lines
    assert "  Cups:   KC 4C" in lines
    assert "  Play a card (Any card may be played.)" in lines


def test_game_over_shows_the_result_without_hand_or_moves() -> None:
    out, _ = _render(coins_over(), ["Alice", "Bo", "Cy"])
    lines = out.splitlines()
    assert lines[lines.index("Result") + 1:] == [
        "  1st Bo - 15 coins", "  2nd Alice - 9 coins", "  3rd Cy - 4 coins"]
    assert "Your hand" not in out and "Your move" not in out and "(you)" not in out


def test_narrow_terminal_wraps_and_lists_seats_as_paragraphs() -> None:
    out, _ = _render(piquet_exchange(), NAMES, colour=True, width=44)
    assert all(width_of(line) <= 44 for line in out.splitlines())
    plain, _ = _render(piquet_exchange(), NAMES, width=44)
    lines = plain.splitlines()
    assert all(width_of(line) <= 44 for line in lines)
    assert lines[lines.index("▶ Alice (you) · Role: dealer, younger ·") + 1] == (
        "    Score: 0 · Tricks: 0 · Cards: 12")
    assert not any(line.startswith("    ·") for line in lines)   # a seat line never starts so


def test_colour_only_on_a_terminal_and_never_with_no_color() -> None:
    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    assert wants_colour(Tty(), {})
    assert not wants_colour(Tty(), {"NO_COLOR": "1"})
    assert not wants_colour(Tty(), {"TERM": "dumb"})
    assert not wants_colour(io.StringIO(), {})
    assert wants_colour(Tty(), {"NO_COLOR": ""})  # present but empty: no-color.org says ignore


def test_moves_read_as_players_say_them() -> None:
    _, moves = _render(piquet_declaring(), NAMES, DECLARE)
    assert moves.resolve("good").action == "good"
    assert moves.resolve("Not Good").action == "declare point 5"
    assert moves.resolve("not good (point of five)").action == "declare point 5"
    assert moves.resolve("no").action == "declare point 5"      # a unique start
    assert moves.resolve("EQUAL").action == "declare point 4"
    assert moves.resolve("3").action == "declare point 4"
    # The choices quoted in the help: a label may have a comma of its own.
    assert "type 'good', 'not good (point of five)', 'equal' (a unique start" in " ".join(
        " ".join(moves.short_help()).split())
    assert moves.resolve("declare point 5").action == "declare point 5"
    bad = moves.resolve("7")
    assert bad.action is None and bad.error == (
        "There is no move number 7: the moves are numbered 1 to 3.")
    # A word that starts no move now is refused here, naming what can be done.
    assert moves.resolve("flibbertigibbet").error == (
        "'flibbertigibbet' is not one of your moves now (Answer Ada (AI, normal)'s point of "
        "four). Type help to see how to move.")
    # A move of the right kind goes to the engine, which says why not if it is not legal.
    assert moves.resolve("declare point 9").action == "declare point 9"


def test_a_phrase_that_fits_several_moves_names_them() -> None:
    scene = coins_trick()
    legal = [f"play {c}" for c in scene.hand.cards]
    _, moves = _render(scene, ["Alice", "Bo", "Cy"], legal)
    found = moves.resolve("play")
    assert found.action is None
    assert found.error.startswith("'play' fits several moves: Play KC [1], Play 4C [2],")
    assert found.error.endswith("Type more of it, or its number.")
    assert moves.resolve("play ao").action == "play AO"
    assert moves.resolve("Play 7O").action == "play 7O"
    assert moves.resolve("5").action == "play JE"
    assert moves.resolve("ao").action == "play AO"             # a bare card is the move
    # a card that is no legal move is still the move it names: the engine says why not
    assert moves.resolve("9E").action == "play 9E"


def test_a_choice_among_the_whole_hand_does_not_list_the_hand_again() -> None:
    scene = piquet_exchange()
    view = TableView("piquet", NAMES, Style(), 80)
    panel = Moves(scene.hand.forms, [], str, view, scene.hand.cards).panel()
    assert "    type discard and 1 to 5 cards from your hand, e.g. discard 9♠ J♠" in panel
    panel = Moves(scene.hand.forms, [], str, view).panel()
    assert "    type discard and 1 to 5 cards of A♣ K♣ 9♣ J♦ 7♥ 8♥ J♥ Q♥ K♥ 7♠ 9♠ J♠, e.g." in panel


def test_bare_cards_fill_a_several_card_choice() -> None:
    scene = piquet_exchange()
    _, moves = _render(scene, NAMES, [])
    assert moves.resolve("9s js").action == "discard 9S JS"
    assert moves.resolve("q♥").action == "discard QH"
    # a card not held is the discard it names: the engine answers "You do not hold 8D..."
    assert moves.resolve("8d").action == "discard 8D"
    # six cards fit no move's count: still the discard, so the engine says "1 to 5 cards"
    assert moves.resolve("9s js jd 7h 8h jh").action == "discard 9S JS JD 7H 8H JH"


def test_too_many_bare_cards_get_the_engines_own_reason() -> None:
    """Starshina's discard of four: five bare cards got the generic 'not a move now'
    while 'discard 2d 3h' got the engine's 'exactly 4 cards'."""
    import random

    import pytest

    import rules
    from bot.cli.play import move_reader
    from bot.i18n import lang_for
    from bot.present import present, presenter_for
    from bot.present.messages import said

    game = rules.get_game("starshina")
    state = game.new_state(3, game.validate_options({}), seed=0)
    rng = random.Random(0)
    while not any(str(a).startswith("discard") for a in state.legal_actions(
            state.current_seat)):
        state.apply(state.current_seat, rng.choice(state.legal_actions(state.current_seat)))
    seat = state.current_seat
    legal = [str(a) for a in state.legal_actions(seat)]
    names = ["Alice", "Ada", "Basil"]
    for code, want in (("en", "Discard exactly 4 cards in one go (you named {n})."),
                       ("pl", "Odrzuć naraz dokładnie tyle kart: 4 (podano: {n})."),
                       ("ru", "Сбросьте сразу ровно столько карт: 4 (названо: {n}).")):
        lang = lang_for(code)
        scene = present(state.view(seat), names, forms=state.action_forms(seat), legal=legal,
                        lang=lang)
        moves = Moves(scene.hand.forms, state.legal_actions(seat),
                      presenter_for("starshina", lang).describe,
                      TableView("starshina", names, Style(), 80, lang=lang), scene.hand.cards,
                      move_reader(game, state.options))
        typed = " ".join(scene.hand.cards[:5]).lower()
        for text, n in ((typed, 5), ("discard " + " ".join(scene.hand.cards[:2]), 2)):
            found = moves.resolve(text)
            assert found.error is None and found.action is not None, (code, found)
            with pytest.raises(rules.IllegalAction) as e:
                state.apply(seat, game.parse_action(found.action))
            assert said(e.value, lang) == want.format(n=n)


def test_short_help_explains_and_help_all_summarises_a_huge_choice() -> None:
    scene = piquet_exchange()
    cards = scene.hand.cards
    legal = [f"discard {' '.join(c)}" for k in range(1, 6)
             for c in itertools.combinations(cards, k)]
    assert len(legal) == 1585
    _, moves = _render(scene, NAMES, legal)
    short = " ".join(" ".join(moves.short_help()).split())
    assert ("type 'discard' and 1 to 5 cards from your hand, or just the cards, "
            "e.g. 'discard 9♠ J♠'") in short
    full = " ".join(" ".join(moves.full_help()).split())
    assert "choose 1 to 5 cards of: A♣ K♣ 9♣ J♦ 7♥ 8♥ J♥ Q♥ K♥ 7♠ 9♠ J♠" in full
    assert len(moves.full_help()) < 10 and not moves.numbered


def test_help_all_lists_every_numbered_move_and_is_longer_than_help() -> None:
    _, moves = _render(piquet_declaring(), NAMES, DECLARE)
    short, full = moves.short_help(), moves.full_help()
    # what to type only where the label does not say it already ("Good" is "good")
    assert full[1:] == ["  1  Good",
                        "  2  Not good (point of five)  declare point 5",
                        "  3  Equal                     declare point 4"]
    scene = coins_trick()
    _, moves = _render(scene, ["Alice", "Bo", "Cy"], [f"play {c}" for c in scene.hand.cards])
    assert "  1  Play KC" in moves.full_help()           # not "1  Play KC  play KC"
    assert len(moves.full_help()) > len(moves.short_help())
    assert "Play a card: type its number (1-6) or the card, e.g. 'KC' or 'play KC'." in " ".join(
        moves.short_help())
    assert len(short) <= len(full) + 2


def test_fact_columns_keep_their_order_whatever_seat_lists_them_first() -> None:
    # Deal 2 of a normand: the first seat did not exchange, so it lists "This deal" alone;
    # the columns still read "Exchanged", then "This deal", as in deal 1.
    from dataclasses import replace

    from bot.present.scene import Fact, SeatScene
    scene = piquet_exchange()
    seats = (SeatScene(0, "Alice", facts=(Fact("This deal", "0 points"),)),
             SeatScene(1, "Ada", facts=(Fact("Exchanged", "5 cards"), Fact("This deal", "3"))))
    out, _ = _render(replace(scene, seats=seats), NAMES)
    header = next(line for line in out.splitlines() if "Player" in line)
    assert header.index("Exchanged") < header.index("This deal"), header
