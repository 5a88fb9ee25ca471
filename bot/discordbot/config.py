"""Settings of the Discord adapter, read from the environment by ``parlour run``."""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass

from ..core import CoreConfig
from ..core.puzzles import budget_from as puzzle_budget_from
from ..core.shards import parse_shards
from ..core.skills import budget_from
from ..core.store import is_postgres


class ConfigError(ValueError):
    """A setting is missing or malformed; the message says which and how to fix it."""


PICTURE_WORKERS = ("auto", "process", "thread")


@dataclass
class BotConfig:
    token: str | None = None
    db_path: str = "parlour.db"
    dev_guild: int | None = None          # sync commands to this guild only (instant)
    log_level: str = "INFO"
    sync: bool = False                    # upload the slash commands at startup
    ai_delay: float = 1.0                 # seconds before an AI seat moves
    ai_executor: str = "process"
    # Board and DM pictures (painter.py): "auto" (what ``parlour run`` uses: a worker process
    # at a lower CPU priority on two cores or more, else a thread), "process" or "thread"
    # (the default here, for the test harness's many bots).
    picture_worker: str = "thread"
    board_interval: float = 1.0           # at most one edit per board (and panel) this often
    # Bot-initiated REST calls per second, all tables: most of Discord's global 50/s, with
    # room left for 429s and the occasional request outside the outbox; rate + burst = 45.
    send_rate: float = 40.0
    send_burst: int = 5
    ack_budget: float = 1.5               # work longer than this is deferred ("thinking...")
    panel_lifetime: float = 14 * 60.0     # interaction tokens expire after 15 minutes
    # Discord refuses edits of messages older than an hour (30046): a board this old is
    # posted anew at its next change, and the old message points to the new one.
    board_max_age: float = 55 * 60.0
    gc_freeze: bool = True                # gc.freeze() after start-up (tests with many bots: off)
    table_seed: int | None = None         # fixed deal seed for new tables: tests and demos
    # Developer option: talk to a Discord-compatible server instead of discord.com
    # (e.g. the loopback fake in tests/fakediscord for load tests). None = real Discord.
    api_base: str | None = None           # REST root, e.g. http://127.0.0.1:PORT/api/v10
    gateway_url: str | None = None        # gateway, e.g. ws://127.0.0.1:PORT/gateway
    # Operations: a file the bot rewrites every heartbeat_interval seconds with the state of
    # its gateway connection and database (read by ``parlour health``, Docker's HEALTHCHECK).
    heartbeat_path: str | None = None
    heartbeat_interval: float = 30.0
    # After a start-up failure that a restart cannot fix, wait for SIGTERM instead of exiting
    # (in a container whose restart policy would otherwise start it again and again).
    wait_on_error: bool = False
    # Several processes (PostgreSQL): this one runs ``shards`` of ``shard_count`` shards.
    shard_count: int | None = None
    shards: tuple[int, ...] | None = None
    # Accuracy and luck of every finished game (CoreConfig.skill_budget): 0 here, for the
    # test harness's bots; ``from_env`` (``parlour run``) takes rules.ai.skill.SKILL_BUDGET
    # unless PARLOUR_SKILL_BUDGET says otherwise (0: off).
    skill_budget: int = 0
    # Puzzles from finished games (CoreConfig.puzzle_budget): 0 here likewise; ``from_env``
    # takes rules.ai.puzzle.PUZZLE_BUDGET unless PARLOUR_PUZZLE_BUDGET says otherwise.
    puzzle_budget: int = 0

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None, **overrides) -> BotConfig:
        env = os.environ if env is None else env
        token = (env.get("DISCORD_TOKEN") or "").strip() or None
        problem = token_problem(token) if token else None
        if problem:
            raise ConfigError(problem)
        config = cls(
            token=token,
            db_path=env.get("PARLOUR_DB") or "parlour.db",
            dev_guild=_int(env, "PARLOUR_DEV_GUILD"),
            log_level=(env.get("PARLOUR_LOG_LEVEL") or "INFO").upper(),
            ai_delay=_float(env, "PARLOUR_AI_DELAY", 1.0),
            ai_executor=env.get("PARLOUR_AI_EXECUTOR") or "process",
            skill_budget=_skill_budget(env),
            puzzle_budget=puzzle_budget_from(env),
            picture_worker=_choice(env, "PARLOUR_PICTURE_WORKER", PICTURE_WORKERS, "auto"),
            api_base=(env.get("PARLOUR_DISCORD_API") or "").strip() or None,
            gateway_url=(env.get("PARLOUR_DISCORD_GATEWAY") or "").strip() or None,
            heartbeat_path=(env.get("PARLOUR_HEARTBEAT") or "").strip() or None,
            wait_on_error=env_flag(env, "PARLOUR_WAIT_ON_ERROR"),
        )
        for key, value in overrides.items():
            setattr(config, key, value)
        config.set_shards(env.get("PARLOUR_SHARD_COUNT"), env.get("PARLOUR_SHARDS"))
        return config

    def check_scaling(self) -> None:
        """A process running only some shards shares its database: that needs PostgreSQL."""
        if self.shard_count and len(self.shards or ()) < self.shard_count \
                and not is_postgres(self.db_path):
            raise ConfigError("Running some of the shards in each of several processes needs "
                              "a shared PostgreSQL database: set PARLOUR_DB=postgresql://... "
                              "(see docs/SCALING.md).")

    def set_shards(self, count: str | int | None, shards: str | None) -> None:
        """``PARLOUR_SHARD_COUNT``/``--shard-count`` and ``PARLOUR_SHARDS``/``--shards``."""
        if count is None or str(count).strip() == "":
            if shards:
                raise ConfigError("PARLOUR_SHARDS (--shards) needs PARLOUR_SHARD_COUNT "
                                  "(--shard-count) too.")
            return
        if not str(count).strip().isdigit() or int(count) < 1:
            raise ConfigError(f"The shard count must be a whole number of at least 1, "
                              f"not '{count}'.")
        self.shard_count = int(count)
        try:
            self.shards = parse_shards(shards, self.shard_count) if shards else \
                tuple(range(self.shard_count))
        except ValueError as e:
            raise ConfigError(str(e)) from None
        # Discord's 50 requests/s is per bot token, shared by every process: each takes
        # its shards' part of the pacer's budget.
        share = len(self.shards) / self.shard_count
        self.send_rate = BotConfig.send_rate * share
        self.send_burst = max(1, round(BotConfig.send_burst * share))

    def core_config(self) -> CoreConfig:
        return CoreConfig(db_path=self.db_path, ai_delay=self.ai_delay,
                          ai_executor=self.ai_executor, shard_count=self.shard_count or 1,
                          shards=self.shards, skill_budget=self.skill_budget,
                          puzzle_budget=self.puzzle_budget)


# What the README and the docs write in place of a token (copied as they are, they would
# reach Discord only to be refused as an unknown token).
PLACEHOLDER_TOKENS = frozenset({"your-bot-token", "your_bot_token", "...", "<token>",
                                "your-token", "token"})


def token_problem(token: str) -> str | None:
    """Why ``token`` cannot be a bot token as written, or None (Discord decides the rest)."""
    if token.strip().lower() in PLACEHOLDER_TOKENS:
        return (f"DISCORD_TOKEN is '{token.strip()}', the README's placeholder: put your "
                "bot's own token there (the README's 'Inviting the bot' says where to find "
                "it).")
    if token.lower().startswith("bot "):
        return "DISCORD_TOKEN starts with 'Bot ': set the token alone, without that prefix."
    if any(c in token for c in "\"'`") or any(c.isspace() for c in token):
        return ("DISCORD_TOKEN contains quotes or spaces: set the token alone, exactly as "
                "the Bot page of your application shows it.")
    if not token.isascii() or not token.isprintable():
        return "DISCORD_TOKEN contains characters a bot token never has: copy it again."
    return None


_TOKEN_SHAPE = re.compile(r"[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+")


def token_shape_warning(token: str) -> str | None:
    """A stricter look (``parlour doctor``): bot tokens are three dot-separated parts."""
    if _TOKEN_SHAPE.fullmatch(token):
        return None
    return ("DISCORD_TOKEN does not look like a bot token (three parts separated by dots). "
            "Copy it from the Bot page of your application, not the client secret or the "
            "public key.")


def _choice(env: Mapping[str, str], key: str, allowed: tuple[str, ...], default: str) -> str:
    value = (env.get(key) or "").strip().lower() or default
    if value not in allowed:
        raise ConfigError(f"{key} must be one of {', '.join(allowed)}, not '{value}'.")
    return value


def env_flag(env: Mapping[str, str], key: str) -> bool:
    raw = (env.get(key) or "").strip().lower()
    if raw in ("", "0", "no", "false", "off"):
        return False
    if raw in ("1", "yes", "true", "on"):
        return True
    raise ConfigError(f"{key} must be 1 or 0, not '{raw}'.")


def _int(env: Mapping[str, str], key: str) -> int | None:
    raw = (env.get(key) or "").strip()
    if not raw:
        return None
    if not raw.isdigit():
        raise ConfigError(f"{key} must be a guild id (digits), not '{raw}'.")
    return int(raw)


def _skill_budget(env: Mapping[str, str]) -> int:
    try:
        return budget_from(env)
    except ValueError as e:
        raise ConfigError(str(e)) from None


def _float(env: Mapping[str, str], key: str, default: float) -> float:
    raw = (env.get(key) or "").strip()
    if not raw:
        return default
    try:
        value = float(raw)
    except ValueError:
        raise ConfigError(f"{key} must be a number of seconds, not '{raw}'.") from None
    if value < 0:
        raise ConfigError(f"{key} cannot be negative.")
    return value
