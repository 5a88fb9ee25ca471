"""Turn pings through the fake Discord: every human turn start notifies that player once.

The fake records whom each new message notifies (a mention permitted by
``allowed_mentions``; edits never notify). A *turn start* is a human's turn that does
not follow that same player's own move (consecutive turns - Piquet declarations,
leading after winning a trick - are one start; see bot/discordbot/services/pings.py).
Simulated players behave like people who wait for the notification before moving
(at most a few seconds; a ping that never comes counts as a miss).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial

import pytest

from bot.core import BoardChanged, Update
from tests.backends import db_for
from tests.fakediscord import FakeDiscord
from tests.fakediscord.players import TableDriver, find_seed, parlour_bot
from tests.load.db import query

pytestmark = pytest.mark.usefixtures("backend")  # SQLite and PostgreSQL (tests/backends.py)

# game, options, seats in joining order: (user name, mode) or an AI level, human-move budget
GAMES = {
    "coins": ({"target": 10}, [("alice", "mixed"), ("bob", "panel"), "easy"], 40),
    "starshina": ({"rules": "classic"}, [("carol", "mixed"), ("alice", "panel"), "easy"], 60),
    "thirteens": ({"target": 10}, [("bob", "play"), ("alice", "panel"), "easy"], 40),
    "piquet": ({"variant": "au_cent"}, [("alice", "panel"), "easy"], 30),
    "pinkerton": ({"target": 10}, [("bob", "panel"), ("carol", "mixed")], 40),
}
# Seconds a simulated player waits for the notification before moving: a ping may wait
# for the channel's 5 messages per 5 s (the outbox keeps Discord's per-channel limit).
PING_WAIT = 6.0
UNPINGED_QUIET = 0.3   # s of a quiet bot after which no ping is still on its way


@dataclass
class PingLog:
    starts: dict[int, int] = field(default_factory=dict)     # user -> turn starts
    notified: dict[int, int] = field(default_factory=dict)   # user -> starts that notified
    moves: int = 0

    @property
    def ratio(self) -> float:
        starts = sum(self.starts.values())
        return sum(self.notified.values()) / starts if starts else 0.0


@dataclass
class Table:
    """A game of GAMES opened in the scene's table channel (not yet started)."""

    driver: TableDriver
    users: dict        # name -> User, in joining order
    options: dict
    ais: list[str]


async def prepare(fake: FakeDiscord, tmp_path, game: str) -> Table:
    """The bot, with a deal seed that keeps ``game`` short."""
    s = fake.scene
    options, lobby, budget = GAMES[game]
    kinds = ["human" if isinstance(x, tuple) else x for x in lobby]
    seed, _ = await find_seed(game, options, kinds, max_human_moves=budget)
    bot = parlour_bot(fake, tmp_path / "parlour.db", table_seed=seed)
    humans = [x for x in lobby if isinstance(x, tuple)]
    users = {name: getattr(s, name) for name, _ in humans}
    driver = TableDriver(fake, bot, s.table, {users[name].id: mode for name, mode in humans})
    return Table(driver, users, options, [x for x in lobby if not isinstance(x, tuple)])


async def start(table: Table, game: str, table_options: dict | None = None) -> list[Update]:
    """Open, join and start (the bot is running); return the list that the core's updates
    of the channel are appended to."""
    t, users = table.driver, table.users
    updates: list[Update] = []
    t.core.subscribe(updates.append, channel_id=t.channel.id)
    host, *others = users.values()
    await t.open(host, game, {**table.options, **(table_options or {})})
    for user in others:
        await t.expect_ok(user, "table join")
    if table.ais:
        await t.expect_ok(host, "table ai-add", options={"level": table.ais[0],
                                                         "count": len(table.ais)})
    await t.expect_ok(host, "table start")
    return updates


async def play_waiting_for_pings(t: TableDriver, updates: list[Update],
                                 wait: float = PING_WAIT,
                                 unpinged: frozenset[int] = frozenset()) -> PingLog:
    """Play to the end; before each turn start, wait for the player's notification.
    A player in ``unpinged`` (pings off) gets none: at their turn starts the bot is left
    to go quiet (as a ping would be out by then) and none may have come, rather than
    waiting the whole ``wait`` for one each time."""
    fake, log = t.fake, PingLog()

    def board_shown(move: int) -> bool:
        return _board_of(updates, move) is not None

    def pinged(user_id: int, count: int) -> bool:
        return len(fake.notifications(user_id, t.channel)) >= count

    while True:
        user_id = await t.human_to_move()
        if user_id is None:
            return log
        info = t.core.table(t.channel.id)
        move, seat = info.move, info.current_seat
        await fake.wait_until(partial(board_shown, move))
        board = _board_of(updates, move)
        if (board.last_seat, board.last_actor) != (seat, "human"):   # a turn start
            log.starts[user_id] = log.starts.get(user_id, 0) + 1
            if user_id in unpinged:
                await fake.settle(quiet=UNPINGED_QUIET)
                assert fake.notifications(user_id, t.channel) == []
                await t.move(fake.world.users[user_id])
                log.moves += 1
                continue
            try:
                await fake.wait_until(partial(pinged, user_id, log.starts[user_id]), wait)
                log.notified[user_id] = log.notified.get(user_id, 0) + 1
            except AssertionError:
                pass  # a miss: the player moves anyway
        await t.move(fake.world.users[user_id])
        log.moves += 1


def _board_of(updates: list[Update], move: int) -> BoardChanged | None:
    """The BoardChanged that showed position ``move`` (the move that led to it)."""
    for u in reversed(updates):
        if isinstance(u, BoardChanged) and u.table.move == move:
            return u
    return None


def live_ping(fake: FakeDiscord, channel):
    """The newest notifying message in the channel that is not deleted."""
    deleted = {e.message.id for e in fake.history(channel) if e.kind == "delete"}
    return next(e.message for e in reversed(fake.history(channel))
                if e.kind == "create" and e.notifies and e.message.id not in deleted)


def most_pings_alive(fake: FakeDiscord, channel) -> tuple[int, int]:
    """(the most notifying messages alive at once in the channel, how many are alive now)."""
    alive: set[int] = set()
    most = 0
    for e in fake.history(channel):
        if e.kind == "create" and e.notifies:
            alive.add(e.message.id)
        elif e.kind == "delete":
            alive.discard(e.message.id)
        most = max(most, len(alive))
    return most, len(alive)


@pytest.mark.parametrize("game", sorted(GAMES))
async def test_every_turn_start_notifies_once(fake_discord: FakeDiscord, tmp_path,
                                              game: str) -> None:
    fake = fake_discord
    fake.settle_quiet = 0.02
    table = await prepare(fake, tmp_path, game)
    t, users = table.driver, table.users
    async with fake.run_bot(t.bot):
        updates = await start(table, game)
        log = await play_waiting_for_pings(t, updates)
        await t.wait_board(lambda b: "game over" in b.text)
        await fake.settle()
        starts = sum(log.starts.values())
        print(f"\n{game}: notifying turn pings / human turn starts = "
              f"{sum(log.notified.values())}/{starts} = {log.ratio:.3f} "
              f"({log.moves} human moves)")
        assert starts > 0 and log.ratio >= 0.95
        for user in users.values():
            pings = fake.notifications(user, fake.scene.table)
            # exactly one notifying message per turn start, and nothing else notifies
            assert len(pings) == log.starts.get(user.id, 0), (user.username, len(pings))
            assert all(f"<@{user.id}>, it's your turn in **" in e.text for e in pings)
            assert all(e.notifies == {user.id} for e in pings)
        # The last ping is deleted once the game is over (paced: wait for it).
        await fake.wait_until(lambda: most_pings_alive(fake, fake.scene.table)[1] == 0)
        assert most_pings_alive(fake, fake.scene.table)[0] == 1   # never two at once
        board = t.board()
        assert "<@" not in board.text   # the board names the player; the ping notifies


async def test_pings_off_for_a_table(fake_discord: FakeDiscord, tmp_path) -> None:
    fake = fake_discord
    fake.settle_quiet = 0.02
    table = await prepare(fake, tmp_path, "pinkerton")
    t, users = table.driver, table.users
    async with fake.run_bot(t.bot):
        updates = await start(table, "pinkerton", {"pings": False})
        status = await fake.slash(users["bob"], "table status", channel=fake.scene.table)
        assert "Turn pings: off at this table" in status.text
        log = await play_waiting_for_pings(t, updates, wait=0.3)
        await fake.settle()
        assert sum(log.starts.values()) > 0 and sum(log.notified.values()) == 0
        for user in users.values():
            assert fake.notifications(user, fake.scene.table) == []


async def test_pings_off_for_a_user(fake_discord: FakeDiscord, tmp_path) -> None:
    fake = fake_discord
    fake.settle_quiet = 0.02
    table = await prepare(fake, tmp_path, "pinkerton")
    t, users = table.driver, table.users
    async with fake.run_bot(t.bot):
        shown = await fake.slash(users["carol"], "settings", channel=fake.scene.lobby)
        assert shown.ephemeral and "Turn pings are on." in shown.text
        off = await fake.slash(users["carol"], "settings", channel=fake.scene.lobby,
                               options={"pings": "off"})
        assert off.ephemeral and "Turn pings are off now." in off.text
        updates = await start(table, "pinkerton")
        bob, carol = users["bob"], users["carol"]
        log = await play_waiting_for_pings(t, updates, unpinged=frozenset({carol.id}))
        await fake.settle()
        assert log.starts[carol.id] > 0 and fake.notifications(carol, fake.scene.table) == []
        assert len(fake.notifications(bob, fake.scene.table)) == log.starts[bob.id] > 0
        again = await fake.slash(carol, "settings", channel=fake.scene.table)
        assert "Turn pings are off." in again.text
    # Kept per user in the database, so a restart keeps it.
    rows = query(db_for(tmp_path / "parlour.db"),
                 "SELECT user_id, pings FROM discord_user_settings")
    assert rows == [(carol.id, 0)]


async def test_a_restart_neither_pings_twice_nor_leaves_the_old_ping(fake_discord: FakeDiscord,
                                                                      tmp_path) -> None:
    fake, s = fake_discord, fake_discord.scene
    fake.settle_quiet = 0.05
    table = await prepare(fake, tmp_path, "coins")
    t = table.driver
    async with fake.run_bot(t.bot):
        updates = await start(table, "coins")
        for _ in range(3):
            await t.move(fake.world.users[await t.human_to_move()])
        waiting = await t.human_to_move()
        # The previous player's ping may still be the one alive for a moment: wait for the
        # waiting player's own.
        await fake.wait_until(lambda: most_pings_alive(fake, s.table)[1] == 1
                              and waiting in live_ping(fake, s.table).notifies, timeout=30)
        live = live_ping(fake, s.table)
        before = len([e for e in fake.history(s.table) if e.notifies])

    second = parlour_bot(fake, tmp_path / "parlour.db", table_seed=None, sync=False)
    async with fake.run_bot(second):
        t2 = TableDriver(fake, second, s.table, t.modes)
        await fake.settle()
        # Resumed on the same turn: the stored ping is still the live one; no second ping.
        assert len([e for e in fake.history(s.table) if e.notifies]) == before
        updates = []
        second.core.subscribe(updates.append, channel_id=s.table.id)
        await t2.move(fake.world.users[waiting])
        log = await play_waiting_for_pings(t2, updates)
        assert sum(log.starts.values()) > 0 and log.ratio >= 0.95
        assert live.deleted   # replaced by the next ping, even across the restart
        await fake.wait_until(lambda: most_pings_alive(fake, s.table)[1] == 0)
        assert most_pings_alive(fake, s.table)[0] == 1


async def test_a_new_ping_replaces_the_old_ones_row_in_one_write(fake_discord: FakeDiscord,
                                                                   tmp_path, monkeypatch) -> None:
    """The database row of a table's live ping is replaced by the next ping's (one write a
    ping), and deleted with the last ping when the game ends."""
    from bot.discordbot.services.ping_store import PingStore
    drops: list[int] = []
    drop_live = PingStore.drop_live

    async def counting(self, table_id: int) -> None:
        drops.append(table_id)
        await drop_live(self, table_id)
    monkeypatch.setattr(PingStore, "drop_live", counting)
    fake, s = fake_discord, fake_discord.scene
    fake.settle_quiet = 0.05
    table = await prepare(fake, tmp_path, "coins")
    t = table.driver
    db = db_for(tmp_path / "parlour.db")
    async with fake.run_bot(t.bot):
        await start(table, "coins")
        seen: set[int] = set()
        for _ in range(4):
            waiting = await t.human_to_move()
            await fake.wait_until(lambda: most_pings_alive(fake, s.table)[1] == 1)
            live = next(e.message for e in reversed(fake.history(s.table)) if e.notifies)
            row = [(live.id,)]
            await fake.wait_until(lambda row=row: query(
                db, "SELECT message_id FROM discord_pings") == row)
            seen.add(live.id)
            await t.move(fake.world.users[waiting])
        assert len(seen) > 1 and drops == []   # replaced, never deleted in between
        await t.play_to_end()
        await t.wait_board(lambda b: "game over" in b.text)
        await fake.wait_until(lambda: most_pings_alive(fake, s.table)[1] == 0)
        await fake.wait_until(lambda: query(db, "SELECT message_id FROM discord_pings") == [])
        assert len(drops) == 1


PING_TEXT = "it's your turn in **"


def ping_posts(fake: FakeDiscord) -> tuple[list, list]:
    """(pings posted as interaction followups, pings posted in the channel)."""
    hooks = [c for c in fake.calls_to("POST", r"^/webhooks/\d+/[^/]+$")
             if PING_TEXT in str((c.body or {}).get("content"))]
    channel = [c for c in fake.calls_to("POST", r"^/channels/\d+/messages$")
               if PING_TEXT in str((c.body or {}).get("content"))]
    return hooks, channel


async def test_pings_ride_on_the_interactions_that_start_the_turns(fake_discord: FakeDiscord,
                                                                  tmp_path) -> None:
    # Every turn at a table of two humans starts with the other's move (a click or a
    # /table start): each ping is a public followup of that interaction, and the previous
    # ping is deleted through the webhook that posted it - none of it global-limited.
    fake = fake_discord
    fake.settle_quiet = 0.02
    table = await prepare(fake, tmp_path, "pinkerton")
    t, users = table.driver, table.users
    async with fake.run_bot(t.bot):
        updates = await start(table, "pinkerton")
        log = await play_waiting_for_pings(t, updates)
        await t.wait_board(lambda b: "game over" in b.text)
        await fake.wait_until(lambda: most_pings_alive(fake, fake.scene.table)[1] == 0)
        starts = sum(log.starts.values())
        hooks, channel = ping_posts(fake)
        assert starts > 0 and log.ratio >= 0.95
        assert len(hooks) == starts and channel == []
        # Public: no ephemeral flag; everyone in the channel sees it, its mention notifies.
        assert all(not (c.body.get("flags") or 0) & 64 for c in hooks)
        for user in users.values():
            assert len(fake.notifications(user, fake.scene.table)) == log.starts.get(user.id, 0)
        deleted = fake.calls_to("DELETE", r"^/webhooks/\d+/[^/]+/messages/\d+$")
        assert len(deleted) == starts   # each replaced by the next, the last at game over
        assert fake.calls_to("DELETE", r"^/channels/\d+/messages/\d+$") == []
        assert most_pings_alive(fake, fake.scene.table)[0] == 1


async def test_pings_without_a_valid_token_use_the_channel(fake_discord: FakeDiscord, tmp_path,
                                                           monkeypatch) -> None:
    # Tokens older than their lifetime (here: all of them) carry nothing: the pings are
    # channel messages again, still one per turn start and one alive at a time.
    monkeypatch.setattr("bot.discordbot.services.pings.TOKEN_LIFE", 0.0)
    fake = fake_discord
    fake.settle_quiet = 0.02
    table = await prepare(fake, tmp_path, "pinkerton")
    t = table.driver
    async with fake.run_bot(t.bot):
        updates = await start(table, "pinkerton")
        log = await play_waiting_for_pings(t, updates)
        await t.wait_board(lambda b: "game over" in b.text)
        await fake.wait_until(lambda: most_pings_alive(fake, fake.scene.table)[1] == 0)
        starts = sum(log.starts.values())
        hooks, channel = ping_posts(fake)
        assert starts > 0 and log.ratio >= 0.95
        assert hooks == [] and len(channel) == starts
        assert fake.calls_to("DELETE", r"^/webhooks/\d+/[^/]+/messages/\d+$") == []
        assert len(fake.calls_to("DELETE", r"^/channels/\d+/messages/\d+$")) == starts
        assert most_pings_alive(fake, fake.scene.table)[0] == 1
