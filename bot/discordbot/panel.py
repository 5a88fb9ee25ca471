"""The ephemeral hand panel: your cards, your private details, your legal moves.

Built from ``core.private_view`` and ``core.action_forms`` only.  Move
controls carry the channel and move number; a panel drawn for an old position
is refreshed, never trusted.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import discord

from ..core import Core, TableError, TableInfo
from ..core.errors import NO_TABLE
from . import ids, render
from .components import CardSelect, HandButton, MoveButton, MoveSelect, view_of

MAX_OPTIONS = 25
MOVE_ROWS = 4          # the fifth row holds the Refresh button
MORE = "More moves are legal than fit here: type `/play` to see them all."
COLOUR = discord.Colour.dark_teal()
_MISSING = object()


@dataclass
class Control:
    """One row of a panel, independent of discord objects (easy to test)."""

    kind: str                      # "cards" (select of cards), "moves" (select), "buttons"
    form: int
    move_kind: str
    values: list[str]              # card codes (with .2 for copies) or canonical moves
    low: int = 1
    high: int = 1


@dataclass
class Plan:
    controls: list[Control] = field(default_factory=list)
    more: bool = False


def plan_controls(forms: list[dict], legal: list[str]) -> Plan:
    """Turn the engine's action forms into at most MOVE_ROWS rows of controls."""
    plan = Plan()
    offered_as_choice = {c for f in forms for c in f.get("choices", [])}
    for i, form in enumerate(forms):
        if len(plan.controls) >= MOVE_ROWS:
            plan.more = True
            break
        kind = form["kind"]
        if "cards" in form:
            low, high = int(form.get("min", 1)), int(form.get("max", 1))
            cards = _unique(form["cards"])
            if high > 1 or low > 1:
                # Few whole moves: offer them directly (every option is then legal).
                moves = [a for a in legal if a.split(" ", 1)[0] == kind
                         and a not in offered_as_choice]
                if moves and len(moves) <= MAX_OPTIONS:
                    plan.controls.append(Control("moves", i, kind, moves))
                    continue
            if len(cards) > MAX_OPTIONS:
                plan.more = True
                cards = cards[:MAX_OPTIONS]
            high = max(1, min(high, len(cards)))
            low = max(0, min(low, high))
            plan.controls.append(Control("cards", i, kind, cards, low, high))
        else:
            choices = list(form.get("choices", []))
            usable = [c for c in choices if ids.do(0, 0, c) is not None]
            if len(choices) <= 5 and len(usable) == len(choices):
                plan.controls.append(Control("buttons", i, kind, choices))
                continue
            if len(choices) > MAX_OPTIONS:
                plan.more = True
            plan.controls.append(Control("moves", i, kind, choices[:MAX_OPTIONS]))
    return plan


@dataclass
class Drawn:
    """A panel as drawn: its message parts and the move number it shows."""

    embed: discord.Embed
    view: discord.ui.View
    note: str | None
    move: int


def build(core: Core, channel_id: int, user_id: int, note: str | None = None) -> Drawn:
    """``user_id``'s panel now.  Raises TableError (no game, not seated...)."""
    info = core.table(channel_id)
    if info is None:
        raise TableError(NO_TABLE)
    if info.status != "playing":
        raise TableError("The game has not started yet: your hand comes with the deal.")
    seat = info.seat_of(user_id)
    if seat is None:
        raise TableError("You are not playing at this table; the board shows everything "
                         "a spectator may see.")
    game = render.game_of(info.game)
    view = core.private_view(channel_id, user_id)
    public = core.public_view(channel_id)
    forms = core.action_forms(channel_id, user_id)
    legal = core.legal_actions(channel_id, user_id) if forms else []
    plan = plan_controls(forms, legal)
    embed = _embed(info, seat, view, public, game, plan.more)
    items: list[discord.ui.Item] = []
    for row, control in enumerate(plan.controls):
        items += _items(control, info, game, row)
    items.append(HandButton(channel_id, label="Refresh", emoji="🔄",
                            style=discord.ButtonStyle.secondary, row=MOVE_ROWS))
    return Drawn(embed, view_of(*items), note, info.move)


def _embed(info: TableInfo, seat: int, view: dict, public: dict, game, more: bool
           ) -> discord.Embed:
    names = render.names(info)
    hand = view.get("hand") or []
    lines = [f"**Your hand** ({len(hand)}): {render.cards_pretty(hand, game) or '—'}"]
    me = info.seats[seat]
    current = view.get("current_seat")
    if me.ai_level is not None:
        lines.append("🤖 The AI plays your seat now.")
    elif current == seat:
        lines.append("▶ **Your turn.** Choose below, or type `/play`.")
    elif current is not None:
        lines.append(f"⏳ Waiting for **{render.seat_name(info.seats[current])}**.")
    private = {k: v for k, v in view.items()
               if k not in ("hand", "seat", "events") and public.get(k, _MISSING) != v}
    lines += render.detail_lines(private, names, game)
    if view.get("trick"):
        lines.append(f"**Trick**: {render.trick(view['trick'], names, game)}")
    recent = [render.fill(e["text"], names) for e in view.get("events", [])[-4:]]
    if recent:
        lines.append(render.events(recent, game, 4))
    if more:
        lines.append(MORE)
    embed = discord.Embed(title=render.clip(f"Your hand · {info.title}", 256),
                          description=render.clip("\n".join(lines), 3500), colour=COLOUR)
    embed.set_footer(text=f"{info.title} · table #{info.table_id} · move {info.move} · "
                          "only you can see this")
    return embed


def _items(control: Control, info: TableInfo, game, row: int) -> list[discord.ui.Item]:
    ch, move = info.channel_id, info.move
    if control.kind == "buttons":
        return [MoveButton(ch, move, c, label=render.clip(render.pretty(c, game), 80), row=row)
                for c in control.values]
    if control.kind == "moves":
        options = [discord.SelectOption(label=render.clip(render.pretty(m, game), 100), value=m)
                   for m in control.values]
        return [MoveSelect(ch, move, control.form, options, row=row,
                           placeholder=f"{control.move_kind.capitalize()}: choose a move")]
    options = []
    for value in control.values:
        code = value.split(".")[0]
        card = game.deck.parse_card(code)
        options.append(discord.SelectOption(label=card.pretty, value=value, description=card.name))
    if control.low == control.high == 1:
        what = "a card"
    elif control.low == control.high:
        what = f"{control.low} cards"
    else:
        what = f"{control.low}–{control.high} cards"
    return [CardSelect(ch, move, control.form, control.move_kind, options, low=control.low,
                       high=control.high, row=row,
                       placeholder=f"{control.move_kind.capitalize()} {what}")]


def _unique(cards: list[str]) -> list[str]:
    """Card codes as unique select values: a second copy becomes ``QH.2``."""
    seen: dict[str, int] = {}
    out = []
    for c in cards:
        seen[c] = seen.get(c, 0) + 1
        out.append(c if seen[c] == 1 else f"{c}.{seen[c]}")
    return out

