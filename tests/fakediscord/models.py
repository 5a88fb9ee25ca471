"""State of the fake Discord world (users, guilds, channels, roles) and its JSON payloads.

Payloads carry every key discord.py reads with ``data[...]`` (not ``.get``), so the
library parses them exactly as it would parse Discord's.
"""

from __future__ import annotations

import itertools
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

DISCORD_EPOCH_MS = 1420070400000

ADMINISTRATOR = 1 << 3
SEND_MESSAGES = 1 << 11
ATTACH_FILES = 1 << 15
CREATE_PUBLIC_THREADS = 1 << 35
SEND_MESSAGES_IN_THREADS = 1 << 38
# Every permission bit Discord currently defines (bits 0..50 and a few spare ones).
ALL_PERMISSIONS = (1 << 53) - 1
# Discord's default @everyone permissions for a new guild.
DEFAULT_EVERYONE_PERMISSIONS = 1071698660929

GUILD_TEXT = 0
DM = 1
PUBLIC_THREAD = 11

# Gateway intents the fake looks at.
INTENT_GUILD_MEMBERS = 1 << 1
INTENT_GUILD_PRESENCES = 1 << 8
INTENT_GUILD_MESSAGES = 1 << 9
INTENT_DIRECT_MESSAGES = 1 << 12
INTENT_MESSAGE_CONTENT = 1 << 15


def now_iso() -> str:
    return datetime.now(UTC).isoformat()


class Snowflakes:
    """Increasing, realistic snowflakes (their timestamp part is the creation time)."""

    def __init__(self) -> None:
        self._last = 0

    def next(self) -> int:
        candidate = (int(time.time() * 1000) - DISCORD_EPOCH_MS) << 22
        self._last = max(candidate, self._last + 1)
        return self._last

    def next_on_shard(self, shard: int, shard_count: int) -> int:
        """The next snowflake of a guild Discord puts on ``shard``: (id >> 22) % count."""
        found = self.next()
        while (found >> 22) % shard_count != shard:
            found = self._last = ((found >> 22) + 1) << 22
        return found


@dataclass
class User:
    id: int
    username: str
    global_name: str | None = None
    bot: bool = False
    dms_open: bool = True  # False: sending them a DM fails with 50007
    locale: str = "en-US"

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "username": self.username,
            "discriminator": "0",
            "global_name": self.global_name,
            "avatar": None,
            "bot": self.bot,
            "public_flags": 0,
            "flags": 0,
            "banner": None,
            "accent_color": None,
            "avatar_decoration_data": None,
            "primary_guild": None,
            "collectibles": None,
        }


@dataclass
class Role:
    id: int
    name: str
    permissions: int
    position: int = 0
    managed: bool = False

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "name": self.name,
            "permissions": str(self.permissions),
            "position": self.position,
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
            "hoist": False,
            "managed": self.managed,
            "mentionable": False,
            "icon": None,
            "unicode_emoji": None,
            "flags": 0,
        }


@dataclass
class Member:
    user_id: int
    roles: list[int] = field(default_factory=list)  # without @everyone, like Discord
    nick: str | None = None
    joined_at: str = field(default_factory=now_iso)


@dataclass
class Channel:
    id: int
    name: str
    type: int = GUILD_TEXT
    guild_id: int | None = None
    position: int = 0
    topic: str | None = None
    recipient_id: int | None = None  # DM channels only
    last_message_id: int | None = None
    parent_id: int | None = None     # threads only: the channel they hang from
    owner_id: int | None = None      # threads only: who started it

    @property
    def is_thread(self) -> bool:
        return self.type == PUBLIC_THREAD


@dataclass
class Guild:
    id: int
    name: str
    owner_id: int
    roles: dict[int, Role] = field(default_factory=dict)
    members: dict[int, Member] = field(default_factory=dict)
    channel_ids: list[int] = field(default_factory=list)
    locale: str = "en-US"              # the server's preferred locale

    def permissions_of(self, user_id: int) -> int:
        if user_id == self.owner_id:
            return ALL_PERMISSIONS
        member = self.members.get(user_id)
        perms = self.roles[self.id].permissions  # @everyone role id == guild id
        for role_id in member.roles if member else ():
            perms |= self.roles[role_id].permissions
        return ALL_PERMISSIONS if perms & ADMINISTRATOR else perms


class World:
    """Users, guilds and channels; builds their payloads."""

    def __init__(self, ids: Snowflakes, *, bot_name: str = "Parlour") -> None:
        self.ids = ids
        self.application_id = ids.next()
        # Discord bots' user id equals their application id.
        self.bot = User(self.application_id, bot_name, bot=True)
        self.owner = User(ids.next(), "app-owner")
        self.users: dict[int, User] = {self.bot.id: self.bot, self.owner.id: self.owner}
        self.guilds: dict[int, Guild] = {}
        self.channels: dict[int, Channel] = {}

    # --- building the world ---------------------------------------------

    def add_user(self, username: str, *, dms_open: bool = True, bot: bool = False,
                 global_name: str | None = None) -> User:
        user = User(self.ids.next(), username, global_name=global_name, bot=bot,
                    dms_open=dms_open)
        self.users[user.id] = user
        return user

    def add_guild(self, name: str, *, owner: User | None = None,
                  shard: tuple[int, int] | None = None) -> Guild:
        guild_id = self.ids.next_on_shard(*shard) if shard else self.ids.next()
        owner = owner or self.owner
        guild = Guild(guild_id, name, owner.id)
        guild.roles[guild_id] = Role(guild_id, "@everyone", DEFAULT_EVERYONE_PERMISSIONS)
        # The bot's integration role, with Administrator so discord.py sees every permission.
        bot_role = Role(self.ids.next(), self.bot.username, ADMINISTRATOR, position=1,
                        managed=True)
        guild.roles[bot_role.id] = bot_role
        guild.members[owner.id] = Member(owner.id)
        guild.members[self.bot.id] = Member(self.bot.id, roles=[bot_role.id])
        self.guilds[guild_id] = guild
        return guild

    def add_role(self, guild: Guild, name: str, permissions: int) -> Role:
        role = Role(self.ids.next(), name, permissions, position=len(guild.roles))
        guild.roles[role.id] = role
        return role

    def add_member(self, guild: Guild, user: User, *, roles: tuple[Role, ...] = (),
                   nick: str | None = None) -> Member:
        member = Member(user.id, [r.id for r in roles], nick=nick)
        guild.members[user.id] = member
        return member

    def add_text_channel(self, guild: Guild, name: str, *, topic: str | None = None) -> Channel:
        channel = Channel(self.ids.next(), name, GUILD_TEXT, guild.id,
                          position=len(guild.channel_ids), topic=topic)
        self.channels[channel.id] = channel
        guild.channel_ids.append(channel.id)
        return channel

    def add_thread(self, parent: Channel, name: str, owner: User) -> Channel:
        """A public thread under ``parent`` (not listed among the guild's channels)."""
        thread = Channel(self.ids.next(), name, PUBLIC_THREAD, parent.guild_id,
                         parent_id=parent.id, owner_id=owner.id)
        self.channels[thread.id] = thread
        return thread

    def dm_channel(self, user: User) -> Channel:
        """The bot's DM channel with ``user`` (created on first use, like Discord)."""
        for channel in self.channels.values():
            if channel.type == DM and channel.recipient_id == user.id:
                return channel
        channel = Channel(self.ids.next(), "", DM, recipient_id=user.id)
        self.channels[channel.id] = channel
        return channel

    # --- payloads -------------------------------------------------------

    def member_payload(self, guild: Guild, user_id: int, *, with_user: bool = True,
                       with_permissions: bool = False) -> dict[str, Any]:
        member = guild.members[user_id]
        data: dict[str, Any] = {
            "roles": [str(r) for r in member.roles],
            "nick": member.nick,
            "avatar": None,
            "banner": None,
            "joined_at": member.joined_at,
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "pending": False,
            "flags": 0,
            "communication_disabled_until": None,
        }
        if with_user:
            data["user"] = self.users[user_id].payload()
        if with_permissions:
            data["permissions"] = str(guild.permissions_of(user_id))
        return data

    def channel_payload(self, channel: Channel) -> dict[str, Any]:
        if channel.type == DM:
            recipient = self.users[channel.recipient_id or 0]
            return {
                "id": str(channel.id),
                "type": DM,
                "last_message_id": _opt_str(channel.last_message_id),
                "recipients": [recipient.payload()],
                "flags": 0,
            }
        if channel.is_thread:
            return {
                "id": str(channel.id),
                "type": channel.type,
                "guild_id": str(channel.guild_id),
                "parent_id": str(channel.parent_id),
                "owner_id": str(channel.owner_id),
                "name": channel.name,
                "last_message_id": _opt_str(channel.last_message_id),
                "rate_limit_per_user": 0,
                "message_count": 0,
                "member_count": 1,
                "total_message_sent": 0,
                "flags": 0,
                "applied_tags": [],
                "thread_metadata": {"archived": False, "auto_archive_duration": 1440,
                                    "archive_timestamp": now_iso(), "locked": False,
                                    "invitable": True, "create_timestamp": now_iso()},
            }
        return {
            "id": str(channel.id),
            "type": channel.type,
            "guild_id": str(channel.guild_id),
            "name": channel.name,
            "position": channel.position,
            "permission_overwrites": [],
            "parent_id": None,
            "topic": channel.topic,
            "nsfw": False,
            "rate_limit_per_user": 0,
            "last_message_id": _opt_str(channel.last_message_id),
            "flags": 0,
        }

    def guild_payload(self, guild: Guild, *, all_members: bool) -> dict[str, Any]:
        """GUILD_CREATE body. Without the presences intent Discord only sends the bot member."""
        member_ids = list(guild.members) if all_members else [self.bot.id]
        return {
            "id": str(guild.id),
            "name": guild.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "owner_id": str(guild.owner_id),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "roles": [r.payload() for r in guild.roles.values()],
            "emojis": [],
            "stickers": [],
            "features": [],
            "mfa_level": 0,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "vanity_url_code": None,
            "description": None,
            "banner": None,
            "premium_tier": 0,
            "preferred_locale": guild.locale,
            "public_updates_channel_id": None,
            "nsfw_level": 0,
            "premium_progress_bar_enabled": False,
            "joined_at": guild.members[self.bot.id].joined_at,
            "large": False,
            "unavailable": False,
            "member_count": len(guild.members),
            "voice_states": [],
            "members": [self.member_payload(guild, uid) for uid in member_ids],
            "channels": [self.channel_payload(self.channels[c]) for c in guild.channel_ids],
            "threads": [],
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
        }

    def application_payload(self) -> dict[str, Any]:
        return {
            "id": str(self.application_id),
            "name": self.bot.username,
            "icon": None,
            "description": "",
            "summary": "",
            "type": None,
            "bot_public": True,
            "bot_require_code_grant": False,
            "verify_key": "0" * 64,
            "owner": self.owner.payload(),
            "team": None,
            "flags": 0,
            "bot": self.bot.payload(),
            "interactions_endpoint_url": None,
            "redirect_uris": [],
            "tags": [],
        }

    def me_payload(self) -> dict[str, Any]:
        data = self.bot.payload()
        data.update({"verified": True, "mfa_enabled": False, "locale": "en-US",
                     "email": None})
        return data


def _opt_str(value: int | None) -> str | None:
    return None if value is None else str(value)


_counter = itertools.count(1)


def new_token(prefix: str) -> str:
    """Unique opaque token (interaction tokens, session ids)."""
    return f"{prefix}-{next(_counter)}-{time.monotonic_ns():x}"
