"""``parlour run --sync`` keeps the application's Entry Point command.

When Activities are turned on in the Developer Portal, Discord gives the application an
Entry Point command (type 4, ``PRIMARY_ENTRY_POINT``: the Activity in the App Launcher, with
its ``handler``).  A bulk overwrite of the global commands replaces every command type, and
Discord refuses one that would drop the Entry Point (error 50240); discord.py's
``CommandTree.sync`` knows no such type and sends the tree's commands alone.  So the global
sync reads the commands first and, when there is an Entry Point, sends the tree's payload
with the Entry Point as Discord has it (name, description, handler, contexts...) appended.
Without one it is ``CommandTree.sync`` as before.  Guild commands (the dev guild) cannot hold
an Entry Point: their sync is unchanged.
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands

from ... import compat

log = logging.getLogger("parlour.discord")

PRIMARY_ENTRY_POINT = 4
# Fields of a command object Discord writes itself: not sent back in an overwrite.
_SERVER_FIELDS = ("id", "application_id", "version", "guild_id", "dm_permission")


def _kept(command: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in command.items() if k not in _SERVER_FIELDS and v is not None}


async def sync_global(bot: discord.Client, tree: app_commands.CommandTree) -> int:
    """Overwrite the global commands with ``tree``'s, keeping the Entry Point; how many
    commands Discord now has."""
    entry = [_kept(c) for c in await compat.global_commands(bot)
             if c.get("type") == PRIMARY_ENTRY_POINT]
    if not entry:
        return len(await tree.sync())
    translator = tree.translator
    payload = [await c.get_translated_payload(tree, translator) if translator else c.to_dict(tree)
               for c in tree.get_commands()]
    synced = await compat.overwrite_global_commands(bot, payload + entry)
    log.info("kept the Entry Point command %r", entry[0].get("name"))
    return len(synced)


__all__ = ["sync_global"]
