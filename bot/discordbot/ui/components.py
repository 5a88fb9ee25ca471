"""Buttons and select menus as ``DynamicItem``s: they work on any message, after restarts.

The state a control needs lives in its custom_id (see ``ids``).  discord.py finds
and runs a click (``Client.add_dynamic_items``); every callback hands over to
``bot.controls`` (``controls.Controls``, seen as ``host.Clicks``), which does the work
and always answers the interaction, and a callback that raises answers with the apology
(discord.py would only log it).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Iterable, Iterator
from typing import TYPE_CHECKING, Any

import discord

from ...i18n import EN, N_, Lang
from .. import ids
from ..transport.replies import SORRY, bot_of, reaches, report
from .count_button import CountButton
from .hint_button import HintButton
from .puzzle_controls import PUZZLE_ITEMS
from .tournament_buttons import TournamentButton
from .web_table import OpenTableButton

if TYPE_CHECKING:
    from ..host import Clicks

log = logging.getLogger("parlour.discord")

Button = discord.ui.Button
Select = discord.ui.Select


def _controls(interaction: discord.Interaction) -> Clicks:
    return bot_of(interaction).controls


async def _guarded(interaction: discord.Interaction, work: Awaitable[None]) -> None:
    """Run a click's work; if it raises, log it and tell the user (discord.py only logs)."""
    try:
        await work
    except Exception:
        data: dict[str, Any] = dict(interaction.data or {})
        log.exception("component %r failed", data.get("custom_id"))
        await report(interaction, SORRY)


class HandButton(discord.ui.DynamicItem[Button], template=ids.HAND):
    """"Show my hand" (board) and "Refresh" (panel): an ephemeral hand panel."""

    pattern = ids.HAND  # the template, readable here (discord.py's copy is private)

    def __init__(self, channel_id: int, *, label: str = "Show my hand", emoji: str = "🂠",
                 style: discord.ButtonStyle = discord.ButtonStyle.primary,
                 row: int | None = None) -> None:
        super().__init__(Button(label=label, emoji=emoji, style=style,
                                custom_id=ids.hand(channel_id)), row=row)
        self.channel_id = channel_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> HandButton:
        return cls(int(match["channel"]))

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        return await reaches(interaction, self.channel_id)

    async def callback(self, interaction: discord.Interaction) -> None:
        await _guarded(interaction, _controls(interaction).hand(interaction, self.channel_id))


class LobbyButton(discord.ui.DynamicItem[Button], template=ids.LOBBY):
    """Join / Leave / Add AI / Start on a lobby board."""

    pattern = ids.LOBBY  # the template, readable here (discord.py's copy is private)

    LOOK = {"join": (N_("Join"), "🪑", discord.ButtonStyle.success),
            "leave": (N_("Leave"), "🚪", discord.ButtonStyle.secondary),
            "ai": (N_("Add AI"), "🤖", discord.ButtonStyle.secondary),
            "start": (N_("Start"), "▶️", discord.ButtonStyle.primary)}

    def __init__(self, op: str, channel_id: int, lang: Lang = EN) -> None:
        label, emoji, style = self.LOOK[op]
        super().__init__(Button(label=lang._(label), emoji=emoji, style=style,
                                custom_id=ids.lobby(op, channel_id)))
        self.op = op
        self.channel_id = channel_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> LobbyButton:
        return cls(match["op"], int(match["channel"]))

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        return await reaches(interaction, self.channel_id)

    async def callback(self, interaction: discord.Interaction) -> None:
        await _guarded(interaction,
                       _controls(interaction).lobby(interaction, self.op, self.channel_id))


class MoveButton(discord.ui.DynamicItem[Button], template=ids.DO):
    """A panel button making one move (the canonical text is in the custom_id).

    Also the Confirm button of a chosen multi-card move: the choice lives in the id."""

    pattern = ids.DO  # the template, readable here (discord.py's copy is private)

    def __init__(self, channel_id: int, move: int, action: str, *, label: str = "",
                 style: discord.ButtonStyle = discord.ButtonStyle.primary,
                 emoji: str | None = None, row: int | None = None) -> None:
        custom_id = ids.do(channel_id, move, action) or ""
        super().__init__(Button(label=(label or action)[:80], style=style, emoji=emoji,
                                custom_id=custom_id), row=row)
        self.channel_id, self.move, self.action = channel_id, move, action

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> MoveButton:
        return cls(int(match["channel"]), int(match["move"]), match["action"])

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        return await reaches(interaction, self.channel_id)

    async def callback(self, interaction: discord.Interaction) -> None:
        await _guarded(interaction, _controls(interaction).move(interaction, self.channel_id,
                                                                self.move, self.action))


class CardSelect(discord.ui.DynamicItem[Select], template=ids.CARDS):
    """Pick cards for one move of ``kind``: ``play QH``, ``discard 7C 8D``...

    Option values are card codes; a second copy of a card (two-deck games) is
    ``QH.2`` so values stay unique.  With ``confirm`` (``pl:cc:``) the choice is
    shown with Confirm / Change instead of being made at once."""

    pattern = ids.CARDS  # the template, readable here (discord.py's copy is private)

    def __init__(self, channel_id: int, move: int, form: int, kind: str,
                 options: list[discord.SelectOption] | None = None, *, low: int = 1,
                 high: int = 1, placeholder: str | None = None, row: int | None = None,
                 confirm: bool = False) -> None:
        options = options or [discord.SelectOption(label="?", value="?")]
        super().__init__(Select(custom_id=ids.cards(channel_id, move, form, kind,
                                                    confirm=confirm),
                                options=options, min_values=low, max_values=high,
                                placeholder=placeholder), row=row)
        self.channel_id, self.move, self.kind, self.confirm = channel_id, move, kind, confirm

    @classmethod
    async def from_custom_id(  # type: ignore[override]  # discord.py passes the Select
            cls, interaction: discord.Interaction, item: Select,
                             match: re.Match[str]) -> CardSelect:
        return cls(int(match["channel"]), int(match["move"]), int(match["form"]), match["kind"],
                   list(item.options) or None, low=item.min_values, high=item.max_values,
                   confirm=match["op"] == "cc")

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        return await reaches(interaction, self.channel_id)

    async def callback(self, interaction: discord.Interaction) -> None:
        cards = [v.split(".")[0] for v in _values(interaction)]
        action = " ".join([self.kind, *cards])
        await _guarded(interaction, _decide(interaction, self.channel_id, self.move, action,
                                            self.confirm))


class MoveSelect(discord.ui.DynamicItem[Select], template=ids.PICK):
    """Pick one whole move from a list (option value = canonical move text); with
    ``confirm`` (``pl:pc:``) the choice is shown with Confirm / Change first."""

    pattern = ids.PICK  # the template, readable here (discord.py's copy is private)

    def __init__(self, channel_id: int, move: int, form: int,
                 options: list[discord.SelectOption] | None = None, *,
                 placeholder: str | None = None, row: int | None = None,
                 confirm: bool = False) -> None:
        options = options or [discord.SelectOption(label="?", value="?")]
        super().__init__(Select(custom_id=ids.pick(channel_id, move, form, confirm=confirm),
                                options=options, placeholder=placeholder), row=row)
        self.channel_id, self.move, self.confirm = channel_id, move, confirm

    @classmethod
    async def from_custom_id(  # type: ignore[override]  # discord.py passes the Select
            cls, interaction: discord.Interaction, item: Select,
                             match: re.Match[str]) -> MoveSelect:
        return cls(int(match["channel"]), int(match["move"]), int(match["form"]),
                   list(item.options) or None, confirm=match["op"] == "pc")

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        return await reaches(interaction, self.channel_id)

    async def callback(self, interaction: discord.Interaction) -> None:
        values = _values(interaction)
        action = values[0] if values else ""
        await _guarded(interaction, _decide(interaction, self.channel_id, self.move, action,
                                            self.confirm))


async def _decide(interaction: discord.Interaction, channel_id: int, move: int,
                  action: str, confirm: bool) -> None:
    """Make the move now, or show it for Confirm / Change first."""
    if confirm:
        await _controls(interaction).choose(interaction, channel_id, move, action)
    else:
        await _controls(interaction).move(interaction, channel_id, move, action)


class RulesButton(discord.ui.DynamicItem[Button], template=ids.RULES):
    """Page through a game's rules (on the board: page 0, opened ephemerally)."""

    pattern = ids.RULES  # the template, readable here (discord.py's copy is private)

    def __init__(self, game: str, page: int, *, label: str = "Rules", emoji: str = "📖",
                 disabled: bool = False) -> None:
        super().__init__(Button(label=label, emoji=emoji, style=discord.ButtonStyle.secondary,
                                custom_id=ids.rules(game, page), disabled=disabled))
        self.game, self.page = game, page

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> RulesButton:
        return cls(match["game"], int(match["page"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _guarded(interaction,
                       _controls(interaction).rules_page(interaction, self.game, self.page))


DYNAMIC_ITEMS = (HandButton, LobbyButton, MoveButton, CardSelect, MoveSelect, RulesButton,
                 CountButton, TournamentButton, HintButton, OpenTableButton, *PUZZLE_ITEMS)


def runs_click(interaction: discord.Interaction) -> bool:
    """Whether discord.py runs this click: its custom_id is one of our controls' and the
    clicked message shows it (discord.py drops a click it cannot find there, an old or
    forged one, without an answer)."""
    data: dict[str, Any] = dict(interaction.data or {})
    custom_id = str(data.get("custom_id", ""))
    if not any(cls.pattern.fullmatch(custom_id) for cls in DYNAMIC_ITEMS):
        return False
    message, kind = interaction.message, data.get("component_type")
    return message is not None and any(
        getattr(c, "custom_id", None) == custom_id and c.type.value == kind
        for c in _walk(message.components))


def _walk(components: Iterable[Any]) -> Iterator[Any]:
    """Every component of a received message, at every nesting level (V2 containers,
    sections and their accessories, action rows)."""
    for comp in components or ():
        yield comp
        yield from _walk(list(getattr(comp, "children", None) or ()))
        accessory = getattr(comp, "accessory", None)
        if accessory is not None:
            yield from _walk([accessory])


def _values(interaction: discord.Interaction) -> list[str]:
    data: dict[str, Any] = dict(interaction.data or {})
    return [str(v) for v in data.get("values") or []]


class _Safe:
    """What every view of ours is: sent, never kept by discord.py (its dynamic items run
    the clicks), with no timeout."""

    # discord.py gives a view sent in an ephemeral response a 15-minute timeout: a task that
    # keeps the view (and its select options) in memory that long, one per /hand - hundreds
    # of MB at 50 panels/s.  Our views hold only DynamicItems, dispatched by custom_id
    # pattern, so they never need a timeout (or to be kept): it stays None.
    @property
    def timeout(self) -> float | None:
        return None

    @timeout.setter
    def timeout(self, value: float | None) -> None:
        pass

    def is_finished(self) -> bool:
        # What discord.py asks before storing a view it sent: ours need not be kept (the
        # item classes are registered once, with add_dynamic_items).
        return True


class SafeView(_Safe, discord.ui.View):
    """A classic view (action rows) of dynamic items."""


def view_of(*items: discord.ui.Item) -> discord.ui.View:
    """A persistent view holding only dynamic items (nothing to keep in memory)."""
    view = SafeView(timeout=None)
    for item in items:
        view.add_item(item)
    return view


class SafeLayoutView(_Safe, discord.ui.LayoutView):
    """A Components V2 layout (containers, sections, text) of dynamic items."""


def layout_of(*items: discord.ui.Item) -> discord.ui.LayoutView:
    """A Components V2 message body: top-level items (usually one ``Container``)."""
    view = SafeLayoutView(timeout=None)
    for item in items:
        view.add_item(item)
    return view

