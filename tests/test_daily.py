"""The daily deal: same deal and AI moves for everyone, one attempt, hidden standings,
streaks over days, par, and a restart in the middle of an attempt (both backends)."""

from __future__ import annotations

import json
import re

import pytest

from bot.core import Core, CoreConfig, ManualClock, TableError
from bot.core.daily import DailyAttempt, DailyError
from bot.core.daily_rules import DAY_SECONDS, daily_number, daily_rules, daily_seed, day_of
from bot.i18n import lang_for
from bot.present import daily as words
from bot.present.messages import said
from tests.backends import db_for

pytestmark = pytest.mark.usefixtures("backend")  # SQLite and PostgreSQL

GUILD, OTHER_GUILD = 500, 600
START = 1_780_000_000.0   # a moment in 2026


def _config(path) -> CoreConfig:
    # easy AI seats and an easy par keep the tests fast; the bot uses normal and hard.
    return CoreConfig(db_path=db_for(path), ai_executor="inline", ai_delay=0,
                      daily_ai_level="easy", daily_par_level="easy")


async def _core(path, clock: ManualClock) -> Core:
    core = Core(_config(path), clock=clock)
    await core.start()
    return core


async def _play_out(core: Core, game: str, user: int, pick=lambda legal: legal[0],
                    stop_after: int | None = None) -> tuple[DailyAttempt, list[list]]:
    """Play ``user``'s attempt with ``pick``; return it and what each AI move position was."""
    attempt = await core.daily.attempt(game, user)
    made = 0
    while not attempt.finished and (stop_after is None or made < stop_after):
        legal = attempt.legal_actions()
        attempt = await core.daily.act(game, user, pick(legal), expect_move=attempt.moves)
        made += 1
    return attempt, await _log(core, game, user)


async def _log(core: Core, game: str, user: int) -> list[list]:
    row = await core.store.fetchone(
        "SELECT actions FROM daily_attempts WHERE user_id = ? AND game = ?", (user, game))
    return json.loads(row["actions"])


def test_seed_and_number_depend_only_on_game_and_day() -> None:
    day = day_of(START)
    assert daily_seed("coins", day) == daily_seed("coins", day)
    assert daily_seed("coins", day) != daily_seed("coins", day + 1)
    assert daily_seed("coins", day) != daily_seed("piquet", day)
    assert daily_number(day + 1) == daily_number(day) + 1
    assert day_of(START + DAY_SECONDS) == day + 1


@pytest.mark.parametrize("game", sorted(daily_rules()))
async def test_same_deal_and_same_ai_moves_for_every_player(tmp_path, game) -> None:
    clock = ManualClock(START)
    core = await _core(tmp_path / "d.db", clock)
    try:
        first = await core.daily.start(game, 1, "Alice", GUILD)
        second = await core.daily.start(game, 2, "Bob", OTHER_GUILD)
        assert first.seat == second.seat
        assert first.state.to_json() == second.state.to_json()      # same deal, same AI play
        assert first.names[first.seat] == "Alice" and second.names[second.seat] == "Bob"
        a, log_a = await _play_out(core, game, 1)
        b, log_b = await _play_out(core, game, 2)
        assert a.finished and b.finished
        assert log_a == log_b          # same moves from the player: the AI answers the same
        assert a.score == b.score
        # A player who plays differently still meets the same deal.
        c_start = await core.daily.start(game, 3, "Carol", GUILD)
        assert c_start.view()["hand"] == first.view()["hand"]
    finally:
        await core.stop()


async def test_one_attempt_per_player_per_day_and_a_new_deal_tomorrow(tmp_path) -> None:
    clock = ManualClock(START)
    core = await _core(tmp_path / "d.db", clock)
    try:
        await core.daily.start("coins", 1, "Alice", GUILD)
        resumed = await core.daily.start("coins", 1, "Alice", GUILD)   # resumes, no new deal
        assert resumed.moves == (await core.daily.attempt("coins", 1)).moves
        done, _ = await _play_out(core, "coins", 1)
        with pytest.raises(DailyError) as refused:
            await core.daily.start("coins", 1, "Alice", GUILD)
        assert re.fullmatch(r"You have played Coins daily #\d+ already \(\d+ coins?\)\. The "
                            r"next deal comes at midnight UTC\.", said(refused.value))
        with pytest.raises(TableError, match="is over for you"):
            await core.daily.act("coins", 1, "play 1O")
        assert (await core.daily.attempt("coins", 1)).moves == done.moves   # untouched
        await clock.advance(DAY_SECONDS)
        tomorrow = await core.daily.start("coins", 1, "Alice", GUILD)
        assert tomorrow.day == done.day + 1 and not tomorrow.finished
        assert tomorrow.state.to_json() != done.state.to_json()
    finally:
        await core.stop()


async def test_bad_input_is_refused_and_changes_nothing(tmp_path) -> None:
    core = await _core(tmp_path / "d.db", ManualClock(START))
    try:
        with pytest.raises(TableError, match="There is no daily deal of 'bridge'. Daily "
                                             "games: coins, pinkerton, piquet, starshina, "
                                             "thirteens."):
            await core.daily.start("bridge", 1, "Alice")
        with pytest.raises(TableError, match="You have no Coins daily #"):
            await core.daily.act("coins", 1, "play 1O")
        before = await core.daily.start("coins", 1, "Alice")
        with pytest.raises(TableError):
            await core.daily.act("coins", 1, "fly away")
        with pytest.raises(TableError, match="earlier position"):
            await core.daily.act("coins", 1, before.legal_actions()[0],
                                 expect_move=before.moves + 5)
        after = await core.daily.attempt("coins", 1)
        assert after.state.to_json() == before.state.to_json() and after.moves == before.moves
    finally:
        await core.stop()



async def test_an_attempt_another_process_saved_first_is_refused_kindly(tmp_path,
                                                                       monkeypatch) -> None:
    """Two bot processes on one database: the one that looked before the other saved loses
    the insert, says so and leaves the saved attempt alone."""
    core = await _core(tmp_path / "d.db", ManualClock(START))
    try:
        saved = await core.daily.start("coins", 1, "Alice")
        load = core.daily._load

        async def not_saved_yet(*args):   # what this process saw before the other's commit
            monkeypatch.setattr(core.daily, "_load", load)
            return None

        monkeypatch.setattr(core.daily, "_load", not_saved_yet)
        with pytest.raises(TableError, match="already"):
            await core.daily.start("coins", 1, "Alice")
        after = await core.daily.attempt("coins", 1)
        assert after.state.to_json() == saved.state.to_json() and after.moves == saved.moves
    finally:
        await core.stop()

async def test_standings_hidden_until_played_then_ranked_here_and_everywhere(tmp_path) -> None:
    core = await _core(tmp_path / "d.db", ManualClock(START))
    try:
        await core.daily.start("coins", 1, "Alice", GUILD)
        await _play_out(core, "coins", 1)
        await core.daily.start("coins", 2, "Bob", GUILD)
        await _play_out(core, "coins", 2, pick=lambda legal: legal[-1])
        await core.daily.start("coins", 3, "Carol", OTHER_GUILD)
        with pytest.raises(TableError, match="stay hidden until you have played it"):
            await core.daily.standings("coins", 3, OTHER_GUILD)   # started, not finished
        with pytest.raises(TableError, match="stay hidden"):
            await core.daily.standings("coins", 4, None)          # never started
        with pytest.raises(TableError, match="not finished"):
            await core.daily.result("coins", 3)
        await _play_out(core, "coins", 3)
        here = await core.daily.standings("coins", 1, GUILD)
        assert here.scope == "here" and here.count == 2
        assert {r.name for r in here.rows} == {"Alice", "Bob"}
        everywhere = await core.daily.standings("coins", 1, None)
        assert everywhere.count == 3 and len(everywhere.rows) == 3
        scores = [r.score for r in everywhere.rows]
        assert scores == sorted(scores, reverse=True)
        assert everywhere.rows[0].position == 1
        result = await core.daily.result("coins", 1)
        assert result.count_here == 2 and result.count_all == 3
        assert 1 <= result.rank_here <= 2 and 1 <= result.rank_all <= 3
        line = words.share_line(result)
        assert line.startswith(f"Coins daily #{result.attempt.number}: ")
        assert line.endswith(" of 2 here")
        assert "{" not in line and "None" not in line
        text = " ".join(words.summary(result))
        assert "Par, what the easy AI scored from your seat, is" in text
        assert "streak: 1 day." in text
        # The same in Polish and Russian: plural forms and places in their words.
        for code, streak in (("pl", "1 dzień"), ("ru", "1 день")):
            lang = lang_for(code)
            text = " ".join(words.summary(result, lang))
            assert streak in text and "Par" not in text, text
            assert words.title("coins", result.attempt.day, lang) in words.share_line(
                result, lang)
        # Par is computed once and stored.
        par = await core.store.fetchall("SELECT * FROM daily_par")
        assert len(par) == 1 and par[0]["score"] == result.par == everywhere.par
    finally:
        await core.stop()


async def test_streaks_count_consecutive_utc_days(tmp_path) -> None:
    clock = ManualClock(START)
    core = await _core(tmp_path / "d.db", clock)
    try:
        for _ in range(3):   # three days in a row
            await core.daily.start("coins", 1, "Alice")
            await _play_out(core, "coins", 1)
            clock_day = core.daily.today()
            assert await core.daily.streak(1, clock_day) >= 1
            await clock.advance(DAY_SECONDS)
        assert await core.daily.streak(1) == 3            # today not played yet: still 3
        await core.daily.start("piquet", 1, "Alice")        # any game counts
        await _play_out(core, "piquet", 1)
        assert await core.daily.streak(1) == 4
        await clock.advance(2 * DAY_SECONDS)              # a day missed
        assert await core.daily.streak(1) == 0
        await core.daily.start("coins", 1, "Alice")
        await _play_out(core, "coins", 1)
        assert (await core.daily.result("coins", 1)).streak == 1
    finally:
        await core.stop()


async def test_a_restart_in_the_middle_of_an_attempt_loses_nothing(tmp_path) -> None:
    clock = ManualClock(START)
    core = await _core(tmp_path / "d.db", clock)
    await core.daily.start("thirteens", 1, "Alice", GUILD)
    mid, log_mid = await _play_out(core, "thirteens", 1, stop_after=4)
    await core.stop()
    core = await _core(tmp_path / "d.db", clock)       # a new process, the same database
    try:
        back = await core.daily.start("thirteens", 1, "Alice", GUILD)
        assert back.moves == mid.moves and back.state.to_json() == mid.state.to_json()
        assert back.legal_actions() == mid.legal_actions()
        done, log_done = await _play_out(core, "thirteens", 1)
        assert log_done[:len(log_mid)] == log_mid
        # The same moves without a restart give the same game.
        await core.daily.start("thirteens", 2, "Bob", GUILD)
        _, log_bob = await _play_out(core, "thirteens", 2)
        assert log_bob == log_done
    finally:
        await core.stop()
