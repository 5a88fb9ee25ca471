"""``/table``: open a table (one ``/table new <game>`` per game, typed options), join,
leave, AI seats, start, cancel, kick, status."""

from __future__ import annotations

import inspect
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

import rules
from rules.ai.players import LEVELS

from ..core import TableError
from . import render
from .controls import display_name, is_moderator
from .replies import Reply, answer, channel_of

if TYPE_CHECKING:
    from .client import ParlourBot

LEVEL_CHOICES = [app_commands.Choice(name=lvl, value=lvl) for lvl in LEVELS]
TURN_MAX = 24 * 3600


def build(bot: ParlourBot) -> app_commands.Group:
    table = app_commands.Group(name="table", description="Open, join and run the card table "
                               "in this channel", guild_only=True)
    new = app_commands.Group(name="new", description="Open a table for a game in this channel",
                             parent=table)
    for game in sorted(rules.GAMES.values(), key=lambda g: g.name):
        new.add_command(_new_command(bot, game))
    ops = bot.controls

    @table.command(name="join", description="Take a seat at the table in this channel")
    async def join(interaction: discord.Interaction) -> None:
        await answer(interaction, ops.join(interaction), budget=bot.config.ack_budget)

    @table.command(name="leave", description="Leave the table (during a game the AI takes "
                   "your seat)")
    async def leave(interaction: discord.Interaction) -> None:
        await answer(interaction, ops.leave(interaction), budget=bot.config.ack_budget)

    @table.command(name="ai-add", description="Seat AI players (host or moderator)")
    @app_commands.describe(level="How strong the AI plays", count="How many AI seats to add")
    @app_commands.choices(level=LEVEL_CHOICES)
    async def ai_add(interaction: discord.Interaction, level: str = "easy",
                     count: app_commands.Range[int, 1, 5] = 1) -> None:
        await answer(interaction, ops.add_ai(interaction, level, count),
                     budget=bot.config.ack_budget)

    @table.command(name="ai-remove", description="Remove the last AI seat (host or moderator)")
    async def ai_remove(interaction: discord.Interaction) -> None:
        async def work() -> Reply:
            info = await bot.core.remove_ai(channel_of(interaction), interaction.user.id,
                                            moderator=is_moderator(interaction))
            return Reply(f"🤖 Removed an AI seat; {len(info.seats)} seated.")
        await answer(interaction, work(), budget=bot.config.ack_budget)

    @table.command(name="start", description="Deal and start the game (host or moderator)")
    async def start(interaction: discord.Interaction) -> None:
        await answer(interaction, ops.start(interaction), budget=bot.config.ack_budget)

    @table.command(name="cancel", description="End the table without a result (host or "
                   "moderator)")
    async def cancel(interaction: discord.Interaction) -> None:
        async def work() -> Reply:
            info = await bot.core.cancel(channel_of(interaction), interaction.user.id,
                                         moderator=is_moderator(interaction))
            return Reply(f"🛑 The {info.title} table was cancelled; no result is recorded.")
        await answer(interaction, work(), budget=bot.config.ack_budget)

    @table.command(name="kick", description="Remove a player (host or moderator); the AI "
                   "takes their seat in a game")
    @app_commands.describe(user="The player to remove")
    async def kick(interaction: discord.Interaction, user: discord.User) -> None:
        async def work() -> Reply:
            await bot.core.kick(channel_of(interaction), interaction.user.id, user.id,
                                moderator=is_moderator(interaction))
            return Reply(f"👢 {display_name(user)} was removed from the table.")
        await answer(interaction, work(), budget=bot.config.ack_budget)

    @table.command(name="status", description="Who sits here, whose turn it is, the options")
    async def status(interaction: discord.Interaction) -> None:
        async def work() -> Reply:
            return Reply(status_text(bot, channel_of(interaction)))
        await answer(interaction, work(), budget=bot.config.ack_budget)

    return table


def status_text(bot: ParlourBot, channel_id: int) -> str:
    info = bot.core.table(channel_id)
    if info is None:
        return "There is no table in this channel. Open one with `/table new`."
    lines = [f"**{info.title}** · table #{info.table_id} · {info.status}",
             f"Options: {render.options_text(info)}", f"Host: {info.host_name or '—'}",
             "Turn pings: " + ("on (`/settings` switches them for yourself)" if info.pings
                               else "off at this table")]
    for s in info.seats:
        here = " ▶" if info.current_seat == s.index and info.status == "playing" else ""
        lines.append(f"{s.index + 1}. {render.seat_name(s)}{here}")
    if info.status == "playing":
        lines.append(f"Move {info.move}. Your cards: `/hand`; your move: `/play`.")
    else:
        need = render.count_range(info.player_counts)
        lines.append(f"Needs {need} players; the host starts with `/table start`.")
    return render.clip("\n".join(lines), 2000)


def _new_command(bot: ParlourBot, game: rules.Game) -> app_commands.Command:
    """``/table new <game>`` with one typed option per engine option, plus turn-seconds,
    stand-in and pings."""
    params = [inspect.Parameter("interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD,
                                annotation=discord.Interaction)]
    descriptions: dict[str, str] = {}
    choices: dict[str, list[app_commands.Choice]] = {}
    for opt in game.option_list:
        annotation: Any = opt.kind
        if opt.choices:
            choices[opt.name] = [app_commands.Choice(name=str(c), value=c) for c in opt.choices]
        elif opt.kind is int and (opt.minimum is not None or opt.maximum is not None):
            annotation = app_commands.Range[int, opt.minimum, opt.maximum]
        params.append(inspect.Parameter(opt.name, inspect.Parameter.KEYWORD_ONLY,
                                        default=None, annotation=annotation))
        default = f" (default {render.scalar(opt.default)})"
        descriptions[opt.name] = render.clip(opt.help or opt.name, 100 - len(default)) + default
    params.append(inspect.Parameter("turn_seconds", inspect.Parameter.KEYWORD_ONLY, default=None,
                                    annotation=app_commands.Range[int, 0, TURN_MAX]))
    descriptions["turn_seconds"] = (f"Seconds per turn, 0 = no timer (default "
                                    f"{game.turn_seconds})")
    params.append(inspect.Parameter("stand_in", inspect.Parameter.KEYWORD_ONLY, default=None,
                                    annotation=str))
    cfg = bot.core.config
    fallback = (cfg.timeout_level if cfg.timeout_level == cfg.replacement_level
                else "the bot's")
    descriptions["stand_in"] = render.clip(
        "AI level that moves for a player out of time and takes over a seat left empty "
        f"(default {fallback})", 100)
    choices["stand_in"] = LEVEL_CHOICES
    params.append(inspect.Parameter("pings", inspect.Parameter.KEYWORD_ONLY, default=None,
                                    annotation=bool))
    descriptions["pings"] = ("Mention each player in a short message when their turn starts "
                             "(default True)")

    async def callback(interaction: discord.Interaction, **values: Any) -> None:
        turn = values.pop("turn_seconds", None)
        stand_in = values.pop("stand_in", None)
        pings = values.pop("pings", None)
        options = {k: v for k, v in values.items() if v is not None}
        await answer(interaction, _create(bot, interaction, game, options, turn, stand_in,
                                          pings is not False),
                     budget=bot.config.ack_budget)

    callback.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    # The decorators one would write above a hand-made command, applied to the built one.
    callback = app_commands.describe(**descriptions)(callback)
    callback = app_commands.choices(**choices)(callback)
    callback = app_commands.rename(turn_seconds="turn-seconds", stand_in="stand-in")(callback)
    counts = sorted({n for n, _ in game.configurations()} | set(game.player_counts({})))
    description = render.clip(f"{game.title} ({render.count_range(counts)} players)", 100)
    return app_commands.Command(name=game.name, description=description, callback=callback)


async def _create(bot: ParlourBot, interaction: discord.Interaction, game: rules.Game,
                  options: dict, turn_seconds: int | None,
                  stand_in: str | None = None, pings: bool = True) -> Reply:
    if interaction.guild_id is None:
        raise TableError("Tables live in server channels, not in DMs.")
    info = await bot.core.create_table(
        channel_of(interaction), interaction.user.id, display_name(interaction.user), game.name,
        options, guild_id=interaction.guild_id, turn_seconds=turn_seconds,
        seed=bot.config.table_seed, stand_in=stand_in, pings=pings)
    return Reply(f"🃏 You opened a {info.title} table (#{info.table_id}) and took the first "
                 "seat. Others join with the **Join** button or `/table join`; add AI seats "
                 "with `/table ai-add`; start with `/table start`.")
