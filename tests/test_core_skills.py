"""Accuracy and luck of every finished game, stored by the core (bot/core/skills.py, issue
49): computed once the game is over, one SkillReady on the owner's hub, figures per seat
in ``game_skills``; pending work survives a restart; off (budget 0) nothing is computed."""

from __future__ import annotations

from bot.core import Core, ManualClock, SkillReady
from tests.test_core_helpers import HOST, config, make_table, play_first_legal, running_core

BUDGET = 2     # tiny: a Coins game's figures in seconds


async def _finish(core: Core, channel: int = 1) -> int:
    info = await make_table(core, "coins", humans=[HOST], ais=["random", "random"],
                            channel=channel)
    await play_first_legal(core, channel)
    await core.settle()
    return info.table_id


async def test_a_finished_game_gets_accuracy_and_luck_for_every_seat(tmp_path) -> None:
    async with running_core(tmp_path, skill_budget=BUDGET, skill_executor="inline") as env:
        game_id = await _finish(env.core)
        ready = env.updates(SkillReady)
        assert len(ready) == 1 and ready[0].game_id == game_id
        assert [s.seat for s in ready[0].skills] == [0, 1, 2]
        assert all(0 < s.accuracy <= 100 and s.low <= s.accuracy <= s.high
                   for s in ready[0].skills)
        assert abs(sum(s.luck for s in ready[0].skills)) < 0.01   # centred
        figures = await env.core.skills.get(game_id)
        assert figures is not None and [f.accuracy for f in figures] == \
            [s.accuracy for s in ready[0].skills]
        rows = await env.core.store.fetchall(
            "SELECT seat, user_id, status FROM game_skills WHERE game_id = ? ORDER BY seat",
            (game_id,))
        assert [(r["seat"], r["user_id"], r["status"]) for r in rows] == \
            [(0, HOST, "done"), (1, None, "done"), (2, None, "done")]


async def test_off_by_default_nothing_is_computed(tmp_path) -> None:
    async with running_core(tmp_path) as env:
        game_id = await _finish(env.core)
        assert env.updates(SkillReady) == []
        assert await env.core.skills.get(game_id) is None
        assert await env.core.store.fetchall("SELECT * FROM game_skills") == []


async def test_figures_cut_by_a_restart_are_computed_after_it(tmp_path) -> None:
    path = tmp_path / "parlour.db"
    core = Core(config(path), clock=ManualClock())
    await core.start()
    try:
        game_id = await _finish(core)
        # What the service stores before the work starts; the bot stops before it ends.
        await core.store.write(*[(
            "INSERT INTO game_skills (game_id, seat, user_id, game, guild_id, status, "
            "budget, requested) VALUES (?, ?, NULL, 'coins', NULL, 'pending', ?, 0)",
            (game_id, seat, BUDGET)) for seat in range(3)])
    finally:
        await core.stop()
    again = Core(config(path, skill_budget=BUDGET, skill_executor="inline"),
                 clock=ManualClock())
    seen = again.subscribe()
    started = await again.start()
    try:
        assert started == []     # pending figures are no table resumed
        await again.settle()
        assert (await again.skills.get(game_id)) is not None
        assert [u.game_id for u in seen.drain() if isinstance(u, SkillReady)] == [game_id]
    finally:
        await again.stop()
