"""``/mygames``: your tables on this server (lobbies and games), with links to their boards."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands

from ..core import TableInfo
from . import render
from .replies import Reply, answer

if TYPE_CHECKING:
    from .client import ParlourBot

MAX_LISTED = 20


def build(bot: ParlourBot) -> list[app_commands.Command]:
    @app_commands.command(name="mygames", description="Your tables on this server, with "
                          "links to their boards (only you see this)")
    @app_commands.guild_only()
    async def mygames(interaction: discord.Interaction) -> None:
        async def work() -> Reply:
            user_id = interaction.user.id
            mine = [t for t in bot.core.tables()
                    if t.guild_id == interaction.guild_id and t.seat_of(user_id) is not None
                    and t.status in ("lobby", "playing")]
            if not mine:
                return Reply("You are at no table on this server. Open one with `/table new`, "
                             "or play today's deal with `/daily`.")
            mine.sort(key=lambda t: (t.current_seat is None
                                     or t.seats[t.current_seat].user_id != user_id,
                                     t.deadline or float("inf"), t.table_id))
            lines = [my_table_line(bot, t, user_id) for t in mine[:MAX_LISTED]]
            if len(mine) > MAX_LISTED:
                lines.append(f"…and {len(mine) - MAX_LISTED} more.")
            return Reply(render.clip("**Your tables here**\n" + "\n".join(lines), 2000))
        await answer(interaction, work(), budget=bot.config.ack_budget)

    return [mygames]


def my_table_line(bot: ParlourBot, info: TableInfo, user_id: int) -> str:
    """One table: game, where, whose turn and until when, and a link to its board."""
    board = bot.feed.board_ids.get(info.table_id)
    where = (f"https://discord.com/channels/{info.guild_id}/{info.channel_id}/{board}"
             if board is not None else f"https://discord.com/channels/{info.guild_id}/"
                                       f"{info.channel_id}")
    pace = " (slow)" if render.is_slow(info) else ""
    if info.status == "lobby":
        state = "waiting to start"
    elif info.current_seat is not None and info.seats[info.current_seat].user_id == user_id:
        state = "**your turn**" + (f", time runs out <t:{int(info.deadline)}:R>"
                                   if info.deadline else "")
    else:
        state = ("waiting for " + render.seat_name(info.seats[info.current_seat])
                 if info.current_seat is not None else "in play")
    return f"• **{info.title}**{pace} in <#{info.channel_id}>: {state} · [board]({where})"
