"""Interactions: payloads the fake sends as INTERACTION_CREATE, the per-interaction
record, and the routes the bot answers them on (callback, followups, @original).
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .limits import (
    FLAG_EPHEMERAL,
    FLAG_LOADING,
    check_autocomplete,
    check_message,
    check_modal,
)
from .models import DM, Channel, Guild, Role, User, World, new_token
from .recorder import Recorder, StoredMessage, components_text
from .wire import ApiError, Req, form_error

if TYPE_CHECKING:
    from .server import FakeDiscord

# Interaction types
APPLICATION_COMMAND, MESSAGE_COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 2, 3, 4, 5
# Callback types
PONG, CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE = 1, 4, 5, 6
UPDATE_MESSAGE, AUTOCOMPLETE_RESULT, MODAL = 7, 8, 9
LAUNCH_ACTIVITY = 12   # opens the app's Activity in the interaction's channel
ALLOWED_CALLBACKS = {
    APPLICATION_COMMAND: {CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, MODAL, LAUNCH_ACTIVITY},
    MESSAGE_COMPONENT: {CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE,
                        UPDATE_MESSAGE, MODAL, LAUNCH_ACTIVITY},
    AUTOCOMPLETE: {AUTOCOMPLETE_RESULT},
    MODAL_SUBMIT: {CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE,
                   LAUNCH_ACTIVITY},
}
SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2
ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024
DM_APP_PERMISSIONS = (1 << 10) | (1 << 11) | (1 << 14) | (1 << 15) | (1 << 16) | (1 << 31)


@dataclass(eq=False)
class InteractionRecord:
    """One interaction sent to the bot and everything the bot did with it.

    Returned by the ``FakeDiscord.slash/click/select/submit_modal`` helpers. The
    message properties are live: later followups/edits show up here too.
    """

    id: int
    token: str
    type: int
    user_id: int
    channel_id: int
    guild_id: int | None
    payload: dict[str, Any]
    recorder: Recorder = field(repr=False)
    source_message_id: int | None = None  # message whose component was used
    name: str = ""  # command path or custom_id, for messages
    sent_at: float = 0.0
    callback_type: int | None = None
    callback_data: dict[str, Any] | None = None
    callback_at: float | None = None
    original_message_id: int | None = None
    followup_ids: list[int] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)  # rejected calls: "10062 Unknown interaction"
    choices: list[dict[str, Any]] | None = None  # autocomplete answer
    modal: dict[str, Any] | None = None  # modal opened on the user's screen
    activity_instance_id: str | None = None  # the Activity a LAUNCH_ACTIVITY answer opened
    attempted: asyncio.Event = field(default_factory=asyncio.Event, repr=False)
    resolved: asyncio.Event = field(default_factory=asyncio.Event, repr=False)
    # Set by the first edit or followup after the callback: for a deferred update the
    # callback resolves at once (the clicked message stays as it is), the answer comes here.
    followed: asyncio.Event = field(default_factory=asyncio.Event, repr=False)

    @property
    def acknowledged(self) -> bool:
        return self.callback_type is not None

    @property
    def deferred(self) -> bool:
        return self.callback_type in (DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE)

    @property
    def latency(self) -> float | None:
        return None if self.callback_at is None else self.callback_at - self.sent_at

    @property
    def message(self) -> StoredMessage | None:
        """The message of the initial response (for component updates: the clicked message)."""
        if self.original_message_id is None:
            return None
        return self.recorder.messages.get(self.original_message_id)

    @property
    def followups(self) -> list[StoredMessage]:
        return [self.recorder.messages[i] for i in self.followup_ids]

    @property
    def private_followups(self) -> list[StoredMessage]:
        """Followups only its user sees: replies to them (a public followup, such as a turn
        ping riding on the interaction, is a channel message everyone sees)."""
        return [m for m in self.followups if m.ephemeral]

    @property
    def messages(self) -> list[StoredMessage]:
        first = [self.message] if self.message is not None else []
        return first + self.followups

    @property
    def ephemeral(self) -> bool:
        """Whether the initial response was only shown to the user (flags & 64)."""
        if self.message is not None:
            return self.message.ephemeral
        return bool((self.callback_data or {}).get("flags", 0) & FLAG_EPHEMERAL)

    @property
    def content(self) -> str:
        return self.message.content if self.message is not None else ""

    @property
    def text(self) -> str:
        """Everything this interaction showed: response, followups, choices, modal."""
        parts = [m.text for m in self.messages]
        parts += [c.get("name", "") for c in self.choices or []]
        if self.modal:
            parts.append(self.modal.get("title") or "")
            parts += components_text(self.modal.get("components"))
        return "\n".join(p for p in parts if p)

    def metadata(self) -> dict[str, Any]:
        """``interaction_metadata`` of the messages this interaction creates."""
        data: dict[str, Any] = {
            "id": str(self.id),
            "type": self.type,
            "user": self.payload.get("user") or self.payload["member"]["user"],
            "authorizing_integration_owners": self.payload["authorizing_integration_owners"],
        }
        if self.type == APPLICATION_COMMAND:
            data["name"] = self.name
            data["command_type"] = 1
        if self.source_message_id is not None:
            data["interacted_message_id"] = str(self.source_message_id)
        return data


# ---------------------------------------------------------------------------
# building INTERACTION_CREATE payloads
# ---------------------------------------------------------------------------


def build_interaction(world: World, *, kind: int, user: User, channel: Channel,
                      data: dict[str, Any], message: StoredMessage | None = None
                      ) -> dict[str, Any]:
    payload: dict[str, Any] = {
        "id": str(world.ids.next()),
        "application_id": str(world.application_id),
        "type": kind,
        "data": data,
        "token": new_token("itok"),
        "version": 1,
        "channel_id": str(channel.id),
        "channel": world.channel_payload(channel),
        "locale": user.locale,
        "entitlements": [],
        "entitlement_sku_ids": [],
        "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
    }
    if channel.type == DM:
        if channel.recipient_id != user.id:
            raise ValueError(f"{user.username} is not the recipient of DM channel {channel.id}")
        payload.update({
            "user": user.payload(),
            "app_permissions": str(DM_APP_PERMISSIONS),
            "context": 1,  # BOT_DM
            "authorizing_integration_owners": {"0": "0"},
        })
    else:
        guild = world.guilds[channel.guild_id or 0]
        if user.id not in guild.members:
            raise ValueError(f"{user.username} is not a member of guild {guild.name!r}")
        payload["channel"]["permissions"] = str(guild.permissions_of(user.id))
        payload.update({
            "guild_id": str(guild.id),
            "guild": {"id": str(guild.id), "locale": guild.locale, "features": []},
            "guild_locale": guild.locale,
            "member": world.member_payload(guild, user.id, with_permissions=True),
            "app_permissions": str(guild.permissions_of(world.bot.id)),
            "context": 0,  # GUILD
            "authorizing_integration_owners": {"0": str(guild.id)},
        })
    if message is not None:
        payload["message"] = message.payload
    return payload


def command_data(world: World, command: dict[str, Any], path: list[str],
                 options: dict[str, Any], guild: Guild | None, *,
                 focused: str | None = None) -> dict[str, Any]:
    """``data`` of a CHAT_INPUT (or autocomplete) interaction, typed like the real client does."""
    defs = command.get("options") or []
    chain: list[dict[str, Any]] = []
    for name in path[1:]:
        found = next((d for d in defs if d["name"] == name
                      and d["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)), None)
        if found is None:
            raise ValueError(f"/{' '.join(path)}: no subcommand {name!r}")
        chain.append(found)
        defs = found.get("options") or []
    if any(d["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP) for d in defs):
        raise ValueError(f"/{' '.join(path)} needs a subcommand: "
                         f"{[d['name'] for d in defs]}")

    resolved: dict[str, dict[str, Any]] = {}
    leaf: list[dict[str, Any]] = []
    by_name = {d["name"]: d for d in defs}
    if focused is not None and focused not in by_name:
        raise ValueError(f"/{' '.join(path)} has no option {focused!r} to autocomplete")
    values = dict(options)
    if focused is not None:
        values.setdefault(focused, "")
    for name, value in values.items():
        if name not in by_name:
            raise ValueError(f"/{' '.join(path)} has no option {name!r}; "
                             f"options: {list(by_name)}")
        d = by_name[name]
        if name == focused:
            # What the user has typed so far is sent as-is (a string) with focused=true.
            leaf.append({"name": name, "type": d["type"], "value": value, "focused": True})
        else:
            leaf.append({"name": name, "type": d["type"],
                         "value": _option_value(world, guild, d, value, resolved)})
    if focused is None:
        missing = [d["name"] for d in defs if d.get("required") and d["name"] not in values]
        if missing:
            raise ValueError(f"/{' '.join(path)}: required options missing: {missing}")

    wrapped = leaf
    for sub in reversed(chain):
        wrapped = [{"name": sub["name"], "type": sub["type"], "options": wrapped}]
    data: dict[str, Any] = {"id": command["id"], "name": command["name"], "type": 1,
                            "options": wrapped}
    if command.get("guild_id"):
        data["guild_id"] = command["guild_id"]
    if resolved:
        data["resolved"] = resolved
    return data


def _option_value(world: World, guild: Guild | None, d: dict[str, Any], value: Any,
                  resolved: dict[str, dict[str, Any]]) -> Any:
    kind, name = d["type"], d["name"]
    if kind == 3:
        result: Any = str(value)
        length = len(result)
        if length < d.get("min_length", 0) or length > d.get("max_length", 6000):
            raise ValueError(f"option {name!r}: length {length} outside min/max_length")
    elif kind in (4, 10):
        if isinstance(value, bool):
            raise ValueError(f"option {name!r} is numeric, got a bool")
        result = int(value) if kind == 4 else float(value)
        if ("min_value" in d and result < d["min_value"]) or (
                "max_value" in d and result > d["max_value"]):
            raise ValueError(f"option {name!r}: {result} outside min/max_value")
    elif kind == 5:
        result = bool(value)
    elif kind in (6, 7, 8, 9):
        result = str(getattr(value, "id", value))
        _resolve(world, guild, kind, value, result, resolved, name)
    else:
        raise ValueError(f"option {name!r}: type {kind} is not supported by the fake")
    choices = [c["value"] for c in d.get("choices") or []]
    if choices and result not in choices:
        raise ValueError(f"option {name!r}: {result!r} is not one of the choices {choices}")
    return result


def _resolve(world: World, guild: Guild | None, kind: int, value: Any, snowflake: str,
             resolved: dict[str, dict[str, Any]], name: str) -> None:
    """Fill ``data.resolved`` for user/channel/role/mentionable options."""
    ident = int(snowflake)
    if isinstance(value, Role) or (guild is not None and ident in guild.roles and kind in (8, 9)):
        if guild is None or ident not in guild.roles:
            raise ValueError(f"option {name!r}: unknown role {ident}")
        resolved.setdefault("roles", {})[snowflake] = guild.roles[ident].payload()
    elif kind == 7:
        channel = world.channels.get(ident)
        if channel is None:
            raise ValueError(f"option {name!r}: unknown channel {ident}")
        data = world.channel_payload(channel)
        data["permissions"] = str(guild.permissions_of(world.bot.id) if guild else 0)
        resolved.setdefault("channels", {})[snowflake] = data
    else:
        if ident not in world.users or kind == 8:
            raise ValueError(f"option {name!r}: unknown user {ident}")
        resolved.setdefault("users", {})[snowflake] = world.users[ident].payload()
        if guild is not None and ident in guild.members:
            member = world.member_payload(guild, ident, with_user=False, with_permissions=True)
            resolved.setdefault("members", {})[snowflake] = member


def modal_submit_components(modal: dict[str, Any], values: dict[str, Any]) -> list[dict[str, Any]]:
    """What the client sends back for a modal: same layout, inputs replaced by their values."""

    def submitted(comp: dict[str, Any]) -> dict[str, Any]:
        kind = comp.get("type")
        custom_id = comp.get("custom_id")
        if kind == 4:
            value = values.get(custom_id, comp.get("value") or "")
            if comp.get("required", True) and not value:
                raise ValueError(f"modal field {custom_id!r} is required")
            return {"type": 4, "id": comp.get("id"), "custom_id": custom_id, "value": value}
        if kind in (3, 5, 6, 7, 8):
            picked = values.get(custom_id, [])
            return {"type": kind, "id": comp.get("id"), "custom_id": custom_id,
                    "values": list(picked)}
        return {"type": kind, "id": comp.get("id")}

    result = []
    for comp in modal.get("components") or []:
        if comp.get("type") == 1:
            result.append({"type": 1, "id": comp.get("id"),
                           "components": [submitted(c) for c in comp.get("components") or []]})
        elif comp.get("type") == 18:
            result.append({"type": 18, "id": comp.get("id"),
                           "component": submitted(comp["component"])})
        else:
            result.append(submitted(comp))
    return result


# ---------------------------------------------------------------------------
# routes the bot uses to answer
# ---------------------------------------------------------------------------


def _reject(fake: FakeDiscord, kind: str, problems: list[str], detail: Any) -> None:
    if problems:
        for p in problems:
            fake.violation(kind, p, detail)
        raise form_error(problems)


async def interaction_callback(fake: FakeDiscord, req: Req) -> Any:
    """POST /interactions/{id}/{token}/callback"""
    record = fake.interaction_by_id(req.params["interaction_id"])
    if record is None or record.token != req.params["token"]:
        raise ApiError(404, 10062, "Unknown interaction")
    try:
        return await _callback(fake, record, req)
    except ApiError as exc:
        record.errors.append(f"{exc.code} {exc.message}")
        raise
    finally:
        record.attempted.set()


async def _callback(fake: FakeDiscord, record: InteractionRecord, req: Req) -> Any:
    now = asyncio.get_running_loop().time()
    elapsed = now - record.sent_at
    if elapsed > fake.interaction_deadline:
        fake.violation("late_callback", f"interaction {record.id} ({record.name}) answered "
                       f"after {elapsed:.2f}s (limit {fake.interaction_deadline}s)", req.json)
        raise ApiError(404, 10062, "Unknown interaction")
    if record.callback_type is not None:
        fake.violation("double_response", f"interaction {record.id} ({record.name}) got a "
                       f"second initial response", req.json)
        raise ApiError(400, 40060, "Interaction has already been acknowledged.")
    cb_type = req.body.get("type")
    data = req.body.get("data") or {}
    allowed = set(ALLOWED_CALLBACKS[record.type])
    if record.source_message_id is None:
        allowed -= {DEFERRED_UPDATE, UPDATE_MESSAGE}
    _reject(fake, "bad_callback", [] if cb_type in allowed else
            [f"callback type {cb_type} not allowed for interaction type {record.type}"],
            req.json)

    channel = fake.world.channels[record.channel_id]
    msg: StoredMessage | None = None
    event: str | None = None  # gateway event to send once the record is updated
    if cb_type in (CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE):
        if cb_type == CHANNEL_MESSAGE:
            _reject(fake, "message_limits",
                    check_message({**data, "attachments": req.files or data.get("attachments")}),
                    data)
        ephemeral = bool(data.get("flags", 0) & FLAG_EPHEMERAL)
        msg = fake.recorder.create(
            channel, data if cb_type == CHANNEL_MESSAGE else {"flags": data.get("flags", 0)},
            author=fake.world.bot, files=req.files,
            ephemeral_to=record.user_id if ephemeral else None,
            interaction=record.metadata(),
            extra_flags=FLAG_LOADING if cb_type == DEFERRED_CHANNEL_MESSAGE else 0,
            message_type=20 if record.type == APPLICATION_COMMAND else 0,
        )
        event = "MESSAGE_CREATE"
    elif cb_type == UPDATE_MESSAGE:
        msg = fake.recorder.messages[record.source_message_id or 0]
        _reject(fake, "message_limits",
                check_message(fake.recorder.preview_edit(msg, data, req.files)), data)
        fake.recorder.edit(msg, data, req.files)
        event = "MESSAGE_UPDATE"
    elif cb_type == DEFERRED_UPDATE:
        msg = fake.recorder.messages[record.source_message_id or 0]
    elif cb_type == AUTOCOMPLETE_RESULT:
        _reject(fake, "autocomplete_limits", check_autocomplete(data.get("choices")), data)
        record.choices = list(data.get("choices") or [])
    elif cb_type == MODAL:
        _reject(fake, "modal_limits", check_modal(data), data)
        record.modal = data
        fake.recorder.modals.append((record.user_id, data))

    instance_id: str | None = None
    if cb_type == LAUNCH_ACTIVITY:
        # The user who clicked is in the new instance; Discord answers with its id.
        instance = fake.oauth.launch(channel.id, channel.guild_id, [record.user_id])
        instance_id = record.activity_instance_id = instance.instance_id
    record.callback_type, record.callback_data, record.callback_at = cb_type, data, now
    if msg is not None:
        record.original_message_id = msg.id
    if cb_type != DEFERRED_CHANNEL_MESSAGE:
        record.resolved.set()
    if event is not None and msg is not None:
        await fake.message_event(event, msg)
    if not req.flag("with_response"):
        return None
    # InteractionCallbackResponse, as parsed by discord.py's InteractionCallbackResponse._update
    body: dict[str, Any] = {
        "interaction": {
            "id": str(record.id),
            "type": record.type,
            "activity_instance_id": instance_id,
            "response_message_id": str(msg.id) if msg else None,
            "response_message_loading": cb_type == DEFERRED_CHANNEL_MESSAGE,
            "response_message_ephemeral": bool(msg and msg.ephemeral),
        },
        "resource": {"type": cb_type},
    }
    if msg is not None:
        body["resource"]["message"] = msg.payload
    if instance_id is not None:
        body["resource"]["activity_instance"] = {"id": instance_id}
    return body


def _record_for_webhook(fake: FakeDiscord, req: Req) -> InteractionRecord:
    record = fake.interaction_by_token(req.params["token"])
    if record is None or req.params["app_id"] != str(fake.application_id):
        raise ApiError(404, 10015, "Unknown Webhook")
    age = asyncio.get_running_loop().time() - record.sent_at
    if age > fake.token_lifetime:
        fake.violation("expired_token", f"interaction {record.id} token used after {age:.0f}s",
                       req.json)
        raise ApiError(401, 50027, "Invalid Webhook Token")
    if record.callback_type is None:
        fake.violation("followup_before_ack",
                       f"interaction {record.id} ({record.name}) used its webhook before any "
                       f"initial response", req.json)
        raise ApiError(404, 10015, "Unknown Webhook")
    return record


async def execute_webhook(fake: FakeDiscord, req: Req) -> Any:
    """POST /webhooks/{app}/{token}: a followup message."""
    record = _record_for_webhook(fake, req)
    body = req.body
    _reject(fake, "message_limits",
            check_message({**body, "attachments": req.files or body.get("attachments")}), body)
    original = record.message
    if record.callback_type == DEFERRED_CHANNEL_MESSAGE and original and original.loading:
        # Discord: the first followup after a "thinking" defer replaces the placeholder
        # (and keeps the defer's ephemerality).
        msg = fake.recorder.edit(original, body, req.files)
        await fake.message_event("MESSAGE_UPDATE", msg)
    else:
        ephemeral = bool(body.get("flags", 0) & FLAG_EPHEMERAL)
        msg = fake.recorder.create(
            fake.world.channels[record.channel_id], body, author=fake.world.bot,
            files=req.files, ephemeral_to=record.user_id if ephemeral else None,
            interaction=record.metadata())
        record.followup_ids.append(msg.id)
        await fake.message_event("MESSAGE_CREATE", msg)
    record.resolved.set()
    record.followed.set()
    return msg.payload if req.flag("wait") else None


def _webhook_message(fake: FakeDiscord, record: InteractionRecord,
                     message_id: str) -> StoredMessage:
    if message_id == "@original":
        wanted = record.original_message_id
    else:
        wanted = int(message_id)
        if wanted != record.original_message_id and wanted not in record.followup_ids:
            wanted = None
    msg = fake.recorder.messages.get(wanted) if wanted is not None else None
    if msg is None or msg.deleted:
        raise ApiError(404, 10008, "Unknown Message")
    return msg


async def get_webhook_message(fake: FakeDiscord, req: Req) -> Any:
    record = _record_for_webhook(fake, req)
    return _webhook_message(fake, record, req.params["message_id"]).payload


async def edit_webhook_message(fake: FakeDiscord, req: Req) -> Any:
    record = _record_for_webhook(fake, req)
    msg = _webhook_message(fake, record, req.params["message_id"])
    _reject(fake, "message_limits",
            check_message(fake.recorder.preview_edit(msg, req.body, req.files)), req.body)
    fake.recorder.edit(msg, req.body, req.files)
    record.resolved.set()
    record.followed.set()
    await fake.message_event("MESSAGE_UPDATE", msg)
    return msg.payload


async def delete_webhook_message(fake: FakeDiscord, req: Req) -> None:
    record = _record_for_webhook(fake, req)
    msg = _webhook_message(fake, record, req.params["message_id"])
    fake.recorder.delete(msg)
    record.resolved.set()
    await fake.message_event("MESSAGE_DELETE", msg)
