"""One seat for every transport: what a person sees at a place and may do, and what became
of a move they sent.

A ``Place`` is where a person plays: a table (``TablePlace``, by its channel) or their
attempt at a daily deal (``DailyPlace``, by game and day).  Both answer the same two
questions, so the Discord panels, the terminal and a web table render the answers and
assemble nothing:

* ``await place.scene(user, lang)`` - a ``Seen``: the scene of the user's seat (view,
  move forms and legal moves made into one ``Scene`` by ``present.seat_scene``), the
  legal moves as typed ``rules.Action``s, and the place's ``version`` (the move number a
  control drawn now carries back).
* ``await place.act(user, action, expect_version)`` - an ``Outcome``: ``MADE`` (with the
  move and whether it ended the game), ``MOVED_ON`` (the version moved since the control
  was drawn: show the scene again), ``NOT_LEGAL`` (with the reason, a message in the
  reader's words through ``present.messages.said``) or ``ELSEWHERE`` (the move was sent
  from somewhere that does not reach this place: another channel's table).  A move that
  is not made leaves the place as it was.

``place.check`` is ``act`` without making the move (a choice shown with Confirm first);
``place.parse`` reads a move's text once, at the transport's edge, into an ``Action``.
Refusals that are not about the move (not seated, no game here) are raised as
``TableError`` as before; the transports show them.

This module sits above ``bot/core`` and ``bot/present`` and below every transport; it
has no Discord (or terminal) types in it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Protocol

from rules.actions import Action
from rules.base import State
from rules.errors import IllegalAction
from rules.views import ViewEvent

from . import plugins
from .core import Core, IllegalMove, StaleMove, TableError, TableInfo
from .core.daily import Daily, DailyAttempt, DailyError
from .core.daily_rules import daily_rules
from .core.errors import NO_TABLE
from .core.updates import SeatInfo
from .i18n import EN, N_, Lang
from .present import Scene, seat_scene
from .present.base import seat_label

NOT_ALLOWED = N_("⚠️ That choice is not a legal move now: choose again.")
NOT_RUNNING = N_("There is no game running at this table any more.")
NOT_STARTED = N_("The game has not started yet: your hand comes with the deal.")
NOT_SEATED = N_("You are not playing at this table; the board shows everything a spectator "
                "may see.")


@dataclass(frozen=True)
class TableKey:
    """A table, by the channel it is played in."""

    channel_id: int


@dataclass(frozen=True)
class DailyKey:
    """A daily deal: the user's attempt at ``game``'s deal of ``day``."""

    game: str
    day: int


PlaceKey = TableKey | DailyKey


class Result(Enum):
    MADE = "made"
    MOVED_ON = "moved on"
    NOT_LEGAL = "not legal"
    ELSEWHERE = "elsewhere"


@dataclass(frozen=True)
class Outcome:
    """What became of a move sent to a place."""

    result: Result
    version: int | None = None     # the place's version now, when known
    action: Action | None = None   # MADE: the move made (canonical)
    over: bool = False             # MADE: it ended the game (the daily attempt)
    reason: str | None = None      # NOT_LEGAL: why (a Msg with names, or a catalog id)
    game: str = ""                 # MADE: the game the move was made in (to word it)

    @property
    def made(self) -> bool:
        return self.result is Result.MADE


@dataclass(frozen=True)
class Seen:
    """What ``user`` sees at a place now and may do."""

    place: PlaceKey
    scene: Scene
    moves: tuple[Action, ...]   # legal now (empty: not the user's turn, or over)
    version: int                # the move number controls drawn now carry back
    seat: int
    info: TableInfo             # the table (for the daily: its one human and AI seats)
    names: tuple[str, ...]      # the seats' names in the scene's language
    last_event: int             # the number of the newest event the scene could show
    over: bool = False          # the game (the daily attempt) is finished


class Place(Protocol):
    """A place a person plays at (see the module's docstring)."""

    @property
    def key(self) -> PlaceKey:
        """What names the place (a transport writes it into its controls)."""

    def reaches(self, here: int | None) -> bool:
        """Whether a move sent from ``here`` (a channel; None: no channel) may act here."""

    async def parse(self, text: str) -> Action:
        """``text`` as this game's move (canonical); IllegalMove with the engine's reason
        when it is not one."""

    async def scene(self, user: int, lang: Lang = EN, *, least: int = 4, most: int = 12,
                    since: int | None = None) -> Seen:
        """The user's scene: ``least`` recent events at least, all those after event
        ``since`` (or not yet seen) up to ``most``."""

    async def check(self, user: int, action: Action, expect_version: int, *,
                    here: int | None = None) -> Outcome | None:
        """The outcome ``act`` would have without making the move: None when it would be
        made."""

    async def act(self, user: int, action: Action, expect_version: int, *,
                  here: int | None = None) -> Outcome:
        """Make ``action`` for ``user`` if the place is still at ``expect_version``."""


def _recent(events: Sequence[ViewEvent], since: int | None, least: int, most: int) -> int:
    if since is None:
        return least
    fresh = sum(1 for e in events if e["n"] > since)
    return min(max(fresh, least), most)


def _seen(key: PlaceKey, state: State, seat: int, info: TableInfo, *, moving: bool,
          lang: Lang, least: int, most: int, since: int | None) -> Seen:
    names = tuple(seat_label(s.name, s.kind, s.ai_level, lang, s.ai_name) for s in info.seats)
    events = state.view(seat).get("events") or ()
    scene, moves = seat_scene(state, seat, names, moving=moving,
                              recent=_recent(events, since, least, most), lang=lang)
    return Seen(key, scene, moves, info.move, seat, info, names,
                events[-1]["n"] if events else 0, over=state.is_over)


def _parsed(game: str, text: str, options: dict) -> Action:
    try:
        return plugins.engine(game).parse_action(text, options)
    except IllegalAction as e:
        raise IllegalMove(e.msg) from None
    except Exception:   # any other failure to read it is just "not a move"
        raise IllegalMove(NOT_ALLOWED) from None


async def act_on(place: Place, user: int, text: str, version: int, *,
                 here: int | None = None) -> Outcome:
    """A move's text from a transport made at ``place``: read into an ``Action`` once, here
    at the edge (a text that is no move is NOT_LEGAL with the engine's reason)."""
    try:
        action = await place.parse(text)
    except IllegalMove as e:
        return _not_legal(e.message, version)
    return await place.act(user, action, version, here=here)


async def check_on(place: Place, user: int, text: str, version: int, *,
                   here: int | None = None) -> tuple[Action | None, Outcome | None]:
    """``check`` for a move's text: the move read, and the outcome it would have (None:
    it would be made)."""
    try:
        action = await place.parse(text)
    except IllegalMove as e:
        return None, _not_legal(e.message, version)
    return action, await place.check(user, action, version, here=here)


def _not_legal(reason: str, version: int | None) -> Outcome:
    return Outcome(Result.NOT_LEGAL, version, reason=reason)


class TablePlace:
    """A table of ``core``, by its channel."""

    def __init__(self, core: Core, channel_id: int) -> None:
        self.core = core
        self.channel_id = channel_id

    @property
    def key(self) -> TableKey:
        return TableKey(self.channel_id)

    def reaches(self, here: int | None) -> bool:
        return here == self.channel_id

    async def _info(self) -> TableInfo:
        # Held here, or by another process (several shards): then moved through the
        # database, and the owning process shows it.
        info = self.core.table(self.channel_id) or await self.core.fetch_table(self.channel_id)
        if info is None or info.status != "playing":
            raise TableError(NOT_RUNNING)
        return info

    async def parse(self, text: str) -> Action:
        info = await self._info()
        return _parsed(info.game, text, info.options)

    async def scene(self, user: int, lang: Lang = EN, *, least: int = 4, most: int = 12,
                    since: int | None = None) -> Seen:
        info = self.core.table(self.channel_id)
        if info is None:
            raise TableError(NO_TABLE)
        if info.status != "playing":
            raise TableError(NOT_STARTED)
        if info.seat_of(user) is None:
            raise TableError(NOT_SEATED)
        state, seat, moving = self.core.position(self.channel_id, user)
        return _seen(self.key, state, seat, info, moving=moving, lang=lang, least=least,
                     most=most, since=since)

    async def check(self, user: int, action: Action, expect_version: int, *,
                    here: int | None = None) -> Outcome | None:
        if here is not None and not self.reaches(here):
            return Outcome(Result.ELSEWHERE)
        info = await self._info()
        if info.move != expect_version:
            return Outcome(Result.MOVED_ON, info.move)
        legal = self.core.legal_actions(self.channel_id, user)
        if str(action) not in legal:
            return _not_legal(NOT_ALLOWED, info.move)
        return None

    async def act(self, user: int, action: Action, expect_version: int, *,
                  here: int | None = None) -> Outcome:
        if here is not None and not self.reaches(here):
            return Outcome(Result.ELSEWHERE)
        info = await self._info()
        if info.move != expect_version:
            return Outcome(Result.MOVED_ON, info.move)
        try:
            made = await self.core.act(self.channel_id, user, action, expect_move=expect_version)
        except StaleMove:
            now = self.core.table(self.channel_id)
            return Outcome(Result.MOVED_ON, now.move if now else None)
        except IllegalMove as e:
            return _not_legal(e.message, info.move)
        game = plugins.engine(info.game)
        return Outcome(Result.MADE, made.move, game.parse_action(made.action, info.options),
                       over=made.over, game=info.game)


class DailyPlace:
    """A user's attempt at the daily deal of ``game`` on ``day``: every user has their own,
    so any place reaches it (an ephemeral panel, a DM, the terminal)."""

    def __init__(self, daily: Daily, game: str, day: int) -> None:
        self.daily = daily
        self.game, self.day = game, day
        # The attempt a move made here returned: it knows which events came after the
        # player's step (a reloaded attempt counts them all as seen).
        self.made: dict[int, DailyAttempt] = {}

    @property
    def key(self) -> DailyKey:
        return DailyKey(self.game, self.day)

    def reaches(self, here: int | None) -> bool:
        return True

    async def attempt(self, user: int) -> DailyAttempt:
        if user in self.made:
            return self.made[user]
        attempt = await self.daily.attempt(self.game, user, self.day)
        if attempt is None:
            raise DailyError("not_yours")
        return attempt

    async def parse(self, text: str) -> Action:
        rule = daily_rules().get(self.game)
        if rule is None:
            raise DailyError("no_such")
        return _parsed(self.game, text, dict(rule.options))

    async def scene(self, user: int, lang: Lang = EN, *, least: int = 4, most: int = 12,
                    since: int | None = None) -> Seen:
        return self.seen(await self.attempt(user), lang, least=least, most=most, since=since)

    def seen(self, attempt: DailyAttempt, lang: Lang = EN, *, least: int = 4, most: int = 12,
             since: int | None = None) -> Seen:
        """The scene of ``attempt`` (one this place loaded or made): unseen events are
        those after the player's last step unless ``since`` says otherwise."""
        info = daily_table(attempt, self.daily.ai_level)
        return _seen(self.key, attempt.state, attempt.seat, info,
                     moving=not attempt.finished, lang=lang, least=least, most=most,
                     since=attempt.seen if since is None else since)

    async def check(self, user: int, action: Action, expect_version: int, *,
                    here: int | None = None) -> Outcome | None:
        attempt = await self.attempt(user)
        if attempt.finished or attempt.moves != expect_version:
            return Outcome(Result.MOVED_ON, attempt.moves, over=attempt.finished)
        if str(action) not in attempt.legal_actions():
            return _not_legal(NOT_ALLOWED, attempt.moves)
        return None

    async def act(self, user: int, action: Action, expect_version: int, *,
                  here: int | None = None) -> Outcome:
        self.made.pop(user, None)
        attempt = await self.attempt(user)
        if attempt.finished or attempt.moves != expect_version:
            return Outcome(Result.MOVED_ON, attempt.moves, over=attempt.finished)
        try:
            after = await self.daily.act(self.game, user, action, day=self.day,
                                         expect_move=expect_version)
        except StaleMove:
            now = await self.attempt(user)
            return Outcome(Result.MOVED_ON, now.moves, over=now.finished)
        except IllegalMove as e:
            return _not_legal(e.message, attempt.moves)
        self.made[user] = after
        return Outcome(Result.MADE, after.moves, plugins.engine(self.game).parse_action(
            action, after.state.options), over=after.finished, game=self.game)


def daily_table(attempt: DailyAttempt, ai_level: str) -> TableInfo:
    """The attempt as a table (one human, AI seats), as the hand panel draws it.  It is no
    channel's table: ``channel_id`` is 0 (the place is ``DailyKey``)."""
    rule = daily_rules()[attempt.game]
    seats = tuple(
        SeatInfo(i, name, attempt.user_id if i == attempt.seat else None,
                 "human" if i == attempt.seat else "ai",
                 None if i == attempt.seat else ai_level, 0, False, ai)
        for i, (name, ai) in enumerate(zip(attempt.names, attempt.ai_names, strict=True)))
    return TableInfo(table_id=attempt.number, channel_id=0,
                     guild_id=attempt.guild_id, game=attempt.game, title=attempt.title,
                     options=dict(rule.options), turn_seconds=0, keep_order=True,
                     stand_in=None, status="finished" if attempt.finished else "playing",
                     host_id=attempt.user_id, host_name=attempt.name, seats=seats,
                     player_counts=(rule.players,), move=attempt.moves,
                     current_seat=attempt.state.current_seat, deadline=None, created=0.0)


def place(core: Core, key: PlaceKey) -> Place:
    """The place ``key`` names."""
    if isinstance(key, DailyKey):
        return DailyPlace(core.daily, key.game, key.day)
    return TablePlace(core, key.channel_id)


__all__ = ["DailyKey", "DailyPlace", "Outcome", "Place", "PlaceKey", "Result", "Seen",
           "TableKey", "TablePlace", "act_on", "check_on", "daily_table", "place"]
