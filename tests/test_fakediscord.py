"""The fake Discord, exercised by a small discord.py bot over real HTTP/websocket on 127.0.0.1."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from typing import Any

import discord
import pytest
import pytest_asyncio
from discord import app_commands
from discord.http import Route

from tests.fakediscord import FakeDiscord, Scene, fixtures
from tests.fakediscord.limits import check_message

fake_discord = fixtures.fake_discord  # the fixture (tests/conftest.py may provide it later)

CARDS = [f"{rank} of {suit}" for suit in ("Spades", "Hearts", "Diamonds", "Clubs")
         for rank in ("Ace", "King", "Queen", "Jack", "10", "9", "8", "7", "6", "5", "4", "3",
                      "2")]


# --------------------------------------------------------------------------- sample bot


class Counter(discord.ui.DynamicItem[discord.ui.Button], template=r"counter:(?P<n>[0-9]+)"):
    def __init__(self, n: int) -> None:
        super().__init__(discord.ui.Button(label=f"Count {n}", custom_id=f"counter:{n}"))
        self.n = n

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: Any) -> Counter:
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        self.n += 1
        self.item.label = f"Count {self.n}"
        self.custom_id = f"counter:{self.n}"
        await interaction.response.edit_message(view=self.view)


class BoardView(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(label="Hit", custom_id="board:hit", style=discord.ButtonStyle.primary)
    async def hit(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        assert interaction.message is not None
        hits = int(interaction.message.content.split()[-1]) + 1
        await interaction.response.edit_message(content=f"Hits: {hits}")

    @discord.ui.select(custom_id="board:suit", placeholder="Pick a suit", options=[
        discord.SelectOption(label=s.title(), value=s) for s in ("spades", "hearts", "clubs")])
    async def suit(self, interaction: discord.Interaction, select: discord.ui.Select) -> None:
        await interaction.response.send_message(f"You picked {select.values[0]}", ephemeral=True)


class NameModal(discord.ui.Modal, title="Your name"):
    name: discord.ui.TextInput = discord.ui.TextInput(label="Name", custom_id="form:name")

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"Hello {self.name.value}", ephemeral=True)


class SampleBot(discord.Client):
    def __init__(self) -> None:
        super().__init__(intents=discord.Intents.default())
        self.tree = app_commands.CommandTree(self)
        self.errors: list[Any] = []  # exceptions / Discord error codes seen by handlers
        self.tree.error(self._on_tree_error)
        _register_commands(self)

    async def setup_hook(self) -> None:
        self.add_view(BoardView())
        self.add_dynamic_items(Counter)

    async def _on_tree_error(self, interaction: discord.Interaction, error: Exception) -> None:
        self.errors.append(getattr(error, "original", error))


def _register_commands(bot: SampleBot) -> None:
    tree = bot.tree

    @tree.command(description="Public pong")
    async def ping(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("pong")

    @tree.command(description="Only you can see this")
    async def secret(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("psst, only you", ephemeral=True)
        await interaction.edit_original_response(content="psst, revealed to you")

    table = app_commands.Group(name="table", description="Table commands")
    game = app_commands.Group(name="game", description="Game commands", parent=table)

    @game.command(name="start", description="Start a game")
    async def start(interaction: discord.Interaction, players: int, fast: bool,
                    rival: discord.User, stake: float = 1.0) -> None:
        await interaction.response.send_message(
            f"start players={players!r} fast={fast!r} rival={rival.name} stake={stake!r}")

    tree.add_command(table)

    @tree.command(description="Pick a card")
    async def pick(interaction: discord.Interaction, card: str) -> None:
        await interaction.response.send_message(f"You drew {card}", ephemeral=True)

    @pick.autocomplete("card")
    async def pick_card(interaction: discord.Interaction,
                        current: str) -> list[app_commands.Choice[str]]:
        # Deliberately unbounded: an empty prefix yields 52 choices (> 25, a violation).
        return [app_commands.Choice(name=c, value=c) for c in CARDS if c.startswith(current)]

    @tree.command(description="Post the board")
    async def board(interaction: discord.Interaction) -> None:
        view = BoardView()
        view.add_item(Counter(0))
        assert isinstance(interaction.channel, discord.TextChannel)
        await interaction.channel.send("Hits: 0", view=view)
        await interaction.response.send_message("Board posted", ephemeral=True)

    @tree.command(description="Invite a player by DM")
    async def invite(interaction: discord.Interaction, player: discord.User) -> None:
        try:
            await player.send(f"{interaction.user.name} invites you to a table")
        except discord.Forbidden as exc:
            bot.errors.append(exc.code)
            await interaction.response.send_message(f"{player.name} has DMs closed",
                                                    ephemeral=True)
        else:
            await interaction.response.send_message("Invitation sent", ephemeral=True)

    @tree.command(description="Count down in the channel")
    async def countdown(interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True)
        assert isinstance(interaction.channel, discord.TextChannel)
        msg = await interaction.channel.send("3")
        await msg.edit(content="2")
        await msg.edit(content="1", embed=discord.Embed(title="Go!", description="dealing"))
        await interaction.followup.send("countdown finished")

    @tree.command(description="Answers too late")
    async def slow(interaction: discord.Interaction) -> None:
        await asyncio.sleep(0.3)
        await interaction.response.send_message("sorry I'm late")

    @tree.command(description="Answers twice")
    async def twice(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("first")
        # discord.py refuses a second response locally, so send it raw like a buggy bot would.
        route = Route("POST", "/interactions/{iid}/{token}/callback", iid=interaction.id,
                      token=interaction.token)
        try:
            await bot.http.request(route, json={"type": 4, "data": {"content": "second"}})
        except discord.HTTPException as exc:
            bot.errors.append(exc.code)

    @tree.command(description="Too long a message")
    async def spam(interaction: discord.Interaction) -> None:
        try:
            assert isinstance(interaction.channel, discord.TextChannel)
            await interaction.channel.send("x" * 2001)
        except discord.HTTPException as exc:
            bot.errors.append(exc.code)
        await interaction.response.send_message("tried", ephemeral=True)

    @tree.command(description="Fill in a form")
    async def form(interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(NameModal())


@pytest_asyncio.fixture
async def env(fake_discord: FakeDiscord) -> AsyncIterator[tuple[FakeDiscord, Scene, SampleBot]]:
    """The sample bot, running against the fake with its commands synced globally."""
    bot = SampleBot()
    async with fake_discord.run_bot(bot):
        await bot.tree.sync()
        yield fake_discord, fake_discord.scene, bot


# --------------------------------------------------------------------------- tests


async def test_login_ready_and_guild_cache(env: tuple[FakeDiscord, Scene, SampleBot]) -> None:
    fake, s, bot = env
    assert bot.user is not None and bot.user.id == fake.bot_user.id
    assert bot.application_id == fake.application_id
    guild = bot.get_guild(s.guild.id)
    assert guild is not None and guild.name == "Parlour Test Guild"
    assert [c.name for c in guild.text_channels] == ["lobby", "table-1"]
    assert guild.me is not None and guild.me.guild_permissions.administrator
    assert guild.member_count == 6  # owner, bot, 4 users (only the bot is cached: no presences)
    session = fake.gateway_sessions[-1]
    assert session.query["v"] == "10" and session.query["encoding"] == "json"
    assert session.intents == discord.Intents.default().value
    assert [c.path for c in fake.calls[:2]] == ["/users/@me", "/oauth2/applications/@me"]
    assert fake.base_url.startswith("http://127.0.0.1:")


async def test_command_sync_and_invalid_definition(
        env: tuple[FakeDiscord, Scene, SampleBot]) -> None:
    fake, s, bot = env
    synced = {c["name"] for c in fake.commands.listing(None)}
    assert {"ping", "secret", "table", "pick", "board", "invite"} <= synced
    assert fake.violations == []

    # discord.py does not check description length; Discord (and the fake) does.
    @app_commands.command(name="long", description="d" * 101)
    async def long(interaction: discord.Interaction) -> None: ...

    guild = discord.Object(s.guild.id)
    bot.tree.add_command(long, guild=guild)
    with pytest.raises(app_commands.CommandSyncFailure):
        await bot.tree.sync(guild=guild)
    # A raw definition with an upper-case name and too many choices.
    bad = {"name": "Deal", "description": "ok", "options": [
        {"type": 3, "name": "card", "description": "c", "choices": [
            {"name": c, "value": c} for c in CARDS[:30]]}]}
    with pytest.raises(discord.HTTPException):
        await bot.http.bulk_upsert_guild_commands(fake.application_id, s.guild.id, [bad])
    problems = [v.message for v in fake.pop_violations("invalid_command")]
    assert any("description must be 1..100" in p for p in problems)
    assert any("invalid name" in p for p in problems)
    assert any("30 choices" in p for p in problems)
    assert fake.commands.listing(s.guild.id) == []  # nothing stored from failed syncs


async def test_slash_commands_ephemeral_and_public(
        env: tuple[FakeDiscord, Scene, SampleBot]) -> None:
    fake, s, _ = env
    public = await fake.slash(s.alice, "ping", channel=s.lobby)
    assert public.callback_type == 4 and not public.ephemeral and public.content == "pong"
    assert [m.content for m in fake.channel_messages(s.lobby)] == ["pong"]

    hidden = await fake.slash(s.alice, "secret", channel=s.lobby)
    assert hidden.ephemeral and hidden.content == "psst, revealed to you"
    assert [v["content"] for v in hidden.message.versions] == [
        "psst, only you", "psst, revealed to you"]
    assert [m.id for m in fake.ephemerals(s.alice)] == [hidden.message.id]
    assert "psst" in fake.all_text_seen_by(s.alice)
    assert "psst" not in fake.all_text_seen_by(s.bob) and "pong" in fake.all_text_seen_by(s.bob)

    typed = await fake.slash(s.bob, "table game start", channel=s.table,
                             options={"players": 3, "fast": True, "rival": s.carol,
                                      "stake": 2.5})
    assert typed.content == "start players=3 fast=True rival=carol stake=2.5"
    with pytest.raises(ValueError, match="required options missing"):
        await fake.slash(s.bob, "table game start", channel=s.table, options={"players": 3})


async def test_autocomplete(env: tuple[FakeDiscord, Scene, SampleBot]) -> None:
    fake, s, _ = env
    choices = await fake.autocomplete(s.alice, "pick", channel=s.lobby, focused="card",
                                      options={"card": "Queen"})
    assert [c["name"] for c in choices] == [
        "Queen of Spades", "Queen of Hearts", "Queen of Diamonds", "Queen of Clubs"]
    assert fake.interactions[-1].callback_type == 8
    drawn = await fake.slash(s.alice, "pick", channel=s.lobby,
                             options={"card": choices[1]["value"]})
    assert drawn.content == "You drew Queen of Hearts"

    await fake.autocomplete(s.alice, "pick", channel=s.lobby, focused="card")  # 52 choices
    assert [v.kind for v in fake.pop_violations()] == ["autocomplete_limits"]
    assert fake.interactions[-1].errors == ["50035 Invalid Form Body"]


async def test_buttons_and_dynamic_items_survive_restart(fake_discord: FakeDiscord) -> None:
    fake, s = fake_discord, fake_discord.scene
    first = SampleBot()
    async with fake.run_bot(first):
        await first.tree.sync()
        posted = await fake.slash(s.alice, "board", channel=s.lobby)
        assert posted.ephemeral and posted.content == "Board posted"
        board = fake.channel_messages(s.lobby)[-1]
        assert sorted(board.custom_ids) == ["board:hit", "board:suit", "counter:0"]
        hit = await fake.click(s.bob, board, "board:hit")
        assert hit.callback_type == 7 and board.content == "Hits: 1"
        await fake.click(s.bob, board, "counter:0")
        assert "counter:1" in board.custom_ids and "Count 1" in board.text

    second = SampleBot()  # a fresh process: only persistent views / dynamic items remain
    async with fake.run_bot(second):
        await fake.click(s.carol, board, "board:hit")
        assert board.content == "Hits: 2"
        await fake.click(s.carol, board, "counter:1")
        assert "counter:2" in board.custom_ids
    assert [e.kind for e in fake.history(s.lobby)] == ["create", "edit", "edit", "edit", "edit"]
    assert len(fake.gateway_sessions) == 2


async def test_select_menu(env: tuple[FakeDiscord, Scene, SampleBot]) -> None:
    fake, s, _ = env
    await fake.slash(s.alice, "board", channel=s.lobby)
    board = fake.channel_messages(s.lobby)[-1]
    picked = await fake.select(s.carol, board, "board:suit", ["hearts"])
    assert picked.ephemeral and picked.content == "You picked hearts"
    assert "You picked hearts" in fake.all_text_seen_by(s.carol)
    assert "Pick a suit" in fake.all_text_seen_by(s.bob)  # placeholder text is visible
    with pytest.raises(ValueError, match="no options"):
        await fake.select(s.carol, board, "board:suit", ["jokers"])


async def test_dm_open_and_closed(env: tuple[FakeDiscord, Scene, SampleBot]) -> None:
    fake, s, bot = env
    sent = await fake.slash(s.alice, "invite", channel=s.lobby, options={"player": s.bob})
    assert sent.content == "Invitation sent"
    assert [m.content for m in fake.dms(s.bob)] == ["alice invites you to a table"]

    closed = await fake.slash(s.alice, "invite", channel=s.lobby, options={"player": s.dave})
    assert closed.content == "dave has DMs closed"
    assert bot.errors == [50007] and fake.dms(s.dave) == []
    assert [c.status for c in fake.calls_to("POST", r"^/channels/\d+/messages$")] == [200, 403]


async def test_injected_429_is_retried(env: tuple[FakeDiscord, Scene, SampleBot]) -> None:
    fake, s, _ = env
    fake.inject_429("POST", r"^/users/@me/channels$", retry_after=0.1, is_global=True)
    fake.inject_429("POST", r"^/channels/\d+/messages$", retry_after=0.1)
    fake.inject_429("POST", r"/callback$", retry_after=0.1)
    started = time.monotonic()
    result = await fake.slash(s.alice, "invite", channel=s.lobby, options={"player": s.bob})
    assert result.content == "Invitation sent" and fake.dms(s.bob)
    assert time.monotonic() - started >= 0.3
    for path in (r"^/users/@me/channels$", r"^/channels/\d+/messages$", r"/callback$"):
        assert [c.status for c in fake.calls_to("POST", path)] == [429, 200]


async def test_late_and_double_responses_are_violations(
        env: tuple[FakeDiscord, Scene, SampleBot]) -> None:
    fake, s, bot = env
    fake.interaction_deadline = 0.2  # instead of Discord's 3 s, to keep the test fast
    late = await fake.slash(s.alice, "slow", channel=s.lobby)
    assert not late.acknowledged and late.errors == ["10062 Unknown interaction"]
    assert isinstance(bot.errors[-1], discord.NotFound) and bot.errors[-1].code == 10062
    assert [v.kind for v in fake.pop_violations()] == ["late_callback"]

    fake.interaction_deadline = 3.0
    twice = await fake.slash(s.alice, "twice", channel=s.lobby)
    assert twice.content == "first" and bot.errors[-1] == 40060
    assert [v.kind for v in fake.pop_violations()] == ["double_response"]


async def test_message_edits_and_followups_recorded(
        env: tuple[FakeDiscord, Scene, SampleBot]) -> None:
    fake, s, _ = env
    result = await fake.slash(s.alice, "countdown", channel=s.table)
    # The followup after a "thinking" defer replaces the placeholder.
    assert result.callback_type == 5 and result.content == "countdown finished"
    assert not result.message.loading and result.followups == []
    counter = fake.channel_messages(s.table)[1]
    assert [v["content"] for v in counter.versions] == ["3", "2", "1"]
    assert counter.text == "1\nGo!\ndealing"
    kinds = [(e.kind, e.text) for e in fake.history(s.table)]
    assert kinds == [("create", ""), ("create", "3"), ("edit", "2"), ("edit", "1\nGo!\ndealing"),
                     ("edit", "countdown finished")]
    seen = fake.all_text_seen_by(s.dave)
    assert "3" in seen and "Go!" in seen and "countdown finished" in seen


async def test_who_a_message_notifies(env: tuple[FakeDiscord, Scene, SampleBot]) -> None:
    """Like Discord: a new message notifies the mentions its allowed_mentions permit; a DM
    its recipient; an edit or an ephemeral message nobody."""
    fake, s, bot = env
    channel = bot.get_partial_messageable(s.table.id)
    both = f"<@{s.alice.id}> and <@{s.bob.id}>"
    await channel.send(both)                                          # no allowed_mentions
    await channel.send(both, allowed_mentions=discord.AllowedMentions.none())
    only_bob = await channel.send(both, allowed_mentions=discord.AllowedMentions(
        users=[discord.Object(s.bob.id)]))
    quiet = await channel.send("nobody yet", allowed_mentions=discord.AllowedMentions.none())
    await quiet.edit(content=f"<@{s.carol.id}>",
                     allowed_mentions=discord.AllowedMentions(users=True))
    await (await bot.create_dm(discord.Object(s.carol.id))).send("a DM")
    created = [e.notifies for e in fake.history(s.table) if e.kind == "create"]
    assert created == [{s.alice.id, s.bob.id}, set(), {s.bob.id}, set()]
    assert [e.message.id for e in fake.notifications(s.bob, s.table)][-1] == only_bob.id
    assert [e.text for e in fake.notifications(s.carol)] == ["a DM"]   # not the edit
    assert fake.notifications(s.carol, s.table) == []
    secret = fake.recorder.create(s.table, {"content": f"<@{s.carol.id}>"}, author=fake.bot_user,
                                  ephemeral_to=s.carol.id)
    assert secret.notifies == frozenset()


async def test_limits_and_modal(env: tuple[FakeDiscord, Scene, SampleBot]) -> None:
    fake, s, bot = env
    await fake.slash(s.alice, "spam", channel=s.lobby)
    assert bot.errors == [50035]
    assert [v.kind for v in fake.pop_violations()] == ["message_limits"]
    assert fake.channel_messages(s.lobby) == []

    opened = await fake.slash(s.bob, "form", channel=s.lobby)
    assert opened.callback_type == 9 and opened.modal["title"] == "Your name"
    submitted = await fake.submit_modal(s.bob, {"form:name": "Bob"})
    assert submitted.ephemeral and submitted.content == "Hello Bob"
    assert "Your name" in fake.all_text_seen_by(s.bob)


async def test_dm_slash_and_unknown_route(env: tuple[FakeDiscord, Scene, SampleBot]) -> None:
    fake, s, bot = env
    in_dm = await fake.slash(s.carol, "ping", channel=fake.dm_channel(s.carol))
    assert in_dm.content == "pong" and "user" in in_dm.payload and "member" not in in_dm.payload
    assert [m.content for m in fake.dms(s.carol)] == ["pong"]

    with pytest.raises(discord.NotFound):
        await bot.http.request(Route("GET", "/guilds/{guild_id}/bans", guild_id=s.guild.id))
    assert [c.path for c in fake.unknown_routes] == [f"/guilds/{s.guild.id}/bans"]
    with pytest.raises(AssertionError, match="unknown_route"):
        fake.assert_no_violations()
    fake.unknown_routes.clear()


def _button(custom_id: str, label: str = "ok") -> dict[str, Any]:
    return {"type": 2, "style": 1, "label": label, "custom_id": custom_id}


def _select(custom_id: str, n: int, **extra: Any) -> dict[str, Any]:
    options = [{"label": f"o{i}", "value": f"v{i}"} for i in range(n)]
    return {"type": 3, "custom_id": custom_id, "options": options, **extra}


def _row(*children: dict[str, Any]) -> dict[str, Any]:
    return {"type": 1, "components": list(children)}


@pytest.mark.parametrize(("payload", "expected"), [
    ({"content": "x" * 2001}, "content is 2001 chars"),
    ({"embeds": [{"description": "d"}] * 11}, "11 embeds"),
    ({"embeds": [{"title": "t" * 257}]}, "title is 257"),
    ({"embeds": [{"description": "d" * 4097}]}, "description is 4097"),
    ({"embeds": [{"fields": [{"name": "n", "value": "v"}] * 26}]}, "26 fields"),
    ({"embeds": [{"fields": [{"name": "n" * 257, "value": "v"}]}]}, "name is 257"),
    ({"embeds": [{"fields": [{"name": "n", "value": "v" * 1025}]}]}, "value is 1025"),
    ({"embeds": [{"footer": {"text": "f" * 2049}}]}, "footer.text is 2049"),
    ({"embeds": [{"author": {"name": "a" * 257}}]}, "author.name is 257"),
    ({"embeds": [{"description": "d" * 4000}, {"description": "d" * 2001}]}, "in total"),
    ({"components": [_row(_button(f"b{i}")) for i in range(6)]}, "6 action rows"),
    ({"components": [_row(*[_button(f"b{i}") for i in range(6)])]}, "6 buttons"),
    ({"components": [_row(_button("b"), _select("s", 2))]}, "alone in its action row"),
    ({"components": [_row(_button("b")), _row(_button("b"))]}, "duplicate custom_id"),
    ({"components": [_row(_button("c" * 101))]}, "custom_id is 101"),
    ({"components": [_row(_button("b", label="l" * 81))]}, "label is 81"),
    ({"components": [_row(_select("s", 26))]}, "26 options"),
    ({"components": [_row(_select("s", 2, min_values=3, max_values=3))]}, "< min_values=3"),
    ({"components": [_row(_select("s", 2, placeholder="p" * 151))]}, "placeholder is 151"),
    ({"components": [_row({**_select("s", 1), "options": [
        {"label": "l", "value": "v", "description": "d" * 101}]})]}, "description is 101"),
    ({}, "empty message"),
])
def test_message_limit_checks(payload: dict[str, Any], expected: str) -> None:
    problems = check_message(payload)
    assert any(expected in p for p in problems), problems


def test_valid_message_has_no_problems() -> None:
    payload = {"content": "c" * 2000, "embeds": [{"title": "t", "fields": [
        {"name": "n", "value": "v"}] * 25}],
        "components": [_row(*[_button(f"b{i}") for i in range(5)]), _row(_select("s", 25))]}
    assert check_message(payload) == []
