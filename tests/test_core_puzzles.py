"""The puzzle service (bot/core/puzzles.py, issue 49): puzzles issued from the pool and
answered once, the puzzle rating, the daily puzzle and its streak over days, reports,
the pool's exclusions, refusals that change nothing, and the mining of finished games
(after the game, and again after a restart).  The answers and the pool run on SQLite and
PostgreSQL (tests/backends.py)."""

from __future__ import annotations

import asyncio
import json

import pytest

from bot.core import Core, ManualClock
from bot.core.daily_rules import DAY_SECONDS
from bot.core.puzzles import PuzzleError
from bot.i18n import lang_for
from bot.present.messages import said
from bot.present.puzzle import puzzle_text
from rules.cards import CARD_TEXT
from tests.puzzle_pool import MORE_GAMES, answer_of, fill
from tests.test_core_helpers import (
    BOB,
    HOST,
    NAMES,
    config,
    make_table,
    play_first_legal,
    running_core,
)


async def _state_of(core: Core) -> list:
    """Every row the answers and the pool keep: what a refusal must leave as it was."""
    out = []
    for table in ("puzzle_issues", "puzzle_players", "puzzle_reports", "puzzle_daily"):
        out.append([tuple(r) for r in await core.store.fetchall(f"SELECT * FROM {table}")])
    out.append([tuple(r) for r in await core.store.fetchall(
        "SELECT id, mu, sigma, reported FROM puzzles ORDER BY id")])
    return out


async def test_next_answer_and_standing(tmp_path, backend) -> None:
    async with running_core(tmp_path) as env:
        core = env.core
        assert await fill(core) >= 4
        first = await core.puzzles.next(HOST)
        assert first.names.count("You") == 1 and first.names[first.seat] == "You"
        assert 2 <= len(first.moves) <= 8 and first.rating == 1500 and first.daily is None
        assert await answer_of(core, first.puzzle_id) in first.moves
        # Asked again before answering: the same puzzle; and as it was issued, by its id.
        assert (await core.puzzles.next(HOST)).puzzle_id == first.puzzle_id
        again = await core.puzzles.issued(HOST, first.puzzle_id)
        assert (again.moves, again.seat, again.state.to_json()) == \
            (first.moves, first.seat, first.state.to_json())
        with pytest.raises(PuzzleError):
            await core.puzzles.issued(BOB, first.puzzle_id)
        right = await core.puzzles.answer(HOST, first.puzzle_id,
                                          await answer_of(core, first.puzzle_id))
        assert right.correct and right.counted and right.cost == 0.0 and right.reasons
        assert right.rating_before == 1500 < right.rating_after and right.streak == 0
        second = await core.puzzles.next(HOST)
        assert second.puzzle_id != first.puzzle_id
        best = await answer_of(core, second.puzzle_id)
        wrong = next(m for m in second.moves if m != best)
        got = await core.puzzles.answer(HOST, second.puzzle_id, wrong)
        assert not got.correct and got.played == wrong and got.answer == best and got.cost > 0
        assert got.rating_before == right.rating_after > got.rating_after
        standing = await core.puzzles.standing(HOST)
        assert (standing.rating, standing.solved, standing.tried) == (got.rating_after, 1, 2)
        # The puzzles' own ratings moved too: solved is easier, missed harder.
        rows = {r["id"]: r["mu"] for r in await core.store.fetchall(
            "SELECT id, mu FROM puzzles")}
        assert rows[first.puzzle_id] < 25.0 < rows[second.puzzle_id]
        # Only of one game when asked: every puzzle of Coins, then none left.
        coins = await core.puzzles.next(BOB, "coins")
        assert coins.game == "coins"
        await core.puzzles.answer(BOB, coins.puzzle_id, coins.moves[0])
        with pytest.raises(PuzzleError) as e:
            await core.puzzles.next(BOB, "coins")
        assert "every puzzle of Coins" in str(e.value)
        assert "Coins" in said(e.value, lang_for("pl"))


async def test_a_move_given_as_the_parser_reads_it_counts(tmp_path) -> None:
    async with running_core(tmp_path) as env:
        await fill(env.core, (("piquet", 2, 1),))
        shown = await env.core.puzzles.next(HOST)
        best = await answer_of(env.core, shown.puzzle_id)
        got = await env.core.puzzles.answer(HOST, shown.puzzle_id, "  " + best.upper() + " ")
        assert got.correct and got.played == best


async def test_an_empty_pool_says_where_puzzles_come_from(tmp_path) -> None:
    async with running_core(tmp_path) as env:
        with pytest.raises(PuzzleError) as e:
            await env.core.puzzles.next(HOST, "piquet")
        assert str(e.value) == ("No puzzles of Piquet yet: they come from finished games; "
                                "play one and come back.")
        with pytest.raises(PuzzleError) as e:
            await env.core.puzzles.next(HOST)
        assert "they come from finished games" in str(e.value)
        with pytest.raises(PuzzleError) as e:
            await env.core.puzzles.daily(HOST)
        assert "no daily puzzle yet" in str(e.value)
        assert said(e.value, lang_for("ru")) != str(e.value)   # worded in Russian


async def test_bad_answers_change_nothing(tmp_path, backend) -> None:
    async with running_core(tmp_path) as env:
        core = env.core
        await fill(core)
        shown = await core.puzzles.next(HOST)
        other = await core.puzzles.next(BOB)
        before = await _state_of(core)
        # Never issued to this user (another's puzzle, or none at all).
        for pid in (other.puzzle_id if other.puzzle_id != shown.puzzle_id else 10_000, 10_000):
            if pid == shown.puzzle_id:
                continue
            with pytest.raises(PuzzleError) as e:
                await core.puzzles.answer(HOST, pid, shown.moves[0])
            assert "never given to you" in str(e.value)
        # Not one of its moves: a move of no game, and a legal-looking one it does not have.
        for bad in ("fly away", "play 2X", ""):
            with pytest.raises(PuzzleError) as e:
                await core.puzzles.answer(HOST, shown.puzzle_id, bad)
            assert "is not one of this puzzle's moves" in str(e.value)
        with pytest.raises(PuzzleError):
            await core.puzzles.report(HOST, 10_000)
        assert await _state_of(core) == before
        # Withdrawn: reported (by its solver), it cannot be answered and leaves the pool.
        await core.puzzles.report(HOST, shown.puzzle_id)
        with pytest.raises(PuzzleError) as e:
            await core.puzzles.answer(HOST, shown.puzzle_id, shown.moves[0])
        assert "reported as wrong" in str(e.value)
        assert (await core.puzzles.standing(HOST)).tried == 0
        assert (await core.puzzles.next(HOST)).puzzle_id != shown.puzzle_id


async def test_a_second_answer_and_two_at_once_count_once(tmp_path, backend) -> None:
    async with running_core(tmp_path) as env:
        core = env.core
        await fill(core)
        shown = await core.puzzles.next(HOST)
        best = await answer_of(core, shown.puzzle_id)
        wrong = next(m for m in shown.moves if m != best)
        both = await asyncio.gather(core.puzzles.answer(HOST, shown.puzzle_id, best),
                                    core.puzzles.answer(HOST, shown.puzzle_id, wrong))
        assert sorted(a.counted for a in both) == [False, True]
        first = next(a for a in both if a.counted)
        again = next(a for a in both if not a.counted)
        # The second gets the first's result, whatever it chose.
        assert (again.correct, again.played, again.rating_after) == \
            (first.correct, first.played, first.rating_after)
        standing = await core.puzzles.standing(HOST)
        assert standing.tried == 1 and standing.rating == first.rating_after
        # A stale one: superseded by a newer puzzle, still answerable once, then stale.
        old = await core.puzzles.next(HOST)
        newer_row = await core.store.fetchone(
            "SELECT id FROM puzzles WHERE id NOT IN (?, ?) ORDER BY id LIMIT 1",
            (shown.puzzle_id, old.puzzle_id))
        await core.store.write(("INSERT INTO puzzle_issues (user_id, puzzle_id, issued) "
                                "VALUES (?, ?, ?)", (HOST, newer_row["id"], env.clock.now() + 1)))
        assert (await core.puzzles.next(HOST)).puzzle_id == newer_row["id"]
        late = await core.puzzles.answer(HOST, old.puzzle_id, old.moves[0])
        assert late.counted
        stale = await core.puzzles.answer(HOST, old.puzzle_id, old.moves[-1])
        assert not stale.counted and stale.played == late.played
        assert (await core.puzzles.standing(HOST)).tried == 2


async def test_the_pool_leaves_out_reported_daily_and_live_deals(tmp_path, backend) -> None:
    async with running_core(tmp_path) as env:
        core = env.core
        today = core.puzzles.today()
        # Only from today's daily deal: not before the day is over.
        n = await fill(core, (("piquet", 2, 1),), day=today)
        with pytest.raises(PuzzleError):
            await core.puzzles.next(HOST)
        await env.clock.advance(DAY_SECONDS)
        assert (await core.puzzles.next(HOST)).game == "piquet"
        # From a deal being played at a table (the same game and seed): left out until over.
        info = await make_table(core, "coins", humans=[BOB], ais=["random", "random"],
                                channel=5, seed=77)
        await fill(core, (("coins", 3, 1),), seed_of=77)
        with pytest.raises(PuzzleError):
            await core.puzzles.next(BOB, "coins")
        # Issued before that deal was dealt again: not answered while it is played.
        await core.store.write(("INSERT INTO puzzle_issues (user_id, puzzle_id, issued) "
                                "SELECT ?, id, 0 FROM puzzles WHERE game = 'coins'", (HOST,)))
        held = await core.store.fetchone("SELECT id FROM puzzles WHERE game = 'coins'")
        before = await _state_of(core)
        with pytest.raises(PuzzleError) as e:
            await core.puzzles.answer(HOST, held["id"], "play KE")
        assert "being played right now" in str(e.value)
        assert await _state_of(core) == before
        await play_first_legal(core, info.channel_id)
        await core.settle()
        assert (await core.puzzles.answer(HOST, held["id"], "play KE")).counted
        coins = await core.puzzles.next(BOB, "coins")
        # Reported by one player: gone for everyone.
        await core.puzzles.report(BOB, coins.puzzle_id)
        with pytest.raises(PuzzleError):
            await core.puzzles.next(HOST, "coins")
        assert n >= 1


async def test_the_daily_puzzle_and_its_streak_over_days(tmp_path, backend) -> None:
    clock = ManualClock(start=1_764_633_600.0)     # 2025-12-02 00:00 UTC
    async with running_core(tmp_path, clock=clock) as env:
        core = env.core
        await fill(core)

        async def solve(user: int, right: bool = True):
            shown = await core.puzzles.daily(user)
            best = await answer_of(core, shown.puzzle_id)
            move = best if right else next(m for m in shown.moves if m != best)
            return shown, await core.puzzles.answer(user, shown.puzzle_id, move)

        shown, got = await solve(HOST)
        assert shown.daily == "2025-12-02" and got.streak == 1
        assert (await core.puzzles.daily(BOB)).puzzle_id == shown.puzzle_id   # one for all
        await clock.advance(DAY_SECONDS)
        shown2, got = await solve(HOST)
        assert shown2.puzzle_id != shown.puzzle_id and got.streak == 2
        await clock.advance(2 * DAY_SECONDS)           # a missed day: the streak is broken
        standing = await core.puzzles.standing(HOST)
        assert (standing.streak, standing.best_streak) == (0, 2)
        _, got = await solve(HOST)
        assert got.streak == 1
        await clock.advance(DAY_SECONDS)
        _, got = await solve(HOST, right=False)        # a wrong answer resets it
        assert got.streak == 0 and not got.correct
        standing = await core.puzzles.standing(HOST)
        assert (standing.streak, standing.best_streak, standing.solved, standing.tried) == \
            (0, 2, 3, 4)


async def test_puzzle_text_shows_only_the_solvers_view_and_no_names(tmp_path) -> None:
    async with running_core(tmp_path) as env:
        core = env.core
        count = await fill(core, MORE_GAMES)
        for _ in range(count):
            shown = await core.puzzles.next(HOST)
            deck = shown.state.game.deck
            seen = json.dumps(shown.state.view(shown.seat))
            hidden = {CARD_TEXT[c] for s, hand in enumerate(shown.state.hands) if s != shown.seat
                      for c in hand} - {code for code in _codes(seen)}
            assert hidden, "the other seats hold cards the solver cannot see"
            for lang in ("en", "pl", "ru"):
                text = puzzle_text(shown, lang_for(lang))
                assert text.endswith({"en": "Find the best move.", "pl": "Znajdź najlepszy "
                                      "ruch.", "ru": "Найдите лучший ход."}[lang])
                for code in hidden:
                    assert deck.parse_card(code).pretty not in text, (code, text)
                for name in [*NAMES.values(), "Ada", "Bob"]:
                    assert name not in text
            await core.puzzles.answer(HOST, shown.puzzle_id, shown.moves[0])


def _codes(text: str) -> set[str]:
    import re
    return set(re.findall(r"\b(?:10|[2-9TJQKANX])[CDHSOEBU12]\b", text))


async def test_a_finished_game_is_mined_and_a_restart_takes_it_up(tmp_path) -> None:
    path = tmp_path / "parlour.db"
    kw = dict(puzzle_budget=4, puzzle_check_budget=8, skill_executor="inline")
    core = Core(config(path, **kw), clock=ManualClock())
    await core.start()
    try:
        info = await make_table(core, "piquet", humans=[HOST], ais=["random"], seed=3)
        await play_first_legal(core, info.channel_id)
        await core.settle()
        await core.puzzles.wait()
        rows = await core.store.fetchall("SELECT * FROM puzzle_sources")
        assert [(r["source"], r["status"]) for r in rows] == [(f"game:{info.table_id}", "done")]
        mined = await core.store.fetchall("SELECT * FROM puzzles")
        assert len(mined) == rows[0]["found"] and len(mined) <= 3
        assert all(r["game_id"] == info.table_id and r["seed"] == 3 for r in mined)
        # The position round-trips exactly.
        from bot import plugins
        for r in mined:
            assert plugins.engine("piquet").state_from_json(r["state"]).to_json() == r["state"]
        # Stopped before mining: the source stays pending and is mined after the restart.
        await core.store.write(("UPDATE puzzle_sources SET status = 'pending'", ()),
                               ("DELETE FROM puzzles", ()))
    finally:
        await core.stop()
    again = Core(config(path, **kw), clock=ManualClock())
    await again.start()
    try:
        await again.puzzles.wait()
        row = await again.store.fetchone("SELECT status, found FROM puzzle_sources")
        assert row is not None and row["status"] == "done"
        assert len(await again.store.fetchall("SELECT id FROM puzzles")) == row["found"]
    finally:
        await again.stop()


async def test_a_finished_daily_attempt_is_mined_and_waits_for_its_day_to_end(tmp_path) -> None:
    clock = ManualClock(start=1_780_000_000.0)
    core = Core(config(tmp_path / "parlour.db", puzzle_budget=4, puzzle_check_budget=8,
                       skill_executor="inline", daily_ai_level="easy",
                       daily_par_level="easy"), clock=clock)
    await core.start()
    try:
        attempt = await core.daily.start("piquet", HOST, "Alice")
        while not attempt.finished:
            attempt = await core.daily.act("piquet", HOST, attempt.legal_actions()[0],
                                           expect_move=attempt.moves)
        await core.puzzles.wait()
        day = core.puzzles.today()
        row = await core.store.fetchone("SELECT * FROM puzzle_sources")
        assert row is not None and row["source"] == f"daily:{day}:piquet:{HOST}"
        assert row["status"] == "done" and row["day"] == day
        found = await core.store.fetchall("SELECT day, seed, game_id FROM puzzles")
        assert len(found) == row["found"]
        assert all(r["day"] == day and r["game_id"] is None for r in found)
        assert found      # this seeded deal holds one; not before the day is over
        with pytest.raises(PuzzleError):
            await core.puzzles.next(BOB, "piquet")
        await clock.advance(DAY_SECONDS)
        assert (await core.puzzles.next(BOB, "piquet")).game == "piquet"
    finally:
        await core.stop()
