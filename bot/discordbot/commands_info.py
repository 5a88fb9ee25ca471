"""``/rules``, ``/leaderboard``, ``/stats`` and ``/recent``: reading, never changing."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands

import rules

from ..core import GLOBAL, PROVISIONAL_NOTE, TableError, display_rating, rating_text
from . import render, rules_pages
from .replies import Reply, answer

if TYPE_CHECKING:
    from .client import ParlourBot

GAME_CHOICES = [app_commands.Choice(name=g.title[:100], value=name)
                for name, g in sorted(rules.GAMES.items())]
ALL_TIME, CURRENT = "all", "current"
SCOPE_CHOICES = [app_commands.Choice(name="this server", value="server"),
                 app_commands.Choice(name="everywhere", value="global")]


def build(bot: ParlourBot) -> list[app_commands.Command]:
    budget = bot.config.ack_budget

    @app_commands.command(name="rules", description="The rules of a game (only you see them)")
    @app_commands.describe(game="Which game")
    @app_commands.choices(game=GAME_CHOICES)
    async def rules_cmd(interaction: discord.Interaction, game: str) -> None:
        async def work() -> Reply:
            embed, view = rules_pages.page(game, 0)
            return Reply(embed=embed, view=view)
        await answer(interaction, work(), budget=budget)

    @app_commands.command(name="leaderboard", description="Top rated players of a game")
    @app_commands.describe(game="Which game", scope="This server (default) or everywhere",
                           season="All time (default), this season, or an earlier season "
                                  "(start typing for the list)")
    @app_commands.choices(game=GAME_CHOICES, scope=SCOPE_CHOICES)
    async def leaderboard(interaction: discord.Interaction, game: str,
                          scope: str = "server", season: str | None = None) -> None:
        async def work() -> Reply:
            key = _scope(interaction, scope)
            wanted = None if season in (None, ALL_TIME) else season
            if wanted not in (None, CURRENT) and wanted not in {
                    s.key for s in await bot.core.seasons(game, key)}:
                raise TableError("No rated games in that season here: pick one from the "
                                 "list as you type.")
            rows = await bot.core.leaderboard(game, key, limit=10, season=wanted)
            title = render.game_of(game).title
            where = "everywhere" if key == GLOBAL else "this server"
            when = await _season_name(bot, game, key, wanted)
            if not rows:
                text = ("No rated games yet. Finish a game to appear here." if wanted is None
                        else "No rated games in this season yet. Finish a game to appear "
                             "here.")
            else:
                text = "\n".join(
                    f"**{r.position}.** {r.name} — {display_rating(r.rating)}"
                    f"{'?' if r.provisional else ''}"
                    f" · {_n(r.games, 'game')} · {_n(r.wins, 'win')} ({r.win_rate:.0%})"
                    for r in rows)
                if any(r.provisional for r in rows):
                    text += f"\n{PROVISIONAL_NOTE}"
            embed = discord.Embed(title=f"{title} leaderboard · {where} · {when}"[:256],
                                  description=render.clip(text, 4000),
                                  colour=discord.Colour.gold())
            return Reply(embed=embed, ephemeral=False)
        await answer(interaction, work(), budget=budget, ephemeral=False)

    @leaderboard.autocomplete("season")
    async def leaderboard_season(interaction: discord.Interaction,
                                 current: str) -> list[app_commands.Choice[str]]:
        ns = interaction.namespace
        try:
            key = _scope(interaction, getattr(ns, "scope", None) or "server")
            played = await bot.core.seasons(ns.game, key) if getattr(ns, "game", None) else []
        except TableError:
            played = []
        choices = [app_commands.Choice(name="All time", value=ALL_TIME),
                   app_commands.Choice(name="This season", value=CURRENT)]
        choices += [app_commands.Choice(name=s.name, value=s.key) for s in played]
        typed = current.lower()
        return [c for c in choices if typed in c.name.lower()][:25]

    @app_commands.command(name="stats", description="Ratings and records of a player")
    @app_commands.describe(user="Whose stats (default: yours)",
                           scope="This server (default) or everywhere")
    @app_commands.choices(scope=SCOPE_CHOICES)
    async def stats(interaction: discord.Interaction, user: discord.User | None = None,
                    scope: str = "server") -> None:
        async def work() -> Reply:
            who = user or interaction.user
            key = _scope(interaction, scope)
            rows = await bot.core.user_stats(who.id, key)
            if not rows:
                text = "No rated games yet."
            else:
                text = "\n".join(
                    f"**{render.game_of(s.game).title}**: {rating_text(s.rating, s.games)}, "
                    f"#{s.position} · {_n(s.games, 'game')} · {_n(s.wins, 'win')} · "
                    f"{s.abandons} left early" for s in rows)
            name = getattr(who, "display_name", who.name)
            embed = discord.Embed(title=f"Stats of {name}"[:256],
                                  description=render.clip(text, 4000))
            return Reply(embed=embed)
        await answer(interaction, work(), budget=budget)

    @app_commands.command(name="recent", description="Recently finished games in this channel")
    async def recent(interaction: discord.Interaction) -> None:
        async def work() -> Reply:
            games = await bot.core.recent_games(channel_id=interaction.channel_id, limit=10)
            if not games:
                return Reply("No finished games in this channel yet.")
            lines = []
            for g in games:
                when = int(g.finished)
                players = ", ".join(p["name"] for p in g.players)
                won = ", ".join(g.winners) or "—"
                lines.append(f"#{g.game_id} {render.game_of(g.game).title} <t:{when}:R> · "
                             f"{players} · won: {won}"
                             + (" (abandoned)" if g.reason == "abandoned" else ""))
            embed = discord.Embed(title="Recent games here",
                                  description=render.clip("\n".join(lines), 4000))
            return Reply(embed=embed)
        await answer(interaction, work(), budget=budget)

    return [rules_cmd, leaderboard, stats, recent]


def _scope(interaction: discord.Interaction, scope: str) -> str | int:
    if scope == "global":
        return GLOBAL
    if interaction.guild_id is None:
        raise TableError("Server rankings only exist in a server; use scope: everywhere.")
    return interaction.guild_id




async def _season_name(bot: ParlourBot, game: str, key: str | int, season: str | None) -> str:
    if season is None:
        return "all time"
    if season == CURRENT:
        return f"this season ({(await bot.core.current_season(key)).name})"
    found = next((s for s in await bot.core.seasons(game, key) if s.key == season), None)
    return found.name if found else season


def _n(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"
