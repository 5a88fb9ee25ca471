"""The hand picture for a player's private panel, drawn from that player's own scene.

The hand is fanned left to right in the scene's order, a small gap between
suits.  When it is the viewer's turn to pick cards, the cards they may pick
are raised, outlined in gold and numbered 1, 2, 3... in the order of the
card move's ``cards`` - the order of the panel's select menu - and the others
are dimmed.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from ... import plugins
from ...i18n import lang_for
from ..scene import MoveForm, Scene
from . import sprites as sp
from .canvas import Canvas, Layout

BG = (28, 44, 36)
GOLD = (240, 184, 20)
DIM_TEXT = (190, 200, 192)
MAX_WIDTH = 1000
MARGIN = 16
GROUP_GAP = 12
TOP = 44        # header line
HEADER_SIZE = 17
HEADER_LINES = 2   # a prompt and its note may take two lines
BADGE = 28      # numbered badges above the cards
RAISE = 16      # how far a card that may be picked stands up


def card_form(scene: Scene) -> MoveForm | None:
    """The viewer's card move now (the one a select menu offers), if any."""
    if scene.hand is None:
        return None
    return next((f for f in scene.hand.forms if f.cards), None)


def numbering(hand_cards: Sequence[str], form: MoveForm | None) -> dict[int, int]:
    """Hand position -> menu number (1-based), following ``form.cards`` order.

    Equal cards (two-deck games) take successive positions of that card."""
    out: dict[int, int] = {}
    if form is None:
        return out
    for n, code in enumerate(form.cards, start=1):
        for pos, have in enumerate(hand_cards):
            if have == code and pos not in out:
                out[pos] = n
                break
    return out


def _ordered(scene: Scene) -> list[tuple[str, bool]]:
    """(code, starts a new suit group) in the order the hand is shown."""
    hand = scene.hand
    assert hand is not None  # drawn only for a scene with the viewer's hand
    if hand.groups:
        out: list[tuple[str, bool]] = []
        for _, cards in hand.groups:
            out += [(c, k == 0 and bool(out)) for k, c in enumerate(cards)]
        if sorted(c for c, _ in out) == sorted(hand.cards):
            return out
    return [(c, False) for c in hand.cards]


def render_hand(scene: Scene, names: Sequence[str] | None = None, *,
                on_palette: bool = True) -> tuple[Image.Image, Layout]:
    """The hand picture of ``scene`` (a seat's own scene) and where everything went:
    drawn on the shared palette (``indexed``), or with ``on_palette=False`` in RGB (the
    tests compare the two)."""
    if scene.viewer is None or scene.hand is None:
        raise ValueError("the hand picture is drawn from a seat's own scene")
    names = names or [s.name for s in scene.seats]
    deck = plugins.engine(scene.game).deck
    cards = _ordered(scene)
    codes = [c for c, _ in cards]
    form = card_form(scene)
    numbers = numbering(codes, form)
    w, h = sp.size_of("hand")
    gaps = sum(GROUP_GAP for _, new in cards if new)
    n = len(cards)
    room = MAX_WIDTH - 2 * MARGIN - w - gaps
    step = min(w + 6, room / (n - 1)) if n > 1 else 0
    width = max(560, round(2 * MARGIN + w + gaps + step * max(n - 1, 0)))
    header = _header_text(scene, form)
    lines = min(Canvas((1, 1), BG, deck, names).lines_of(header, HEADER_SIZE,
                                                         width - 2 * MARGIN), HEADER_LINES)
    top = TOP + (lines - 1) * (HEADER_SIZE + 8)   # a long prompt takes a second line
    height = top + BADGE + RAISE + h + 12
    cv = Canvas((width, height), BG, deck, names, on_palette=on_palette, grounds=(GOLD,))
    cv.rich(MARGIN, 12, header, HEADER_SIZE, width - 2 * MARGIN, fill=(245, 245, 235),
            kind="hand-header", max_lines=lines)
    x = float(MARGIN)
    base = top + BADGE + RAISE
    for pos, (code, new_group) in enumerate(cards):
        if new_group:
            x += GROUP_GAP
        number = numbers.get(pos)
        if number is not None:
            cv.paste(_outlined(cv.card_int(code)), (round(x) - 2, base - RAISE - 2))
            cv.record("hand-card", x, base - RAISE, w, h, key=code)
            shown = min(step, w) if pos < n - 1 else w
            _badge(cv, x + min(shown / 2, w / 2), top + BADGE / 2, number, code)
        elif form is not None:
            img = sp.dimmed(cv.card_int(code))
            cv.paste(img, (round(x), base))
            cv.record("hand-card", x, base, w, h, key=code)
        else:
            cv.card(code, "hand", x, base, "hand-card")
        x += step
    return cv.img, cv.layout


def _header_text(scene: Scene, form: MoveForm | None) -> str:
    """"Your hand: 8 cards. Play a card. You must follow suit." """
    hand = scene.hand
    assert hand is not None  # drawn only for a scene with the viewer's hand
    lang = lang_for(scene.lang)
    text = lang.n_("Your hand: {n} card", "Your hand: {n} cards", len(hand.cards))
    if form is not None:
        text += f". {form.prompt}"
        if form.note:
            text += f". {form.note}"
    elif hand.your_turn and hand.forms:
        text += f". {hand.forms[0].prompt}"
    elif not hand.your_turn:
        text += ". " + lang._("Not your turn")
    if text[-1] not in ".!?":
        text += "."
    return text


_OUTLINED: dict[int, Image.Image] = {}


def _outlined(card: int) -> Image.Image:
    """The hand-size face in its gold outline (3 px, 2 of them outside the card), as one
    sprite: a picture pastes it rather than drawing the rounded outline each time."""
    img = _OUTLINED.get(card)
    if img is None:
        face = sp.sprite(card, "hand")
        img = Image.new("RGBA", (face.width + 4, face.height + 4), (0, 0, 0, 0))
        img.paste(face, (2, 2))
        ImageDraw.Draw(img).rounded_rectangle((0, 0, face.width + 3, face.height + 3),
                                              radius=8, outline=(*GOLD, 255), width=3)
        _OUTLINED[card] = img
    return img


def _badge(cv: Canvas, cx: float, cy: float, number: int, code: str) -> None:
    r = 13
    cv.draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=cv.ink(GOLD))
    label = str(number)
    cv.text(cx, cy, label, 16 if number < 10 else 14, (20, 20, 20), kind="badge-text",
            anchor="mm", bold=True)
    cv.record("badge", cx - r, cy - r, 2 * r, 2 * r, key=f"{number}:{code}")

