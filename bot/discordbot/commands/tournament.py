"""``/tournament``: open a tournament in this channel, start it, see where it stands,
withdraw, cancel (the host or a moderator runs it)."""

from __future__ import annotations

import discord
from discord import app_commands

from rules.ai.players import DEFAULT_LEVEL, LEVELS

from ...core import Core
from ...core.tournament.model import Format
from ...core.tournaments import TournamentInfo, TournamentRefusal
from ...i18n import LANGUAGES, NATIVE_NAME
from ...present import tournament as words
from ...present.base import game_title
from ..languages import Languages, guild_default
from ..members import display_name, is_moderator
from ..transport.replies import Reply, answer
from .info import game_choices

FORMAT_CHOICES = [app_commands.Choice(name=f.value, value=f.value) for f in Format]
PACE_CHOICES = [app_commands.Choice(name="live", value="live"),
                app_commands.Choice(name="slow", value="slow")]
LANGUAGE_CHOICES = [app_commands.Choice(name=NATIVE_NAME[c], value=c) for c in LANGUAGES]
MAX_START_MINUTES = 7 * 24 * 60


def parse_options(text: str | None) -> dict:
    """``variant=normand target=60`` as a dict (values as typed: the engine validates)."""
    out: dict = {}
    for pair in (text or "").split():
        key, eq, value = pair.partition("=")
        if not eq or not key:
            raise TournamentRefusal("bad option", message=f"'{pair}' is not key=value.")
        out[key.strip().replace("-", "_")] = value.strip()
    return out


class TournamentCommands(app_commands.Group, name="tournament",
                         description="Tournaments in this channel", guild_only=True):
    """The ``/tournament`` group; each subcommand is a method."""

    def __init__(self, *, core: Core, langs: Languages, budget: float) -> None:
        super().__init__()
        self.core, self.langs, self.budget = core, langs, budget

    async def here(self, interaction: discord.Interaction) -> TournamentInfo:
        """The tournament of this channel (or of the channel a table's thread hangs from)."""
        channel = interaction.channel
        ids = [interaction.channel_id or 0]
        parent = getattr(channel, "parent_id", None)
        if parent:
            ids.append(parent)
        for cid in ids:
            info = await self.core.tournaments.in_channel(cid)
            if info is not None:
                return info
        raise TournamentRefusal("no tournament")

    @app_commands.command(name="new", description="Open a tournament in this channel; players join "
                                                  "with the button")
    @app_commands.describe(
        game="The game", format="swiss, knockout or round-robin",
        rounds="Swiss only: rounds to play (default: enough for a clear winner)",
        pace="live (the game's turn time) or slow (a day a turn)",
        duplicate="Every table of a round plays the same deals",
        starts="Minutes from now until it starts by itself (default: the host starts it)",
        table_size="Players at a table, where the game allows several",
        options="Game options as key=value, e.g. variant=normand",
        check_in="Minutes before the start when entrants must check in (needs starts)",
        language="The language of its messages and boards")
    @app_commands.choices(game=game_choices(), format=FORMAT_CHOICES, pace=PACE_CHOICES,
                          language=LANGUAGE_CHOICES)
    @app_commands.rename(table_size="table-size", check_in="check-in")
    async def new(self, interaction: discord.Interaction, game: str, format: str,
                  rounds: app_commands.Range[int, 1, 15] | None = None,
                  pace: str = "live", duplicate: bool = False,
                  starts: app_commands.Range[int, 0, MAX_START_MINUTES] | None = None,
                  table_size: app_commands.Range[int, 2, 6] | None = None,
                  options: str | None = None, language: str | None = None,
                  check_in: app_commands.Range[int, 1, 1440] | None = None) -> None:
        lang = self.langs.of(interaction)

        async def work() -> Reply:
            assert interaction.guild_id is not None and interaction.channel_id is not None
            starts_at = (self.core.clock.now() + starts * 60) if starts else None
            info = await self.core.tournaments.create(
                interaction.guild_id, interaction.channel_id, interaction.user.id,
                display_name(interaction.user), game, format,
                rounds=rounds if format == Format.SWISS.value else None, pace=pace,
                duplicate=duplicate, starts_at=starts_at, table_size=table_size,
                options=parse_options(options), lang=language or guild_default(interaction),
                check_in=check_in)
            return Reply("🏆 " + lang._(
                "You opened a {game} tournament here. Players join with the **Join** button "
                "on its message; start it with {command}.",
                game=game_title(info.title, lang), command=words.command(lang, "start")))
        await answer(interaction, work(), budget=self.budget)

    @app_commands.command(name="start", description="Close entries and pair the first round "
                                                    "(host or moderator)")
    async def start(self, interaction: discord.Interaction) -> None:
        lang = self.langs.of(interaction)

        async def work() -> Reply:
            info = await self.here(interaction)
            info = await self.core.tournaments.start(info.id, interaction.user.id,
                                                     moderator=is_moderator(interaction))
            rnd = info.state.rounds[-1]
            return Reply("🔔 " + lang.n_(
                "Round 1 is paired: {n} table, each in its own thread.",
                "Round 1 is paired: {n} tables, each in its own thread.", len(rnd.tables)))
        await answer(interaction, work(), budget=self.budget)

    @app_commands.command(name="ai-add", description="Enter AI players (host or moderator, before "
                                                     "the start)")
    @app_commands.describe(level="How strong they play", count="How many to enter")
    @app_commands.choices(level=[app_commands.Choice(name=lvl, value=lvl) for lvl in LEVELS])
    async def ai_add(self, interaction: discord.Interaction, level: str = DEFAULT_LEVEL,
                     count: app_commands.Range[int, 1, 32] = 1) -> None:
        lang = self.langs.of(interaction)

        async def work() -> Reply:
            info = await self.here(interaction)
            info = await self.core.tournaments.add_ai(info.id, interaction.user.id, level, count,
                                                      moderator=is_moderator(interaction))
            return Reply("🤖 " + lang.n_("Entered {n} AI player; {total} entrants now.",
                                        "Entered {n} AI players; {total} entrants now.", count,
                                        total=len(info.state.entrants)))
        await answer(interaction, work(), budget=self.budget)

    @app_commands.command(name="status", description="Where this channel's tournament stands")
    async def status(self, interaction: discord.Interaction) -> None:
        lang = self.langs.of(interaction)

        async def work() -> Reply:
            info = await self.here(interaction)
            if info.status == "signup":
                return Reply(words.signup_text(
                    info, lang, f"<@{info.host_id}>",
                    checking=self.core.tournaments.check_in_open(info))[:2000])
            return Reply(words.standings_text(info, lang)[:2000])
        await answer(interaction, work(), budget=self.budget)

    @app_commands.command(name="withdraw", description="Leave this channel's tournament (your game "
                                                       "in play goes on with the AI in your seat)")
    async def withdraw(self, interaction: discord.Interaction) -> None:
        lang = self.langs.of(interaction)

        async def work() -> Reply:
            info = await self.here(interaction)
            await self.core.tournaments.withdraw(info.id, interaction.user.id)
            return Reply("🚪 " + lang._("You have withdrawn from the tournament."))
        await answer(interaction, work(), budget=self.budget)

    @app_commands.command(name="cancel", description="Stop this channel's tournament (host or "
                                                     "moderator)")
    async def cancel(self, interaction: discord.Interaction) -> None:
        lang = self.langs.of(interaction)

        async def work() -> Reply:
            info = await self.here(interaction)
            await self.core.tournaments.cancel(info.id, interaction.user.id,
                                               moderator=is_moderator(interaction))
            return Reply("🛑 " + lang._("The tournament is cancelled. Games still being "
                                       "played finish as ordinary rated games."),
                         ephemeral=False)
        await answer(interaction, work(), budget=self.budget, ephemeral=False)

