"""The public board: one message per table, rendering exactly the spectator's scene.

Lobby -> game -> final result (or closed), always the same message, drawn with
Discord's Components V2 (a container of text blocks, a section holding the
turn line and *Show my hand*, a row of buttons).  A game is rendered from
``bot.present.present(view(None), names)`` only - the public view, nothing else.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import discord

from rules.views import View

from ... import plugins
from ...core import (
    BoardView,
    GameOver,
    LobbyChanged,
    SkillLine,
    TableClosed,
    TableInfo,
    display_rating,
)
from ...i18n import EN, N_, Lang
from ...present import Scene, present
from ...present.art import Picture, table_picture
from ...present.base import game_title
from .. import render, scene_view
from . import count_button, web_table
from .components import HandButton, LobbyButton, RulesButton, layout_of

ui = discord.ui
LOBBY_COLOUR = discord.Colour.blurple()
GAME_COLOUR = discord.Colour.dark_green()
OVER_COLOUR = discord.Colour.gold()
CLOSED_COLOUR = discord.Colour.dark_grey()
# Characters per block: the blocks together stay under Discord's 4000 for a V2 message.
HEAD, SEATS, CENTRE, EVENTS, LINE, FOOT = 500, 1100, 850, 700, 250, 550
RECENT = 8

@dataclass
class Shown:
    """A board body: what to send or edit the board message to (Components V2)."""

    view: ui.LayoutView
    final: bool = False            # the table is gone: nothing will edit this message again
    picture: Picture | None = None  # the table picture the view shows (attachment://table.png)


def render_update(update: LobbyChanged | BoardView | GameOver | TableClosed,
                  recent: tuple[str, ...] = (), lang: Lang = EN, *,
                  picture: Picture | None = None) -> Shown:
    """The board for ``update`` in the table's language ``lang``; a running or finished
    game's shows ``picture`` (``picture_of``)."""
    if isinstance(update, LobbyChanged):
        return lobby(update.table, lang)
    if isinstance(update, BoardView):
        return game(update, lang, picture)
    if isinstance(update, GameOver):
        return over(update, recent, lang, picture)
    return closed(update, lang)


# What an old board message says once the board was posted anew (Discord refuses edits of
# messages older than an hour): the one place for this sentence.
MOVED = N_("➡️ The table moved: {link}")


def moved(link: str, lang: Lang = EN) -> Shown:
    """The old board message, collapsed into a pointer to the new board (in the table's
    language)."""
    box = ui.Container(_text(lang._(MOVED, link=link), LINE), accent_colour=CLOSED_COLOUR)
    return Shown(layout_of(box), final=True)


def message_link(guild_id: int | None, channel_id: int, message_id: int) -> str:
    return f"https://discord.com/channels/{guild_id or '@me'}/{channel_id}/{message_id}"


def _text(text: str, limit: int) -> ui.TextDisplay:
    return ui.TextDisplay(render.clip(text, limit))


def _title(info: TableInfo, scene: Scene | None = None, what: str = "",
           lang: Lang = EN) -> str:
    title = (scene.title if scene is not None and scene.title
             else game_title(info.title, lang))
    where = lang._("table #{table}", table=info.table_id)
    return f"## {scene_view.escape(title)} · {where}" + (f" · {what}" if what else "")


def lobby(info: TableInfo, lang: Lang = EN) -> Shown:
    _ = lang.gettext
    game = render.game_of(info.game)
    need = render.count_range(info.player_counts, lang)
    seats = "\n".join(f"{i + 1}. **{scene_view.escape(render.seat_name(s, lang))}**"
                      for i, s in enumerate(info.seats))
    head = _title(info, what=_("lobby"), lang=lang)
    head += f"\n{render.clip(plugins.get(game.name).summary(lang.code), 400)}"  # rules text
    host = scene_view.escape(info.host_name) if info.host_name else _("nobody")
    details = (_("**Options**: {options}", options=render.options_text(info, lang)) + "\n"
               + _("**Host**: {host}", host=host) + "\n"
               + _("**Players** ({n}; needs {need}):", n=len(info.seats), need=need) + "\n"
               + (seats or _("nobody yet")))
    buttons = [LobbyButton(op, info.channel_id, lang) for op in ("join", "leave", "ai", "start")]
    box = ui.Container(
        _text(head, HEAD + 200), ui.Separator(), _text(details, SEATS),
        ui.ActionRow(*buttons, RulesButton(info.game, 0, label=_("Rules"))),
        _text("-# " + _("Join with the button or `/table join` · the host starts with "
                        "`/table start` · `/rules` for the rules"), LINE),
        accent_colour=LOBBY_COLOUR)
    return Shown(layout_of(box))


def picture_of(update: BoardView | GameOver, lang: Lang = EN) -> Picture:
    """The table picture of ``update``: the spectator's scene drawn (Pillow only, no
    discord objects: it may run in a worker thread).  At the end of a game, the final
    table with the result and the scores: the picture people share."""
    names = render.names(update.table, lang)
    return table_picture(present(update.view, names, recent=RECENT, lang=lang), names)


def game(update: BoardView, lang: Lang = EN, picture: Picture | None = None) -> Shown:
    info = update.table
    scene = present(update.view, render.names(info, lang), recent=RECENT, lang=lang)
    return draw_game(info, scene, update.view, picture)


def _gallery(picture: Picture) -> ui.MediaGallery:
    """The picture as an image the clients show inline; the same file name every time, so
    an edit that uploads a new one replaces the old."""
    return ui.MediaGallery(discord.MediaGalleryItem(f"attachment://{picture.filename}",
                                                    description=picture.description))


def draw_game(info: TableInfo, scene: Scene, view: View | None = None,
              picture: Picture | None = None) -> Shown:
    """The board of a running game from the spectator's scene (pure: easy to test); with
    ``picture`` (drawn from the same scene) it shows the table picture under the title."""
    w = scene_view.Writer.for_scene(scene)
    lang = w.lang
    _ = lang.gettext
    head = _title(info, scene, lang=lang)
    if line := scene_view.heading(scene, w):
        head += "\n" + line
    items: list[ui.Item] = [_text(head, HEAD)]
    if picture is not None:
        items.append(_gallery(picture))
    items.append(_text(scene_view.seats(scene, w), SEATS))
    if centre := w.centre(scene.centre):
        items += [ui.Separator(), _text("\n".join(centre), CENTRE)]
    if scene.events:
        items += [ui.Separator(), _text("**" + _("Recent") + "**\n"
                                        + "\n".join(w.events(scene.events, RECENT)), EVENTS)]
    items.append(ui.Separator())
    items.append(ui.Section(_text(_turn_line(info, lang), LINE),
                            accessory=HandButton(info.channel_id, label=_("Show my hand"))))
    # The engine contract's one public control (docs/ENGINE.md, ``ask_count``): a game
    # whose view says someone may ask for the count (Pinkerton) gets the Count button.
    extras = count_button.for_board(info.channel_id, view or {}, lang) \
        + web_table.for_board(info.channel_id, lang)
    items.append(ui.ActionRow(RulesButton(info.game, 0, label=_("Rules")), *extras))
    footer = ["-# " + _("move {move} · {settings} · anyone here can watch · your cards: "
                        "**Show my hand** or `/hand` · moves: `/play`", move=info.move,
                        settings=render.table_settings(info, lang))]
    if scene.legend:
        footer.append(scene_view.legend(scene, w))
    items.append(_text("\n".join(footer), FOOT))
    return Shown(layout_of(ui.Container(*items, accent_colour=GAME_COLOUR)), picture=picture)


def over(update: GameOver, recent: tuple[str, ...], lang: Lang = EN,
         picture: Picture | None = None) -> Shown:
    """The final board: the result, the final position, the ratings; with ``picture``
    (the final table drawn, ``picture_of``) under the title."""
    _ = lang.gettext
    info = update.table
    scene = present(update.view, render.names(info, lang), recent=RECENT, lang=lang)
    w = scene_view.Writer.for_scene(scene)
    lines = []
    if update.reason == "abandoned":
        lines.append(_("The game was abandoned: no human player was left."))
    if scene.result is not None:
        lines += scene_view.result(scene, w)
    elif update.result:
        lines += _result_lines(update.result, info)
    for seat in update.abandoned:
        lines.append("🚪 " + _("{who} left the game.", who=scene_view.escape(
            render.seat_name(info.seats[seat], lang))))
    items: list[ui.Item] = [
        _text(_title(info, scene, _("game over"), lang) + "\n" + "\n".join(lines),
              HEAD + SEATS // 2)]
    if picture is not None:
        items.append(_gallery(picture))
    items += [
        ui.Separator(),
        _text("**" + _("Final position") + "**\n" + scene_view.seats(scene, w), SEATS)]
    if scene.events:
        items.append(_text("**" + _("Last events") + "**\n"
                           + "\n".join(w.events(scene.events, RECENT)), EVENTS))
    changes = [c for c in update.rating_changes if c.scope != "global"] or \
        list(update.rating_changes)
    if update.skills:
        items.append(_text("**" + _("Accuracy and luck") + "**\n" + "\n".join(
            skill_lines(update.skills, info, lang)), SEATS // 2))
    if changes:
        items.append(_text("**" + _("Ratings") + "**\n" + "\n".join(
            f"{scene_view.escape(c.name)}: {display_rating(c.before)} → "
            f"{render.rating_words(c.after, c.games, lang)}" for c in changes), SEATS // 2))
    items.append(_text("-# " + _("game #{game} · {moves} · {leaderboard} · {new} to play again",
                                 game=update.game_id,
                                 moves=lang.n_("{n} move", "{n} moves", info.move),
                                 leaderboard=render.command(
                                     lang, "leaderboard",
                                     game=game_title(info.title, lang)),
                                 new=render.command(lang, "table", "new")), LINE))
    return Shown(layout_of(ui.Container(*items, accent_colour=OVER_COLOUR)), final=True,
                 picture=picture)


def skill_lines(skills: Sequence[SkillLine], info: TableInfo, lang: Lang = EN) -> list[str]:
    """A line per seat: "**Alice**: Accuracy 86 · Luck +12%" (render.skill_text)."""
    return [f"**{scene_view.escape(render.seat_name(info.seats[s.seat], lang))}**: "
            + render.skill_text(s.accuracy, s.luck, lang)
            for s in skills if s.seat < len(info.seats)]


def closed(update: TableClosed, lang: Lang = EN) -> Shown:
    _ = lang.gettext
    info = update.table
    if update.reason != "cancelled":
        why = _("Everyone left the lobby.")
    elif update.by_user:
        why = _("Cancelled by {who}.", who=f"<@{update.by_user}>")
    else:
        why = _("Cancelled.")
    box = ui.Container(_text(_title(info, what=_("closed"), lang=lang) + "\n" + why, HEAD),
                       _text("-# " + _("This table is closed. `/table new` opens another."),
                             LINE),
                       accent_colour=CLOSED_COLOUR)
    return Shown(layout_of(box), final=True)


def _result_lines(result: dict, info: TableInfo) -> list[str]:
    """Places and final scores from the engine's result (its documented ranks/scores)."""
    ranks = result.get("ranks") or []
    scores = result.get("scores") or []
    order = sorted(range(len(info.seats)), key=lambda i: (ranks[i] if i < len(ranks) else 99, i))
    medals: dict[int | None, str] = {1: "🥇", 2: "🥈", 3: "🥉"}
    out = []
    for i in order:
        rank = ranks[i] if i < len(ranks) else None
        score = f" — {scores[i]}" if i < len(scores) else ""
        name = scene_view.escape(render.seat_name(info.seats[i]))
        out.append(f"{medals.get(rank, '▫️')} **{name}**{score}")
    return out


def _turn_line(info: TableInfo, lang: Lang = EN) -> str:
    _ = lang.gettext
    if info.current_seat is None:
        return _("The game is over.")
    seat = info.seats[info.current_seat]
    name = f"**{scene_view.escape(render.seat_name(seat, lang))}**"
    if seat.user_id is None or seat.ai_level is not None:
        return "🤖 " + _("{who} is thinking…", who=name)
    # No mention: an edit does not notify; the turn ping (pings.py) does.
    line = f"{scene_view.TURN} " + _("It's {who}'s turn.", who=name)
    if info.deadline:
        line += " " + _("Time runs out {when}.", when=f"<t:{int(info.deadline)}:R>")
    return line
