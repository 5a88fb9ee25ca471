"""Hand DMs: whether a deal's DM is due is decided from the view's deal count alone, so
the moves of a deal already DM'd build no scene; and through the fake Discord, with
people who answer at once (a deal passes in about a second), every deal's DM shows that
deal's hand as dealt and none is missing, also when DMs queue behind rate limits."""

from __future__ import annotations

import asyncio
import contextlib
import random
import re

import pytest

from bot.core import TableError
from bot.discordbot import scene_view
from bot.discordbot.services.hand_dms import HandDms
from bot.present import present
from bot.present.art.positions import NAMES, positions
from tests.fakediscord.players import TableDriver, parlour_bot

GAMES = ("coins", "pinkerton", "piquet", "starshina", "thirteens")


@pytest.mark.parametrize("game", GAMES)
def test_the_views_deal_count_is_the_scenes(game: str) -> None:
    for state in positions(game, 300, seed=5):
        for seat in range(state.n):
            view = state.view(seat)
            assert int(view.get("deal_no") or 0) == present(view, NAMES).deal_no


def test_a_deal_is_due_until_its_dm_is_queued_or_sent() -> None:
    dms = HandDms.__new__(HandDms)   # the bookkeeping alone: no bot, store or Discord
    dms.sent, dms.queued, dms.closed = {(1, 7): 2}, {}, set()
    assert not dms.due(1, 7, 2)                    # sent already
    assert dms.due(1, 7, 3)
    assert dms.due(1, 7, 3)                        # asking does not queue it...
    assert dms.wants(1, 7, 3) and not dms.due(1, 7, 3)   # ...wanting it does
    dms.closed.add((1, 8))
    assert not dms.due(1, 8, 1)                    # DMs refused


# --- through the fake Discord: people who answer at once -------------------------------


def dealt_texts(replay, table_id: int, channel_id: int, seat: int) -> dict[int, str]:
    """The DM each deal should give ``seat``: its hand as dealt (the first state of the
    deal), worded as the DM words it, without the move line."""
    names = replay.names
    first = {}
    state = replay.initial_state()
    first[int(state.view(seat)["deal_no"])] = (state.view(seat), 0)
    for step in replay.steps():
        if step.state.is_over:
            break
        view = step.state.view(seat)
        first.setdefault(int(view.get("deal_no") or 0), (view, step.move))
    return {n: _without_move(scene_view.dm_text(present(v, names, recent=1), "Piquet",
                                                channel_id, n, table_id, move))
            for n, (v, move) in first.items()}


def _without_move(text: str) -> str:
    return "\n".join(text.splitlines()[:-1])


async def play_at_once(core, channel_id: int, seed: int, timeout: float = 120.0) -> None:
    """The humans move the moment it is their turn (a random legal move each)."""
    rng = random.Random(seed)
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while (info := core.table(channel_id)) is not None and info.status == "playing":
        seat = info.seats[info.current_seat] if info.current_seat is not None else None
        if seat is None or seat.user_id is None or seat.ai_level is not None:
            await asyncio.sleep(0)
            continue
        legal = core.legal_actions(channel_id, seat.user_id)
        try:
            await core.act(channel_id, seat.user_id, rng.choice(legal), expect_move=info.move)
        except TableError:
            pass   # the table moved meanwhile: look again
        assert loop.time() < deadline, "the partie did not end in time"


@pytest.mark.parametrize("limited", [False, True], ids=["open", "rate-limited"])
async def test_every_deal_dm_shows_that_deal_as_dealt(fake_discord, tmp_path,
                                                      limited: bool) -> None:
    fake, s = fake_discord, fake_discord.scene
    fake.settle_quiet = 0.02
    people = (s.alice, s.bob)
    if limited:   # DMs queue behind 429s on the DM route and Discord's global limit
        for user in people:
            dm = fake.world.dm_channel(user)
            fake.inject_429("POST", rf"/channels/{dm.id}/messages$", count=3, retry_after=0.4)
        fake.inject_429("POST", r"/channels/\d+/messages$", count=2, retry_after=0.5,
                        is_global=True)
    bot = parlour_bot(fake, tmp_path / "p.db", table_seed=11)
    async with fake.run_bot(bot):
        t = TableDriver(fake, bot, s.table)
        await t.open(s.alice, "piquet", {})
        await t.expect_ok(s.bob, "table join")
        await t.expect_ok(s.alice, "table start")
        table_id = bot.core.table(s.table.id).table_id
        await play_at_once(bot.core, s.table.id, seed=4)
        replay = await bot.core.replay(table_id)
        seats = [p["user_id"] for p in replay.record.players]
        wanted = {u.id: dealt_texts(replay, table_id, s.table.id, seats.index(u.id))
                  for u in people}
        assert all(len(w) == 6 for w in wanted.values()), wanted   # a partie of six deals
        with contextlib.suppress(AssertionError):   # what is missing is said below
            await fake.wait_until(lambda: all(len(fake.dms(u)) >= 6 for u in people), timeout=30)
        await fake.settle()
        for user in people:
            got = {}
            for m in fake.dms(user):
                n = int(re.search(r"\(deal (\d+)\)", m.text).group(1))
                assert n not in got, f"deal {n} DMed twice"
                got[n] = _without_move(m.text)
            assert sorted(got) == sorted(wanted[user.id]), "a deal's DM is missing"
            for n, text in wanted[user.id].items():
                assert got[n] == text, (n, got[n], text)
