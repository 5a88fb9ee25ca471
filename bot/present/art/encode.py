"""Pictures to small palette PNGs.

Quantizing each picture afresh costs more than drawing it; instead one
256-colour palette is built per process from every colour the pictures use
(the card faces at each size on the felt, the bands, the seat boxes, the text
colours over their backgrounds) and each picture is mapped onto it without
dithering.  The same scene always gives the same bytes.
"""

from __future__ import annotations

import io
from functools import lru_cache

from PIL import Image, ImageDraw

from rules.cards import FRENCH_54, SPANISH_48

from . import sprites as sp

# zlib level 2: within a few KB of level 9 on these flat pictures, at a third of the cost
PNG_LEVEL = 2


@lru_cache(maxsize=1)
def palette() -> Image.Image:
    from . import hand, table

    cards = sorted(FRENCH_54.distinct | SPANISH_48.distinct) + [sp.BACK]
    w, h = sp.size_of("table")
    cols = 20
    rows = (len(cards) + cols - 1) // cols
    grounds = (table.FELT, table.BAND, table.SEAT_BG, table.TURN_BG, hand.BG)
    sheet = Image.new("RGB", (cols * (w + 4), rows * (h + 4) * len(grounds) + 200), table.BAND)
    d = ImageDraw.Draw(sheet)
    for g, ground in enumerate(grounds):
        top = g * rows * (h + 4)
        d.rectangle((0, top, sheet.width, top + rows * (h + 4)), fill=ground)
        for i, c in enumerate(cards):
            size = ("table", "small", "hand")[i % 3] if g == 0 else "tiny"
            img = sp.sprite(c, size)
            sheet.paste(img, ((i % cols) * (w + 4), top + (i // cols) * (h + 4)), img)
    # text colours over every ground they are drawn on, antialiased
    y = rows * (h + 4) * len(grounds)
    inks = (table.WHITE_ISH, table.LIGHT, table.INK, table.SOFT, (150, 90, 0), (170, 190, 175),
            hand.GOLD, hand.DIM_TEXT, (255, 255, 255))
    for k, ground in enumerate(grounds):
        d.rectangle((k * 200, y, k * 200 + 199, y + 199), fill=ground)
        for j, ink in enumerate(inks):
            d.text((k * 200 + 4, y + 4 + j * 20), "Agw Kx 10 Qe", font=sp.font(16), fill=ink)
    return sheet.quantize(colors=256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)


def to_png(img: Image.Image) -> bytes:
    """``img`` as a palette PNG on the shared palette."""
    out = io.BytesIO()
    img.quantize(palette=palette(), dither=Image.Dither.NONE).save(
        out, "PNG", compress_level=PNG_LEVEL)
    return out.getvalue()
