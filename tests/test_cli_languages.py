"""``parlour play --lang pl|ru``: a whole game of every game in Polish and in Russian
through the real command, and not one English line - the table, the engines' events and
refusals, the AI seats' names, the default player name, the result and the quit line."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from bot.cli.saved import KEPT_BYE, kept_bye
from bot.i18n import lang_for
from tests.cli_driver import PROMPT, Session, ends_with
from tests.test_core_cli import parlour

NO_COLOR = {"NO_COLOR": "1"}
# No login name to borrow: the player is called by the default name, in the language.
NO_LOGIN = {"USER": "root", "LOGNAME": "root", "LNAME": "root", "USERNAME": "root"}

# Words of Parlour's English texts that are no Polish or Russian word.
ENGLISH = frozenset("""
the and your you turn card cards trick tricks table deal deals hand hands move moves points
wins win game over score leads lead takes with pile beats shows is of for has are was will
seat board player players dealer good equal trumps hearts spades clubs diamonds round phase
stock kitty quota quotas partie stakes stake pot target passes passed waiting recent last
rating provisional fewer than stopped nothing recorded bye error type see again normal
random easy hard elder younger not hold must follow suit now
""".split())
# What the terminal shows in English on purpose: the moves a player types (the canonical
# words every language accepts), the commands of the prompt, and the replay command.
TYPED = re.compile(r"'[^']*'|\bparlour replay \d+\b|\b(help all|help|quit)\b")

HEADING = {"pl": "Twój ruch", "ru": "Ваш ход"}
EXAMPLE = {"pl": r"np\.\s+(.+)", "ru": r"например\s+(.+)"}

# A card no deck has, typed with a move open now: the engine refuses it.
BAD_CARD = tuple(f"{kind} 2Z" for kind in ("play", "discard", "beat", "pass", "add", "give",
                                           "return"))
GAMES = [
    pytest.param("coins", ["--option", "target=10"], id="coins"),
    pytest.param("thirteens", [], id="thirteens"),
    pytest.param("pinkerton", ["--option", "target=10"], id="pinkerton"),
    pytest.param("piquet", ["--option", "variant=au_cent"], id="piquet"),
    pytest.param("starshina", [], id="starshina"),
]


def _move(board: str, code: str) -> str:
    """What a newcomer types: the first numbered move, else the example the panel gives."""
    panel = board[board.rfind(HEADING[code]):]
    if re.search(r"\[1\] ", panel):
        return "1"
    example = re.search(EXAMPLE[code], panel)
    assert example, f"no move offered in:\n{board}"
    return " ".join(example.group(1).split())


def english_lines(text: str, names: tuple[str, ...]) -> list[str]:
    out = []
    for line in text.splitlines():
        bare = line
        for name in names:
            bare = bare.replace(name, " ")
        bare = TYPED.sub(" ", bare)
        if any(w in ENGLISH for w in re.findall(r"[a-z]+", bare.lower())):
            out.append(line)
    return out


@pytest.mark.parametrize("code", ["pl", "ru"])
@pytest.mark.parametrize(("game", "options"), GAMES)
def test_a_whole_terminal_game_has_no_english_line(tmp_path, game: str, options: list[str],
                                                   code: str) -> None:
    s = Session(game, "--seed", "4", "--ai", "random", "--lang", code, *options,
                cwd=tmp_path, env=NO_COLOR | NO_LOGIN)
    lang = lang_for(code)
    screen = board = s.until_prompt()
    refused = False
    for turn in range(2000):
        if not screen.endswith(PROMPT):
            break
        if HEADING[code] in screen:
            board = screen
        if turn == 0 and not refused:
            for typed in BAD_CARD:
                if "'2Z'" in s.send(typed):
                    break
            refused = True
            continue
        screen = s.send(_move(board, code))
    else:
        s.send("quit")
    assert s.finish() == 0
    text = s.text
    assert "Traceback" not in text
    player = lang._("Player")
    assert f"{player} (" in text                       # the default name, in the language
    assert "'2Z'" in text                               # the engine's refusal was shown
    assert lang._("{name} (AI, {level})", name="Ada", level=lang._("random")) in text
    assert not english_lines(text, ("Ada", "Basil", "Clara", "Dmitri", "Coins", "Pinkerton")), \
        "\n".join(english_lines(text, ("Ada", "Basil", "Clara", "Dmitri")))


@pytest.mark.parametrize("code", ["pl", "ru"])
def test_the_quit_line_and_refusals_speak_the_language(tmp_path, code: str) -> None:
    s = Session("thirteens", "--seed", "4", "--ai", "random", "--lang", code, "--name",
                "Alice", cwd=tmp_path, env=NO_COLOR)
    s.until_prompt()
    said = s.send("play 2Z")
    assert "'2Z'" in said and not english_lines(said, ("Alice",)), said
    s.send("quit")
    assert s.finish() == 0
    assert ends_with(s.text, kept_bye("thirteens", "parlour.db", lang_for(code)))
    assert KEPT_BYE.split(":")[0] not in s.text


@pytest.mark.parametrize("code,help_word,quit_word", [("pl", "pomoc", "wyjdź"),
                                                       ("ru", "помощь", "выход")])
def test_help_and_quit_in_the_players_language(tmp_path, code: str, help_word: str,
                                               quit_word: str) -> None:
    s = Session("coins", "--seed", "4", "--ai", "random", "--lang", code, "--name", "Alice",
                cwd=tmp_path, env=NO_COLOR)
    s.until_prompt()
    assert lang_for(code)._("What you can do now") in s.send(help_word)
    s.send(quit_word)
    assert s.finish() == 0
    assert ends_with(s.text, kept_bye("coins", "parlour.db", lang_for(code)))


# A move's hint: the reader's move word and the cards as the screen shows them.
HINT_WORD = {"pl": "odrzuć", "ru": "сбросить"}


@pytest.mark.parametrize("code", ["pl", "ru"])
def test_a_hint_shows_the_readers_move_word_and_the_cards_on_screen(tmp_path,
                                                                   code: str) -> None:
    s = Session("piquet", "--seed", "4", "--ai", "random", "--lang", code, cwd=tmp_path,
                env=NO_COLOR)
    board = s.until_prompt()
    panel = board[board.rfind(HEADING[code]):]
    example = " ".join(re.search(EXAMPLE[code], panel).group(1).split())
    assert example.startswith(HINT_WORD[code] + " "), panel
    assert "discard" not in panel and not re.search(r"\b[2-9JQKA]S\b", panel), panel
    assert "♠" in example or "♥" in example or "♦" in example or "♣" in example
    helped = " ".join(s.send("help").split())
    assert f"'{HINT_WORD[code]}" in helped and "discard" not in helped, helped
    after = s.send(example)          # typed as shown, it is the move
    assert lang_for(code)._("{error} Type help to see your moves.", error="") .strip() \
        not in after, after
    assert HEADING[code] in after
    s.send("quit")
    assert s.finish() == 0


@pytest.mark.parametrize("code", ["pl", "ru"])
def test_the_coins_help_heading_and_example_are_in_the_language(tmp_path, code: str) -> None:
    s = Session("coins", "--seed", "4", "--ai", "random", "--lang", code, cwd=tmp_path,
                env=NO_COLOR)
    s.until_prompt()
    helped = " ".join(s.send("help").split())
    lang = lang_for(code)
    assert lang._("The cards") in helped and "The cards" not in helped
    assert f"'{ {'pl': 'zagraj', 'ru': 'сыграть'}[code]} " in helped, helped
    assert "'play " not in helped
    every = s.send("help all")          # each move as it is typed, in the language, once
    assert re.search(r"\b(Zagraj|Сыграть) [0-9AKNJ][OCEB]\n", every), every
    assert not re.search(r"\b(zagraj|сыграть) [0-9AKNJ][OCEB]\b", every), every
    assert not re.search(r"\bplay\b", every), every
    s.send("quit")
    assert s.finish() == 0


def test_refusals_outside_the_game_speak_the_language(tmp_path) -> None:
    assert parlour("play", "coins", "--db", "t.db", stdin="quit\n", cwd=tmp_path).returncode == 0
    run = parlour("replay", "5", "--db", "t.db", "--lang", "ru", cwd=tmp_path)
    assert run.returncode == 2 and "Ошибка: Законченной игры №5 нет." in run.stdout, run.stdout
    env = dict(NO_LOGIN, LANG="pl_PL.UTF-8")
    played = subprocess.run(
        [sys.executable, "-c", "import sys; from bot.cli import main; sys.exit(main())",
         "play", "chess", "--db", "t.db"], input="", capture_output=True, text=True,
        cwd=tmp_path, env=dict(os.environ, PYTHONPATH=str(Path(__file__).parents[1]), **env),
        timeout=120)
    assert played.returncode == 2
    assert "Błąd: Nieznana gra 'chess'. Gry: coins," in played.stdout, played.stdout
    run = parlour("play", "coins", "--players", "5", "--lang", "pl", "--db", "t.db",
                  cwd=tmp_path)
    assert "z tymi opcjami jest dla 3 graczy, nie 5." in run.stdout, run.stdout


@pytest.mark.parametrize(("code", "typed", "said"), [
    ("en", "discard 2h", "2♥ is not in this game's deck: it has 32 cards, 7 to ace"),
    ("ru", "сбросить 2h", "2♥ нет в колоде этой игры (32-карточная колода"),
    ("pl", "odrzuć 2h", "2♥ nie występuje w talii tej gry (talia 32-kartowa"),
])
def test_a_real_card_missing_from_the_piquet_deck_is_named_so(tmp_path, code: str,
                                                             typed: str, said: str) -> None:
    s = Session("piquet", "--seed", "4", "--ai", "random", "--lang", code, cwd=tmp_path,
                env=NO_COLOR)
    s.until_prompt()
    answer = " ".join(s.send(typed).split())
    assert said in answer, answer
    s.send("quit")
    assert s.finish() == 0


def _terminal_text(message, code: str, game: str) -> str:
    from bot.cli.table_view import Style, TableView
    from bot.present.messages import marked
    view = TableView(game, ["Alice", "Ada"], Style(), 80, lang_for(code))
    return view.plain(marked(message, lang_for(code)))


def test_refusals_and_events_read_as_the_language_writes_them() -> None:
    from games.pinkerton.moves import _signed
    from games.starshina.engine import suit_word
    from rules.messages import Cards, Msg, Seat, ordinal

    centre = Msg("the centre card ({n})", n=-3)
    beat = Msg("{sum} does not beat {what}.", sum=_signed([0x32, 0x22]), what=centre)
    said = _terminal_text(beat, "ru", "pinkerton")
    assert "не бьёт центральную" in said and "бьёт:" not in said, said
    assert "S" not in said.split("не бьёт")[0] and "♠" in said, said
    out = Msg("{who} cannot beat, lays a card face down and passes for the {nth} time: out "
              "of this round.", who=Seat(1), nth=ordinal(2, "2nd"))
    assert ".:" not in _terminal_text(out, "pl", "pinkerton")
    got = Cards.of([0x2C])
    ret = Msg("You must return a {suit} higher than the {card} you received: {cards}.",
              suit=suit_word(2), card=got, cards=Cards.of([0x2D, 0x2E]))
    said = _terminal_text(ret, "pl", "starshina")
    assert "kolorze kiery" not in said and "Q♥" in said and "QH" not in said, said
    left = Msg("You discard {out} and draw {got}; the cards left are {left}.",
               out=Cards.of([0x27]), got=Cards.of([0x28]), left=Cards.of([0x29]))
    assert "zostały" not in _terminal_text(left, "pl", "piquet")


def test_a_rank_typed_without_its_suit_after_a_polish_move_word_says_so(tmp_path) -> None:
    s = Session("piquet", "--seed", "4", "--ai", "random", "--lang", "pl", cwd=tmp_path,
                env=NO_COLOR)
    s.until_prompt()
    answer = " ".join(s.send("odrzuć damę").split())
    assert answer.startswith("Do 'damę' potrzebny jest też kolor"), answer
    s.send("quit")
    assert s.finish() == 0
