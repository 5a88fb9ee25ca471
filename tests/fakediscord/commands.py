"""Application commands: storage, validation on sync, and the REST routes for them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .limits import (
    CHAT_INPUT,
    DISCORD_LAUNCH_ACTIVITY,
    PRIMARY_ENTRY_POINT,
    check_command,
    check_commands,
)
from .models import Snowflakes
from .wire import ApiError, Req, form_error

if TYPE_CHECKING:
    from .server import FakeDiscord

Scope = int | None  # None = global commands, else a guild id


class CommandStore:
    """Registered commands per scope, keyed by (name, type) so re-syncs keep ids like Discord."""

    def __init__(self, ids: Snowflakes, application_id: int) -> None:
        self.ids = ids
        self.application_id = application_id
        self.scopes: dict[Scope, dict[tuple[str, int], dict[str, Any]]] = {}

    def _stored(self, scope: Scope, definition: dict[str, Any],
                old: dict[str, Any] | None) -> dict[str, Any]:
        cmd = {
            "type": CHAT_INPUT,
            "description": "",
            "options": [],
            "default_member_permissions": None,
            "dm_permission": True,
            "nsfw": False,
            **definition,
        }
        cmd["id"] = old["id"] if old else str(self.ids.next())
        cmd["application_id"] = str(self.application_id)
        cmd["version"] = str(self.ids.next())
        if scope is not None:
            cmd["guild_id"] = str(scope)
        return cmd

    def overwrite(self, scope: Scope, definitions: list[dict[str, Any]]) -> list[dict[str, Any]]:
        old = self.scopes.get(scope, {})
        new: dict[tuple[str, int], dict[str, Any]] = {}
        for d in definitions:
            key = (d["name"], d.get("type", CHAT_INPUT))
            new[key] = self._stored(scope, d, old.get(key))
        self.scopes[scope] = new
        return list(new.values())

    def upsert(self, scope: Scope, definition: dict[str, Any]) -> dict[str, Any]:
        commands = self.scopes.setdefault(scope, {})
        key = (definition["name"], definition.get("type", CHAT_INPUT))
        commands[key] = self._stored(scope, definition, commands.get(key))
        return commands[key]

    def enable_activities(self) -> dict[str, Any]:
        """What the Developer Portal does when Activities are turned on: the default Entry
        Point command "launch" (Discord launches the Activity itself), a global command."""
        return self.upsert(None, {"name": "launch", "type": PRIMARY_ENTRY_POINT,
                                  "description": "Launch an activity",
                                  "handler": DISCORD_LAUNCH_ACTIVITY,
                                  "integration_types": [0, 1], "contexts": [0, 1, 2]})

    def entry_point(self) -> dict[str, Any] | None:
        return next((c for (_, kind), c in self.scopes.get(None, {}).items()
                     if kind == PRIMARY_ENTRY_POINT), None)

    def listing(self, scope: Scope) -> list[dict[str, Any]]:
        return list(self.scopes.get(scope, {}).values())

    def by_id(self, scope: Scope, command_id: str) -> tuple[tuple[str, int], dict[str, Any]]:
        for key, cmd in self.scopes.get(scope, {}).items():
            if cmd["id"] == str(command_id):
                return key, cmd
        raise ApiError(404, 10063, "Unknown application command")

    def find(self, name: str, guild_id: int | None, kind: int = CHAT_INPUT) -> dict[str, Any]:
        """The command a user in ``guild_id`` (None = DM) would pick: guild first, then global."""
        scopes: list[Scope] = [guild_id, None] if guild_id is not None else [None]
        for scope in scopes:
            cmd = self.scopes.get(scope, {}).get((name, kind))
            if cmd is not None:
                return cmd
        raise LookupError(f"no registered command {name!r} (type {kind}) visible in "
                          f"{'guild ' + str(guild_id) if guild_id else 'DMs'}; synced: "
                          f"{ {s: [k[0] for k in c] for s, c in self.scopes.items()} }")


def _scope(fake: FakeDiscord, req: Req) -> Scope:
    if req.params["app_id"] != str(fake.application_id):
        raise ApiError(403, 50001, "Missing Access")
    guild_id = req.params.get("guild_id")
    if guild_id is None:
        return None
    if int(guild_id) not in fake.world.guilds:
        raise ApiError(403, 50001, "Missing Access")
    return int(guild_id)


def _validated(fake: FakeDiscord, problems: list[str], detail: Any) -> None:
    if problems:
        for p in problems:
            fake.violation("invalid_command", p, detail)
        raise form_error(problems)


async def bulk_overwrite(fake: FakeDiscord, req: Req) -> Any:
    """Replaces every command of the scope, of every type.  An Entry Point command exists
    only globally, and a bulk update may not drop it (Discord's error 50240): it must be in
    the body, or be deleted on its own first."""
    scope = _scope(fake, req)
    if not isinstance(req.json, list):
        raise form_error(["body must be a list of commands"])
    kinds = [c.get("type", CHAT_INPUT) for c in req.json if isinstance(c, dict)]
    if scope is not None and PRIMARY_ENTRY_POINT in kinds:
        raise form_error(["an Entry Point command can only be a global command"])
    _validated(fake, check_commands(req.json), req.json)
    if scope is None and fake.commands.entry_point() is not None \
            and PRIMARY_ENTRY_POINT not in kinds:
        fake.violation("entry_point_dropped", "a bulk overwrite without the Entry Point "
                       "command", req.json)
        raise ApiError(400, 50240, "You cannot remove this app's Entry Point command in a "
                       "bulk update operation. Please include the Entry Point command in "
                       "your update request or delete it separately.")
    return fake.commands.overwrite(scope, req.json)


async def list_commands(fake: FakeDiscord, req: Req) -> Any:
    return fake.commands.listing(_scope(fake, req))


async def create_command(fake: FakeDiscord, req: Req) -> Any:
    scope = _scope(fake, req)
    _validated(fake, check_command(req.body), req.body)
    commands = [*fake.commands.listing(scope), req.body]
    _validated(fake, [p for p in check_commands(commands) if "commands of type" in p], req.body)
    return fake.commands.upsert(scope, req.body)


async def get_command(fake: FakeDiscord, req: Req) -> Any:
    return fake.commands.by_id(_scope(fake, req), req.params["command_id"])[1]


async def edit_command(fake: FakeDiscord, req: Req) -> Any:
    scope = _scope(fake, req)
    key, cmd = fake.commands.by_id(scope, req.params["command_id"])
    merged = {k: v for k, v in cmd.items()
              if k not in ("id", "application_id", "version", "guild_id")}
    merged.update(req.body)
    _validated(fake, check_command(merged), merged)
    del fake.commands.scopes[scope][key]
    stored = fake.commands.upsert(scope, merged)
    stored["id"] = cmd["id"]
    return stored


async def delete_command(fake: FakeDiscord, req: Req) -> None:
    scope = _scope(fake, req)
    key, _ = fake.commands.by_id(scope, req.params["command_id"])
    del fake.commands.scopes[scope][key]


async def command_permissions(fake: FakeDiscord, req: Req) -> Any:
    _scope(fake, req)
    return []
