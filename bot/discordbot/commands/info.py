"""``/rules``, ``/leaderboard``, ``/stats`` and ``/recent``: reading, never changing."""

from __future__ import annotations

import discord
from discord import app_commands

from ... import plugins
from ...core import GLOBAL, Core, TableError, display_rating
from ...core.puzzles import Standing
from ...i18n import EN, Lang, lang_for
from ...present import tournament as tournament_words
from ...present.base import game_title
from .. import render
from ..languages import Languages, guild_default
from ..transport.replies import Reply, answer
from ..ui import rules_pages

ALL_TIME, CURRENT = "all", "current"
SCOPE_CHOICES = [app_commands.Choice(name="this server", value="server"),
                 app_commands.Choice(name="everywhere", value="global")]
BY_CHOICES = [app_commands.Choice(name="rating", value="rating"),
              app_commands.Choice(name="accuracy", value="accuracy")]


def game_choices() -> list[app_commands.Choice[str]]:
    """Every game (read when the bot starts: a game plugged in before is there)."""
    return [app_commands.Choice(name=p.game.title[:100], value=p.name)
            for p in sorted(plugins.plugins(), key=lambda p: p.name)]


def build(*, core: Core, langs: Languages, budget: float) -> list[app_commands.Command]:
    """The commands; what each one answers is a function of its own below."""
    games = game_choices()

    @app_commands.command(name="rules", description="The rules of a game (only you see them)")
    @app_commands.describe(game="Which game")
    @app_commands.choices(game=games)
    async def rules_cmd(interaction: discord.Interaction, game: str) -> None:
        async def work() -> Reply:
            embed, view = rules_pages.page(game, 0, langs.note(interaction))
            return Reply(embed=embed, view=view)
        await answer(interaction, work(), budget=budget)

    @app_commands.command(name="leaderboard", description="Top rated players of a game")
    @app_commands.describe(game="Which game", scope="This server (default) or everywhere",
                           season="All time (default), this season, or an earlier season "
                                  "(start typing for the list)",
                           by="By rating (default), or by mean accuracy per game")
    @app_commands.choices(game=games, scope=SCOPE_CHOICES, by=BY_CHOICES)
    async def leaderboard(interaction: discord.Interaction, game: str,
                          scope: str = "server", season: str | None = None,
                          by: str = "rating") -> None:
        async def work() -> Reply:
            # A public answer: the server's language (as a new table's board).
            lang = lang_for(guild_default(interaction))
            key = _scope(interaction, scope, lang)
            if by == "accuracy":
                return await _accuracy_board(core, game, key, lang)
            return await leaderboard_reply(core, game, key, season, lang)
        await answer(interaction, work(), budget=budget, ephemeral=False)

    @leaderboard.autocomplete("season")
    async def leaderboard_season(interaction: discord.Interaction,
                                 current: str) -> list[app_commands.Choice[str]]:
        ns = interaction.namespace
        try:
            key = _scope(interaction, getattr(ns, "scope", None) or "server")
            played = await core.seasons(ns.game, key) if getattr(ns, "game", None) else []
        except TableError:
            played = []
        # An autocomplete answer is in the user's words.
        return season_choices(played, current, langs.of(interaction))

    @app_commands.command(name="stats", description="Ratings and records of a player")
    @app_commands.describe(user="Whose stats (default: yours)",
                           scope="This server (default) or everywhere")
    @app_commands.choices(scope=SCOPE_CHOICES)
    async def stats(interaction: discord.Interaction, user: discord.User | None = None,
                    scope: str = "server") -> None:
        async def work() -> Reply:
            lang = langs.note(interaction)
            key = _scope(interaction, scope, lang)
            return await stats_reply(core, user or interaction.user, key,
                                     interaction.guild_id, lang)
        await answer(interaction, work(), budget=budget)

    @app_commands.command(name="recent", description="Recently finished games in this channel")
    async def recent(interaction: discord.Interaction) -> None:
        async def work() -> Reply:
            return await recent_reply(core, interaction.channel_id, langs.note(interaction))
        await answer(interaction, work(), budget=budget)

    return [rules_cmd, leaderboard, stats, recent]


async def leaderboard_reply(core: Core, game: str, key: str | int, season: str | None,
                            lang: Lang) -> Reply:
    """The top ten of ``game`` here (``key``: a server or everywhere) by rating, all time
    or in ``season``."""
    _ = lang.gettext
    wanted = None if season in (None, ALL_TIME) else season
    if wanted not in (None, CURRENT) and wanted not in {
            s.key for s in await core.seasons(game, key)}:
        raise TableError(_("No rated games in that season here: pick one from the "
                           "list as you type."))
    rows = await core.leaderboard(game, key, limit=10, season=wanted)
    title = game_title(render.game_of(game).title, lang)
    where = _("everywhere") if key == GLOBAL else _("this server")
    when = await _season_name(core, game, key, wanted, lang)
    if not rows:
        text = (_("No rated games yet. Finish a game to appear here.") if wanted is None
                else _("No rated games in this season yet. Finish a game to appear "
                       "here."))
    else:
        text = "\n".join(
            f"**{r.position}.** {r.name} — {display_rating(r.rating)}"
            f"{'?' if r.provisional else ''}"
            f" · {_games(lang, r.games)} · {_wins(lang, r.wins)} ({r.win_rate:.0%})"
            for r in rows)
        if any(r.provisional for r in rows):
            text += "\n" + render.provisional_note(lang)
    embed = discord.Embed(title=_("{game} leaderboard · {where} · {when}", game=title,
                                  where=where, when=when)[:256],
                          description=render.clip(text, 4000),
                          colour=discord.Colour.gold())
    return Reply(embed=embed, ephemeral=False)


def season_choices(played: list, current: str, lang: Lang) -> list[app_commands.Choice[str]]:
    """All time, this season and every season played, those matching what is typed."""
    choices = [app_commands.Choice(name=lang._("All time"), value=ALL_TIME),
               app_commands.Choice(name=lang._("This season"), value=CURRENT)]
    choices += [app_commands.Choice(name=s.label(lang.code), value=s.key) for s in played]
    typed = current.lower()
    return [c for c in choices if typed in c.name.lower()][:25]


async def stats_reply(core: Core, who: discord.User | discord.Member, key: str | int,
                      guild_id: int | None, lang: Lang) -> Reply:
    """``who``'s rating, place, games, wins and accuracy in every game rated here, and
    their tournament finishes on this server."""
    _ = lang.gettext
    rows = await core.user_stats(who.id, key)
    if not rows:
        text = _("No rated games yet.")
    else:
        lines = []
        for s in rows:
            line = (f"**{game_title(render.game_of(s.game).title, lang)}**: "
                    f"{render.rating_words(s.rating, s.games, lang)}, "
                    f"#{s.position} · {_games(lang, s.games)} · "
                    f"{_wins(lang, s.wins)} · " + _("{n} left early", n=s.abandons))
            mean = await core.skills.mean(who.id, s.game, key)
            if mean is not None:   # beside the rating: skill apart from luck
                line += " · " + _accuracy_words(lang, *mean)
            lines.append(line)
        text = "\n".join(lines)
    standing = await core.puzzles.standing(who.id)
    if standing.tried:   # one puzzle rating across games, shown once they have tried one
        text += "\n🧩 " + _puzzle_words(lang, standing)
    if guild_id is not None and key != GLOBAL:
        events = tournament_words.finishes_text(
            await core.tournaments.finishes(guild_id, who.id), lang)
        if events:
            text += "\n🏆 " + events
    name = getattr(who, "display_name", who.name)
    embed = discord.Embed(title=_("Stats of {name}", name=name)[:256],
                          description=render.clip(text, 4000))
    return Reply(embed=embed)


async def recent_reply(core: Core, channel_id: int | None, lang: Lang) -> Reply:
    """The last ten games finished in this channel."""
    _ = lang.gettext
    games = await core.recent_games(channel_id=channel_id, limit=10)
    if not games:
        return Reply(_("No finished games in this channel yet."))
    lines = []
    for g in games:
        when = int(g.finished)
        players = ", ".join(p["name"] for p in g.players)
        won = ", ".join(g.winners) or "—"
        lines.append(f"#{g.game_id} {game_title(render.game_of(g.game).title, lang)} "
                     f"<t:{when}:R> · {players} · " + _("won: {who}", who=won)
                     + (" " + _("(abandoned)") if g.reason == "abandoned" else ""))
    embed = discord.Embed(title=_("Recent games here"),
                          description=render.clip("\n".join(lines), 4000))
    return Reply(embed=embed)


def _scope(interaction: discord.Interaction, scope: str, lang: Lang = EN) -> str | int:
    if scope == "global":
        return GLOBAL
    if interaction.guild_id is None:
        raise TableError(lang._("Server rankings only exist in a server; use scope: "
                                "everywhere."))
    return interaction.guild_id




def _puzzle_words(lang: Lang, standing: Standing) -> str:
    """"Puzzles: rating 1512 · 14 of 20 solved · daily streak 3 days (best 5)"."""
    return (lang._("Puzzles: rating {rating} · {solved} of {tried} solved",
                   rating=standing.rating, solved=standing.solved, tried=standing.tried)
            + " · " + lang.n_("daily streak {n} day (best {best})",
                              "daily streak {n} days (best {best})", standing.streak,
                              best=standing.best_streak))


def _accuracy_words(lang: Lang, accuracy: float, n: int) -> str:
    return lang.n_("accuracy {accuracy} over the last {n} game",
                   "accuracy {accuracy} over the last {n} games", n, accuracy=round(accuracy))


async def _accuracy_board(core: Core, game: str, key: str | int, lang: Lang) -> Reply:
    """/leaderboard by:accuracy: mean accuracy per game, from accuracy_min_games games."""
    _ = lang.gettext
    rows = await core.skills.board(game, key)
    title = game_title(render.game_of(game).title, lang)
    where = _("everywhere") if key == GLOBAL else _("this server")
    if not rows:
        n = core.skills.min_games
        text = lang.n_("Nobody has {n} game with accuracy figures here yet: the accuracy "
                       "board lists players from {n} game on. See {command} for ratings.",
                       "Nobody has {n} games with accuracy figures here yet: the accuracy "
                       "board lists players from {n} games on. See {command} for ratings.",
                       n, command=render.command(lang, "leaderboard", game=title))
    else:
        text = "\n".join(f"**{r.position}.** {r.name} — "
                         + _accuracy_words(lang, r.accuracy, r.games) for r in rows)
    embed = discord.Embed(title=_("{game} by accuracy · {where}", game=title,
                                  where=where)[:256],
                          description=render.clip(text, 4000), colour=discord.Colour.gold())
    return Reply(embed=embed, ephemeral=False)


async def _season_name(core: Core, game: str, key: str | int, season: str | None,
                       lang: Lang) -> str:
    if season is None:
        return lang._("all time")
    if season == CURRENT:
        return lang._("this season ({name})",
                      name=(await core.current_season(key)).label(lang.code))
    found = next((s for s in await core.seasons(game, key) if s.key == season), None)
    return found.label(lang.code) if found else season


def _games(lang: Lang, n: int) -> str:
    return lang.n_("{n} game", "{n} games", n)


def _wins(lang: Lang, n: int) -> str:
    return lang.n_("{n} win", "{n} wins", n)
