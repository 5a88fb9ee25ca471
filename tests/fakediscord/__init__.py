"""A fake Discord (REST + gateway on 127.0.0.1) that unmodified discord.py connects to.

Usage::

    from tests.fakediscord import FakeDiscord, fake_discord  # fixture

    async def test_hello(fake_discord):
        fake, s = fake_discord, fake_discord.scene
        bot = make_bot()                       # any discord.Client / commands.Bot
        async with fake.run_bot(bot):          # login, READY, GUILD_CREATE, ready
            await bot.tree.sync(guild=discord.Object(s.guild.id))
            result = await fake.slash(s.alice, "hello", channel=s.lobby)
            assert result.ephemeral and "Hi" in result.content
            assert "Hi" in fake.all_text_seen_by(s.alice)
"""

from .fixtures import Scene, build_scene, fake_discord
from .interactions import InteractionRecord
from .models import Channel, Guild, Member, Role, User
from .recorder import ShownEvent, StoredMessage, message_text
from .server import FakeDiscord, patch_discord
from .wire import RestCall, Violation

__all__ = [
    "Channel",
    "FakeDiscord",
    "Guild",
    "InteractionRecord",
    "Member",
    "RestCall",
    "Role",
    "Scene",
    "ShownEvent",
    "StoredMessage",
    "User",
    "Violation",
    "build_scene",
    "fake_discord",
    "message_text",
    "patch_discord",
]
