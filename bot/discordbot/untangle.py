"""Letting go of what discord.py builds for one answer as soon as it is sent.

discord.py's interactions and views are reference cycles.  An ``Interaction`` and the
``InteractionResponse`` it caches point at each other; a view's items point back at
the view and at the container they sit in.  A cycle is freed only by the garbage
collector, with all it holds: the clicked panel parsed component by component (a
select's options, each a ``SelectOption``), the user as a member, the panel just built.
At 2,000 busy tables that was ~22,000 objects a second, and the collector's passes it
caused (57 young passes a second, a 4-ms pass of the middle generation 5 times a
second, a longer one every few seconds) paused every answer in flight.

Once an answer has gone out, neither our code nor discord.py follows these links
again (turn pings and live panels keep the interaction's token, not the interaction).
So they are cut, and the objects go by their reference counts, at once.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from . import eager


def answered(it: discord.Interaction) -> None:
    """Cut the interaction's cycles once it has been answered; an unanswered one is
    left whole (an error handler may still answer it)."""
    response = getattr(it, "_cs_response", None)   # a slot discord.py fills on first use
    if response is None or not response.is_done():
        return
    # ``is_done`` stays true: a second answer still raises InteractionResponded.
    response._parent = None
    it._original_response = None   # its message's state points back at the interaction


def sent(v: discord.ui.View | discord.ui.LayoutView | None) -> None:
    """Take ``v`` apart once sent: discord.py keeps none of our views (components._Safe)
    and clicks are found by their custom_id's pattern (clicks.py)."""
    if v is not None:
        _apart(v)


def _apart(v: discord.ui.View | discord.ui.LayoutView) -> None:
    items: list[Any] = list(v.walk_children())
    for item in items:
        item._view = None
        item._parent = None
        inner = getattr(item, "item", None)   # a DynamicItem's own button or select
        if isinstance(inner, discord.ui.Item):
            inner._view = None
            inner._parent = None
        children = getattr(item, "_children", None)
        if isinstance(children, list):
            children.clear()
    v._children.clear()


class CommandTree(app_commands.CommandTree):
    """discord.py's command tree; each command's and autocomplete's interaction is
    untangled once handled (discord.py answers an autocomplete itself)."""

    def _from_interaction(self, interaction: discord.Interaction) -> None:
        # discord.py's, with the command started in the turn that read it (eager.py).
        async def wrapper() -> None:
            try:
                await self._call(interaction)
            except app_commands.AppCommandError as e:
                await self._dispatch_error(interaction, e)
        eager.start(self.client.loop, wrapper(), name="CommandTree-invoker")

    async def _call(self, interaction: discord.Interaction) -> None:
        try:
            await super()._call(interaction)
        finally:
            answered(interaction)
