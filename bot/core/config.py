"""Settings of the table core (one object, passed to ``Core``)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class CoreConfig:
    """Every knob of the core; the defaults suit a Discord bot.

    Tests use ``ai_delay=0`` and ``ai_executor="inline"`` with a ``ManualClock``.
    """

    db_path: str = "parlour.db"
    # "inline" (on the event loop: tests, terminal), "thread" or "process" (a pool:
    # search AIs are CPU-bound, so a process pool keeps the bot's loop responsive).
    ai_executor: str = "process"
    ai_workers: int = 2
    ai_time_budget: float | None = 1.0   # seconds per AI move, passed to players that take it
    ai_delay: float = 1.0                # pause before an AI seat moves, so humans can follow
    timeout_level: str = "easy"          # plays the move of a human whose time ran out
    replacement_level: str = "easy"      # takes over a struck-out, departed or kicked seat
    # Timeouts before the seat is handed to the AI (and the player counts as abandoning);
    # None: never - the terminal, where the timer only hurries a player who is alone.
    max_strikes: int | None = 2
    reminder_fraction: float = 2 / 3     # the reminder comes after this share of the turn time
    default_turn_seconds: int | None = None  # None: the game's own ``turn_seconds``
    recent_events: int = 12              # public events a board shows (Core.board, GameOver)
    subscriber_queue: int = 1000         # per-subscriber backlog before the oldest is dropped
    db_synchronous: str = "NORMAL"       # WAL + NORMAL: a committed move survives a crash
    # Several processes on one PostgreSQL: this one runs ``shards`` of ``shard_count`` and
    # owns the tables of those shards' guilds (None: every shard, a single process).
    # The daily deal: the AI seats every player meets, and the AI whose score is par.
    daily_ai_level: str = "normal"
    daily_par_level: str = "hard"
    shard_count: int = 1
    shards: tuple[int, ...] | None = None
    # Accuracy and luck of every finished game (bot/core/skills.py), in the AI's pool: the
    # search's iterations per decision (0: not computed - tests and the terminal unless
    # they ask; the bot passes rules.ai.skill.SKILL_BUDGET).  A game's work is about
    # proportional to it and to its decisions.
    skill_budget: int = 0
    # Where: "process" (one worker process of their own at a low CPU priority, whatever
    # ai_executor says - never on the event loop) or "inline" (the core's runner: tests).
    skill_executor: str = "process"
    accuracy_min_games: int = 5          # games with figures before /leaderboard by:accuracy
    # Puzzles from finished games (bot/core/puzzles.py), mined where accuracy and luck are
    # computed (skill_executor): the first look's search iterations per decision (0: not
    # mined - tests unless they ask; the bot passes rules.ai.puzzle.PUZZLE_BUDGET) and the
    # re-check's (0: in proportion, rules.ai.puzzle.CHECK_BUDGET to PUZZLE_BUDGET).
    puzzle_budget: int = 0
    puzzle_check_budget: int = 0
