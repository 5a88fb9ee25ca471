"""Answering interactions: always within Discord's 3 seconds, never "interaction failed".

``answer`` runs the work for an interaction; if it is not done within the ack
budget the interaction is deferred first ("thinking..." or a silent update)
and the reply follows.  A ``TableError`` becomes a short ephemeral message;
anything else is logged and the user gets a generic apology.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable
from contextlib import nullcontext
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

import discord

from ... import seat
from ...core import TableError
from ...i18n import N_, lang_for
from ...present.art import Picture
from ...present.messages import said as refusal
from .. import ids
from ..languages import locale_code
from .callback import respond

if TYPE_CHECKING:
    from ..host import Host

log = logging.getLogger("parlour.discord")

SORRY = N_("Something went wrong on our side; it has been logged. Please try again.")
ELSEWHERE = N_("That control belongs to a table in another channel.")


def said(interaction: discord.Interaction, message: str | TableError) -> str:
    """``message`` (a refusal as raised, or a sentence) in the user's language: every
    refusal carries its ``Msg``, rendered from its id and parameters."""
    return refusal(message, lang_for(locale_code(getattr(interaction, "locale", None))))


@dataclass
class Reply:
    content: str | None = None
    embed: discord.Embed | None = None
    view: discord.ui.View | discord.ui.LayoutView | None = None
    ephemeral: bool = True
    update: bool = False      # replace the message the component is on (a hand panel)
    public_mentions: bool = False
    shows_move: int | None = None  # a hand panel drawn at this move (kept up to date)
    note: str | None = None        # the line a hand panel shows above the hand (not sent)
    files: list[discord.File] | None = None  # an edit with a list replaces the message's files
    picture: Picture | None = None  # the hand picture the files carry (not sent)
    picture_later: bool = False     # left out of a late answer: the next refresh draws it

    def kwargs(self, *, editing: bool) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if isinstance(self.view, discord.ui.LayoutView):
            # Components V2 (hand panels): the layout is the whole message; an edit clears
            # content and embeds, which a V2 message cannot have.
            out["view"] = self.view
            if editing:
                out.update(content=None, embed=None)
        else:
            out["content"] = self.content
            if self.embed is not None or editing:
                out["embed"] = self.embed
            if self.view is not None or editing:
                out["view"] = self.view
        if self.files is not None:
            out["attachments" if editing else "files"] = self.files
        if not self.public_mentions:
            out["allowed_mentions"] = discord.AllowedMentions.none()
        return out


def error(message: str) -> Reply:
    return Reply(content=f"⚠️ {message}", ephemeral=True)


async def answer(interaction: discord.Interaction, work: Awaitable[Reply], *,
                 budget: float = 1.5, ephemeral: bool = True, update: bool = False) -> Reply:
    """Run ``work`` and send its Reply; defer first when it takes longer than ``budget``.

    ``ephemeral``/``update`` say how to defer (the reply's own flags decide how it is
    sent when there was no need to defer).
    """
    # The work runs in this task, not a task of its own behind ``wait_for(shield())``:
    # under load each of those hand-offs waited a turn of the busy event loop, three per
    # answer.  A timer defers the interaction if the work is not done within the budget.
    deferring: asyncio.Task[None] | None = None

    def late() -> None:
        nonlocal deferring
        deferring = asyncio.ensure_future(defer(interaction, ephemeral=ephemeral,
                                                update=update))

    # The bot may let turn pings ride on this interaction's webhook once it is answered
    # (``ParlourBot.answering``, ``services/pings.py``); plain clients have no such hook.
    hook = getattr(interaction.client, "answering", None)
    with hook(interaction) if hook is not None else nullcontext():
        timer = None
        if budget > 0:
            timer = asyncio.get_running_loop().call_later(budget, late)
        else:
            late()
        try:
            reply = await work
        except TableError as e:
            reply = error(said(interaction, e))
        except Exception:
            log.exception("interaction %s failed", _describe(interaction))
            reply = error(said(interaction, SORRY))
        finally:
            if timer is not None:
                timer.cancel()
        if deferring is not None:
            await deferring   # the answer follows the defer
        await send(interaction, reply)
    return reply


async def defer(interaction: discord.Interaction, *, ephemeral: bool = True,
                update: bool = False) -> None:
    if interaction.response.is_done():
        return
    if update and interaction.type is discord.InteractionType.component:
        await interaction.response.defer()
    else:
        await interaction.response.defer(ephemeral=ephemeral, thinking=True)


async def send(interaction: discord.Interaction, reply: Reply) -> None:
    """Send ``reply`` as the response, or after a defer: the first followup of a
    "thinking..." defer replaces the placeholder; a deferred update edits the panel."""
    response = interaction.response
    update = reply.update and interaction.type is discord.InteractionType.component
    try:
        if not response.is_done():
            if update:
                await respond(interaction, update=True, **reply.kwargs(editing=True))
            else:
                await respond(interaction, update=False, ephemeral=reply.ephemeral,
                              **reply.kwargs(editing=False))
        elif update:
            await interaction.edit_original_response(**reply.kwargs(editing=True))
        else:
            await interaction.followup.send(**reply.kwargs(editing=False),
                                            ephemeral=reply.ephemeral)
    finally:
        # discord.py closes the files of other requests, not those of a callback (uploads.py)
        for upload in reply.files or ():
            upload.close()


async def report(interaction: discord.Interaction, message: str) -> None:
    """Tell the user ``message`` ephemerally, however far the interaction got."""
    message = said(interaction, message)
    try:
        if interaction.response.is_done():
            await interaction.followup.send(f"⚠️ {message}", ephemeral=True)
        else:
            await interaction.response.send_message(f"⚠️ {message}", ephemeral=True)
    except discord.HTTPException:
        log.warning("could not report an error to the user of %s", _describe(interaction))


async def reaches(interaction: discord.Interaction, number: int) -> bool:
    """The channel guard of a control naming a place (``ids.place_key``), for its item's
    ``interaction_check``: a table's controls act only in its channel (a daily deal's
    anywhere); elsewhere the user is told so and the control does not run.  discord.py
    drops a click whose check raises without a word, so a failure here is answered with
    the apology."""
    try:
        try:
            key = ids.place_key(number)
        except TableError:
            return True     # no such place: the control itself says so
        if seat.place(bot_of(interaction).core, key).reaches(interaction.channel_id):
            return True
        await report(interaction, ELSEWHERE)
    except Exception:
        log.exception("the channel check of %s failed", _describe(interaction))
        await report(interaction, SORRY)
    return False


def bot_of(interaction: discord.Interaction) -> Host:
    """The bot an interaction came to, as its controls see it (``host.Host``, which
    ``ParlourBot`` fulfils).  discord.py types a ui callback's interaction for any client
    (a generic method, which an override cannot narrow), so the narrowing is made here,
    once."""
    return cast("Host", interaction.client)


def channel_of(interaction: discord.Interaction) -> int:
    """The channel an interaction came from (Discord sends it for every command and click)."""
    if interaction.channel_id is None:
        raise RuntimeError("an interaction without a channel")
    return interaction.channel_id


def _describe(interaction: discord.Interaction) -> str:
    data: dict[str, Any] = dict(interaction.data or {})
    what = data.get("custom_id") or data.get("name") or interaction.type.name
    return f"{what!r} by {interaction.user.id} in {interaction.channel_id}"
