"""Live hand panels: the ephemeral panels players opened, kept showing the position.

A panel is an interaction's ephemeral message; it is edited through that interaction's
own webhook (outside the global limit) for as long as Discord keeps the token.  This
class is the one owner of what that needs: which panels are live, which are being
answered right now (a background refresh leaves those alone), and the refresh jobs.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable, Iterator, Sequence
from contextlib import contextmanager
from functools import partial
from typing import TYPE_CHECKING

import discord

from ...core import Core, TableError
from ...core.errors import NO_TABLE
from ...present.art import Picture
from ..languages import Languages
from ..transport.callback import edit_original
from ..transport.outbox import Outbox, Priority
from ..ui import panel
from ..user_settings import UserSettings
from .painter import Painter

if TYPE_CHECKING:
    from ...present import Scene

Key = tuple[int, int]   # (channel, user)


class LivePanels:
    def __init__(self, client: discord.Client, core: Core, langs: Languages,
                 user_settings: UserSettings, out: Outbox, painter: Painter, *,
                 lifetime: float) -> None:
        self.client = client   # the session the panels' webhook edits go on
        self.core = core
        self.langs = langs
        self.user_settings = user_settings
        self.out = out
        self.painter = painter
        self.lifetime = lifetime   # seconds a panel is kept fresh (config.panel_lifetime)
        # (channel, user) -> what editing the panel needs (the application id and the
        # interaction token, not the Interaction with its parsed message: thousands of those
        # kept the garbage collector busy), when it was opened, the move it shows and its note.
        self.live: dict[Key, tuple[int, str, float, int, str | None]] = {}
        self.pictures: dict[Key, Picture | None] = {}   # the hand picture each panel shows
        self._busy: set[Key] = set()
        self._redraw: set[Key] = set()   # panels to redraw even at the same position

    def remember(self, channel_id: int, user_id: int, interaction: discord.Interaction,
                 move: int, note: str | None = None, picture: Picture | None = None) -> None:
        """This interaction's message is the user's panel, drawn at ``move`` with the hand
        picture ``picture`` (None: without): keep it fresh."""
        self.live[(channel_id, user_id)] = (interaction.application_id, interaction.token,
                                            time.monotonic(), move, note)
        self.pictures[(channel_id, user_id)] = picture

    def painting(self, channel_id: int, user_id: int, *, refresh: bool = False,
                 within: float | None = None
                 ) -> Callable[[Scene, Sequence[str]], Awaitable[Picture | None]]:
        """What draws this panel's hand picture: the painter, keeping the picture the panel
        shows when the new one would show the same (``refresh``: nobody clicked; ``within``:
        TimeoutError after that many seconds)."""
        return partial(self.painter.panel, last=self.pictures.get((channel_id, user_id)),
                       refresh=refresh, within=within)

    def drop(self, channel_id: int, user_id: int) -> None:
        """Stop refreshing this panel (it says the game is over, or it is gone)."""
        self.live.pop((channel_id, user_id), None)
        self.pictures.pop((channel_id, user_id), None)
        self._redraw.discard((channel_id, user_id))

    @contextmanager
    def answering(self, channel_id: int, user_id: int) -> Iterator[None]:
        """While an interaction answers with this panel, refreshes leave it alone (the
        answer draws the newest position itself)."""
        key = (channel_id, user_id)
        self._busy.add(key)
        try:
            yield
        finally:
            self._busy.discard(key)

    def refresh(self, channel_id: int, user_id: int, *, redraw: bool = False) -> None:
        """Redraw the panel if the game moved since it was drawn (``redraw``: in any case,
        e.g. to add the hand picture a late answer left out)."""
        key = (channel_id, user_id)
        if key in self.live:
            if redraw:
                self._redraw.add(key)
            # An interaction-token webhook: outside the global limit.
            self.out.submit(("panel", channel_id, user_id),
                            lambda: self._edit(channel_id, user_id), priority=Priority.PANEL,
                            free=True)

    def finish_channel(self, channel_id: int) -> None:
        """The channel's game ended: each live panel says so once, then is forgotten."""
        for key in [k for k in self.live if k[0] == channel_id]:
            self.refresh(*key)

    async def _edit(self, channel_id: int, user_id: int) -> None:
        key = (channel_id, user_id)
        entry = self.live.get(key)
        if entry is None or key in self._busy:  # the answer in flight redraws it
            return
        app_id, token, opened, shown_move, note = entry
        if time.monotonic() - opened > self.lifetime:
            self.drop(*key)
            return
        info = self.core.table(channel_id)
        if info is not None and info.move == shown_move and key not in self._redraw:
            return  # already shows this position
        self._redraw.discard(key)
        lang = self.langs.user(user_id)
        try:
            if info is None:   # not held here (over, or another process's, which shows it)
                raise TableError(NO_TABLE)
            wanted = self.user_settings.pictures(user_id)
            drawn = await panel.build(self.core, channel_id, user_id, note, lang=lang,
                                      pictures=self.painting(channel_id, user_id, refresh=True)
                                      if wanted else None)
        except TableError:
            view = panel.message(lang._("This game is over; the board has the result."))
            files: dict[str, list[discord.File]] = {"attachments": []}
            self.drop(*key)
        else:
            if self.live.get(key) is not entry or key in self._busy:
                return   # answered meanwhile (the picture is drawn away from the loop)
            view = drawn.view
            # Upload the hand picture only when it changed: an edit without
            # ``attachments`` keeps the one the panel shows.
            files = {} if _digest(self.pictures.get(key)) == _digest(drawn.picture) else \
                {"attachments": panel.files(drawn)}
            self.live[key] = (app_id, token, opened, drawn.move, note)
            self.pictures[key] = drawn.picture
        try:  # the interaction's own webhook: what edit_original_response does
            await edit_original(self.client, app_id, token, content=None, embed=None, view=view,
                                **files)
        except discord.HTTPException:  # dismissed or expired: stop refreshing it
            self.drop(*key)


def _digest(picture: Picture | None) -> str:
    return picture.digest if picture is not None else ""
