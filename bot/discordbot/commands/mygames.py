"""``/mygames``: your tables on this server (lobbies and games), with links to their boards."""

from __future__ import annotations

import discord
from discord import app_commands

from ...core import Core, TableInfo
from ...i18n import EN, Lang
from ...present.base import game_title
from .. import render
from ..languages import Languages
from ..services.board_ids import BoardIds
from ..transport.replies import Reply, answer

MAX_LISTED = 20


def build(*, core: Core, langs: Languages, budget: float,
          board_ids: BoardIds) -> list[app_commands.Command]:
    @app_commands.command(name="mygames", description="Your tables on this server, with "
                          "links to their boards (only you see this)")
    @app_commands.guild_only()
    async def mygames(interaction: discord.Interaction) -> None:
        lang = langs.of(interaction)

        async def work() -> Reply:
            user_id = interaction.user.id
            mine = [t for t in core.tables()
                    if t.guild_id == interaction.guild_id and t.seat_of(user_id) is not None
                    and t.status in ("lobby", "playing")]
            if not mine:
                return Reply(lang._("You are at no table on this server. Open one with "
                                    "{new}, or play today's deal with {daily}.",
                                    new=_command(lang, "table", "new"),
                                    daily=_command(lang, "daily")))
            mine.sort(key=lambda t: (t.current_seat is None
                                     or t.seats[t.current_seat].user_id != user_id,
                                     t.deadline or float("inf"), t.table_id))
            lines = [my_table_line(board_ids, t, user_id, lang) for t in mine[:MAX_LISTED]]
            if len(mine) > MAX_LISTED:
                lines.append(lang.n_("…and {n} more.", "…and {n} more.",
                                     len(mine) - MAX_LISTED))
            head = "**" + lang._("Your tables here") + "**\n"
            return Reply(render.clip(head + "\n".join(lines), 2000))
        await answer(interaction, work(), budget=budget)

    return [mygames]


def _command(lang: Lang, *words: str) -> str:
    """A slash command as this user's Discord shows it: ``/stół nowy``."""
    return render.command(lang, *words)


def my_table_line(board_ids: BoardIds, info: TableInfo, user_id: int, lang: Lang = EN) -> str:
    """One table: game, where, whose turn and until when, and a link to its board."""
    _ = lang.gettext
    board = board_ids.get(info.table_id)
    where = (f"https://discord.com/channels/{info.guild_id}/{info.channel_id}/{board}"
             if board is not None else f"https://discord.com/channels/{info.guild_id}/"
                                       f"{info.channel_id}")
    if info.status == "lobby":
        state = _("waiting to start")
    elif info.current_seat is not None and info.seats[info.current_seat].user_id == user_id:
        state = ("**" + _("your turn") + "**" if not info.deadline else
                 _("{your_turn}, time runs out {when}", your_turn="**" + _("your turn") + "**",
                   when=f"<t:{int(info.deadline)}:R>"))
    elif info.current_seat is not None:
        state = _("waiting for {who}", who=render.seat_name(info.seats[info.current_seat], lang))
    else:
        state = _("in play")
    title = f"**{game_title(info.title, lang)}**"
    if render.is_slow(info):
        title = _("{title} (slow)", title=title)
    link = _("board")
    return "• " + _("{title} in {channel}: {state}", title=title,
                    channel=f"<#{info.channel_id}>", state=state) + f" · [{link}]({where})"
