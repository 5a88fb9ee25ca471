"""The public board: one message per table, rendering exactly the public view.

Lobby -> game -> final result (or closed), always the same message.  Only
``BoardChanged.view`` (= ``state.view(None)``), public events and TableInfo
are rendered here.
"""

from __future__ import annotations

from dataclasses import dataclass

import discord

from ..core import (
    BoardChanged,
    GameOver,
    LobbyChanged,
    TableClosed,
    TableInfo,
    display_rating,
    rating_text,
)
from . import count_button, render
from .components import HandButton, LobbyButton, RulesButton, view_of

LOBBY_COLOUR = discord.Colour.blurple()
GAME_COLOUR = discord.Colour.dark_green()
OVER_COLOUR = discord.Colour.gold()
CLOSED_COLOUR = discord.Colour.dark_grey()
FIELD = 1000   # below Discord's 1024 per field; with the description the embed stays < 6000
DESCRIPTION = 1500


@dataclass
class Shown:
    """A message body: what to send or edit a board message to."""

    content: str
    embed: discord.Embed
    view: discord.ui.View | None   # None: no components (finished tables)
    final: bool = False            # the table is gone: nothing will edit this message again


def render_update(update: LobbyChanged | BoardChanged | GameOver | TableClosed,
                  recent: tuple[str, ...] = ()) -> Shown:
    if isinstance(update, LobbyChanged):
        return lobby(update.table)
    if isinstance(update, BoardChanged):
        return game(update)
    if isinstance(update, GameOver):
        return over(update, recent)
    return closed(update)


def lobby(info: TableInfo) -> Shown:
    game = render.game_of(info.game)
    need = render.count_range(info.player_counts)
    seats = "\n".join(f"{i + 1}. **{render.seat_name(s)}**" for i, s in enumerate(info.seats))
    lines = [render.clip(game.summary(), 400), "", f"**Options**: {render.options_text(info)}",
             f"**Host**: {info.host_name or '—'}", f"**Players** ({len(info.seats)}; "
             f"needs {need}):", seats or "—"]
    embed = discord.Embed(title=f"{info.title} · table #{info.table_id} · lobby",
                          description=render.clip("\n".join(lines), DESCRIPTION),
                          colour=LOBBY_COLOUR)
    embed.set_footer(text="Join with the button or /table join · the host starts with "
                          "/table start · /rules for the rules")
    content = (f"🃏 A table of **{info.title}** is open here: press **Join** or use "
               "`/table join`.")
    items = [LobbyButton(op, info.channel_id) for op in ("join", "leave", "ai", "start")]
    return Shown(content, embed, view_of(*items, RulesButton(info.game, 0)))


def game(update: BoardChanged) -> Shown:
    info, view = update.table, update.view
    gm = render.game_of(info.game)
    names = render.names(info)
    lines = [f"*{render.heading(view)}*" if render.heading(view) else "",
             f"**Options**: {render.options_text(info)}"]
    lines += render.detail_lines(view, names, gm)
    embed = discord.Embed(title=f"{info.title} · table #{info.table_id}",
                          description=render.clip("\n".join(x for x in lines if x), DESCRIPTION),
                          colour=GAME_COLOUR)
    embed.add_field(name="Players", value=render.clip(
        "\n".join(render.seat_lines(info, view, gm)), FIELD), inline=False)
    if "trick" in view:
        embed.add_field(name="Trick", value=render.clip(render.trick(view["trick"], names, gm),
                                                        FIELD), inline=True)
    if view.get("last_trick"):
        embed.add_field(name="Last trick", value=render.clip(
            render.trick(view["last_trick"], names, gm), FIELD), inline=True)
    if update.recent_events:
        embed.add_field(name="Recent", value=render.clip(
            render.events(update.recent_events, gm, 8), FIELD), inline=False)
    embed.set_footer(text=f"move {info.move} · anyone here can watch · your cards: "
                          "Show my hand or /hand · moves: /play")
    return Shown(_turn_line(info), embed,
                 view_of(HandButton(info.channel_id), RulesButton(info.game, 0),
                         *count_button.for_board(info.channel_id, view)))


def over(update: GameOver, recent: tuple[str, ...]) -> Shown:
    info, view = update.table, update.view
    gm = render.game_of(info.game)
    lines = []
    if update.reason == "abandoned":
        lines.append("The game was abandoned: no human player was left.")
    if update.result:
        lines += render.result_lines(update.result, info)
    for seat in update.abandoned:
        lines.append(f"🚪 {render.seat_name(info.seats[seat])} left the game.")
    embed = discord.Embed(title=f"{info.title} · table #{info.table_id} · game over",
                          description=render.clip("\n".join(lines) or "—", DESCRIPTION),
                          colour=OVER_COLOUR)
    embed.add_field(name="Final position", value=render.clip(
        "\n".join(render.seat_lines(info, view, gm)), FIELD), inline=False)
    if recent:
        embed.add_field(name="Last events", value=render.clip(render.events(recent, gm, 8),
                                                              FIELD), inline=False)
    changes = [c for c in update.rating_changes if c.scope != "global"] or \
        list(update.rating_changes)
    if changes:
        embed.add_field(name="Ratings", value=render.clip("\n".join(
            f"{c.name}: {display_rating(c.before)} → {rating_text(c.after, c.games)}"
            for c in changes), FIELD), inline=False)
    embed.set_footer(text=f"game #{update.game_id} · {info.move} moves · /leaderboard "
                          f"{info.game} · /table new to play again")
    return Shown(f"🏁 **{info.title}** is over.", embed, None, final=True)


def closed(update: TableClosed) -> Shown:
    info = update.table
    why = ("Cancelled" + (f" by <@{update.by_user}>." if update.by_user else ".")
           if update.reason == "cancelled" else "Everyone left the lobby.")
    embed = discord.Embed(title=f"{info.title} · table #{info.table_id} · closed",
                          description=why, colour=CLOSED_COLOUR)
    return Shown("This table is closed. `/table new` opens another.", embed, None, final=True)


def _turn_line(info: TableInfo) -> str:
    if info.current_seat is None:
        return f"**{info.title}**"
    seat = info.seats[info.current_seat]
    if seat.user_id is None or seat.ai_level is not None:
        return f"🤖 **{render.seat_name(seat)}** is thinking…"
    line = f"▶ It's **{render.seat_name(seat)}**'s turn."  # the ping (pings.py) notifies
    if info.deadline:
        line += f" Time runs out <t:{int(info.deadline)}:R>."
    return line
