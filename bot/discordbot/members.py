"""Who a Discord user is here: the name to show, and whether they moderate the channel."""

from __future__ import annotations

import discord


def display_name(user: discord.abc.User) -> str:
    return getattr(user, "display_name", None) or user.name


def is_moderator(interaction: discord.Interaction) -> bool:
    """Members who may manage the channel or the server can cancel and kick."""
    p = interaction.permissions
    return bool(p.administrator or p.manage_channels or p.manage_guild)
