"""Settings of the Discord adapter, read from the environment by ``parlour run``."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass

from ..core import CoreConfig
from ..core.shards import parse_shards
from ..core.store import is_postgres


class ConfigError(ValueError):
    """A setting is missing or malformed; the message says which and how to fix it."""


@dataclass
class BotConfig:
    token: str | None = None
    db_path: str = "parlour.db"
    dev_guild: int | None = None          # sync commands to this guild only (instant)
    log_level: str = "INFO"
    sync: bool = False                    # upload the slash commands at startup
    ai_delay: float = 1.0                 # seconds before an AI seat moves
    ai_executor: str = "process"
    board_interval: float = 1.0           # at most one edit per board (and panel) this often
    send_rate: float = 20.0               # bot-initiated REST calls per second, all tables
    send_burst: int = 10
    ack_budget: float = 1.5               # work longer than this is deferred ("thinking...")
    panel_lifetime: float = 14 * 60.0     # interaction tokens expire after 15 minutes
    table_seed: int | None = None         # fixed deal seed for new tables: tests and demos
    # Developer option: talk to a Discord-compatible server instead of discord.com
    # (e.g. the loopback fake in tests/fakediscord for load tests). None = real Discord.
    api_base: str | None = None           # REST root, e.g. http://127.0.0.1:PORT/api/v10
    gateway_url: str | None = None        # gateway, e.g. ws://127.0.0.1:PORT/gateway
    # Several processes (PostgreSQL): this one runs ``shards`` of ``shard_count`` shards.
    shard_count: int | None = None
    shards: tuple[int, ...] | None = None

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None, **overrides) -> BotConfig:
        env = os.environ if env is None else env
        config = cls(
            token=(env.get("DISCORD_TOKEN") or "").strip() or None,
            db_path=env.get("PARLOUR_DB") or "parlour.db",
            dev_guild=_int(env, "PARLOUR_DEV_GUILD"),
            log_level=(env.get("PARLOUR_LOG_LEVEL") or "INFO").upper(),
            ai_delay=_float(env, "PARLOUR_AI_DELAY", 1.0),
            ai_executor=env.get("PARLOUR_AI_EXECUTOR") or "process",
            api_base=(env.get("PARLOUR_DISCORD_API") or "").strip() or None,
            gateway_url=(env.get("PARLOUR_DISCORD_GATEWAY") or "").strip() or None,
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
                          shards=self.shards)


def _int(env: Mapping[str, str], key: str) -> int | None:
    raw = (env.get(key) or "").strip()
    if not raw:
        return None
    if not raw.isdigit():
        raise ConfigError(f"{key} must be a guild id (digits), not '{raw}'.")
    return int(raw)


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
