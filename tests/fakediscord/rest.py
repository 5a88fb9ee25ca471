"""REST routes for users, guilds, channels and messages (everything but commands/interactions)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .limits import check_message
from .models import (
    ATTACH_FILES,
    CREATE_PUBLIC_THREADS,
    DM,
    PUBLIC_THREAD,
    SEND_MESSAGES_IN_THREADS,
    Channel,
    Guild,
    User,
)
from .recorder import StoredMessage
from .wire import ApiError, Req, form_error

if TYPE_CHECKING:
    from .server import FakeDiscord

OLD_MESSAGE_AGE = 3600.0  # s: older messages' edits are refused with 30046


def _user(fake: FakeDiscord, user_id: str) -> User:
    user = fake.world.users.get(int(user_id)) if user_id.isdigit() else None
    if user is None:
        raise ApiError(404, 10013, "Unknown User")
    return user


def _guild(fake: FakeDiscord, guild_id: str) -> Guild:
    guild = fake.world.guilds.get(int(guild_id)) if guild_id.isdigit() else None
    if guild is None:
        raise ApiError(404, 10004, "Unknown Guild")
    return guild


def _channel(fake: FakeDiscord, channel_id: str) -> Channel:
    channel = fake.world.channels.get(int(channel_id)) if channel_id.isdigit() else None
    if channel is None:
        raise ApiError(404, 10003, "Unknown Channel")
    return channel


def _message(fake: FakeDiscord, channel: Channel, message_id: str) -> StoredMessage:
    msg = fake.recorder.messages.get(int(message_id)) if message_id.isdigit() else None
    if msg is None or msg.deleted or msg.channel_id != channel.id or msg.ephemeral_to:
        raise ApiError(404, 10008, "Unknown Message")
    return msg


def _check(fake: FakeDiscord, problems: list[str], body: Any) -> None:
    if problems:
        for p in problems:
            fake.violation("message_limits", p, body)
        raise form_error(problems)


def _need_attach_files(fake: FakeDiscord, channel: Any, req: Req) -> None:
    """Uploading to a server channel needs the Attach Files permission."""
    guild = fake.world.guilds.get(channel.guild_id or 0)
    if req.files and guild is not None and \
            not guild.permissions_of(fake.world.bot.id) & ATTACH_FILES:
        raise ApiError(403, 50013, "Missing Permissions")


# --- login / gateway ------------------------------------------------------


async def get_me(fake: FakeDiscord, req: Req) -> Any:
    return fake.world.me_payload()


async def get_application(fake: FakeDiscord, req: Req) -> Any:
    return fake.world.application_payload()


async def get_gateway(fake: FakeDiscord, req: Req) -> Any:
    return {"url": fake.gateway_url}


async def get_gateway_bot(fake: FakeDiscord, req: Req) -> Any:
    return {
        "url": fake.gateway_url,
        "shards": 1,
        "session_start_limit": {"total": 1000, "remaining": 999, "reset_after": 0,
                                "max_concurrency": 1},
    }


# --- users / DMs ------------------------------------------------------------


async def get_user(fake: FakeDiscord, req: Req) -> Any:
    return _user(fake, req.params["user_id"]).payload()


async def create_dm(fake: FakeDiscord, req: Req) -> Any:
    """Opening a DM channel always works; sending into it is what fails (50007)."""
    recipient = str(req.body.get("recipient_id", ""))
    user = fake.world.users.get(int(recipient)) if recipient.isdigit() else None
    if user is None or user.id == fake.world.bot.id:
        raise ApiError(400, 50033, "Invalid Recipient(s)")
    return fake.world.channel_payload(fake.world.dm_channel(user))


# --- guilds -----------------------------------------------------------------


async def get_guild(fake: FakeDiscord, req: Req) -> Any:
    guild = _guild(fake, req.params["guild_id"])
    data = fake.world.guild_payload(guild, all_members=False)
    for key in ("members", "channels", "threads", "presences", "voice_states", "joined_at"):
        data.pop(key, None)
    return data


async def get_guild_channels(fake: FakeDiscord, req: Req) -> Any:
    guild = _guild(fake, req.params["guild_id"])
    return [fake.world.channel_payload(fake.world.channels[c]) for c in guild.channel_ids]


async def get_guild_roles(fake: FakeDiscord, req: Req) -> Any:
    return [r.payload() for r in _guild(fake, req.params["guild_id"]).roles.values()]


async def get_member(fake: FakeDiscord, req: Req) -> Any:
    guild = _guild(fake, req.params["guild_id"])
    user_id = req.params["user_id"]
    if not user_id.isdigit() or int(user_id) not in guild.members:
        raise ApiError(404, 10007, "Unknown Member")
    return fake.world.member_payload(guild, int(user_id))


async def list_members(fake: FakeDiscord, req: Req) -> Any:
    guild = _guild(fake, req.params["guild_id"])
    after = int(req.query.get("after", 0))
    limit = int(req.query.get("limit", 1))
    ids = sorted(uid for uid in guild.members if uid > after)[:limit]
    return [fake.world.member_payload(guild, uid) for uid in ids]


# --- channels / messages ------------------------------------------------------


async def get_channel(fake: FakeDiscord, req: Req) -> Any:
    return fake.world.channel_payload(_channel(fake, req.params["channel_id"]))


async def create_thread(fake: FakeDiscord, req: Req) -> Any:
    """A thread without a starting message (POST /channels/{id}/threads): needs Create
    Public Threads; THREAD_CREATE goes to the guild's session."""
    parent = _channel(fake, req.params["channel_id"])
    if parent.type == DM or parent.is_thread:
        raise ApiError(400, 50024, "Cannot execute action on this channel type")
    if (req.body or {}).get("type", PUBLIC_THREAD) != PUBLIC_THREAD:
        raise form_error(["type: only public threads are faked"])
    name = str((req.body or {}).get("name") or "")
    if not 1 <= len(name) <= 100:
        raise form_error(["name: must be 1 to 100 characters"])
    guild = fake.world.guilds[parent.guild_id or 0]
    if not guild.permissions_of(fake.world.bot.id) & CREATE_PUBLIC_THREADS:
        raise ApiError(403, 50013, "Missing Permissions")
    thread = fake.world.add_thread(parent, name, fake.world.bot)
    data = fake.world.channel_payload(thread)
    session = fake.session_for(guild.id)
    if session is not None and session.ready:
        await session.dispatch("THREAD_CREATE", {**data, "newly_created": True})
    return data


async def create_message(fake: FakeDiscord, req: Req) -> Any:
    channel = _channel(fake, req.params["channel_id"])
    if channel.is_thread:
        guild = fake.world.guilds[channel.guild_id or 0]
        if not guild.permissions_of(fake.world.bot.id) & SEND_MESSAGES_IN_THREADS:
            raise ApiError(403, 50013, "Missing Permissions")
    if channel.type == DM:
        recipient = fake.world.users[channel.recipient_id or 0]
        if not recipient.dms_open:
            raise ApiError(403, 50007, "Cannot send messages to this user")
    body = req.body
    _need_attach_files(fake, channel, req)
    files_body = {**body, "attachments": req.files or body.get("attachments")}
    _check(fake, check_message(files_body), body)
    msg = fake.recorder.create(channel, body, author=fake.world.bot, files=req.files)
    await fake.message_event("MESSAGE_CREATE", msg)
    return msg.payload


async def get_message(fake: FakeDiscord, req: Req) -> Any:
    channel = _channel(fake, req.params["channel_id"])
    return _message(fake, channel, req.params["message_id"]).payload


async def list_messages(fake: FakeDiscord, req: Req) -> Any:
    """Channel history, newest first, with Discord's before/after/around/limit."""
    channel = _channel(fake, req.params["channel_id"])
    messages = sorted(fake.recorder.channel_messages(channel.id), key=lambda m: m.id)
    limit = int(req.query.get("limit", 50))
    if "before" in req.query:
        messages = [m for m in messages if m.id < int(req.query["before"])][-limit:]
    elif "after" in req.query:
        messages = [m for m in messages if m.id > int(req.query["after"])][:limit]
    elif "around" in req.query:
        around = int(req.query["around"])
        older = [m for m in messages if m.id <= around][-(limit // 2 + 1):]
        newer = [m for m in messages if m.id > around][: limit - len(older)]
        messages = older + newer
    else:
        messages = messages[-limit:]
    return [m.payload for m in reversed(messages)]


async def edit_message(fake: FakeDiscord, req: Req) -> Any:
    channel = _channel(fake, req.params["channel_id"])
    msg = _message(fake, channel, req.params["message_id"])
    if msg.author_id != fake.world.bot.id:
        raise ApiError(403, 50005, "Cannot edit a message authored by another user")
    if fake.old_edits_refused and fake.recorder.age(msg) > OLD_MESSAGE_AGE:
        # Discord may refuse edits of messages older than an hour (error 30046); the fake
        # always does, so a bot that keeps one message for hours notices in tests.
        raise ApiError(400, 30046, "Maximum number of edits to messages older than 1 hour "
                                   "reached. Try again later")
    _need_attach_files(fake, channel, req)
    _check(fake, check_message(fake.recorder.preview_edit(msg, req.body, req.files)), req.body)
    fake.recorder.edit(msg, req.body, req.files)
    await fake.message_event("MESSAGE_UPDATE", msg)
    return msg.payload


async def delete_message(fake: FakeDiscord, req: Req) -> None:
    channel = _channel(fake, req.params["channel_id"])
    msg = _message(fake, channel, req.params["message_id"])
    fake.recorder.delete(msg)
    await fake.message_event("MESSAGE_DELETE", msg)


async def trigger_typing(fake: FakeDiscord, req: Req) -> None:
    channel = _channel(fake, req.params["channel_id"])
    if channel.type == DM and not fake.world.users[channel.recipient_id or 0].dms_open:
        raise ApiError(403, 50007, "Cannot send messages to this user")


async def add_reaction(fake: FakeDiscord, req: Req) -> None:
    channel = _channel(fake, req.params["channel_id"])
    msg = _message(fake, channel, req.params["message_id"])
    emoji = req.params["emoji"]
    for reaction in msg.payload["reactions"]:
        if reaction["emoji"]["name"] == emoji:
            reaction["me"] = True
            return
    msg.payload["reactions"].append({"emoji": {"id": None, "name": emoji}, "count": 1,
                                     "me": True, "burst_colors": [], "count_details": {}})


async def remove_own_reaction(fake: FakeDiscord, req: Req) -> None:
    channel = _channel(fake, req.params["channel_id"])
    msg = _message(fake, channel, req.params["message_id"])
    emoji = req.params["emoji"]
    msg.payload["reactions"] = [r for r in msg.payload["reactions"]
                                if r["emoji"]["name"] != emoji]
