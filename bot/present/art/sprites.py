"""Card faces and the card back, drawn with Pillow shapes and the shipped DejaVu Sans.

Nothing is downloaded and no image is shipped: every face is drawn on first use at a
master size (``MASTER``), reduced to the sizes the pictures use (``SIZES``)
and cached for the life of the process (``cache_bytes`` says how much).
Faces are keyed by the card's int (``rules.cards``), which is unique across
decks - the text codes are not ("2C" is the two of clubs or of cups).

Every face carries its rank index in the top-left corner (the part that shows
when a hand is fanned), with its suit below; numbers show their pips, courts a
framed figure with its name, jokers a star.  Spanish suits are drawn as
coins, cups, swords and batons in their usual colours.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from rules.cards import (
    BASTOS,
    CLUBS,
    COPAS,
    DIAMONDS,
    ESPADAS,
    HEARTS,
    JOKER_SUIT,
    OROS,
    SPADES,
    SPANISH_SUITS,
)

RATIO = 1.4
MASTER = 190
# Picture sizes by name: width in px (height = width * RATIO).
SIZES = {"hand": 95, "table": 72, "small": 54, "tiny": 30}

INK = (26, 26, 26)
RED = (200, 16, 46)
GOLD = (214, 160, 0)
CUP_RED = (190, 40, 40)
SWORD_BLUE = (40, 88, 168)
BATON_BROWN = (128, 78, 34)
BATON_GREEN = (52, 132, 60)
PAPER = (252, 250, 244)
EDGE = (120, 120, 120)
BACK_BLUE = (32, 64, 132)
BACK_LINE = (120, 150, 214)

# Court cards are told apart by the figure's headgear and the index letter, never by a
# word: a face is drawn once per process and shown to readers of every language.
SPANISH_COURT = (10, 12, 13)
FRENCH_COURT = (11, 12, 13)
SPANISH_INDEX = {10: "J", 12: "N", 13: "K", 14: "A"}
FRENCH_INDEX = {11: "J", 12: "Q", 13: "K", 14: "A"}

_CACHE: dict[tuple[int, str], Image.Image] = {}


def size_of(name: str) -> tuple[int, int]:
    w = SIZES[name]
    return w, round(w * RATIO)


# DejaVu Sans ships with the package (fonts/LICENSE-DejaVu.txt): Pillow's bundled font has no
# Polish letters or Cyrillic, and names and boards come in any script.
FONT_FILE = Path(__file__).with_name("fonts") / "DejaVuSans.ttf"


@lru_cache(maxsize=64)
def font(size: int) -> ImageFont.FreeTypeFont:
    """DejaVu Sans at ``size`` px, with the quick basic layout."""
    return ImageFont.truetype(str(FONT_FILE), size=size, layout_engine=ImageFont.Layout.BASIC)


_MASKS: dict[tuple[str, int, int], tuple[Image.Image, int, int, float]] = {}


def text_mask(s: str, size: int, stroke: int = 0) -> tuple[Image.Image, int, int, float]:
    """``s`` rendered once as an alpha mask: (mask, left, top offsets from the origin, advance).

    Pictures redraw the same names and words every move; pasting a cached mask is
    many times quicker than laying the text out again."""
    key = (s, size, stroke)
    got = _MASKS.get(key)
    if got is None:
        f = font(size)
        # Whole pixels with the basic layout (Pillow's types allow fractions)
        left, top, right, bottom = (int(v) for v in f.getbbox(s, stroke_width=stroke))
        mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
        ImageDraw.Draw(mask).text((-left, -top), s, font=f, fill=255, stroke_width=stroke,
                                  stroke_fill=255)
        if len(_MASKS) > 6000:  # names and events change; keep the cache bounded
            _MASKS.clear()
        got = _MASKS[key] = (mask, left, top, f.getlength(s) + stroke)
    return got


def colour_of(suit: int, rank: int = 0) -> tuple[int, int, int]:
    if suit in (HEARTS, DIAMONDS):
        return RED
    if suit == JOKER_SUIT:
        return RED if rank == 1 else INK
    return {OROS: (150, 104, 0), COPAS: CUP_RED, ESPADAS: SWORD_BLUE,
            BASTOS: BATON_GREEN}.get(suit, INK)


# -- suit shapes, each drawn in a box of side d centred on (cx, cy) ---------------------


def _heart(d: ImageDraw.ImageDraw, cx: float, cy: float, s: float, fill) -> None:
    r = s * 0.26
    d.ellipse((cx - 2 * r, cy - s * 0.42, cx, cy - s * 0.42 + 2 * r), fill=fill)
    d.ellipse((cx, cy - s * 0.42, cx + 2 * r, cy - s * 0.42 + 2 * r), fill=fill)
    d.polygon([(cx - s * 0.5, cy - s * 0.12), (cx + s * 0.5, cy - s * 0.12),
               (cx, cy + s * 0.48)], fill=fill)


def _diamond(d, cx, cy, s, fill) -> None:
    d.polygon([(cx, cy - s * 0.5), (cx + s * 0.36, cy), (cx, cy + s * 0.5),
               (cx - s * 0.36, cy)], fill=fill)


def _spade(d, cx, cy, s, fill) -> None:
    r = s * 0.24
    d.polygon([(cx, cy - s * 0.5), (cx + s * 0.48, cy + s * 0.08),
               (cx - s * 0.48, cy + s * 0.08)], fill=fill)
    d.ellipse((cx - 2 * r - s * 0.02, cy - s * 0.1, cx - s * 0.02, cy - s * 0.1 + 2 * r),
              fill=fill)
    d.ellipse((cx + s * 0.02, cy - s * 0.1, cx + 2 * r + s * 0.02, cy - s * 0.1 + 2 * r),
              fill=fill)
    d.polygon([(cx, cy + s * 0.1), (cx + s * 0.16, cy + s * 0.5),
               (cx - s * 0.16, cy + s * 0.5)], fill=fill)


def _club(d, cx, cy, s, fill) -> None:
    r = s * 0.2
    for ox, oy in ((0, -0.26), (-0.24, 0.06), (0.24, 0.06)):
        x, y = cx + ox * s, cy + oy * s
        d.ellipse((x - r, y - r, x + r, y + r), fill=fill)
    d.rectangle((cx - s * 0.08, cy - s * 0.1, cx + s * 0.08, cy + s * 0.12), fill=fill)
    d.polygon([(cx, cy), (cx + s * 0.18, cy + s * 0.5), (cx - s * 0.18, cy + s * 0.5)],
              fill=fill)


def _coin(d, cx, cy, s, fill) -> None:
    r = s * 0.46
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=GOLD, outline=(120, 84, 0),
              width=max(1, round(s * 0.05)))
    r2 = s * 0.3
    d.ellipse((cx - r2, cy - r2, cx + r2, cy + r2), outline=(150, 104, 0),
              width=max(1, round(s * 0.04)))
    r3 = s * 0.09
    d.ellipse((cx - r3, cy - r3, cx + r3, cy + r3), fill=(150, 104, 0))


def _cup(d, cx, cy, s, fill) -> None:
    # bowl (lower half of an ellipse), stem, foot, and a gold rim
    d.chord((cx - s * 0.4, cy - s * 0.62, cx + s * 0.4, cy + s * 0.1), 0, 180, fill=CUP_RED)
    d.rectangle((cx - s * 0.42, cy - s * 0.3, cx + s * 0.42, cy - s * 0.22), fill=GOLD)
    d.rectangle((cx - s * 0.06, cy + s * 0.08, cx + s * 0.06, cy + s * 0.36), fill=CUP_RED)
    d.ellipse((cx - s * 0.26, cy + s * 0.32, cx + s * 0.26, cy + s * 0.5), fill=CUP_RED)


def _sword(d, cx, cy, s, fill) -> None:
    # point up: blade, cross-guard, grip, pommel
    d.polygon([(cx, cy - s * 0.5), (cx + s * 0.12, cy - s * 0.34), (cx + s * 0.12, cy + s * 0.16),
               (cx - s * 0.12, cy + s * 0.16), (cx - s * 0.12, cy - s * 0.34)], fill=SWORD_BLUE)
    d.rectangle((cx - s * 0.34, cy + s * 0.13, cx + s * 0.34, cy + s * 0.24), fill=GOLD)
    d.rectangle((cx - s * 0.05, cy + s * 0.22, cx + s * 0.05, cy + s * 0.42), fill=BATON_BROWN)
    r = s * 0.08
    d.ellipse((cx - r, cy + s * 0.4, cx + r, cy + s * 0.4 + 2 * r), fill=GOLD)


def _baton(d, cx, cy, s, fill) -> None:
    # a knotty cudgel, thick end up, with green buds
    d.polygon([(cx - s * 0.26, cy - s * 0.48), (cx + s * 0.26, cy - s * 0.48),
               (cx + s * 0.13, cy + s * 0.5), (cx - s * 0.13, cy + s * 0.5)], fill=BATON_BROWN)
    r = s * 0.1
    for ox, oy in ((-0.26, -0.22), (0.22, -0.02), (-0.18, 0.2)):
        x, y = cx + ox * s, cy + oy * s
        d.ellipse((x - r, y - r, x + r, y + r), fill=BATON_GREEN)


def _star(d, cx, cy, s, fill) -> None:
    import math
    pts = []
    for k in range(10):
        r = s * (0.5 if k % 2 == 0 else 0.2)
        a = -math.pi / 2 + k * math.pi / 5
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    d.polygon(pts, fill=fill)


_SHAPE = {CLUBS: _club, DIAMONDS: _diamond, HEARTS: _heart, SPADES: _spade,
          OROS: _coin, COPAS: _cup, ESPADAS: _sword, BASTOS: _baton, JOKER_SUIT: _star}


def draw_suit(d: ImageDraw.ImageDraw, suit: int, cx: float, cy: float, s: float,
              rank: int = 0) -> None:
    _SHAPE[suit](d, cx, cy, s, colour_of(suit, rank))


# -- faces ------------------------------------------------------------------------------

_C, _L, _R = 0.64, 0.48, 0.80
_PIPS: dict[int, list[tuple[float, float]]] = {
    1: [(_C, .5)],
    2: [(_C, .2), (_C, .8)],
    3: [(_C, .2), (_C, .5), (_C, .8)],
    4: [(_L, .2), (_R, .2), (_L, .8), (_R, .8)],
    5: [(_L, .2), (_R, .2), (_C, .5), (_L, .8), (_R, .8)],
    6: [(_L, .2), (_R, .2), (_L, .5), (_R, .5), (_L, .8), (_R, .8)],
    7: [(_L, .2), (_R, .2), (_C, .35), (_L, .5), (_R, .5), (_L, .8), (_R, .8)],
    8: [(_L, .2), (_R, .2), (_C, .35), (_L, .5), (_R, .5), (_C, .65), (_L, .8), (_R, .8)],
    9: [(_L, .18), (_R, .18), (_L, .39), (_R, .39), (_C, .5), (_L, .61), (_R, .61),
        (_L, .82), (_R, .82)],
    10: [(_L, .18), (_R, .18), (_C, .29), (_L, .39), (_R, .39), (_L, .61), (_R, .61),
         (_C, .71), (_L, .82), (_R, .82)],
}


def index_text(suit: int, rank: int) -> str:
    if suit == JOKER_SUIT:
        return str(rank)
    table = SPANISH_INDEX if suit in SPANISH_SUITS else FRENCH_INDEX
    return table.get(rank, str(rank))


def _blank(w: int, h: int) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    return img, d


def _face(card: int) -> Image.Image:
    suit, rank = card >> 4, card & 15
    w, h = MASTER, round(MASTER * RATIO)
    img, d = _blank(w, h)
    d.rounded_rectangle((0, 0, w - 1, h - 1), radius=16, fill=PAPER, outline=EDGE, width=3)
    colour = colour_of(suit, rank)
    # the index: rank over suit, top left
    label = index_text(suit, rank)
    f = font(58 if len(label) == 1 else 50)
    d.text((8 if len(label) > 1 else 14, 6), label, font=f, fill=colour, stroke_width=2,
           stroke_fill=colour)
    draw_suit(d, suit, 34, 96, 40, rank)
    spanish = suit in SPANISH_SUITS
    court = rank in (SPANISH_COURT if spanish else FRENCH_COURT)
    if suit == JOKER_SUIT:
        _panel(d, w, h, colour)
        _star(d, w * 0.64, h * 0.5, 110, colour)
        d.text((w * 0.64, h * 0.5), str(rank), font=font(38), fill=PAPER, anchor="mm")
    elif court:
        _panel(d, w, h, colour)
        _figure(d, w * 0.64, h * 0.46, rank, spanish, colour)
        draw_suit(d, suit, w * 0.8, h * 0.2, 34)
    else:
        count = 1 if rank == 14 else rank
        size = 84 if count == 1 else 38
        for px, py in _PIPS[count]:
            draw_suit(d, suit, w * px, h * (0.08 + py * 0.84), size)
    return img


def _panel(d, w, h, colour) -> None:
    box = (w * 0.34, h * 0.05, w * 0.95, h * 0.95)
    d.rounded_rectangle(box, radius=10, fill=(244, 236, 214), outline=colour, width=3)


def _figure(d, cx, cy, rank: int, spanish: bool, colour) -> None:
    """A court figure as shapes: a bust with the headgear of its rank (a horse for the knight)."""
    s = 50
    if spanish and rank == 12:  # caballo: a horse under the rider
        d.ellipse((cx - s * 0.9, cy + s * 0.55, cx + s * 0.7, cy + s * 1.2), fill=(150, 110, 70))
        d.polygon([(cx + s * 0.5, cy + s * 0.7), (cx + s * 0.95, cy + s * 0.2),
                   (cx + s * 1.05, cy + s * 0.35), (cx + s * 0.75, cy + s * 0.85)],
                  fill=(150, 110, 70))
        for lx in (-0.7, -0.4, 0.3, 0.55):
            d.rectangle((cx + s * lx, cy + s * 1.1, cx + s * (lx + 0.1), cy + s * 1.5),
                        fill=(150, 110, 70))
        cy -= s * 0.35
    # shoulders and head
    d.chord((cx - s * 0.7, cy + s * 0.2, cx + s * 0.7, cy + s * 1.3), 180, 360, fill=colour)
    d.rectangle((cx - s * 0.7, cy + s * 0.74, cx + s * 0.7, cy + s * 0.9), fill=colour)
    d.ellipse((cx - s * 0.3, cy - s * 0.3, cx + s * 0.3, cy + s * 0.3), fill=(236, 200, 160),
              outline=INK, width=2)
    if rank == 13:  # crown
        d.polygon([(cx - s * 0.34, cy - s * 0.22), (cx - s * 0.34, cy - s * 0.62),
                   (cx - s * 0.17, cy - s * 0.4), (cx, cy - s * 0.7), (cx + s * 0.17, cy - s * 0.4),
                   (cx + s * 0.34, cy - s * 0.62), (cx + s * 0.34, cy - s * 0.22)], fill=GOLD)
    elif rank == 12 and not spanish:  # queen's circlet
        d.rectangle((cx - s * 0.32, cy - s * 0.36, cx + s * 0.32, cy - s * 0.24), fill=GOLD)
        for ox in (-0.22, 0, 0.22):
            r = s * 0.07
            d.ellipse((cx + ox * s - r, cy - s * 0.48 - r, cx + ox * s + r, cy - s * 0.48 + r),
                      fill=GOLD)
    else:  # knave's (and knight's) cap with a feather
        d.chord((cx - s * 0.34, cy - s * 0.5, cx + s * 0.34, cy - s * 0.06), 180, 360, fill=INK)
        d.polygon([(cx + s * 0.2, cy - s * 0.3), (cx + s * 0.55, cy - s * 0.75),
                   (cx + s * 0.3, cy - s * 0.25)], fill=colour)


def _back() -> Image.Image:
    w, h = MASTER, round(MASTER * RATIO)
    img, d = _blank(w, h)
    d.rounded_rectangle((0, 0, w - 1, h - 1), radius=16, fill=PAPER, outline=EDGE, width=3)
    d.rounded_rectangle((10, 10, w - 11, h - 11), radius=10, fill=BACK_BLUE)
    step = 24
    for k in range(-h, w + h, step):
        d.line((k, 12, k + h, 12 + h), fill=BACK_LINE, width=3)
        d.line((k, 12 + h, k + h, 12), fill=BACK_LINE, width=3)
    # re-mask the pattern inside the frame
    mask = Image.new("L", (w, h), 0)
    ImageDraw.Draw(mask).rounded_rectangle((10, 10, w - 11, h - 11), radius=10, fill=255)
    frame, fd = _blank(w, h)
    fd.rounded_rectangle((0, 0, w - 1, h - 1), radius=16, fill=PAPER, outline=EDGE, width=3)
    frame.paste(img, (0, 0), mask)
    ImageDraw.Draw(frame).rounded_rectangle((w * 0.3, h * 0.38, w * 0.7, h * 0.62), radius=12,
                                            fill=PAPER, outline=BACK_LINE, width=3)
    _star(ImageDraw.Draw(frame), w / 2, h / 2, 50, BACK_BLUE)
    return frame


BACK = -1  # the key of the card back


def _build(key: int) -> None:
    master = _back() if key == BACK else _face(key)
    for name in SIZES:
        _CACHE[(key, name)] = master.resize(size_of(name), Image.Resampling.LANCZOS)


def sprite(card: int, size: str = "table") -> Image.Image:
    """The face of ``card`` (an int from ``rules.cards``; ``BACK`` for the back) at ``size``."""
    img = _CACHE.get((card, size))
    if img is None:
        _build(card)
        img = _CACHE[(card, size)]
    return img


DIM_GREY, DIM_BY = (70, 80, 74), 0.45   # a dimmed face: this far towards this grey


def dimmed(card: int) -> Image.Image:
    """The hand-size face greyed out: a card the viewer may not pick now."""
    img = _CACHE.get((card, "hand-dim"))
    if img is None:
        face = sprite(card, "hand")
        grey = Image.new("RGBA", face.size, (*DIM_GREY, 255))
        img = Image.blend(face, grey, DIM_BY)
        img.putalpha(face.getchannel("A"))
        _CACHE[(card, "hand-dim")] = img
    return img


def back(size: str = "table") -> Image.Image:
    return sprite(BACK, size)


# id(sprite) -> (the sprite, its rows as pieces: (top, piece, blended or copied))
_PIECES: dict[int, tuple[Image.Image, list[tuple[int, Image.Image, bool]]]] = {}


def paste(dest: Image.Image, img: Image.Image, xy: tuple[int, int]) -> None:
    """Paste a cached sprite (a face, a back, a chip) by its transparency, as
    ``dest.paste(img, xy, img)`` does, with the same pixels.  Only the rows with a
    transparent pixel (the rounded corners) are blended; the opaque rows between are
    copied, which is several times quicker: a hand picture pastes some 30 sprites.
    (A picture drawn on the palette pastes through ``indexed.paste``: ``Canvas.paste``.)"""
    entry = _PIECES.get(id(img))
    if entry is None or entry[0] is not img:
        if len(_PIECES) > 2048:   # sprites live as long as the process; stay bounded
            _PIECES.clear()
        entry = _PIECES[id(img)] = (img, row_pieces(img))
    x, y = xy
    for top, piece, blended in entry[1]:
        dest.paste(piece, (x, y + top), piece if blended else None)


def row_pieces(img: Image.Image) -> list[tuple[int, Image.Image, bool]]:
    """The longest run of opaque rows, copied, and the rows above and below it, blended
    (three pastes at most: each paste costs a few microseconds of Python)."""
    alpha = img.getchannel("A")
    opaque = [alpha.crop((0, r, img.width, r + 1)).getextrema()[0] == 255
              for r in range(img.height)]
    best = (0, 0)
    start = None
    for r, full in enumerate([*opaque, False]):
        if full and start is None:
            start = r
        elif not full and start is not None:
            best = max(best, (start, r), key=lambda run: run[1] - run[0])
            start = None
    top, bottom = best
    out: list[tuple[int, Image.Image, bool]] = []
    for a, b, blended in ((0, top, True), (top, bottom, False), (bottom, img.height, True)):
        if b > a:
            piece = img.crop((0, a, img.width, b))
            out.append((a, piece if blended else piece.convert("RGB"), blended))
    return out


def cache_bytes() -> int:
    """Bytes held by the sprite cache (pixels x bands)."""
    faces = sum(im.width * im.height * len(im.getbands()) for im in _CACHE.values())
    return faces + sum(m[0].width * m[0].height for m in _MASKS.values())
