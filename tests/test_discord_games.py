"""Whole games of all five games through the fake Discord, by simulated users.

Each game is opened, joined (button and command), started, played to the end
through the hand panel, ``/play`` autocomplete and buttons, and checked:
the channel only ever showed public cards, each user only their own, and the
leaderboard counts the game.  Deal seeds are picked (``find_seed``) so that
the games are short.
"""

from __future__ import annotations

import time

import pytest

from tests.fakediscord import FakeDiscord
from tests.fakediscord.players import TableDriver, find_seed, parlour_bot
from tests.fakediscord.privacy import channel_leaks, game_truth, private_leaks

pytestmark = pytest.mark.usefixtures("backend")  # SQLite and PostgreSQL

# game, options, seats in joining order: (user name, mode) or an AI level
GAMES = {
    "coins": ({"target": 10}, [("alice", "mixed"), ("dave", "panel"), "easy"], 40),
    "starshina": ({"rules": "classic"}, [("carol", "mixed"), "easy", "easy"], 40),
    "thirteens": ({"target": 10}, [("bob", "play"), ("alice", "panel"), "easy"], 40),
    "piquet": ({"variant": "au_cent"}, [("alice", "panel"), "easy"], 30),
    "pinkerton": ({"target": 10}, [("bob", "panel"), ("carol", "mixed")], 40),
}


@pytest.mark.parametrize("game", sorted(GAMES))
async def test_whole_game(fake_discord: FakeDiscord, tmp_path, game: str) -> None:
    fake, s = fake_discord, fake_discord.scene
    fake.settle_quiet = 0.02
    options, lobby, budget = GAMES[game]
    kinds = ["human" if isinstance(x, tuple) else x for x in lobby]
    seed, _ = await find_seed(game, options, kinds, max_human_moves=budget)
    bot = parlour_bot(fake, tmp_path / "parlour.db", table_seed=seed)
    users = {name: getattr(s, name) for name, _ in (x for x in lobby if isinstance(x, tuple))}
    modes = {users[name].id: mode for name, mode in (x for x in lobby if isinstance(x, tuple))}
    started = time.monotonic()
    async with fake.run_bot(bot):
        t = TableDriver(fake, bot, s.table, modes)
        names = list(users)
        await t.open(users[names[0]], game, options)
        lobby_board = await t.wait_board(lambda b: "lobby" in b.text)
        for i, name in enumerate(names[1:]):
            if i % 2 == 0:  # the board's Join button
                joined = await fake.click(users[name], lobby_board, f"pl:lobby:join:{s.table.id}")
                assert joined.ephemeral and "You joined" in joined.text
            else:
                await t.expect_ok(users[name], "table join")
        ais = [x for x in lobby if not isinstance(x, tuple)]
        if ais:
            await t.expect_ok(users[names[0]], "table ai-add",
                              options={"level": ais[0], "count": len(ais)})
        await t.expect_ok(users[names[0]], "table start")
        table_id = bot.core.table(s.table.id).table_id

        log = await t.play_to_end()
        assert log.moves > 0 and not log.panel_fallbacks, log
        final = await t.wait_board(lambda b: "game over" in b.text)
        assert final.custom_ids == [] and "Show my hand" not in final.text
        assert [m for m in fake.channel_messages(s.table) if "table #" in m.text] == [final], \
            "one board message per table, edited in place"

        # Privacy: the channel saw only public cards; each user only their own.
        truth, scan = await game_truth(bot.core, table_id)
        history = [e.text for e in fake.history(s.table)]
        assert channel_leaks(history, [(truth, scan)]) == []
        for user in users.values():
            private = fake.ephemerals(user) + fake.dms(user)
            leaks, checked = private_leaks(user.id, private, truth, scan)
            assert leaks == [] and checked > 0, (user.username, leaks)
        for spectator in (u for u in s.users if u not in users.values()):
            assert fake.ephemerals(spectator) == [] and fake.dms(spectator) == []

        # Hands by DM on each deal; dave (DMs closed) is told once, in the channel.
        for name, user in users.items():
            if name == "dave":
                notes = [m for m in fake.channel_messages(s.table) if "can't DM you" in m.text]
                assert len(notes) == 1 and f"<@{user.id}>" in notes[0].content
            else:
                assert any("Your hand in" in m.text for m in fake.dms(user))

        board = await fake.slash(users[names[0]], "leaderboard", channel=s.table,
                                 options={"game": game})
        assert not board.ephemeral
        for name in names:
            assert f"{users[name].global_name}" in board.text, board.text
        assert "1 game ·" in board.text
    assert time.monotonic() - started < 60
