"""The ephemeral hand panel: the seat's own scene - hand by suit, private facts, moves.

Built from ``core.private_view`` (through ``bot.present``) and
``core.action_forms`` only.  Move controls carry the channel and move number; a
panel drawn for an old position is refreshed, never trusted.  Multi-card moves
are chosen first and made only on *Confirm* (see ``build(pending=...)``).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field, replace

import discord

from rules.actions import Action
from rules.lang import card_name

from ...core import Core, TableInfo
from ...i18n import EN, N_, Lang
from ...present import Scene
from ...present import text as marked
from ...present.art import Picture
from ...present.scene import MoveForm
from ...seat import TablePlace
from .. import ids, render, scene_view
from ..transport.uploads import Upload
from .components import CardSelect, HandButton, MoveButton, MoveSelect, layout_of
from .hint_button import HintButton

ui = discord.ui
MAX_OPTIONS = 25
MOVE_ROWS = 4          # rows of move controls; Refresh has its own row
BUTTONS_PER_ROW = 5
MORE = N_("More moves are legal than fit here: type `/play` to see them all.")
COLOUR = discord.Colour.dark_teal()
# Characters per text block (together under Discord's 4000 for a V2 message).
HEAD, HAND, TABLE, EVENTS, TURN, FOOT = 400, 900, 1300, 600, 500, 250
RECENT = 4
TYPED = N_("Choose below, or type `/play`.")


@dataclass
class Control:
    """One row of move controls, independent of discord objects (easy to test)."""

    kind: str                      # "cards" (select of cards), "moves" (select), "buttons"
    form: int
    move_kind: str
    values: list[str]              # card codes (with .2 for copies) or canonical moves
    labels: list[str]              # what the player reads, one per value
    low: int = 1
    high: int = 1
    confirm: bool = False          # choose first, then Confirm / Change
    placeholder: str = ""


@dataclass
class Plan:
    controls: list[Control] = field(default_factory=list)
    more: bool = False


def plan_controls(forms: Sequence[MoveForm], legal: Sequence[Action],
                  say: Callable[[str], str], describe: Callable[[str], str]) -> Plan:
    """The scene's move forms as at most MOVE_ROWS rows of controls.

    ``say`` fills marked-up text, ``describe`` turns a canonical move into
    marked-up words (the presenter's ``describe``)."""
    plan = Plan()
    offered = {c.action for f in forms for c in f.choices}
    for i, form in enumerate(forms):
        prompt = say(form.prompt)
        if form.cards:
            multi = form.high > 1 or form.low > 1
            if multi:
                # Few whole moves (a Pinkerton beat): offer them, each one legal.
                moves = [t for a in legal if a.kind == form.kind
                         and (t := str(a)) not in offered]
                if moves and len(moves) <= MAX_OPTIONS:
                    plan.controls.append(Control("moves", i, form.kind, moves,
                                                 [say(describe(m)) for m in moves],
                                                 confirm=True, placeholder=prompt))
                    continue
            cards = _unique(list(form.cards))
            if len(cards) > MAX_OPTIONS:
                plan.more = True
                cards = cards[:MAX_OPTIONS]
            high = max(1, min(form.high, len(cards)))
            low = max(0, min(form.low, high))
            plan.controls.append(Control("cards", i, form.kind, cards, [], low, high,
                                         confirm=multi or form.confirm, placeholder=prompt))
            continue
        choices = list(form.choices)
        values = [c.action for c in choices]
        labels = [say(c.label) for c in choices]
        confirm = form.confirm or any(len(c.cards) > 1 for c in choices)
        usable = all(ids.do(0, 0, v) is not None for v in values)
        if len(choices) <= BUTTONS_PER_ROW and usable and not confirm:
            plan.controls.append(Control("buttons", i, form.kind, values, labels,
                                         placeholder=prompt))
            continue
        if len(choices) > MAX_OPTIONS:
            plan.more = True
        plan.controls.append(Control("moves", i, form.kind, values[:MAX_OPTIONS],
                                     labels[:MAX_OPTIONS], confirm=confirm, placeholder=prompt))
    return plan


def rows(plan: Plan) -> tuple[list[list[Control]], bool]:
    """Controls packed into at most MOVE_ROWS rows (short button forms share a row);
    True when some did not fit."""
    out: list[list[Control]] = []
    for control in plan.controls:
        last = out[-1] if out else None
        if (control.kind == "buttons" and last and all(c.kind == "buttons" for c in last)
                and sum(len(c.values) for c in last) + len(control.values) <= BUTTONS_PER_ROW):
            last.append(control)
        else:
            out.append([control])
    return out[:MOVE_ROWS], plan.more or len(out) > MOVE_ROWS


@dataclass
class Drawn:
    """A panel as drawn: its message body, the note it shows and the move it shows."""

    view: ui.LayoutView
    note: str | None
    move: int
    picture: Picture | None = None   # the hand picture the view shows (attachment://hand.png)


HandDrawer = Callable[[Scene, Sequence[str]], Awaitable[Picture | None]]


async def build(core: Core, channel_id: int, user_id: int, note: str | None = None, *,
                pending: str | None = None, lang: Lang = EN,
                pictures: HandDrawer | None = None) -> Drawn:
    """``user_id``'s panel now, in ``lang`` (the user's locale); with ``pending`` (a chosen
    canonical move) the Confirm / Change step for it; ``pictures`` draws the hand picture
    (the painter's ``panel``), None when the user's own setting is off or the answer is
    late (the table's option is for the board).  Raises TableError (no game, not
    seated...)."""
    seen = await TablePlace(core, channel_id).scene(user_id, lang, least=RECENT)
    info, seat, scene, names = seen.info, seen.seat, seen.scene, seen.names
    picture = None
    if pictures is not None and scene.hand is not None and scene.hand.cards:
        # Drawn with the card choices in the order the select lists them, so the
        # picture's numbers are the options' numbers.  The panel shows this position
        # (``info``) even if the game moves on meanwhile: its controls carry the move.
        hand = replace(scene.hand, forms=_in_hand_order(scene.hand.forms, scene.hand.cards))
        picture = await pictures(replace(scene, hand=hand), names)
    hint = core.hints.offered(channel_id, user_id)
    return Drawn(draw(info, seat, scene, seen.moves, note, pending, picture=picture, hint=hint),
                 note, info.move, picture)


def draw(info: TableInfo, seat: int, scene: Scene, legal: Sequence[Action],
         note: str | None = None, pending: str | None = None,
         describe: Callable[[str], str] | None = None, *, footer: str | None = None,
         typed: str = TYPED, picture: Picture | None = None,
         hint: bool = False, at: int | None = None) -> ui.LayoutView:
    """The panel of ``seat``'s scene (pure: no core, easy to test); ``describe`` words a
    canonical move (default: the game's presenter).  ``footer`` and ``typed`` (the
    sentence after the moves) for panels that are not a channel's table (the daily).
    With ``picture`` (the hand picture, its legal cards numbered) it shows the picture
    and numbers the card options alike.  ``hint``: offer the Hint button (core/hints.py
    says where hints are fair).  ``at``: what the controls name as their place (``ids.field``
    of the place; default the table's channel)."""
    ch = info.channel_id if at is None else at
    w = scene_view.Writer.for_scene(scene)
    _ = w._
    describe = describe or scene_view.presenter(scene.game, scene.lang).describe
    head = "### " + _("Your hand · {title}", title=scene_view.escape(scene.title or info.title))
    if note:   # a catalog sentence (MOVED_ON...) or one already in this language
        head += "\n" + _(note)
    hand = scene.hand
    hand_lines = w.hand(hand) if hand is not None else []
    if hand is not None:
        hand_lines += [w(line) for line in hand.lines]
    table = [scene_view.heading(scene, w), scene_view.seats(scene, w), *w.centre(scene.centre)]
    items: list[ui.Item] = [_text(head, HEAD)]
    if picture is not None:
        items.append(ui.MediaGallery(discord.MediaGalleryItem(
            f"attachment://{picture.filename}", description=picture.description)))
    items += [_text("\n".join(hand_lines), HAND), ui.Separator(),
              _text("\n".join(x for x in table if x), TABLE)]
    if scene.events:
        items.append(_text("\n".join(w.events(scene.events, RECENT)), EVENTS))
    items.append(ui.Separator())
    forms = _in_hand_order(hand.forms, hand.cards) if hand is not None else ()
    more = False
    if pending is not None:
        items += _confirm(ch, info.move, w, describe, pending)
    else:
        packed, more = rows(plan_controls(forms, legal, w.plain, describe))
        items.append(_text(_turn_line(info, seat, scene, w, forms, typed), TURN))
        # The picture numbers the first card form's cards (art.hand.card_form).
        pictured = next((i for i, f in enumerate(forms) if f.cards), None) \
            if picture is not None else None
        for row in packed:
            items.append(ui.ActionRow(*(
                i for c in row
                for i in _items(c, ch, info.move, w,
                                numbered=c.kind == "cards" and c.form == pictured))))
    footer = footer or "-# " + _("table #{table} · move {move} · only you can see this",
                                 table=info.table_id, move=info.move)
    if more:
        footer = _(MORE) + "\n" + footer
    items.append(_text(footer, FOOT))
    if pending is None:
        refresh = HandButton(ch, label=_("Refresh"), emoji="🔄",
                             style=discord.ButtonStyle.secondary)
        items.append(ui.ActionRow(refresh, HintButton(ch, info.move, lang=w.lang))
                     if hint and legal else ui.ActionRow(refresh))
    return layout_of(ui.Container(*items, accent_colour=COLOUR))


def files(drawn: Drawn) -> list[discord.File]:
    """The uploads a panel message needs: its hand picture, or none (an edit with ``[]``
    drops a picture an earlier panel had)."""
    if drawn.picture is None:
        return []
    return [Upload(drawn.picture)]


def shows(attachments: Sequence[discord.Attachment], picture: Picture) -> bool:
    """Whether a message's attachments already are ``picture`` (the same file name, size
    and alt text, which lists the cards and their numbers): then an edit need not upload
    it again - an edit without ``attachments`` keeps the message's file."""
    return any(a.filename == picture.filename and a.size == len(picture.png)
               and (a.description or "") == picture.description for a in attachments)


def message(text: str) -> ui.LayoutView:
    """A panel reduced to a sentence ("This game is over"): panels are V2 messages, and
    an edit of one must stay V2."""
    return layout_of(ui.Container(_text(text, HAND), accent_colour=COLOUR))


def _confirm(ch: int, move: int, w: scene_view.Writer, describe: Callable[[str], str],
             action: str) -> list[ui.Item]:
    _ = w._
    words = describe(action)
    cards = marked.cards_in(words)
    chose = _("You chose {cards}.", cards=w.cards(cards)) if cards else _("Your choice:")
    text = (f"{chose}\n**{w(words)}** — " + _("press **Confirm** to make this move, or "
                                                "**Change** to choose again."))
    return [_text(text, TURN), ui.ActionRow(
        MoveButton(ch, move, action, label=_("Confirm"), emoji="✅",
                   style=discord.ButtonStyle.success),
        HandButton(ch, label=_("Change"), emoji="↩️",
                   style=discord.ButtonStyle.secondary))]


def _turn_line(info: TableInfo, seat: int, scene: Scene, w: scene_view.Writer,
               forms: Sequence[MoveForm], typed: str = "") -> str:
    _ = w._
    if info.seats[seat].ai_level is not None:
        return "🤖 " + _("The AI plays your seat now.")
    if forms:
        asks = [_sentence(w(f.prompt)) for f in forms]
        notes = [_sentence(w(f.note)) for f in forms if f.note]
        return " ".join([f"{scene_view.TURN} **" + _("Your turn") + "**:", *asks, *notes,
                         _(typed or TYPED)])
    if scene.to_move is not None:
        return "⏳ " + _("Waiting for {who}.", who=w.seat(scene.to_move))
    return _("The game is over; the board has the result.")


def _sentence(text: str) -> str:
    return text if text.endswith((".", "!", "?")) else text + "."


def _items(control: Control, ch: int, move: int, w: scene_view.Writer,
           numbered: bool = False) -> list[ui.Item]:
    """A row's controls; ``numbered``: card options start "1. ", as in the hand picture."""
    placeholder = render.clip(control.placeholder, 150) or None
    if control.kind == "buttons":
        return [MoveButton(ch, move, v, label=render.clip(label, 80))
                for v, label in zip(control.values, control.labels, strict=True)]
    if control.kind == "moves":
        options = [discord.SelectOption(label=render.clip(label, 100), value=v)
                   for v, label in zip(control.values, control.labels, strict=True)]
        return [MoveSelect(ch, move, control.form, options, placeholder=placeholder,
                           confirm=control.confirm)]
    options = []
    for n, value in enumerate(control.values, start=1):
        card = w.deck.parse_card(value.split(".")[0])
        label = f"{n}. {card.pretty}" if numbered else card.pretty
        # The card in words under its symbol.
        said = card_name(card, w.lang.code)   # rules/lang.py: the words a player may type
        options.append(discord.SelectOption(label=label, value=value,
                                            description=said.capitalize()))
    return [CardSelect(ch, move, control.form, control.move_kind, options, low=control.low,
                       high=control.high, placeholder=placeholder, confirm=control.confirm)]


def _in_hand_order(forms: Sequence[MoveForm], hand: Sequence[str]) -> tuple[MoveForm, ...]:
    """Card choices listed as the hand is shown (by suit), whatever order the engine used."""
    place = {c: i for i, c in enumerate(hand)}
    return tuple(replace(f, cards=tuple(sorted(f.cards, key=lambda c: place.get(c, len(place)))))
                 if f.cards else f for f in forms)


def _text(text: str, limit: int) -> ui.TextDisplay:
    return ui.TextDisplay(render.clip(text, limit) or "\u200b")


def _unique(cards: list[str]) -> list[str]:
    """Card codes as unique select values: a second copy becomes ``QH.2``."""
    seen: dict[str, int] = {}
    out = []
    for c in cards:
        seen[c] = seen.get(c, 0) + 1
        out.append(c if seen[c] == 1 else f"{c}.{seen[c]}")
    return out
