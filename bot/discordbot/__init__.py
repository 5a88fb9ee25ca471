"""The Discord adapter: slash commands, hand panels, DMs and the public board.

``ParlourBot`` is a ``discord.Client`` driving one ``bot.core.Core``; see
docs/DISCORD.md.  Nothing here decides game rules: every move goes through
``Core.act`` and everything shown comes from the engine's views.
"""

from __future__ import annotations

from .client import ParlourBot
from .config import BotConfig, ConfigError

__all__ = ["BotConfig", "ConfigError", "ParlourBot"]
