"""The table core: tables, seats, turns, timers, storage and ratings.

Transport-agnostic asyncio code, no discord import.  The Discord adapter, the
terminal and the tests all drive ``Core``; see docs/CORE.md.
"""

from __future__ import annotations

from .ai_runner import AIRunner, InlineRunner, ProcessRunner, ThreadRunner, make_runner
from .clock import Clock, ManualClock, SystemClock
from .config import CoreConfig
from .core import Core
from .errors import NOT_SAVED, STALE, IllegalMove, NotSaved, StaleMove, TableError
from .hub import Subscription
from .leaderboard import GameSummary, LeaderboardRow, UserGameStats
from .names import ai_name, ai_seat_name, fill_names
from .ratings import PROVISIONAL_GAMES, PROVISIONAL_NOTE, display_rating, rating_text
from .records import GLOBAL, scope_key
from .replay import Replay, ReplayStep
from .store import Store
from .updates import (
    BoardChanged,
    BoardView,
    Event,
    GameOver,
    LobbyChanged,
    MoveResult,
    RatingChange,
    Reminder,
    SeatInfo,
    SeatReplaced,
    SkillLine,
    SkillReady,
    Strike,
    TableClosed,
    TableInfo,
    Update,
    YourTurn,
)

__all__ = [
    "AIRunner", "BoardChanged", "BoardView", "Clock", "Core", "CoreConfig", "GLOBAL", "GameOver",
    "GameSummary", "InlineRunner", "LeaderboardRow", "LobbyChanged",
    "Event", "ManualClock", "MoveResult", "ProcessRunner", "RatingChange",
    "Reminder", "Replay", "ReplayStep", "STALE", "SeatInfo", "SeatReplaced", "SkillLine",
    "SkillReady", "Store", "Strike",
    "Subscription", "SystemClock", "TableClosed", "TableError", "TableInfo", "ThreadRunner",
    "Update", "UserGameStats", "YourTurn", "ai_name", "ai_seat_name", "fill_names", "make_runner",
    "scope_key", "PROVISIONAL_GAMES", "PROVISIONAL_NOTE", "display_rating", "rating_text",
    "StaleMove", "NotSaved", "NOT_SAVED", "IllegalMove",
]
