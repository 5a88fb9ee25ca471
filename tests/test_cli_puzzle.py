"""``parlour puzzle [GAME] [--daily]`` in the terminal (bot/cli/puzzle.py): the position
and numbered moves at 80x24, an answer by number or by move, the next one or report, the
daily puzzle's streak, and what it says with no puzzles - in English, Polish and Russian."""

from __future__ import annotations

import asyncio
import io
from pathlib import Path

import pytest

from bot.cli import build_parser
from bot.cli.play import LOCAL_USER
from bot.cli.puzzle import run
from bot.cli.table_view import width_of
from bot.core import Core, CoreConfig, ManualClock
from tests.puzzle_pool import fill

NOON = 1_795_435_200.0   # 2026-11-23 12:00 UTC


def _pool(db: Path, deals=None) -> None:
    async def go() -> None:
        core = Core(CoreConfig(db_path=str(db)), clock=ManualClock(NOON))
        await core.start(channels=[])
        try:
            await (fill(core) if deals is None else fill(core, deals))
        finally:
            await core.stop()
    asyncio.run(go())


def _puzzle(db: Path, lines: str, *extra: str, clock: float = NOON) -> tuple[int, str]:
    args = build_parser().parse_args(["puzzle", *extra, "--db", str(db)])
    out = io.StringIO()
    code = run(args, stdin=io.StringIO(lines), out=out, clock=ManualClock(clock))
    return code, out.getvalue()


def _answers(db: Path) -> list[tuple]:
    async def go() -> list[tuple]:
        core = Core(CoreConfig(db_path=str(db)), clock=ManualClock(NOON))
        await core.start(channels=[])
        try:
            rows = await core.store.fetchall(
                "SELECT i.puzzle_id, i.correct, p.reported FROM puzzle_issues i JOIN puzzles p "
                "ON p.id = i.puzzle_id WHERE i.user_id = ? AND i.answered IS NOT NULL "
                "ORDER BY i.answered", (LOCAL_USER,))
            return [tuple(r) for r in rows]
        finally:
            await core.stop()
    return asyncio.run(go())


WORDS = {
    "en": ("Find the best move.", "Puzzle rating 1500 -> ", "Enter: the next puzzle",
           "Reported: thank you."),
    "pl": ("Znajdź najlepszy ruch.", "Ranking zadań 1500 -> ", "Enter: następne zadanie",
           "Zgłoszono: dziękujemy."),
    "ru": ("Найдите лучший ход.", "Рейтинг в задачах 1500 -> ", "Enter: следующая задача",
           "Жалоба принята: спасибо."),
}


@pytest.mark.parametrize("lang", ["en", "pl", "ru"])
def test_puzzles_answered_by_number_then_reported_then_quit(tmp_path, lang: str) -> None:
    db = tmp_path / "p.db"
    _pool(db)
    code, text = _puzzle(db, "1\n\n2\nreport\nq\n", "--lang", lang)
    assert code == 0, text
    find, rating, prompt, reported = WORDS[lang]
    assert text.count(find) == 2 and rating in text and prompt in text and reported in text
    assert "Traceback" not in text and "{" not in text
    assert all(width_of(line) <= 80 for line in text.split("\n"))
    # Each puzzle's screen fits 24 lines: a blank line, the position, the moves and the
    # prompt.
    screens = [screen for screen in text.split("\n\n") if find in screen]
    assert len(screens) == 2
    for screen in screens:
        assert len(screen.split("\n")) <= 23, screen
        assert "\n1. " in screen and "\n2. " in screen
    answered = _answers(db)
    assert len(answered) == 2 and answered[1][2] == 1 and answered[0][2] == 0


BEFORE = {"en": "Before this:", "pl": "Wcześniej:", "ru": "Перед этим:"}


@pytest.mark.parametrize("lang", ["en", "pl", "ru"])
def test_the_events_before_a_puzzle_are_listed_a_line_each(tmp_path, lang: str) -> None:
    """A paragraph of events wrapped at 80 columns cut an event in two ("... trick +1
    =" / "4."): each event starts a line of its own, and a line too long for the screen
    (an event's, a seat's) goes on under its first word, never at the margin."""
    db = tmp_path / "p.db"
    _pool(db)
    code, text = _puzzle(db, "1\n\n" * 12 + "q\n", "--lang", lang)   # the whole pool
    assert code == 0, text
    screens = [screen for screen in text.split("\n\n") if WORDS[lang][0] in screen]
    assert len(screens) >= 5
    listed = 0
    for screen in screens:
        lines = screen.split("\n")
        assert all(width_of(line) <= 80 for line in lines), screen
        if BEFORE[lang] not in lines:
            continue
        k = lines.index(BEFORE[lang]) + 1
        assert lines[k].startswith("  · "), screen
        while lines[k].startswith(("  · ", "    ")):
            listed += lines[k].startswith("  · ")
            k += 1
        for line, previous in zip(lines[1:], lines, strict=False):
            if previous.startswith("  ") and width_of(previous) > 70:   # wrapped, maybe
                assert line.startswith("  ") or not line[:1].islower(), (previous, line)
    assert listed >= 5


HAND = {"en": "Your hand: ", "pl": "Twoja ręka: ", "ru": "Ваши карты: "}


@pytest.mark.parametrize("lang", ["en", "pl", "ru"])
def test_a_hand_too_long_for_the_screen_breaks_between_suits(tmp_path, monkeypatch,
                                                              lang: str) -> None:
    """A 12-card Piquet hand at 80 columns went on with "7♠" alone on the next line: the
    cards of one suit stay together, the hand breaks before a suit's name."""
    monkeypatch.setenv("COLUMNS", "64")
    monkeypatch.setenv("LINES", "40")
    db = tmp_path / "p.db"
    _pool(db)
    code, text = _puzzle(db, "1\n\n" * 12 + "q\n", "--lang", lang)
    assert code == 0, text
    assert "\x00" not in text
    wrapped = 0
    for screen in text.split("\n\n"):
        lines = screen.split("\n")
        assert all(width_of(line) <= 64 for line in lines), screen
        for k, line in enumerate(lines[:-1]):
            if line.startswith(HAND[lang]):
                after = lines[k + 1]
                # The next line is the hand's next suit ("Spades: J♠ 8♠ 7♠") or the next
                # sentence, never a card cut off its suit.
                first = after.split(" ")[0]
                assert first.endswith(":") or after.endswith("."), (line, after)
                wrapped += first.endswith(":") and not after.endswith(".")
    assert wrapped >= 1


def test_a_move_typed_out_and_a_bad_one(tmp_path) -> None:
    db = tmp_path / "p.db"
    _pool(db, (("coins", 3, 1),))
    code, text = _puzzle(db, "fly away\n9\nplay KE\nq\n", "coins", "--lang", "en")
    assert code == 0, text
    assert text.count("'fly away' is not one of this puzzle's moves.") == 1
    assert "'9' is not one of this puzzle's moves." in text
    assert "Correct. The best move: Play K" in text       # the Coins puzzle's answer
    assert _answers(db) == [(1, 1, 0)]


def test_the_daily_puzzle_and_its_streak(tmp_path) -> None:
    db = tmp_path / "p.db"
    _pool(db)

    async def answer() -> str:
        core = Core(CoreConfig(db_path=str(db)), clock=ManualClock(NOON))
        await core.start(channels=[])
        try:
            row = await core.store.fetchone(
                "SELECT p.answer FROM puzzle_daily d JOIN puzzles p ON p.id = d.puzzle_id")
            return str(row["answer"])
        finally:
            await core.stop()

    code, text = _puzzle(db, "q\n", "--daily")
    assert code == 0 and "Daily puzzle 2026-11-23" in text
    code, text = _puzzle(db, asyncio.run(answer()) + "\n", "--daily", "--lang", "pl")
    assert code == 0, text
    assert "Zadanie dnia 2026-11-23" in text and "Seria zadań dnia: 1 dzień" in text


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "No puzzles of Piquet yet: they come from finished games"),
    ("pl", "Nie ma jeszcze zadań z gry Pikieta"),
    ("ru", "Задач по игре Пикет пока нет"),
])
def test_no_puzzles_says_how_they_come(tmp_path, lang: str, said: str) -> None:
    db = tmp_path / "p.db"
    code, text = _puzzle(db, "", "piquet", "--lang", lang)
    assert code == 1 and "parlour play" in text      # no database at all
    _pool(db, ())
    code, text = _puzzle(db, "", "piquet", "--lang", lang)
    assert code == 0 and said in " ".join(text.split()) and "parlour play" in text


def test_an_unknown_game_is_refused(tmp_path) -> None:
    db = tmp_path / "p.db"
    _pool(db, ())
    code, text = _puzzle(db, "", "bridge")
    assert code == 2 and "Unknown game 'bridge'" in text


def test_a_terminal_game_left_before_its_mining_is_mined_first(tmp_path, monkeypatch) -> None:
    from bot.cli.play import LOCAL_CHANNEL
    from tests.test_core_helpers import HOST, config, make_table, play_first_legal

    db = tmp_path / "p.db"

    async def finished() -> None:
        core = Core(config(db), clock=ManualClock(NOON))
        await core.start(channels=[])
        try:
            info = await make_table(core, "piquet", humans=[HOST], ais=["random"],
                                    channel=LOCAL_CHANNEL, seed=3)
            await play_first_legal(core, info.channel_id)
            await core.settle()
            await core.store.write((
                "INSERT INTO puzzle_sources (source, game, game_id, status, budget, "
                "requested) VALUES (?, 'piquet', ?, 'pending', 4, 0)",
                (f"game:{info.table_id}", info.table_id)))
        finally:
            await core.stop()

    asyncio.run(finished())
    monkeypatch.setenv("PARLOUR_PUZZLE_BUDGET", "4")
    code, text = _puzzle(db, "q\n")
    assert code == 0, text
    assert "Finding puzzles in the games you finished here..." in text
    assert "Find the best move." in text or "No puzzles yet" in text
    assert _sources(db) == ["done"]


def _sources(db: Path) -> list[str]:
    async def go() -> list[str]:
        core = Core(CoreConfig(db_path=str(db)), clock=ManualClock(NOON))
        await core.start(channels=[])
        try:
            return [r["status"] for r in await core.store.fetchall(
                "SELECT status FROM puzzle_sources")]
        finally:
            await core.stop()
    return asyncio.run(go())


def test_a_parlour_play_game_becomes_puzzles(tmp_path, monkeypatch) -> None:
    """A terminal game is mined once over (cut short when the player leaves: then
    ``parlour puzzle`` finishes it before the first puzzle)."""
    from tests.cli_driver import Session, next_move

    env = {"NO_COLOR": "1", "PARLOUR_PUZZLE_BUDGET": "2"}
    s = Session("coins", "--seed", "4", "--ai", "random", "--name", "Alice", "--option",
                "target=10", "--db", "t.db", cwd=tmp_path, env=env, size=(80, 24))
    board = s.until_prompt()
    for _ in range(300):
        screen = s.send(next_move(board))
        if not screen.endswith("> "):
            break
        board = screen
    assert s.finish() == 0 and "Traceback" not in s.text
    assert _sources(tmp_path / "t.db") in (["pending"], ["done"])
    monkeypatch.setenv("PARLOUR_PUZZLE_BUDGET", "2")
    code, text = _puzzle(tmp_path / "t.db", "q\n", "coins")
    assert code == 0 and "Traceback" not in text
    assert _sources(tmp_path / "t.db") == ["done"]
    assert "Find the best move." in text or "No puzzles of Coins yet" in text
