"""What buttons, selects and the table commands do (one place, shared by both).

Every entry point answers its interaction exactly once, through ``replies``.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Sequence
from contextvars import ContextVar
from datetime import datetime
from typing import Protocol

import discord

from rules.ai.players import DEFAULT_LEVEL

from ... import seat
from ...core import Core, TableError
from ...i18n import N_, Lang
from ...present.art import Picture
from ...present.base import game_title
from ...present.messages import said as refusal
from ...present.scene import Scene
from ...seat import DailyKey, Outcome, Place, Result, TableKey, TablePlace
from .. import ids, render, scene_view
from ..languages import Languages
from ..members import display_name, is_moderator
from ..services.live_panels import LivePanels
from ..transport.replies import ELSEWHERE, Reply, answer, channel_of, report
from ..user_settings import UserSettings
from . import daily, panel, rules_pages

log = logging.getLogger("parlour.discord")

# An answer built this long after its interaction was created leaves the hand picture out:
# the bot is behind (under load it spent a third of its time drawing hand pictures), and an
# answer without it is complete (the menu lists the cards).  The panel's next refresh draws
# the picture once the bot keeps up again (it uploads whenever the picture changes).
PICTURE_LATE_AFTER = 1.0   # seconds
# An answer waits this long at most for its hand picture, then goes without it and the
# refresh that follows at once adds it (the worker keeps the picture it finishes).  The
# worker answers in 2-3 ms on a bot that keeps up; at 2,000 busy tables in 8 ms (p50)
# and 25 ms (p99), the longest of an answer's waits.
PICTURE_WITHIN = 0.02      # seconds
_answering: ContextVar[datetime | None] = ContextVar("answering", default=None)

MOVED_ON = N_("⏩ The game has moved on since that panel was drawn - here is your hand now.")
NOT_ALLOWED = seat.NOT_ALLOWED


class Look(Protocol):
    """How the answers of one kind of place look on Discord (a table's hand panel, the
    daily deal's panel)."""

    moved_on: str         # the note of a panel drawn again because the game moved on
    always_update: bool   # Show my hand / Refresh always replaces the message it is on

    def lang(self, interaction: discord.Interaction) -> Lang: ...

    async def panel(self, place: Place, interaction: discord.Interaction, note: str | None,
                    *, update: bool = True, pending: str | None = None) -> Reply: ...

    async def ended(self, place: Place, interaction: discord.Interaction,
                    note: str) -> Reply: ...

    async def reply(self, interaction: discord.Interaction, place: Place,
                    work: Awaitable[Reply], *, update: bool) -> None: ...


class TableLook:
    """A table's hand panel (``panel.build``), kept up to date by ``LivePanels``."""

    moved_on = MOVED_ON
    always_update = False

    def __init__(self, controls: Controls) -> None:
        self.controls = controls

    def lang(self, interaction: discord.Interaction) -> Lang:
        return self.controls.langs.note(interaction)

    async def panel(self, place: Place, interaction: discord.Interaction, note: str | None,
                    *, update: bool = True, pending: str | None = None) -> Reply:
        assert isinstance(place, TablePlace)
        self.lang(interaction)
        return await self.controls._panel(place.channel_id, interaction.user.id, note,
                                          update=update, pending=pending)

    async def ended(self, place: Place, interaction: discord.Interaction, note: str) -> Reply:
        lang = self.lang(interaction)
        return Reply(view=panel.message(note + " " + lang._("That ended the game: see the "
                                                            "board.")), update=True, files=[])

    async def reply(self, interaction: discord.Interaction, place: Place,
                    work: Awaitable[Reply], *, update: bool) -> None:
        assert isinstance(place, TablePlace)
        self.lang(interaction)
        await self.controls._panel_reply(interaction, place.channel_id, work, update=update)


class Controls:
    def __init__(self, core: Core, langs: Languages, user_settings: UserSettings,
                 panels: LivePanels, *, budget: float) -> None:
        self.core = core
        self.langs = langs
        self.user_settings = user_settings
        self.panels = panels   # the live hand panels this answers keep fresh
        self.budget = budget   # seconds before an answer is deferred (config.ack_budget)
        self.daily = daily.DailyControls(core.daily, langs, budget=budget)   # the daily's look
        self.looks: dict[type, Look] = {TableKey: TableLook(self), DailyKey: self.daily}

    # --- hand panel ------------------------------------------------------------------------
    # A control names its place (a table, a daily deal: ``ids.place_key``); the place says
    # what became of a move (``bot/seat.py``) and its look draws the answer.  Whether the
    # control may act from this channel is its item's ``interaction_check``
    # (``replies.reaches``).

    async def _found(self, interaction: discord.Interaction,
                     number: int) -> tuple[Place, Look] | None:
        """The place a control's ``number`` names and its look; None (the user told why)
        when it names none (a daily deal of a game that has none now)."""
        try:
            found = seat.place(self.core, ids.place_key(number))
        except TableError as e:
            await report(interaction, e.message)
            return None
        return found, self.looks[type(found.key)]

    async def hand(self, interaction: discord.Interaction, channel_id: int) -> None:
        """Open (or, from a panel's Refresh, redraw) the user's hand panel."""
        if (found := await self._found(interaction, channel_id)) is None:
            return
        place, look = found
        refresh = look.always_update or _on_ephemeral(interaction)
        await look.reply(interaction, place, look.panel(place, interaction, None, update=refresh),
                         update=refresh)

    async def move(self, interaction: discord.Interaction, channel_id: int, move: int,
                   action: str) -> None:
        """A move from a panel control drawn at position ``move``."""
        if (found := await self._found(interaction, channel_id)) is None:
            return
        place, look = found

        async def work() -> Reply:
            outcome = await seat.act_on(place, interaction.user.id, action, move)
            return await self.shown(place, look, interaction, outcome, refuse=True)

        await look.reply(interaction, place, work(), update=True)

    async def choose(self, interaction: discord.Interaction, channel_id: int, move: int,
                     action: str) -> None:
        """A multi-card move chosen on a panel drawn at ``move``: show it with Confirm /
        Change (Confirm makes it through ``move``, so a stale Confirm is refused too)."""
        if (found := await self._found(interaction, channel_id)) is None:
            return
        place, look = found
        user_id = interaction.user.id

        async def work() -> Reply:
            parsed, outcome = await seat.check_on(place, user_id, action, move)
            if outcome is not None:
                return await self.shown(place, look, interaction, outcome, refuse=False)
            assert parsed is not None   # checked: it would be made
            if ids.do(channel_id, move, str(parsed)) is None:  # no room for a Confirm button
                made = await place.act(user_id, parsed, move)
                return await self.shown(place, look, interaction, made, refuse=True)
            return await look.panel(place, interaction, None, pending=str(parsed))

        await look.reply(interaction, place, work(), update=True)

    async def shown(self, place: Place, look: Look, interaction: discord.Interaction,
                    outcome: Outcome, *, refuse: bool) -> Reply:
        """The answer to ``outcome``: the panel with a note, the end of the game, or (a
        move not legal, with ``refuse``) the reason as a warning."""
        lang = look.lang(interaction)
        if outcome.result is Result.ELSEWHERE:
            raise TableError(ELSEWHERE)
        if outcome.result is Result.MOVED_ON:
            return await look.panel(place, interaction, look.moved_on)
        if outcome.result is Result.NOT_LEGAL:
            reason = outcome.reason or seat.NOT_ALLOWED
            if refuse:
                raise TableError(reason)
            return await look.panel(place, interaction, refusal(reason, lang))
        assert outcome.action is not None   # a move made
        note = "✅ " + lang._("Your move: {move}.", move="**" + scene_view.describe(
            outcome.game, str(outcome.action), lang.code) + "**")
        if outcome.over:
            return await look.ended(place, interaction, note)
        return await look.panel(place, interaction, note)

    async def _panel(self, channel_id: int, user_id: int, note: str | None, *,
                     update: bool = True, pending: str | None = None) -> Reply:
        created = _answering.get()
        wanted = self.user_settings.pictures(user_id)
        late = wanted and created is not None and \
            (discord.utils.utcnow() - created).total_seconds() > PICTURE_LATE_AFTER
        painting = self.panels.painting(channel_id, user_id, within=PICTURE_WITHIN)

        async def pictures(scene: Scene, names: Sequence[str]) -> Picture | None:
            nonlocal late
            try:
                return await painting(scene, names)
            except TimeoutError:
                late = True
                return None

        drawn = await panel.build(self.core, channel_id, user_id, note, pending=pending,
                                  lang=self.langs.user(user_id),
                                  pictures=pictures if wanted and not late else None)
        return Reply(view=drawn.view, update=update, shows_move=drawn.move, note=drawn.note,
                     files=panel.files(drawn), picture=drawn.picture, picture_later=late)

    async def _panel_reply(self, interaction: discord.Interaction, channel_id: int, work,
                           *, update: bool) -> None:
        """Answer with a panel; while answering, background refreshes leave it alone."""
        panels, user_id = self.panels, interaction.user.id
        shown = interaction.message.attachments if update and interaction.message else []

        async def trimmed() -> Reply:
            reply = await work
            if reply.picture is not None and reply.update and panel.shows(shown, reply.picture):
                for upload in reply.files or ():
                    upload.close()   # not sent: lets go of its picture now
                reply.files = None   # the panel shows this very picture: keep it
            return reply
        token = _answering.set(interaction.created_at)   # seen by _panel, inside ``work``
        try:
            with panels.answering(channel_id, user_id):
                reply = await answer(interaction, trimmed(), budget=self.budget,
                                     update=update)
        finally:
            _answering.reset(token)
        if reply.shows_move is not None:
            # A "you played X" note stays on the panel through refreshes; others do not.
            note = reply.note if (reply.note or "").startswith("✅") else None
            panels.remember(channel_id, user_id, interaction, reply.shows_move, note,
                            reply.picture)
            # if the game moved meanwhile, or to add a picture the answer left out (not a
            # job to find nothing to do: most answers go out before the next move)
            info = self.core.table(channel_id)
            if reply.picture_later or info is None or info.move != reply.shows_move:
                panels.refresh(channel_id, user_id, redraw=reply.picture_later)
        elif reply.update:  # the panel now says the game is over
            panels.drop(channel_id, user_id)

    # --- lobby buttons ----------------------------------------------------------------------

    async def lobby(self, interaction: discord.Interaction, op: str, channel_id: int) -> None:
        """A lobby button (its item checked that it is this channel's)."""
        ops = {"join": self.join, "leave": self.leave, "start": self.start,
               "ai": lambda i: self.add_ai(i, DEFAULT_LEVEL, 1)}
        await answer(interaction, ops[op](interaction), budget=self.budget)

    # --- table operations (shared with /table) ---------------------------------------

    async def join(self, interaction: discord.Interaction) -> Reply:
        lang = self.langs.note(interaction)
        info = await self.core.join(channel_of(interaction), interaction.user.id,
                                    display_name(interaction.user))
        return Reply("🪑 " + lang._("You joined the {game} table ({n} seated; needs {need}).",
                                   game=game_title(info.title, lang), n=len(info.seats),
                                   need=render.count_range(info.player_counts, lang)))

    async def leave(self, interaction: discord.Interaction) -> Reply:
        lang = self.langs.note(interaction)
        info = await self.core.leave(channel_of(interaction), interaction.user.id)
        if info.status == "playing":
            return Reply("🚪 " + lang._("You left the game; the AI plays your seat from now on."))
        return Reply("🚪 " + lang._("You left the table."))

    async def add_ai(self, interaction: discord.Interaction, level: str, count: int) -> Reply:
        info = None
        for _ in range(max(1, count)):
            info = await self.core.add_ai(channel_of(interaction), interaction.user.id, level,
                                          moderator=is_moderator(interaction))
        assert info is not None
        lang = self.langs.note(interaction)
        return Reply("🤖 " + lang.n_("Added {n} AI seat ({level}); {seated} seated.",
                                    "Added {n} AI seats ({level}); {seated} seated.", count,
                                    level=lang._(level), seated=len(info.seats)))

    async def start(self, interaction: discord.Interaction) -> Reply:
        info = await self.core.start_game(channel_of(interaction), interaction.user.id,
                                          moderator=is_moderator(interaction))
        lang = self.langs.note(interaction)
        order = ", ".join(render.seat_name(s, lang) for s in info.seats)
        return Reply("▶️ " + lang._("{game} has started. Seating: {order}. Your cards: **Show my "
                                   "hand** on the board, `/hand`, or your DMs.",
                                   game=game_title(info.title, lang), order=order))

    # --- rules pages --------------------------------------------------------------------

    async def rules_page(self, interaction: discord.Interaction, game: str, page: int) -> None:
        update = _on_ephemeral(interaction)

        async def work() -> Reply:
            embed, view = rules_pages.page(game, page, self.langs.note(interaction))
            return Reply(embed=embed, view=view, update=update)

        await answer(interaction, work(), budget=self.budget, update=update)

    # --- anything else ------------------------------------------------------------------

    async def unknown(self, interaction: discord.Interaction) -> None:
        await report(interaction, "That control is not recognised (it may come from an old "
                                  "version of the bot). Use `/hand` or `/table status`.")


def _on_ephemeral(interaction: discord.Interaction) -> bool:
    message = interaction.message
    return bool(message is not None and message.flags.ephemeral)
