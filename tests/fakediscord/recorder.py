"""Message store of the fake and the record of what every user/channel was shown.

Every create/edit/delete of a message becomes a ``ShownEvent``; a ``StoredMessage``
keeps its current payload plus every version. Ephemeral messages belong to one
user and never appear in a channel's public list.

Each new message also records whom it *notifies*, as Discord does: a DM notifies its
recipient; a channel message notifies the users mentioned in its content whom its
``allowed_mentions`` permit (all of them when the body has no ``allowed_mentions``) and
who can see the channel. An edit never notifies, nor does an ephemeral message.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field
from typing import Any

from .json_text import copy_json
from .limits import FLAG_COMPONENTS_V2, FLAG_EPHEMERAL, FLAG_LOADING, walk_components
from .models import DM, Channel, User, World, now_iso

MENTION_RE = re.compile(r"<@!?(\d+)>")
# Flags the bot may set/clear on edit; the others (ephemeral, loading) are fixed, and
# IS_COMPONENTS_V2 may be set by an edit (upgrading a message) but never cleared.
EDITABLE_FLAGS = 1 << 2  # SUPPRESS_EMBEDS


def message_text(payload: dict[str, Any]) -> str:
    """All human-visible text of a message: content, embeds, component labels, options."""
    parts: list[str] = [payload.get("content") or ""]
    for embed in payload.get("embeds") or []:
        parts.append((embed.get("author") or {}).get("name") or "")
        parts.append(embed.get("title") or "")
        parts.append(embed.get("description") or "")
        for fld in embed.get("fields") or []:
            parts += [str(fld.get("name", "")), str(fld.get("value", ""))]
        parts.append((embed.get("footer") or {}).get("text") or "")
    parts += components_text(payload.get("components"))
    poll = payload.get("poll")
    if poll:
        parts.append((poll.get("question") or {}).get("text") or "")
        parts += [(a.get("poll_media") or {}).get("text") or "" for a in poll.get("answers", [])]
    return "\n".join(p for p in parts if p)


def components_text(components: list[dict[str, Any]] | None) -> list[str]:
    parts: list[str] = []
    for comp in walk_components(components):
        for key in ("label", "placeholder", "content", "title", "description"):
            if isinstance(comp.get(key), str):
                parts.append(comp[key])
        for opt in comp.get("options") or []:
            parts += [opt.get("label") or "", opt.get("description") or ""]
    return [p for p in parts if p]


@dataclass
class StoredMessage:
    id: int
    channel_id: int
    guild_id: int | None
    author_id: int
    payload: dict[str, Any]  # current version, exactly what the fake returns for it
    versions: list[dict[str, Any]] = field(default_factory=list)
    ephemeral_to: int | None = None  # user id for ephemeral messages
    interaction_id: int | None = None
    deleted: bool = False
    notifies: frozenset[int] = frozenset()  # users this message notified when it was created
    created_at: float = 0.0  # the fake's clock (Recorder.now) when it was created

    @property
    def content(self) -> str:
        return self.payload.get("content") or ""

    @property
    def embeds(self) -> list[dict[str, Any]]:
        return self.payload.get("embeds") or []

    @property
    def components(self) -> list[dict[str, Any]]:
        return self.payload.get("components") or []

    @property
    def flags(self) -> int:
        return self.payload.get("flags") or 0

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & FLAG_EPHEMERAL)

    @property
    def loading(self) -> bool:
        """Still the "Bot is thinking..." placeholder of a deferred interaction."""
        return bool(self.flags & FLAG_LOADING)

    @property
    def text(self) -> str:
        return message_text(self.payload)

    def component(self, custom_id: str) -> dict[str, Any] | None:
        for comp in walk_components(self.components):
            if comp.get("custom_id") == custom_id:
                return comp
        return None

    @property
    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for c in walk_components(self.components) if c.get("custom_id")]

    def __repr__(self) -> str:
        return (f"<StoredMessage id={self.id} channel={self.channel_id} "
                f"ephemeral_to={self.ephemeral_to} text={self.text[:60]!r}>")


@dataclass
class ShownEvent:
    kind: str  # "create" | "edit" | "delete"
    message: StoredMessage
    payload: dict[str, Any]  # snapshot at that moment
    notifies: frozenset[int] = frozenset()  # users notified (only ever on "create")

    @property
    def text(self) -> str:
        return "" if self.kind == "delete" else message_text(self.payload)


@dataclass
class Attachment:
    field_name: str
    filename: str
    data: bytes
    content_type: str | None = None


class Recorder:
    """Stores messages and answers "what did X see" questions."""

    def __init__(self, world: World, base_url: str = "") -> None:
        self.world = world
        self.base_url = base_url
        self.messages: dict[int, StoredMessage] = {}
        self.files: dict[str, bytes] = {}   # attachment id -> the uploaded bytes
        self.events: list[ShownEvent] = []
        # (user id, modal data) for every modal opened on a user's screen.
        self.modals: list[tuple[int, dict[str, Any]]] = []
        # Added to the wall clock: tests move it to make messages old (FakeDiscord.advance).
        self.clock_offset = 0.0
        # Uploaded files by attachment id (tests look at the pictures); a load run uploads
        # thousands of them and turns this off.
        self.keep_files = True

    def now(self) -> float:
        return time.monotonic() + self.clock_offset

    def age(self, msg: StoredMessage) -> float:
        """Seconds since ``msg`` was created, on the fake's clock."""
        return self.now() - msg.created_at

    # --- mutation ---------------------------------------------------------

    def create(self, channel: Channel, body: dict[str, Any], *, author: User,
               files: list[Attachment] = (), ephemeral_to: int | None = None,
               interaction: dict[str, Any] | None = None, extra_flags: int = 0,
               message_type: int = 0) -> StoredMessage:
        """Store a new message built from a create body (POST channel/webhook/callback)."""
        msg_id = self.world.ids.next()
        flags = (body.get("flags") or 0) | extra_flags
        if ephemeral_to is not None:
            flags |= FLAG_EPHEMERAL
        payload: dict[str, Any] = {
            "id": str(msg_id),
            "channel_id": str(channel.id),
            "author": author.payload(),
            "content": body.get("content") or "",
            "timestamp": now_iso(),
            "edited_timestamp": None,
            "tts": bool(body.get("tts")),
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": self._attachments(body, files, []),
            "embeds": _embeds(body.get("embeds")),
            "components": _components(body.get("components")),
            "reactions": [],
            "pinned": False,
            "type": message_type,
            "flags": flags,
        }
        if channel.guild_id is not None:
            payload["guild_id"] = str(channel.guild_id)
        if body.get("nonce") is not None:
            payload["nonce"] = body["nonce"]
        if body.get("message_reference"):
            payload["message_reference"] = body["message_reference"]
            payload["type"] = 19  # REPLY
        if body.get("poll"):
            payload["poll"] = body["poll"]
        if interaction is not None:
            payload["webhook_id"] = str(self.world.application_id)
            payload["application_id"] = str(self.world.application_id)
            payload["interaction_metadata"] = interaction
        self._set_mentions(payload)
        msg = StoredMessage(msg_id, channel.id, channel.guild_id, author.id, payload,
                            ephemeral_to=ephemeral_to,
                            interaction_id=int(interaction["id"]) if interaction else None,
                            created_at=self.now())
        if ephemeral_to is None:
            msg.notifies = self._notified(channel, body, author)
        self.messages[msg_id] = msg
        channel.last_message_id = msg_id
        self._record("create", msg)
        return msg

    def edit(self, msg: StoredMessage, body: dict[str, Any],
             files: list[Attachment] = ()) -> StoredMessage:
        msg.payload = self.preview_edit(msg, body, files)
        self._record("edit", msg)
        return msg

    def preview_edit(self, msg: StoredMessage, body: dict[str, Any],
                     files: list[Attachment] = ()) -> dict[str, Any]:
        """The payload ``msg`` would have after applying an edit body (not stored)."""
        payload = dict(msg.payload)
        if "content" in body:
            payload["content"] = body["content"] or ""
        if "embeds" in body:
            payload["embeds"] = _embeds(body["embeds"])
        if "components" in body:
            payload["components"] = _components(body["components"])
        if "flags" in body and body["flags"] is not None:
            keep = payload["flags"] & ~EDITABLE_FLAGS
            payload["flags"] = keep | (body["flags"] & (EDITABLE_FLAGS | FLAG_COMPONENTS_V2))
        if "attachments" in body or files:
            payload["attachments"] = self._attachments(body, files, payload["attachments"])
        if "poll" in body:
            payload["poll"] = body["poll"]
        payload["flags"] &= ~FLAG_LOADING  # any edit resolves a "thinking..." placeholder
        payload["edited_timestamp"] = now_iso()
        self._set_mentions(payload)
        return payload

    def delete(self, msg: StoredMessage) -> None:
        msg.deleted = True
        self._record("delete", msg)

    def _record(self, kind: str, msg: StoredMessage) -> None:
        snapshot = dict(msg.payload)
        if kind != "delete":
            msg.versions.append(snapshot)
        self.events.append(ShownEvent(kind, msg, snapshot,
                                      msg.notifies if kind == "create" else frozenset()))

    def _notified(self, channel: Channel, body: dict[str, Any], author: User) -> frozenset[int]:
        """Whom a new message notifies (see the module docstring)."""
        if channel.type == DM:
            return frozenset({channel.recipient_id} - {author.id, None})
        allowed = body.get("allowed_mentions")
        mentioned = {int(m) for m in MENTION_RE.findall(body.get("content") or "")}
        if allowed is not None and "users" not in (allowed.get("parse") or []):
            mentioned &= {int(u) for u in allowed.get("users") or []}
        return frozenset(uid for uid in mentioned - {author.id}
                         if uid in self.world.users and self._member_sees(uid, channel))

    def _member_sees(self, user_id: int, channel: Channel) -> bool:
        guild = self.world.guilds.get(channel.guild_id or 0)
        return guild is not None and user_id in guild.members

    def _set_mentions(self, payload: dict[str, Any]) -> None:
        ids = {int(m) for m in MENTION_RE.findall(payload.get("content") or "")}
        payload["mentions"] = [self.world.users[i].payload() for i in ids if i in self.world.users]

    def _attachments(self, body: dict[str, Any], files: list[Attachment],
                     current: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """Keep the attachments the body lists by id; add uploaded ``files[n]`` parts."""
        listed = body.get("attachments")
        if listed is None:
            kept = list(current)
        else:
            keep_ids = {str(a.get("id")) for a in listed}
            kept = [a for a in current if a["id"] in keep_ids]
        # A new upload is listed by its part's index ("files[n]" -> id n) with its alt text.
        described = {str(a.get("id")): a.get("description") for a in listed or ()}
        for upload in files:
            att_id = self.world.ids.next()
            if self.keep_files:
                self.files[str(att_id)] = upload.data
            index = upload.field_name.removeprefix("files[").removesuffix("]")
            if described.get(index):
                kept.append({"description": described[index]})
            else:
                kept.append({})
            kept[-1].update({
                "id": str(att_id),
                "filename": upload.filename,
                "size": len(upload.data),
                "url": f"{self.base_url}/attachments/{att_id}/{upload.filename}",
                "proxy_url": f"{self.base_url}/attachments/{att_id}/{upload.filename}",
                "content_type": upload.content_type,
            })
        return kept

    # --- queries ----------------------------------------------------------

    def message(self, message_id: int) -> StoredMessage:
        return self.messages[int(message_id)]

    def channel_messages(self, channel_id: int) -> list[StoredMessage]:
        """Public messages currently in a channel, oldest first (ephemerals excluded)."""
        return [m for m in self.messages.values()
                if m.channel_id == int(channel_id) and not m.deleted and m.ephemeral_to is None]

    def history(self, channel_id: int) -> list[ShownEvent]:
        """Every public create/edit/delete in a channel, in order."""
        return [e for e in self.events
                if e.message.channel_id == int(channel_id) and e.message.ephemeral_to is None]

    def dms(self, user_id: int) -> list[StoredMessage]:
        """Current messages of the bot's DM channel with a user."""
        ids = {c.id for c in self.world.channels.values()
               if c.type == DM and c.recipient_id == int(user_id)}
        return [m for m in self.messages.values() if m.channel_id in ids and not m.deleted]

    def ephemerals(self, user_id: int) -> list[StoredMessage]:
        """Ephemeral messages shown to a user (current versions; see ``.versions``)."""
        return [m for m in self.messages.values() if m.ephemeral_to == int(user_id)]

    def can_see(self, user_id: int, msg: StoredMessage) -> bool:
        if msg.ephemeral_to is not None:
            return msg.ephemeral_to == user_id
        channel = self.world.channels.get(msg.channel_id)
        if channel is None:
            return False
        if channel.type == DM:
            return channel.recipient_id == user_id
        guild = self.world.guilds.get(channel.guild_id or 0)
        return guild is not None and user_id in guild.members

    def notifications(self, user_id: int, channel_id: int | None = None) -> list[ShownEvent]:
        """The creations that notified a user, oldest first (in one channel if given)."""
        return [e for e in self.events if int(user_id) in e.notifies
                and (channel_id is None or e.message.channel_id == int(channel_id))]

    def events_seen_by(self, user_id: int) -> list[ShownEvent]:
        return [e for e in self.events if self.can_see(int(user_id), e.message)]

    def all_text_seen_by(self, user_id: int) -> str:
        """Text of every version of every message the user could see, plus modals shown."""
        user_id = int(user_id)
        parts = [e.text for e in self.events_seen_by(user_id) if e.kind != "delete"]
        for uid, modal in self.modals:
            if uid == user_id:
                parts.append(modal.get("title") or "")
                parts += components_text(modal.get("components"))
        return "\n".join(p for p in parts if p)


def _embeds(embeds: list[dict[str, Any]] | None) -> list[dict[str, Any]]:
    return [{"type": "rich", **e} for e in embeds or []]


def _components(components: list[dict[str, Any]] | None) -> list[dict[str, Any]]:
    """Copy components and number them like Discord does (``id`` on every component)."""
    result = copy_json(components or [])
    for n, comp in enumerate(walk_components(result), start=1):
        comp.setdefault("id", n)
    return result
