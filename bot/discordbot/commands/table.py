"""``/table``: open a table (one ``/table new <game>`` per game, typed options), join,
leave, AI seats, start, cancel, kick, status."""

from __future__ import annotations

import inspect
from typing import Any

import discord
from discord import app_commands

import rules
from rules.ai.players import DEFAULT_LEVEL, LEVELS

from ... import plugins
from ...core import Core, TableError, TableInfo
from ...i18n import EN, LANGUAGES, N_, NATIVE_NAME, Lang
from ...present.base import game_title
from .. import render
from ..languages import Languages, guild_default
from ..members import display_name, is_moderator
from ..transport.replies import Reply, answer, channel_of
from ..ui.controls import Controls

LEVEL_CHOICES = [app_commands.Choice(name=lvl, value=lvl) for lvl in LEVELS]
# Each language by its own name (not translated: a reader looks for their own).
LANGUAGE_CHOICES = [app_commands.Choice(name=NATIVE_NAME[c], value=c) for c in LANGUAGES]
TURN_MAX = 24 * 3600
SLOW_HOURS, SLOW_MAX_HOURS = 24, 168   # slow tables: default and longest turn, in hours
PACE_CHOICES = [app_commands.Choice(name="normal", value="normal"),
                app_commands.Choice(name="slow", value="slow")]


class TableCommands(app_commands.Group, name="table",
                    description="Open, join and run the card table in this channel",
                    guild_only=True):
    """The ``/table`` group; each subcommand is a method, ``/table new <game>`` one command
    per game plug-in."""

    # First, as Discord lists it: a class-level group is copied into each instance.
    new = app_commands.Group(name="new", description="Open a table for a game in this channel")

    def __init__(self, *, controls: Controls, core: Core, langs: Languages, budget: float,
                 table_seed: int | None) -> None:
        super().__init__()
        self.ops, self.core, self.langs, self.budget = controls, core, langs, budget
        new = self.get_command("new")
        assert isinstance(new, app_commands.Group)
        for plugin in sorted(plugins.plugins(), key=lambda p: p.name):
            new.add_command(_new_command(core, langs, budget, table_seed, plugin))

    @app_commands.command(name="join", description="Take a seat at the table in this channel")
    async def join(self, interaction: discord.Interaction) -> None:
        await answer(interaction, self.ops.join(interaction), budget=self.budget)

    @app_commands.command(name="leave", description="Leave the table (during a game the AI takes "
                          "your seat)")
    async def leave(self, interaction: discord.Interaction) -> None:
        await answer(interaction, self.ops.leave(interaction), budget=self.budget)

    @app_commands.command(name="ai-add", description="Seat AI players (host or moderator)")
    @app_commands.describe(level="How strong the AI plays", count="How many AI seats to add")
    @app_commands.choices(level=LEVEL_CHOICES)
    async def ai_add(self, interaction: discord.Interaction, level: str = DEFAULT_LEVEL,
                     count: app_commands.Range[int, 1, 5] = 1) -> None:
        await answer(interaction, self.ops.add_ai(interaction, level, count),
                     budget=self.budget)

    @app_commands.command(name="ai-remove",
                          description="Remove the last AI seat (host or moderator)")
    async def ai_remove(self, interaction: discord.Interaction) -> None:
        async def work() -> Reply:
            lang = self.langs.note(interaction)
            info = await self.core.remove_ai(channel_of(interaction), interaction.user.id,
                                             moderator=is_moderator(interaction))
            return Reply("🤖 " + lang._("Removed an AI seat; {n} seated.", n=len(info.seats)))
        await answer(interaction, work(), budget=self.budget)

    @app_commands.command(name="start", description="Deal and start the game (host or moderator)")
    async def start(self, interaction: discord.Interaction) -> None:
        await answer(interaction, self.ops.start(interaction), budget=self.budget)

    @app_commands.command(name="cancel", description="End the table without a result (host or "
                          "moderator)")
    async def cancel(self, interaction: discord.Interaction) -> None:
        async def work() -> Reply:
            lang = self.langs.note(interaction)
            info = await self.core.cancel(channel_of(interaction), interaction.user.id,
                                          moderator=is_moderator(interaction))
            return Reply("🛑 " + lang._("The {game} table was cancelled; no result is recorded.",
                                       game=game_title(info.title, lang)))
        await answer(interaction, work(), budget=self.budget)

    @app_commands.command(name="hints",
                          description="Hints for every player here (host, in the lobby)")
    @app_commands.describe(on="on: a Hint button on every hand panel")
    async def hints(self, interaction: discord.Interaction, on: bool) -> None:
        async def work() -> Reply:
            lang = self.langs.note(interaction)
            await self.core.configure(channel_of(interaction), interaction.user.id, hints=on,
                                      moderator=is_moderator(interaction))
            return Reply("💡 " + (lang._("Hints are on at this table: every player's hand "
                                        "panel has a Hint button.") if on else
                                 lang._("Hints are off at this table (with other people "
                                        "playing, the default).")))
        await answer(interaction, work(), budget=self.budget)

    @app_commands.command(name="kick", description="Remove a player (host or moderator); the AI "
                          "takes their seat in a game")
    @app_commands.describe(user="The player to remove")
    async def kick(self, interaction: discord.Interaction, user: discord.User) -> None:
        async def work() -> Reply:
            lang = self.langs.note(interaction)
            await self.core.kick(channel_of(interaction), interaction.user.id, user.id,
                                 moderator=is_moderator(interaction))
            return Reply("👢 " + lang._("{who} was removed from the table.",
                                       who=display_name(user)))
        await answer(interaction, work(), budget=self.budget)

    @app_commands.command(name="settings", description="Turn time, stand-in AI, pings, language, "
                          "picture: before the start (host or moderator)")
    @app_commands.describe(turn_seconds="Seconds per turn, 0 = no timer",
                           pace="slow: hours a turn, over days",
                           turn_hours="Hours a turn at a slow table",
                           stand_in="AI for timeouts and empty seats",
                           pings="Ping players when their turn starts",
                           language="The board's language",
                           pictures="A picture of the table on the board")
    @app_commands.choices(pace=PACE_CHOICES, stand_in=LEVEL_CHOICES, language=LANGUAGE_CHOICES)
    @app_commands.rename(turn_seconds="turn-seconds", turn_hours="turn-hours",
                         stand_in="stand-in")
    async def settings(self, interaction: discord.Interaction,
                            turn_seconds: app_commands.Range[int, 0, TURN_MAX] | None = None,
                       pace: str | None = None,
                       turn_hours: app_commands.Range[int, 1, SLOW_MAX_HOURS] | None = None,
                       stand_in: str | None = None, pings: bool | None = None,
                       language: str | None = None, pictures: bool | None = None) -> None:
        async def work() -> Reply:
            timed = (turn_seconds, pace, turn_hours) != (None, None, None)
            info = await self.core.configure(
                channel_of(interaction), interaction.user.id,
                turn_seconds=turn_time(turn_seconds, pace, turn_hours) if timed else None,
                stand_in=stand_in, pings=pings, pictures=pictures,
                moderator=is_moderator(interaction))
            if language is not None:
                await self.langs.set_table(info.table_id, language)
            lang = self.langs.note(interaction)
            _ = lang.gettext
            lines = [_("Table settings: {settings}", settings=render.table_settings(info, lang)),
                     _("Turn pings: on (`/settings` switches them for yourself)") if info.pings
                     else _("Turn pings: off at this table"),
                     _("Table picture on the board: on") if info.pictures
                     else _("Table picture on the board: off"),
                     _("Board language: {language}",
                       language=NATIVE_NAME.get(self.langs.table(info.table_id).code, "English"))]
            if timed and render.is_slow(info):
                lines.append(_slow_note(info, lang))
            return Reply("⚙️ " + "\n".join(lines))
        await answer(interaction, work(), budget=self.budget)

    @app_commands.command(name="status", description="Who sits here, whose turn it is, the options")
    async def status(self, interaction: discord.Interaction) -> None:
        async def work() -> Reply:
            return Reply(status_text(self.core, channel_of(interaction),
                                     self.langs.note(interaction)))
        await answer(interaction, work(), budget=self.budget)



def status_text(core: Core, channel_id: int, lang: Lang = EN) -> str:
    _ = lang.gettext
    info = core.table(channel_id)
    if info is None:
        return _("There is no table in this channel. Open one with `/table new`.")
    status = {"lobby": N_("lobby"), "playing": N_("playing"), "finished": N_("finished"),
              "cancelled": N_("cancelled")}
    lines = [f"**{game_title(info.title, lang)}** · " + _("table #{table}", table=info.table_id)
             + " · " + _(status.get(info.status, info.status)),
             _("Options: {options}", options=render.options_text(info, lang)),
             _("Host: {host}", host=info.host_name or "—"),
             _("Turn pings: on (`/settings` switches them for yourself)") if info.pings
             else _("Turn pings: off at this table"),
             _("Table picture on the board: on") if info.pictures
             else _("Table picture on the board: off")]
    for s in info.seats:
        here = " ▶" if info.current_seat == s.index and info.status == "playing" else ""
        lines.append(f"{s.index + 1}. {render.seat_name(s, lang)}{here}")
    if info.status == "playing":
        lines.append(_("Move {n}. Your cards: `/hand`; your move: `/play`.", n=info.move))
    else:
        need = render.count_range(info.player_counts, lang)
        lines.append(_("Needs {need} players; the host starts with `/table start`.", need=need))
    return render.clip("\n".join(lines), 2000)


def _new_command(core: Core, langs: Languages, budget: float, table_seed: int | None,
                 plugin: plugins.GamePlugin) -> app_commands.Command:
    """``/table new <game>`` with one typed option per engine option, plus turn-seconds.

    The table's other settings are ``/table settings``'s, stated once: Discord counts every
    game's subcommand towards the 4000 characters ``/table`` may have in its longest
    language, and the seven settings on each game's cost about 420 of them - five games
    filled ``/table`` to 3,864, and a sixth did not fit."""
    game = plugin.game
    params = [inspect.Parameter("interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD,
                                annotation=discord.Interaction)]
    descriptions: dict[str, str | app_commands.locale_str] = {}
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
        # The plug-in's help is short (the choices and ranges say the rest): /table, with
        # every game's options in its longest language, must stay under Discord's 4000
        # characters.
        help_text = plugin.option_help.get(opt.name) or opt.help or opt.name
        # The translator reads the whole help and default from the extras (the English
        # text may be clipped).
        descriptions[opt.name] = app_commands.locale_str(
            render.clip(help_text, 100 - len(default)) + default,
            help=help_text, default=render.scalar(opt.default))
    params.append(inspect.Parameter("turn_seconds", inspect.Parameter.KEYWORD_ONLY, default=None,
                                    annotation=app_commands.Range[int, 0, TURN_MAX]))
    descriptions["turn_seconds"] = app_commands.locale_str(
        f"Seconds per turn, 0 = no timer (default {game.turn_seconds})",
        help="Seconds per turn, 0 = no timer", default=str(game.turn_seconds))

    async def callback(interaction: discord.Interaction, **values: Any) -> None:
        turn = values.pop("turn_seconds", None)
        options = {k: v for k, v in values.items() if v is not None}

        async def work() -> Reply:
            return await _create(core, langs, table_seed, interaction, game, options, turn,
                                 language=guild_default(interaction))
        await answer(interaction, work(), budget=budget)

    callback.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    # The decorators one would write above a hand-made command, applied to the built one.
    callback = app_commands.describe(**descriptions)(callback)
    callback = app_commands.choices(**choices)(callback)
    callback = app_commands.rename(turn_seconds="turn-seconds")(callback)
    counts = sorted({n for n, _ in game.configurations()} | set(game.player_counts({})))
    description = render.clip(f"{game.title} ({render.count_range(counts)} players)", 100)
    return app_commands.Command(name=game.name, description=description, callback=callback)


def _slow_note(info: TableInfo, lang: Lang) -> str:
    return lang._("It is a slow table with {hours}: each player is pinged when their turn "
                  "starts and reminded before it runs out, and `/mygames` lists your "
                  "tables.", hours=render.hours_a_turn(info, lang))


def turn_time(turn_seconds: int | None, pace: str | None, turn_hours: int | None
              ) -> int | None:
    """The turn time in seconds from /table settings' turn-seconds, pace and turn-hours."""
    slow = pace == "slow" or (pace is None and turn_hours is not None)
    if pace == "normal" and turn_hours is not None:
        raise TableError("turn-hours is for slow tables: choose pace slow, or give "
                         "turn-seconds instead.")
    if slow and turn_seconds is not None:
        raise TableError("A slow table counts its turns in hours: give turn-hours, not "
                         "turn-seconds.")
    return (turn_hours or SLOW_HOURS) * 3600 if slow else turn_seconds


async def _create(core: Core, langs: Languages, table_seed: int | None,
                  interaction: discord.Interaction, game: rules.Game,
                  options: dict, turn_seconds: int | None,
                  stand_in: str | None = None, pings: bool = True,
                  language: str = "en", pictures: bool = True) -> Reply:
    lang = langs.of(interaction)
    _ = lang.gettext
    if interaction.guild_id is None:
        raise TableError(_("Tables live in server channels, not in DMs."))
    info = await core.create_table(
        channel_of(interaction), interaction.user.id, display_name(interaction.user), game.name,
        options, guild_id=interaction.guild_id, turn_seconds=turn_seconds,
        seed=table_seed, stand_in=stand_in, pings=pings,
        pictures=pictures)
    # Set before the lobby board is first drawn (the feed draws it on the next loop turn).
    await langs.set_table(info.table_id, language)
    slow = (" " + _slow_note(info, lang)) if render.is_slow(info) else ""
    return Reply("🃏 " + _("You opened a {game} table (#{table}) and took the first seat. "
                           "Others join with the **Join** button or `/table join`; add AI seats "
                           "with `/table ai-add`; start with `/table start`.",
                           game=game_title(info.title, lang), table=info.table_id) + slow
                 + " " + _("Change the turn time, stand-in AI, pings, language or picture with "
                           "`/table settings`."))
