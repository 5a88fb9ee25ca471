"""Table core: every registered game (every variant) played to the end by AI seats,
replays that reproduce it, the AI runners, and per-table memory."""

from __future__ import annotations

import gc
import tracemalloc

import pytest

import rules
from bot.core import GameOver, InlineRunner, ProcessRunner, ThreadRunner
from bot.core.ai_runner import _choose, choose_action, fallback_chain
from tests.test_core_helpers import HOST, make_table, running_core

pytestmark = pytest.mark.usefixtures("backend")  # SQLite and PostgreSQL

CONFIGS = [(name, n, opts) for name, game in sorted(rules.GAMES.items())
           for n, opts in game.configurations()]


def _id(config) -> str:
    name, n, opts = config
    return f"{name}-{n}-" + ("-".join(f"{k}={v}" for k, v in opts.items()) or "default")


def test_every_game_and_piquet_variant_is_covered() -> None:
    names = {c[0] for c in CONFIGS}
    assert names == set(rules.GAMES) and {"coins", "piquet", "starshina", "thirteens",
                                          "pinkerton"} <= names
    variants = {c[2].get("variant", "rubicon") for c in CONFIGS if c[0] == "piquet"}
    assert variants == {"rubicon", "au_cent", "normand", "a_quatre", "auction"}


@pytest.mark.parametrize("config", CONFIGS, ids=[_id(c) for c in CONFIGS])
async def test_full_game_by_ai_seats_and_its_replay(tmp_path, config) -> None:
    name, n, opts = config
    async with running_core(tmp_path) as env:
        core = env.core
        # Seed 20: every configuration runs to the end in a few hands (at most 480 moves;
        # seed 3 ran Starshina to some 2,450 moves, as many as the other games together).
        info = await make_table(core, name, humans=[], ais=["random"] * n, options=opts, seed=20)
        assert core.table(1) is None  # played to the end during settle
        [over] = env.updates(GameOver)
        assert over.reason == "complete" and over.abandoned == ()
        assert over.result["ranks"] and len(over.result["scores"]) == n
        assert over.rating_changes == ()  # AI-only games rate nobody
        rows = await core.store.load_actions(info.table_id)
        assert [r["move"] for r in rows] == list(range(1, over.table.move + 1))
        assert {r["actor"] for r in rows} == {"ai"}
        replay = await core.replay(over.game_id)
        last = None
        for step in replay.steps():
            last = step.state
        assert last.is_over and last.result() == over.result
        assert last.view(None) == over.view
        [game] = await core.recent_games(channel_id=1)
        assert game.game == name and game.options == info.options and game.moves == len(rows)


def test_fallback_chain_and_budget_passing() -> None:
    assert fallback_chain("hard") == ("hard", "normal", "easy", "random")
    assert fallback_chain("easy") == ("easy", "random")
    assert fallback_chain("nonsense") == ("random",)

    class Budgeted:
        def __init__(self) -> None:
            self.budget = "unset"

        def choose(self, state, seat, time_budget=None):
            self.budget = time_budget
            return state.legal_actions(seat)[0]

    class Plain:
        def choose(self, state, seat):
            return state.legal_actions(seat)[-1]

    state = rules.get_game("coins").new_state(3, seed=1)
    seat = state.current_seat
    budgeted = Budgeted()
    assert _choose(budgeted, state, seat, 0.05) == state.legal_actions(seat)[0]
    assert budgeted.budget == 0.05
    assert _choose(Plain(), state, seat, 0.05) == state.legal_actions(seat)[-1]


def test_whether_a_player_takes_a_time_budget_is_looked_up_once_per_kind(monkeypatch) -> None:
    import bot.core.ai_runner as runner

    class Budgeted:
        def choose(self, state, seat, time_budget=None):
            return state.legal_actions(seat)[0]
    looked = []
    real = runner.inspect.signature

    def counted(fn):
        looked.append(fn)
        return real(fn)
    monkeypatch.setattr(runner.inspect, "signature", counted)
    state = rules.get_game("coins").new_state(3, seed=1)
    for _ in range(5):
        _choose(Budgeted(), state, state.current_seat, 0.05)
    assert len(looked) == 1


def test_choose_action_always_returns_a_legal_move(monkeypatch) -> None:
    import bot.core.ai_runner as runner

    state = rules.get_game("piquet").new_state(2, seed=5)
    seat = state.current_seat
    legal = {str(a) for a in state.legal_actions(seat)}

    def missing(level, game, seed=0):
        if level != "random":
            raise ImportError("no such AI yet")
        return rules.ai.players.RandomPlayer(seed)

    monkeypatch.setattr(runner, "make_player", missing)
    assert choose_action(state, seat, "hard", seed=1) in legal  # fell back to random

    class Cheater:
        def choose(self, state, seat):
            return rules.get_game("piquet").parse_action("play AS")

    monkeypatch.setattr(runner, "make_player",
                        lambda level, game, seed=0: Cheater() if level == "easy"
                        else rules.ai.players.RandomPlayer(seed))
    assert choose_action(state, seat, "easy", seed=1) in legal  # illegal answer refused


@pytest.mark.parametrize("runner_class", [InlineRunner, ThreadRunner, ProcessRunner])
async def test_runners_agree_and_leave_the_state_alone(runner_class) -> None:
    state = rules.get_game("thirteens").new_state(4, seed=9)
    seat = state.current_seat
    before = state.to_json()
    runner = runner_class() if runner_class is InlineRunner else runner_class(1)
    try:
        text = await runner.choose(state, seat, "random", 42, time_budget=0.1)
    finally:
        runner.close()
    assert text == choose_action(state.clone(), seat, "random", 42)
    assert state.to_json() == before


async def test_per_table_memory_stays_small(tmp_path) -> None:
    async with running_core(tmp_path) as env:
        core = env.core
        await make_table(core, "piquet", humans=[HOST], ais=["random"], channel=999)
        gc.collect()
        tracemalloc.start()
        try:
            base, _ = tracemalloc.get_traced_memory()
            tables = 20
            for ch in range(1, tables + 1):
                game = ("coins", "piquet", "thirteens", "pinkerton")[ch % 4]
                ais = ["random"] * (2 if game != "piquet" else 1)
                await make_table(core, game, humans=[HOST], ais=ais, channel=ch, seed=ch,
                                 turn_seconds=60)
            env.updates()  # the test's own subscriber queue is not table memory
            gc.collect()
            used, _ = tracemalloc.get_traced_memory()
        finally:
            tracemalloc.stop()
        per_table = (used - base) / tables
        assert len(core.tables()) == tables + 1
        print(f"per-table memory: {per_table:.0f} bytes")
        assert per_table < 100_000, f"{per_table:.0f} bytes per table"
