"""``parlour play`` on an 80x24 terminal, as a newcomer plays it in each language: every
turn's screen fits (the header and the scores stay on it), nothing is said twice, and
what is typed - a bare card, a card in words, a move in Polish or Russian - gets the
move it means or the engine's own reason why not."""

from __future__ import annotations

import re

import pytest

from bot.cli.table_view import width_of
from tests.cli_driver import PROMPT, Session, next_move

SIZE = (80, 24)
NO_COLOR = {"NO_COLOR": "1"}
TURNS = 6            # turn screens looked at per session: the first phases of each game

GAMES = [
    pytest.param("coins", [], id="coins"),
    pytest.param("thirteens", [], id="thirteens"),
    pytest.param("pinkerton", [], id="pinkerton"),
    pytest.param("piquet", [], id="piquet"),
    pytest.param("piquet", ["--option", "variant=normand"], id="piquet-normand"),
    pytest.param("starshina", [], id="starshina"),
]


def turn_screen(chunk: str) -> list[str]:
    """The lines a turn's table view takes on the screen, from the blank line above its
    title down to the prompt (what the player typed, echoed, is above it)."""
    start = chunk.find("━━ ")
    assert start >= 0, chunk
    return ["", *chunk[start:].split("\n")]


def _session(tmp_path, game: str, lang: str, *options: str, seed: str = "4") -> Session:
    return Session(game, "--seed", seed, "--ai", "random", "--name", "Alice", "--lang", lang,
                   *options, cwd=tmp_path, env=NO_COLOR, size=SIZE)


@pytest.mark.parametrize("lang", ["en", "pl", "ru"])
@pytest.mark.parametrize(("game", "options"), GAMES)
def test_every_turn_screen_fits_80x24(tmp_path, game: str, options: list[str],
                                      lang: str) -> None:
    s = _session(tmp_path, game, lang, *options)
    chunk = s.until_prompt()
    intro = chunk[:chunk.find("━━ ")]
    assert all(width_of(line) <= SIZE[0] for line in intro.splitlines()), intro
    assert "**" not in intro
    seen = 0
    for _ in range(TURNS):
        if not chunk.endswith(PROMPT):
            break
        if "━━ " in chunk:
            screen = turn_screen(chunk)
            seen += 1
            assert len(screen) <= SIZE[1], "\n".join(screen)
            assert all(width_of(line) <= SIZE[0] for line in screen), "\n".join(screen)
            assert "Alice" in screen[2] or "Alice" in "\n".join(screen[2:8])   # the seats
            body = [line.strip() for line in screen if line.strip().startswith("· ")]
            assert len(body) == len(set(body)), "an event said twice:\n" + "\n".join(screen)
            board = chunk
        chunk = s.send(next_move(board))
    assert seen >= 3
    s.eof()
    assert "Traceback" not in s.text


def test_wide_shows_the_whole_view(tmp_path) -> None:
    s = _session(tmp_path, "coins", "en")
    fitted = turn_screen(s.until_prompt())
    s.eof()
    s = Session("coins", "--seed", "4", "--ai", "random", "--name", "Alice", "--wide",
                "--new", cwd=tmp_path, env=NO_COLOR, size=SIZE)
    whole = turn_screen(s.until_prompt())
    assert len(whole) > SIZE[1] >= len(fitted)
    assert "Suit cycle:" in "\n".join(whole) and "Suit letters:" in "\n".join(whole)
    s.eof()


def test_a_taller_terminal_shows_more(tmp_path) -> None:
    s = Session("coins", "--seed", "4", "--ai", "random", "--name", "Alice", cwd=tmp_path,
                env=NO_COLOR, size=(100, 40))
    tall = turn_screen(s.until_prompt())
    s.eof()
    assert 24 < len(tall) <= 40
    assert any(width_of(line) > 80 for line in tall)   # wrapped to 100 columns


def test_the_intro_is_wrapped_and_names_the_game_once(tmp_path) -> None:
    s = _session(tmp_path, "piquet", "en")
    intro = s.until_prompt()
    intro = intro[:intro.find("━━ ")]
    s.eof()
    assert "Piquet: Piquet" not in intro and intro.startswith("Piquet is the classic")
    # wrapped between words, never inside one ("32-card pa" / "ck. Each")
    assert "played with a 32-card pack. Each deal has three acts" in " ".join(intro.split())
    assert all(width_of(line) <= SIZE[0] for line in intro.splitlines())
    s = _session(tmp_path, "starshina", "en")
    intro = s.until_prompt()
    s.eof()
    assert "**" not in intro and "starshina (the default" in " ".join(intro.split())


def test_the_starshina_swap_is_told_once_in_your_own_words(tmp_path) -> None:
    s = _session(tmp_path, "starshina", "en", seed="2")
    text = s.until_prompt()
    for _ in range(8):
        text = s.send(next_move(text)) if "━━ " in text else s.send("")
        if "You give" in text or "You discard" in text:
            break
    s.eof()
    assert "You give" in s.text or "You discard" in s.text
    assert "Alice gives a card face down" not in s.text
    assert "Alice discards four cards face down" not in s.text


def test_piquet_declarations_are_shown_once(tmp_path) -> None:
    s = _session(tmp_path, "piquet", "en")
    board = s.until_prompt()
    for _ in range(TURNS + 2):
        board = s.send(next_move(board))
        screen = turn_screen(board) if "━━ " in board else []
        if any("scores" in line for line in screen):
            table = [line.strip() for line in screen if line.startswith("  ")
                     and "scores" in line and not line.startswith("  · ")]
            recent = [line.strip()[2:] for line in screen if line.startswith("  · ")]
            assert table and not set(table) & set(recent), "\n".join(screen)
            break
    else:
        pytest.fail("no declaration scored in the first turns")
    s.eof()


# -- what is typed ----------------------------------------------------------------------

def _thirteens_follow_suit(tmp_path, lang: str) -> Session:
    """Thirteens, seed 1: Alice must follow diamonds and holds A♣ and A♥."""
    s = Session("thirteens", "--seed", "1", "--ai", "random", "--name", "Alice", "--lang",
                lang, cwd=tmp_path, env=NO_COLOR)
    board = s.until_prompt()
    assert "6♦" in board and "A♣" in board and "A♥" in board
    return s


def test_a_bare_card_gets_the_same_reason_as_the_full_move(tmp_path) -> None:
    s = _thirteens_follow_suit(tmp_path, "en")
    full = s.send("play ah")
    assert full.startswith("You must follow suit: you hold a diamond.")
    for typed in ("ah", "AH", "a♥", "ace of hearts"):
        assert s.send(typed) == full, typed
    assert s.send("as").startswith("You do not hold A♠.")        # not held: says so
    assert s.send("flibbertigibbet").startswith("'flibbertigibbet' is not one of your moves")
    board = s.send("6d")                                          # and the card is played
    assert "6♦" not in board[board.rfind("Your hand"):]
    s.eof()


@pytest.mark.parametrize(("lang", "typed", "reason"), [
    ("pl", ["as kier", "zagraj asa kier", "zagraj as kier"], "Musisz dołożyć do koloru"),
    ("ru", ["туз червей", "сыграть туз червей"], "Нужно ходить в масть"),
])
def test_moves_typed_in_polish_and_russian_get_the_engines_reason(tmp_path, lang: str,
                                                                 typed: list[str],
                                                                 reason: str) -> None:
    s = _thirteens_follow_suit(tmp_path, lang)
    for line in typed:
        said = s.send(line)
        assert said.startswith(reason), (line, said)
    board = s.send("zagraj 6 karo" if lang == "pl" else "сыграть 6 бубен")
    assert board.lstrip().startswith("━━ "), board      # played: the next turn's table
    s.eof()


def test_a_russian_refusal_does_not_say_it_is_not_your_turn(tmp_path) -> None:
    s = _thirteens_follow_suit(tmp_path, "ru")
    said = s.send("абракадабра")
    assert "не ваш ход" not in said and "такого хода сейчас нет" in said
    s.eof()


def test_coins_moves_in_polish_and_russian_words(tmp_path) -> None:
    for lang, typed in (("pl", "zagraj 7 mieczy"), ("ru", "сыграть 7 мечей")):
        s = Session("coins", "--seed", "3", "--ai", "random", "--name", "Alice", "--new",
                    "--lang", lang, cwd=tmp_path, env=NO_COLOR)
        board = s.until_prompt()
        assert re.search(r"\[\d+\] 7E", board)              # Alice holds the 7 of swords
        board = s.send(typed)
        assert board.lstrip().startswith("━━ "), board      # played: the next turn's table
        assert not re.search(r"\[\d+\] 7E", board)
        s.eof()


def test_pinkerton_pass_when_a_beat_is_possible_gets_the_reason() -> None:
    import random

    import rules
    from bot.cli.moves import Moves
    from bot.cli.play import move_reader
    from bot.cli.table_view import Style, TableView
    from bot.present import present, presenter_for

    game = rules.get_game("pinkerton")
    rng = random.Random(5)
    for seed in range(40):
        state = game.new_state(2, game.validate_options({}), seed=seed)
        for _ in range(60):
            seat = state.current_seat
            legal = [str(a) for a in state.legal_actions(seat)]
            if any(a.startswith("beat") for a in legal) and "pass" not in {
                    a.split()[0] for a in legal}:
                names = ["Alice", "Ada"]
                scene = present(state.view(seat), names, forms=state.action_forms(seat),
                                legal=legal)
                moves = Moves(scene.hand.forms, state.legal_actions(seat),
                              presenter_for("pinkerton").describe,
                              TableView("pinkerton", names, Style(), 80), scene.hand.cards,
                              move_reader(game, state.options))
                found = moves.resolve("pass")
                assert found.action == "pass", found
                with pytest.raises(rules.IllegalAction, match="You can beat, so you may "
                                                              "not pass."):
                    state.apply(seat, game.parse_action(found.action))
                return
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            if state.is_over:
                break
    pytest.fail("no position where a beat is possible and passing is not")


def test_log_shows_what_gave_way_to_fit_the_screen(tmp_path) -> None:
    s = Session("pinkerton", "--seed", "5", "--ai", "random", "--name", "Alice", cwd=tmp_path,
                env=NO_COLOR)                       # piped: 80x24 all the same, no echo
    board = s.until_prompt()
    assert s.send("log").startswith("Every event since your last move is on the screen")
    for _ in range(12):
        if "type log)" in board:
            break
        board = s.send(next_move(board))
    else:
        pytest.fail("nothing gave way in twelve turns")
    left_out = re.search(r"\((\d+) earlier events?: type log\)", board)
    said = s.send("log")
    assert said.startswith("Earlier\n")
    if left_out:
        assert said.count("  · ") == int(left_out.group(1))
    assert s.send("").startswith("Your move")          # and the move is still to make
    s.eof()


def test_coins_a_french_card_gets_the_same_hint_bare_or_in_full(tmp_path) -> None:
    s = Session("coins", "--seed", "3", "--ai", "random", "--name", "Alice", cwd=tmp_path,
                env=NO_COLOR)
    s.until_prompt()
    full = s.send("play ah")
    assert "Hearts correspond to cups: did you mean the ace of cups (AC)?" in " ".join(
        full.split())
    assert s.send("ah") == full
    assert s.send("play 3o") == s.send("3o")          # a card not held: the same reason
    s.eof()


@pytest.mark.parametrize(("lang", "verb"), [("pl", "odrzuć"), ("ru", "сбросить")])
def test_a_piquet_exchange_typed_in_polish_and_russian(tmp_path, lang: str, verb: str) -> None:
    from rules.cards import PIQUET_32
    from rules.lang import card_name

    s = Session("piquet", "--seed", "1", "--ai", "random", "--name", "Alice", "--lang", lang,
                cwd=tmp_path, env=NO_COLOR)
    board = s.until_prompt()
    codes = next_move(board).split()[1:]                 # the example: "odrzuć 9♠ J♠"
    words = " ".join(card_name(PIQUET_32.parse_card(c), lang) for c in codes)
    exchange = turn_screen(board)[1]                     # the title, with the phase
    board = s.send(f"{verb} {words}")                    # "odrzuć dziewiątka pik walet pik"
    assert board.lstrip().startswith("━━ "), board       # taken: the next turn's table
    assert turn_screen(board)[1] != exchange             # in the next phase
    s.eof()


@pytest.mark.parametrize("lang", ["en", "pl", "ru"])
def test_pinkerton_with_five_and_six_players_fits_the_screen(lang: str) -> None:
    """Phase III with many players, cards on the pile and exact beats to choose from was
    a line or two too tall: every turn of random games, as ``parlour play`` lays it out
    on 80x24 (22 lines under the blank line, above the prompt)."""
    import random

    import rules
    from bot.cli.moves import Moves
    from bot.cli.play import move_reader
    from bot.cli.table_view import Style, TableView
    from bot.i18n import lang_for
    from bot.present import present, presenter_for

    game = rules.get_game("pinkerton")
    language = lang_for(lang)
    looked = 0
    for n in (5, 6):
        names = ["Alice", *(f"{x} (AI, easy)" for x in ("Ada", "Basil", "Cyril", "Dora",
                                                          "Ewa"))][:n]
        for seed in range(12):
            state = game.new_state(n, game.validate_options({}), seed=seed)
            rng = random.Random(seed)
            while not state.is_over and state.round_no == 1:
                seat = state.current_seat
                legal = [str(a) for a in state.legal_actions(seat)]
                scene = present(state.view(seat), names, forms=state.action_forms(seat),
                                legal=legal, lang=language)
                table = TableView("pinkerton", names, Style(), SIZE[0], lang=language)
                moves = Moves(scene.hand.forms, state.legal_actions(seat),
                              presenter_for("pinkerton", language).describe, table,
                              scene.hand.cards, move_reader(game, state.options))
                screen = table.render(scene, moves.panel(), legend=False, height=SIZE[1] - 2,
                                      tail=moves.hint(), short_moves=moves.panel(notes=False))
                lines = screen.splitlines()
                assert len(lines) <= SIZE[1] - 2, screen
                assert all(width_of(line) <= SIZE[0] for line in lines), screen
                looked += 1
                state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert looked > 500


def test_a_narrow_terminal_keeps_the_trick_being_played_whole(tmp_path) -> None:
    # 50 columns: the trick the move is chosen from stays whole (events give way first),
    # and the note under Recent says that more than events was left out.
    s = Session("coins", "--seed", "1", "--ai", "easy", "--name", "Alice", "--option",
                "target=10", "--lang", "pl", cwd=tmp_path, env=NO_COLOR, size=(50, 24))
    screen = turn_screen(s.until_prompt())
    table = "\n".join(screen)
    assert len(screen) <= 24 and all(width_of(line) <= 50 for line in screen), table
    assert "Basil (AI,\n               łatwy): 3B; gra Alice" in table, table
    s.send("quit")
    assert s.finish() == 0
    s = Session("piquet", "--seed", "2", "--option", "variant=normand", "--ai", "easy",
                "--name", "Alice", cwd=tmp_path, env=NO_COLOR, size=(50, 24))
    s.until_prompt()
    screen = turn_screen(s.send("discard 9♦ J♦"))
    # Recent had only its heading left: "type log" is said on the table's heading instead
    assert "On the table (1 earlier event and more: type log)" in screen, "\n".join(screen)
    assert not any(line.startswith("Recent") for line in screen), "\n".join(screen)
    s.send("quit")
    assert s.finish() == 0


def _random_screens(game_name: str, lang: str, size: tuple[int, int], players: int,
                    seeds: range, options: dict | None = None, fits: bool = True):
    """Every turn of the human's seat (seat 0) in random games, as ``parlour play`` lays it
    out on a ``size`` terminal: (scene, screen lines, the language); with ``fits`` each
    screen is checked to fit."""
    import random

    import rules
    from bot.cli.moves import Moves
    from bot.cli.play import move_reader
    from bot.cli.table_view import Style, TableView
    from bot.i18n import lang_for
    from bot.present import present, presenter_for

    game = rules.get_game(game_name)
    language = lang_for(lang)
    names = ["Alice", *(f"{x} (AI, normal)" for x in ("Ada", "Basil", "Cyril", "Dora",
                                                        "Ewa"))][:players]
    for seed in seeds:
        state = game.new_state(players, game.validate_options(options or {}), seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.current_seat
            if seat == 0:
                legal = [str(a) for a in state.legal_actions(seat)]
                scene = present(state.view(seat), names, forms=state.action_forms(seat),
                                legal=legal, lang=language)
                table = TableView(game_name, names, Style(), size[0], lang=language)
                moves = Moves(scene.hand.forms, state.legal_actions(seat),
                              presenter_for(game_name, language).describe, table,
                              scene.hand.cards, move_reader(game, state.options))
                screen = table.render(scene, moves.panel(), legend=False,
                                      height=size[1] - 2, tail=moves.hint(),
                                      short_moves=moves.panel(notes=False))
                lines = screen.splitlines()
                assert all(width_of(line) <= size[0] for line in lines), screen
                assert len(lines) <= size[1] - 2 or not fits, screen
                yield scene, lines, language
            state.apply(seat, rng.choice(state.legal_actions(seat)))


@pytest.mark.parametrize("lang", ["pl", "ru"])
@pytest.mark.parametrize("players", [4, 6])
def test_thirteens_keeps_the_trumps_on_every_screen(lang: str, players: int) -> None:
    """After trick 1 the seat table grew a Status column, no longer fitted 80 columns in
    Polish and Russian, and the headline's trumps gave way for the rest of the hand."""
    label = {"pl": "Atuty:", "ru": "Козыри:"}[lang]
    looked = 0
    for _, lines, _ in _random_screens("thirteens", lang, SIZE, players, range(3)):
        assert any(line.startswith(label) or f" {label} " in line for line in lines[:4]), (
            "\n".join(lines))
        looked += 1
    assert looked > 50


def test_the_seat_table_stays_a_table_in_polish_thirteens() -> None:
    for _scene, lines, _ in _random_screens("thirteens", "pl", SIZE, 4, range(2)):
        assert any(line.split()[:2] == ["Gracz", "Rola"] for line in lines), "\n".join(lines)


@pytest.mark.parametrize("lang", ["en", "pl", "ru"])
@pytest.mark.parametrize(("game", "players", "options"), [
    ("coins", 3, None), ("thirteens", 4, None), ("starshina", 3, None),
    ("piquet", 2, None), ("piquet", 3, {"variant": "normand"})])
def test_60x20_shows_each_tricks_winner(game: str, players: int, options: dict | None,
                                        lang: str) -> None:
    """The last trick cut to one line lost its end ("Last trick: Ada (AI, normal): 2E,
    Basil (AI, …"): the winner is always said, the names shortened first."""
    looked = 0
    for scene, lines, language in _random_screens(game, lang, (60, 20), players, range(2),
                                                  options, fits=False):
        last = scene.centre.last_trick
        if last is None or last.winner is None:
            continue
        name = scene.seats[last.winner].name
        said = " ".join(" ".join(lines).split())
        assert any(language.gettext("won by {who}", who=who) in said
                   for who in (name, name.split(" (")[0])), "\n".join(lines)
        looked += 1
    assert looked > 10


def test_recent_is_never_a_heading_with_nothing_under_it() -> None:
    for lang in ("en", "pl", "ru"):
        recent = {"en": "Recent", "pl": "Ostatnio", "ru": "Недавно"}[lang]
        for game, players in (("coins", 3), ("thirteens", 5)):
            for _, lines, _ in _random_screens(game, lang, (60, 20), players, range(1),
                                               fits=False):
                for k, line in enumerate(lines):
                    if line.startswith(recent):
                        assert k + 1 < len(lines) and lines[k + 1].startswith("  · "), (
                            "\n".join(lines))


def test_the_game_over_screen_keeps_your_own_voice(tmp_path) -> None:
    """The final screen is drawn from the public view: it said "Alice takes the trick
    (...): +1 coin" where every screen before said "You take the trick"."""
    s = Session("coins", "--seed", "4", "--ai", "random", "--name", "Alice", "--option",
                "target=10", cwd=tmp_path, env=NO_COLOR)          # Alice takes the last trick
    board = s.until_prompt()
    for _ in range(200):
        if "Game #" in board:
            break
        board = s.send(next_move(board))
    else:
        pytest.fail("the game did not end in 200 moves")
    final = board[board.rfind("Game over"):]
    assert "You take the trick" in final and "You reach 10 and win the game." in final, final
    assert "Alice takes" not in final and "Alice reaches" not in final, final
    s.finish()
