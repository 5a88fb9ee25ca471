"""Everything the core tells the outside world, as plain frozen dataclasses.

Every update carries ``table_id`` and ``channel_id``; renderers (Discord, the
terminal, tests) switch on the class.  Texts are ready to show: ``{pN}``
placeholders are already filled with seat names, except inside ``view`` dicts,
which are exactly what the engine returned (render them with the seat names).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.views import View


@dataclass(frozen=True)
class SeatInfo:
    index: int
    name: str
    user_id: int | None        # None for an AI seat
    kind: str                  # "human" or "ai" (who sat down, not who plays now)
    ai_level: str | None       # the level playing it now; None while a human plays it
    strikes: int
    abandoned: bool
    ai_name: str | None = None # an AI seat's own name ("Ada"), shown with its level


@dataclass(frozen=True)
class TableInfo:
    table_id: int
    channel_id: int
    guild_id: int | None
    game: str                  # engine name, e.g. "piquet"
    title: str                 # e.g. "Piquet"
    options: dict
    turn_seconds: int          # 0: no turn timer
    keep_order: bool           # True: seats keep lobby order at start (no shuffle)
    stand_in: str | None       # AI level for timed-out moves and takeovers; None: the
                               # bot's defaults (CoreConfig.timeout/replacement_level)
    status: str                # "lobby" | "playing" | "finished" | "cancelled"
    host_id: int | None
    host_name: str
    seats: tuple[SeatInfo, ...]
    player_counts: tuple[int, ...]
    move: int                  # actions applied so far; pass it back as expect_move
    current_seat: int | None
    deadline: float | None     # epoch seconds when the current human's turn runs out
    created: float
    pings: bool = True         # transports may notify a human whose turn starts
    pictures: bool = True      # transports may show the table as a picture
    hints: bool = False        # the host switched hints on (see core/hints.py)

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    def seat_of(self, user_id: int) -> int | None:
        for s in self.seats:
            if s.user_id == user_id:
                return s.index
        return None


@dataclass(frozen=True)
class RatingChange:
    user_id: int
    name: str
    seat: int
    scope: str                 # "global" or the guild id as text
    game: str
    before: float              # ordinal (mu - 3 sigma); people read display_rating(before)
    after: float
    mu: float
    sigma: float
    games: int = 1             # rated games in this scope and game, this one included


@dataclass(frozen=True)
class Update:
    table_id: int
    channel_id: int


@dataclass(frozen=True)
class LobbyChanged(Update):
    """Someone joined or left, an AI seat or an option changed (status "lobby")."""

    table: TableInfo


@dataclass(frozen=True)
class Event:
    """One thing that happened at a table, and who may see it."""

    text: str                     # names filled (an engine ``Msg`` stays a message)
    to: int | None = None         # None: everyone; else the one seat that may see it


@dataclass(frozen=True)
class BoardChanged(Update):
    """The table moved to ``table.move`` (a move, a start, a resume, a seat handed to
    the AI, a count asked for): what happened.  A transport asks the core for the views
    it shows (``core.board``, ``public_view``, ``private_view``) when it shows them, so a
    burst of moves costs one view per transport per shown position.  The one exception:
    the first change of each deal carries the private views of the seats humans play
    (``hands``), the hands as dealt, for what must show that moment however late it is
    sent (the hand DMs)."""

    table: TableInfo
    events: tuple[Event, ...] = ()  # this change's events, each with who may see it
    deal: int = 0                   # the engine's deal counter (``deal_no``; 0: none)
    last_seat: int | None = None
    last_action: str | None = None  # canonical text of the move just made
    last_actor: str | None = None   # "human" | "ai" | "timer"
    hands: tuple[tuple[int, View], ...] = ()   # (seat, private view) on a deal's first change

    @property
    def move(self) -> int:
        return self.table.move

    @property
    def new_events(self) -> tuple[str, ...]:
        """The public events of this change."""
        return tuple(e.text for e in self.events if e.to is None)

    def seen_by(self, seat: int) -> tuple[str, ...]:
        """The events of this change that ``seat`` may see."""
        return tuple(e.text for e in self.events if e.to is None or e.to == seat)


@dataclass(frozen=True)
class BoardView:
    """The public board now (``Core.board``): ``view`` is exactly ``state.view(None)``
    (names as ``{pN}``), ``recent_events`` the last few public events, names filled."""

    table_id: int
    channel_id: int
    table: TableInfo
    view: View
    recent_events: tuple[str, ...]


@dataclass(frozen=True)
class YourTurn(Update):
    move: int
    seat: int
    user_id: int
    name: str
    deadline: float | None


@dataclass(frozen=True)
class Reminder(Update):
    move: int
    seat: int
    user_id: int
    name: str
    deadline: float
    seconds_left: float


@dataclass(frozen=True)
class Strike(Update):
    """A human's time ran out; the AI played ``action`` for them."""

    move: int                     # the move number after the automatic move
    seat: int
    user_id: int
    name: str
    strikes: int
    max_strikes: int | None     # None: timeouts never hand the seat over
    action: str


@dataclass(frozen=True)
class SeatReplaced(Update):
    """A human seat is played by the AI for the rest of the game."""

    seat: int
    user_id: int
    name: str
    reason: str                   # "strikes" | "left" | "kicked"
    level: str


@dataclass(frozen=True)
class GameOver(Update):
    game_id: int                  # for replays and the games list (equals table_id)
    table: TableInfo
    reason: str                   # "complete" | "abandoned" (every human left)
    result: dict | None           # the engine's result(); None when abandoned
    view: View                    # the final public view (the table is gone afterwards)
    abandoned: tuple[int, ...]    # seats whose human left, was kicked or struck out
    rating_changes: tuple[RatingChange, ...] = field(default_factory=tuple)
    recent_events: tuple[str, ...] = ()  # the last few public events of the final view
    skills: tuple[SkillLine, ...] = ()   # each seat's accuracy and luck, once computed


@dataclass(frozen=True)
class SkillLine:
    """One seat's accuracy and luck in a finished game (rules/ai/skill.py)."""

    seat: int
    accuracy: float               # 0-100
    luck: float                   # value units: hundredths of a win are round(100 * luck)
    low: float = 0.0              # accuracy's interval on this game
    high: float = 100.0


@dataclass(frozen=True)
class SkillReady(Update):
    """A finished game's accuracy and luck are computed: its final board shows them.
    Published only by the process that owns the table, on its own hub (never to other
    shards' processes: nothing there shows that board)."""

    game_id: int
    skills: tuple[SkillLine, ...]


@dataclass(frozen=True)
class TableClosed(Update):
    """The table is gone without a result (cancelled, or the last human left the lobby)."""

    table: TableInfo
    reason: str                   # "cancelled" | "empty"
    by_user: int | None


@dataclass(frozen=True)
class MoveResult:
    """What ``Core.act`` returns once a move is committed."""

    move: int                     # the move number now (pass it as the next expect_move)
    action: str                   # canonical text of the move made
    events: tuple[str, ...]       # events of this move the mover may see, names filled
    over: bool                    # the move ended the game
