"""``/review``: the hard AI's review of a finished game, ephemeral.

Your last finished game in this channel (else in this server), or one chosen by
autocomplete; for your own seat, or for an AI seat of a game you played (``seat``).
Another person's seat is never reviewed for you: it would show their hand.  The review
is computed once in the AI's pool and stored (core/reviews.py); each decision shows
the position as that seat saw it - the table in words and the hand picture - what was
played, what the hard AI prefers, the estimated cost and how sure the estimate is.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import replace

import discord
from discord import app_commands

from ...core import Core, TableError
from ...core.leaderboard import GameSummary
from ...core.replay import Replay
from ...core.reviews import GameReview, views_before
from ...core.skills import SeatFigures
from ...i18n import N_, Lang
from ...present import coach as words
from ...present import present
from ...present.art import Picture, hand_only
from ...present.base import game_title, player_name
from .. import render, scene_view
from ..languages import Languages
from ..services.painter import Painter
from ..transport.replies import Reply, answer, channel_of
from ..transport.uploads import Upload
from ..ui.components import layout_of

log = logging.getLogger("parlour.discord")
SHOWN = 5             # decisions shown, the costliest first
WAIT = 600.0          # seconds an answer waits for a review being computed
RECENT = 25           # finished games the autocomplete looks through
COLOUR = discord.Colour.dark_gold()
NO_GAME = N_("You have no finished game here to review.")
NOT_YOURS = N_("You can review your own seat, or an AI seat of a game you played - not "
               "another person's: that would show their hand.")


def build(*, core: Core, langs: Languages, budget: float,
          painter: Painter) -> list[app_commands.Command]:
    @app_commands.command(name="review",
                          description="The hard AI's review of a finished game (only you see "
                                      "it)")
    @app_commands.describe(game="A finished game (default: your last one here)",
                           seat="An AI seat of that game to review instead of yours (1 = first)")
    @app_commands.guild_only()
    async def review(interaction: discord.Interaction, game: int | None = None,
                     seat: app_commands.Range[int, 1, 8] | None = None) -> None:
        async def work() -> Reply:
            lang = langs.note(interaction)
            return await review_reply(core, painter, interaction, game, seat, lang)
        await answer(interaction, work(), budget=budget)

    @review.autocomplete("game")
    async def review_game(interaction: discord.Interaction,
                          current: str) -> list[app_commands.Choice[int]]:
        try:
            lang = langs.note(interaction)
            games = await _mine(core, interaction)
        except Exception:
            log.exception("autocomplete failed")
            return []
        typed = current.strip().lstrip("#")
        out = []
        for g in games:
            label = (f"#{g.game_id} " + game_title(render.game_of(g.game).title, lang) + " · "
                     + ", ".join(player_name(p, lang) for p in g.players))
            if typed in str(g.game_id) or typed.lower() in label.lower():
                out.append(app_commands.Choice(name=render.clip(label, 100), value=g.game_id))
        return out[:25]

    return [review]


async def _mine(core: Core, interaction: discord.Interaction) -> list[GameSummary]:
    """The user's finished games, this channel's first, then the rest of the server's."""
    user = interaction.user.id
    here = await core.recent_games(channel_id=channel_of(interaction), limit=RECENT)
    server = await core.recent_games(guild_id=interaction.guild_id, limit=RECENT) \
        if interaction.guild_id is not None else []
    seen: set[int] = set()
    out = []
    for g in here + server:
        if g.game_id not in seen and any(p.get("user_id") == user for p in g.players):
            seen.add(g.game_id)
            out.append(g)
    return out


async def review_reply(core: Core, painter: Painter, interaction: discord.Interaction,
                       game_id: int | None,
                       seat: int | None, lang: Lang) -> Reply:
    user = interaction.user.id
    if game_id is None:
        games = await _mine(core, interaction)
        if not games:
            raise TableError(lang._(NO_GAME))
        game_id = games[0].game_id
    replay = await core.replay(game_id)
    players = replay.record.players
    mine = next((i for i, p in enumerate(players) if p.get("user_id") == user), None)
    if mine is None:
        raise TableError(lang._(NO_GAME))
    chosen = mine if seat is None else seat - 1
    if not 0 <= chosen < len(players) or (chosen != mine and players[chosen].get("kind") != "ai"):
        raise TableError(lang._(NOT_YOURS))
    reviews = core.reviews
    try:
        done = await asyncio.wait_for(reviews.wait(game_id, chosen), WAIT)
    except TimeoutError:
        done = await reviews.request(game_id, chosen)
    figures = await core.skills.get(game_id)
    skill = next((f for f in figures or () if f.seat == chosen), None)
    return await _shown(painter, replay, done, lang, skill)


async def _shown(painter: Painter, replay: Replay, review: GameReview, lang: Lang,
                 skill: SeatFigures | None = None) -> Reply:
    r = replay.record
    names = [player_name(p, lang) for p in replay.record.players]
    name = names[review.seat]
    title = game_title(render.game_of(r.game).title, lang)
    ui = discord.ui
    head = "### " + words.review_head(review, scene_view.escape(name), title, lang)
    if skill is not None:   # the game's accuracy and luck, once computed (core/skills.py)
        head += "\n" + render.skill_text(skill.accuracy, skill.luck, lang)
    items: list[ui.Item] = [ui.TextDisplay(head)]
    files: list[discord.File] = []
    shown = review.decisions[:SHOWN] if review.done else ()
    if review.done and not shown:
        items.append(ui.TextDisplay(words.nothing_lost(lang)))
    elif shown:
        items.append(ui.TextDisplay(words.costliest_first(lang)))
    before = views_before(replay, review.seat, {d.move for d in shown})
    for n, d in enumerate(shown, start=1):
        played = scene_view.describe(r.game, d.played, lang.code)
        best = scene_view.describe(r.game, d.best, lang.code)
        seen = before[d.move]
        scene = present(seen.view, names, forms=seen.forms, legal=seen.legal, recent=1,
                        lang=lang)
        w = scene_view.Writer.for_scene(scene)
        table = [x for x in w.centre(scene.centre) if x]
        text = (f"**{n}.** " + words.decision_head(d, scene_view.escape(name), f"**{played}**",
                                                   f"**{best}**", lang)
                + "\n" + words.cost_text(d, lang) + " " + words.confidence_text(d, lang))
        items += [ui.Separator(), ui.TextDisplay(render.clip(text, 900))]
        if table:
            items.append(ui.TextDisplay(render.clip("\n".join(table), 900)))
        if scene.hand is not None and scene.hand.cards:
            picture = await _picture(painter, scene, names, n)
            if picture is not None:
                files.append(Upload(picture))
                items.append(ui.MediaGallery(discord.MediaGalleryItem(
                    f"attachment://{picture.filename}", description=picture.description)))
    view = layout_of(ui.Container(*items, accent_colour=COLOUR))
    return Reply(view=view, files=files)


async def _picture(painter: Painter, scene, names: list[str], n: int) -> Picture | None:
    """The hand as the seat saw it then, drawn by the painter (off the event loop)."""
    try:
        picture = await painter.hand(hand_only(scene), names)
    except Exception:
        log.exception("review: the hand picture failed")
        return None
    return replace(picture, filename=f"move-{n}.png")

