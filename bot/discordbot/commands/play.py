"""``/hand`` (your private panel) and ``/play move:`` (with autocomplete of your legal moves)."""

from __future__ import annotations

import logging

import discord
from discord import app_commands

from ...core import Core, TableError
from .. import render, scene_view
from ..languages import Languages
from ..transport.replies import Reply, answer, channel_of
from ..ui.controls import Controls

log = logging.getLogger("parlour.discord")
MAX_CHOICES = 25
WORDED_MAX = 200   # legal moves matched on their full wording (more: on their cards)


def build(*, controls: Controls, core: Core, langs: Languages,
          budget: float) -> list[app_commands.Command]:
    @app_commands.command(name="hand", description="Your cards and moves here (only you see "
                          "them)")
    @app_commands.guild_only()
    async def hand(interaction: discord.Interaction) -> None:
        await controls.hand(interaction, channel_of(interaction))

    @app_commands.command(name="play", description="Make your move at the table in this channel")
    @app_commands.describe(move="Your move, e.g. 'play QH' or 'discard 7C 8D' (start typing "
                                "for a list)")
    @app_commands.guild_only()
    async def play(interaction: discord.Interaction,
                   move: app_commands.Range[str, 1, 100]) -> None:
        async def work() -> Reply:
            lang = langs.note(interaction)
            info = core.table(channel_of(interaction))  # before: a last move ends it
            result = await core.act(channel_of(interaction), interaction.user.id, move)
            assert info is not None  # act refuses a channel without a table
            said = scene_view.describe(info.game, result.action, lang.code)
            lines = ["✅ " + lang._("Your move: {move}.", move=f"**{said}**")]
            names = render.names(info, lang)
            lines += [f"• {scene_view.event(info.game, e, lang.code, names)}"
                      for e in result.events[-5:]]
            if result.over:
                lines.append(lang._("That ended the game: see the board."))
            return Reply(render.clip("\n".join(lines), 2000))
        await answer(interaction, work(), budget=budget)

    @play.autocomplete("move")
    async def play_move(interaction: discord.Interaction,
                        current: str) -> list[app_commands.Choice[str]]:
        try:  # synchronous reads only: the answer must be quick
            return move_choices(core, channel_of(interaction), interaction.user.id, current,
                                langs.note(interaction).code)
        except TableError:
            return []
        except Exception:
            log.exception("autocomplete failed")
            return []

    return [hand, play]


def move_choices(core: Core, channel_id: int, user_id: int,
                 typed: str, lang: str = "en") -> list[app_commands.Choice[str]]:
    """The user's legal moves matching what they typed: name = pretty, value = canonical."""
    info = core.table(channel_id)
    if info is None or info.status != "playing":
        return []
    legal = core.legal_actions(channel_id, user_id)
    if not legal:
        return []
    game = render.game_of(info.game)
    words = typed.lower().replace(",", " ").split()
    # Matching uses the players' words for each move; hundreds of legal moves (a piquet
    # discard) are matched on their cards only, which is what their words say anyway.
    say = (scene_view.describe if len(legal) <= WORDED_MAX else scene_view.event)
    english = say   # typed English words (the canonical move texts) match in every language
    picked: list[str] = []
    exact = _parse(game, typed)
    if exact in legal:
        picked.append(exact)
    for action in legal:
        if len(picked) >= MAX_CHOICES:
            break
        if action in picked:
            continue
        haystack = f"{action.lower()} {english(info.game, action).lower()}"
        if lang != "en":
            haystack += " " + say(info.game, action, lang).lower()
        if all(w in haystack for w in words):
            picked.append(action)
    return [app_commands.Choice(name=render.clip(scene_view.describe(info.game, a, lang), 100),
                                value=a) for a in picked]


def _parse(game, typed: str) -> str | None:
    if not typed.strip():
        return None
    try:
        return str(game.parse_action(typed))
    except Exception:  # half-typed text: no exact match, just filter
        return None
