"""Clicks on the bot's buttons and select menus, found by their custom_id.

Every control of ours is a ``DynamicItem``: what a click needs is in its custom_id
(and, for a select menu, in the options the clicked message shows).  discord.py finds
such an item by building a whole view from the clicked message (``View.from_message``:
every container, text, select and option of a panel), in a task of its own beside the
one running ``on_interaction``.  At 2,000 busy tables that was 3% of the event loop's
time, and each click's view was one more garbage cycle.  ``on_interaction`` finds the
item itself, from the components discord.py has already parsed, and runs its callback.
discord.py is not told of the items (no ``add_dynamic_items``) and does not keep our
views (components._Safe), so a click runs once.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Iterator
from typing import Any

import discord

from .replies import SORRY, report

log = logging.getLogger("parlour.discord")


def walk(components: Iterable[Any]) -> Iterator[Any]:
    """Every component of a received message, at every nesting level (V2 containers,
    sections and their accessories, action rows)."""
    for comp in components or ():
        yield comp
        yield from walk(list(getattr(comp, "children", None) or ()))
        accessory = getattr(comp, "accessory", None)
        if accessory is not None:
            yield from walk([accessory])


def _on_message(message: discord.Message | None, custom_id: str, kind: Any) -> Any | None:
    """The component ``custom_id`` of type ``kind`` as ``message`` shows it; None if it is
    not there (an old or forged click: discord.py drops those too)."""
    if message is None:
        return None
    return next((c for c in walk(message.components)
                 if getattr(c, "custom_id", None) == custom_id and c.type.value == kind), None)


async def dispatch(interaction: discord.Interaction,
                   items: Iterable[type[discord.ui.DynamicItem[Any]]]) -> bool:
    """Run the click if it is on one of ``items`` (matched by their ``pattern``) and on
    the clicked message; False, with nothing done, if not."""
    data: dict[str, Any] = dict(interaction.data or {})
    custom_id = str(data.get("custom_id", ""))
    for cls in items:
        match = cls.pattern.fullmatch(custom_id)  # type: ignore[attr-defined]
        if match is not None:
            break
    else:
        return False
    component = _on_message(interaction.message, custom_id, data.get("component_type"))
    if component is None:
        return False
    try:
        # A select's factory reads its options and bounds from the component: the same
        # names on discord.py's received SelectMenu as on a ui.Select.
        item = await cls.from_custom_id(interaction, component, match)
        await item.callback(interaction)
    except Exception:
        log.exception("component %r failed", custom_id)
        await report(interaction, SORRY)
    return True
