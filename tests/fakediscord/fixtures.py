"""pytest fixture: a started ``FakeDiscord`` with a small guild already set up."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass

import pytest_asyncio

from .models import Channel, Guild, User
from .server import FakeDiscord


@dataclass
class Scene:
    """The default world: one guild, two text channels, four users (dave has DMs closed)."""

    guild: Guild
    lobby: Channel
    table: Channel
    alice: User
    bob: User
    carol: User
    dave: User

    @property
    def users(self) -> list[User]:
        return [self.alice, self.bob, self.carol, self.dave]


def build_scene(fake: FakeDiscord) -> Scene:
    guild = fake.add_guild("Parlour Test Guild")
    lobby = fake.add_text_channel(guild, "lobby")
    table = fake.add_text_channel(guild, "table-1")
    users = [fake.add_user(name, dms_open=name != "dave", global_name=name.title())
             for name in ("alice", "bob", "carol", "dave")]
    for user in users:
        fake.add_member(guild, user)
    alice, bob, carol, dave = users
    return Scene(guild, lobby, table, alice, bob, carol, dave)


@pytest_asyncio.fixture
async def fake_discord() -> AsyncIterator[FakeDiscord]:
    """Started fake with ``fake.scene`` (see ``Scene``); fails at teardown on any violation
    or unknown route. Tests that provoke violations on purpose take them with
    ``fake.pop_violations(kind)``."""
    async with FakeDiscord() as fake:
        fake.scene = build_scene(fake)
        yield fake
    fake.assert_no_violations()
