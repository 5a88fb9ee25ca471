"""The public board: one message per table, rendering exactly the spectator's scene.

Lobby -> game -> final result (or closed), always the same message, drawn with
Discord's Components V2 (a container of text blocks, a section holding the
turn line and *Show my hand*, a row of buttons).  A game is rendered from
``bot.present.present(view(None), names)`` only - the public view, nothing else.
"""

from __future__ import annotations

from collections.abc import Callable
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
from ..present import Scene, present
from . import count_button, render, scene_view
from .components import HandButton, LobbyButton, RulesButton, layout_of

ui = discord.ui
LOBBY_COLOUR = discord.Colour.blurple()
GAME_COLOUR = discord.Colour.dark_green()
OVER_COLOUR = discord.Colour.gold()
CLOSED_COLOUR = discord.Colour.dark_grey()
# Characters per block: the blocks together stay under Discord's 4000 for a V2 message.
HEAD, SEATS, CENTRE, EVENTS, LINE, FOOT = 500, 1100, 850, 700, 250, 550
RECENT = 8

# Game-specific board buttons: game -> make(info, public view, scene) -> items for the
# button row.  A game whose table needs a public control beside Show my hand / Rules
# registers it here; ``make`` may read its own game's view, the board never does.
BoardButtons = Callable[[TableInfo, dict, Scene], list[ui.Item]]
_BOARD_BUTTONS: dict[str, BoardButtons] = {}


def add_board_buttons(game: str, make: BoardButtons) -> None:
    """Let ``make(info, view, scene)`` add buttons to ``game``'s board while a game runs."""
    _BOARD_BUTTONS[game] = make


# Pinkerton: anyone but the dealer may ask for the pile's count (RULINGS 6).
add_board_buttons("pinkerton",
                  lambda info, view, scene: count_button.for_board(info.channel_id, view))


@dataclass
class Shown:
    """A board body: what to send or edit the board message to (Components V2)."""

    view: ui.LayoutView
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


def _text(text: str, limit: int) -> ui.TextDisplay:
    return ui.TextDisplay(render.clip(text, limit))


def _title(info: TableInfo, scene: Scene | None = None, what: str = "") -> str:
    title = scene.title if scene is not None and scene.title else info.title
    return f"## {scene_view.escape(title)} · table #{info.table_id}" + (f" · {what}"
                                                                          if what else "")


def lobby(info: TableInfo) -> Shown:
    game = render.game_of(info.game)
    need = render.count_range(info.player_counts)
    seats = "\n".join(f"{i + 1}. **{scene_view.escape(render.seat_name(s))}**"
                      for i, s in enumerate(info.seats))
    head = f"{_title(info, what='lobby')}\n{render.clip(game.summary(), 400)}"
    details = (f"**Options**: {render.options_text(info)}\n"
               f"**Host**: {scene_view.escape(info.host_name) if info.host_name else 'nobody'}"
               f"\n**Players** ({len(info.seats)}; needs {need}):\n{seats or 'nobody yet'}")
    buttons = [LobbyButton(op, info.channel_id) for op in ("join", "leave", "ai", "start")]
    box = ui.Container(
        _text(head, HEAD + 200), ui.Separator(), _text(details, SEATS),
        ui.ActionRow(*buttons, RulesButton(info.game, 0)),
        _text("-# Join with the button or `/table join` · the host starts with `/table start`"
              " · `/rules` for the rules", LINE),
        accent_colour=LOBBY_COLOUR)
    return Shown(layout_of(box))


def game(update: BoardChanged) -> Shown:
    info = update.table
    return draw_game(info, present(update.view, render.names(info), recent=RECENT),
                     update.view)


def draw_game(info: TableInfo, scene: Scene, view: dict | None = None) -> Shown:
    """The board of a running game from the spectator's scene (pure: easy to test)."""
    w = scene_view.Writer.for_scene(scene)
    head = _title(info, scene)
    if line := scene_view.heading(scene, w):
        head += "\n" + line
    items: list[ui.Item] = [_text(head, HEAD), _text(scene_view.seats(scene, w), SEATS)]
    if centre := w.centre(scene.centre):
        items += [ui.Separator(), _text("\n".join(centre), CENTRE)]
    if scene.events:
        items += [ui.Separator(), _text("**Recent**\n" + "\n".join(w.events(scene.events, RECENT)),
                                        EVENTS)]
    items.append(ui.Separator())
    items.append(ui.Section(_text(_turn_line(info), LINE), accessory=HandButton(info.channel_id)))
    extra = _BOARD_BUTTONS.get(info.game)
    extras = extra(info, view or {}, scene) if extra else ()
    items.append(ui.ActionRow(RulesButton(info.game, 0), *extras))
    footer = [f"-# move {info.move} · {render.table_settings(info)} · anyone here can watch · "
              "your cards: **Show my hand** or `/hand` · moves: `/play`"]
    if scene.legend:
        footer.append(scene_view.legend(scene, w))
    items.append(_text("\n".join(footer), FOOT))
    return Shown(layout_of(ui.Container(*items, accent_colour=GAME_COLOUR)))


def over(update: GameOver, recent: tuple[str, ...]) -> Shown:
    info = update.table
    scene = present(update.view, render.names(info), recent=RECENT)
    w = scene_view.Writer.for_scene(scene)
    lines = []
    if update.reason == "abandoned":
        lines.append("The game was abandoned: no human player was left.")
    if scene.result is not None:
        lines += scene_view.result(scene, w)
    elif update.result:
        lines += _result_lines(update.result, info)
    for seat in update.abandoned:
        lines.append(f"🚪 {scene_view.escape(render.seat_name(info.seats[seat]))} left the game.")
    items: list[ui.Item] = [
        _text(_title(info, scene, "game over") + "\n" + "\n".join(lines), HEAD + SEATS // 2),
        ui.Separator(),
        _text("**Final position**\n" + scene_view.seats(scene, w), SEATS)]
    if scene.events:
        items.append(_text("**Last events**\n" + "\n".join(w.events(scene.events, RECENT)),
                           EVENTS))
    changes = [c for c in update.rating_changes if c.scope != "global"] or \
        list(update.rating_changes)
    if changes:
        items.append(_text("**Ratings**\n" + "\n".join(
            f"{scene_view.escape(c.name)}: {display_rating(c.before)} → "
            f"{rating_text(c.after, c.games)}" for c in changes), SEATS // 2))
    items.append(_text(f"-# game #{update.game_id} · {info.move} moves · `/leaderboard "
                       f"{info.game}` · `/table new` to play again", LINE))
    return Shown(layout_of(ui.Container(*items, accent_colour=OVER_COLOUR)), final=True)


def closed(update: TableClosed) -> Shown:
    info = update.table
    why = ("Cancelled" + (f" by <@{update.by_user}>." if update.by_user else ".")
           if update.reason == "cancelled" else "Everyone left the lobby.")
    box = ui.Container(_text(f"{_title(info, what='closed')}\n{why}", HEAD),
                       _text("-# This table is closed. `/table new` opens another.", LINE),
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


def _turn_line(info: TableInfo) -> str:
    if info.current_seat is None:
        return "The game is over."
    seat = info.seats[info.current_seat]
    if seat.user_id is None or seat.ai_level is not None:
        return f"🤖 **{scene_view.escape(render.seat_name(seat))}** is thinking…"
    # No mention: an edit does not notify; the turn ping (pings.py) does.
    line = f"{scene_view.TURN} It's **{scene_view.escape(render.seat_name(seat))}**'s turn."
    if info.deadline:
        line += f" Time runs out <t:{int(info.deadline)}:R>."
    return line
