"""Pictures to small palette PNGs.

Quantizing each picture afresh costs more than drawing it; instead one
256-colour palette is built per process from every colour the pictures use
(the card faces at each size on the felt, the bands, the seat boxes, the text
colours over their backgrounds) and each picture is mapped onto it without
dithering.  The same scene always gives the same bytes.  The table and hand
pictures are drawn on the palette to begin with (``indexed``): nothing is left to map.

The PNG itself is written here rather than by Pillow: every row unfiltered, deflated
by ISA-L (the ``isal`` package, zlib-compatible output) at its fastest level.  Under
load the bot draws a picture for nearly every move, and Pillow's zlib took 1.7 ms of a
table picture's 5 ms; ISA-L takes 0.2 ms, and its files are no bigger than zlib
level 2's on these flat pictures.
"""

from __future__ import annotations

import struct
import zlib
from functools import lru_cache

from isal import isal_zlib
from PIL import Image, ImageDraw

from rules.cards import FRENCH_54, SPANISH_48

from . import sprites as sp

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
DEFLATE_LEVEL = 1   # ISA-L's levels are 0-3; 1 is as small as zlib's 2 here


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


def mapped(img: Image.Image) -> Image.Image:
    """An RGB picture mapped onto the shared palette, without dithering."""
    return img.quantize(palette=palette(), dither=Image.Dither.NONE)


@lru_cache(maxsize=1)
def palette_bytes() -> bytes:
    """The shared palette's 256 colours, three bytes each (as the PNG's PLTE holds them)."""
    return bytes((palette().getpalette() or [])[: 3 * 256])


def to_png(img: Image.Image) -> bytes:
    """``img`` as a palette PNG on the shared palette (a "P" picture is taken to be
    drawn on it already: ``indexed``)."""
    indexed = img if img.mode == "P" else mapped(img)
    width, height = indexed.size
    # A column of zeros on the left: each row then starts with its filter type (0, none).
    rows = Image.new("P", (width + 1, height), 0)
    rows.paste(indexed, (1, 0))
    header = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)  # 8-bit palette
    return b"".join((PNG_SIGNATURE, _chunk(b"IHDR", header), _plte(),
                     _chunk(b"IDAT", isal_zlib.compress(rows.tobytes(), DEFLATE_LEVEL)),
                     _chunk(b"IEND", b"")))


@lru_cache(maxsize=1)
def _plte() -> bytes:
    return _chunk(b"PLTE", palette_bytes())


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + \
        struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
