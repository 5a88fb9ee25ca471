"""Drawing straight onto the shared palette (a "P" picture), for the hand and table
pictures.

A picture was drawn in RGB and then mapped onto the palette, pixel by pixel: under
load the mapping and the RGB pastes were most of a hand picture's time (hand
pictures were a quarter of the bot's), and half of a table picture's.  Drawn here,
a sprite or a line of text is mapped once and then pasted as palette indices.

What lies beneath a sprite's transparent corners, or beneath antialiased text, is
only known when it is pasted: it is read off the picture there (one pixel at each
side) and the mapped piece is made for that ground and kept.  Where the ground is
one colour - the background, a card's paper - the pixels are those of drawing in
RGB and mapping afterwards; where a corner lies over a card's edge they may differ
by a shade.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from PIL import Image

from .encode import mapped, palette_bytes
from .sprites import DIM_BY, DIM_GREY, PAPER, row_pieces

_CACHE_LIMIT = 4096   # mapped pieces kept (grounds are few; sprites live as long as the process)


@lru_cache(maxsize=256)
def index_of(rgb: tuple[int, int, int]) -> int:
    """The palette index ``rgb`` maps to (as a picture's pixel of that colour would)."""
    dot = mapped(Image.new("RGB", (1, 1), rgb))
    return int(dot.getpixel((0, 0)))  # type: ignore[arg-type]


# A picture's info under this key: palette index -> the colour drawn where the picture
# shows that index (its grounds: the background, the felt, a card's paper).  Two of the
# bot's colours may map to one index (the hand's background and the felt's rim do), so
# each picture says which of them it draws.
GROUNDS = "parlour-grounds"


def new(size: tuple[int, int], fill: tuple[int, int, int],
        grounds: Sequence[tuple[int, int, int]] = ()) -> Image.Image:
    """A "P" picture of ``size`` filled with ``fill``, on which ``fill`` and ``grounds``
    are drawn over large areas."""
    return with_grounds(Image.new("P", size, index_of(fill)), (fill, *grounds))


def with_grounds(img: Image.Image, grounds: Sequence[tuple[int, int, int]]) -> Image.Image:
    """``img`` (on the palette) told which colours it shows over large areas; a card's
    paper too.  It carries the palette as well, so that converting it back to RGB shows
    its colours."""
    img.putpalette(palette_bytes())
    own: dict[int, tuple[int, int, int]] = {}
    for colour in (*grounds, *_card_paper()):
        own.setdefault(index_of(colour), colour)
    img.info[GROUNDS] = own
    return img


@lru_cache(maxsize=1)
def _card_paper() -> tuple[tuple[int, int, int], ...]:
    """A card's paper, bright and dimmed (``sprites.dimmed``): sprites' corners lie on it."""
    paper = Image.new("RGBA", (1, 1), (*PAPER, 255))
    dim = Image.blend(paper, Image.new("RGBA", (1, 1), (*DIM_GREY, 255)), DIM_BY)
    r, g, b, _ = dim.getpixel((0, 0))  # type: ignore[misc]
    return PAPER, (r, g, b)


@lru_cache(maxsize=1)
def _palette_colours() -> list[tuple[int, int, int]]:
    flat = palette_bytes()
    return [(flat[i], flat[i + 1], flat[i + 2]) for i in range(0, len(flat), 3)]


def _ground(dest: Image.Image, x: int, y: int) -> tuple[int, int, int]:
    """The colour at (x, y) of ``dest``, or at its nearest pixel: one of its grounds if
    it shows one, else the palette's colour there."""
    global _access
    img, pixels = _access   # one read: another thread may draw a picture meanwhile
    if img is not dest:
        pixels = dest.load()
        _access = (dest, pixels)
    x = min(max(x, 0), dest.width - 1)
    y = min(max(y, 0), dest.height - 1)
    index: int = pixels[x, y]
    return dest.info.get(GROUNDS, {}).get(index) or _palette_colours()[index]


# The picture last read from and its pixels (reading through Image.getpixel cost more
# than the pastes; the hand picture reads its own canvas some sixty times).
_access: tuple[Image.Image | None, Any] = (None, None)


def _put(dest: Image.Image, src: Image.Image, x: int, y: int,
         mask: Image.Image | None = None) -> None:
    """``dest.paste(src, (x, y), mask)`` for pictures of one mode made here, straight to
    Pillow's core: ``Image.paste``'s checks and conversions took twice as long as the
    pastes themselves (the core clips to ``dest`` as ``Image.paste`` does)."""
    box = (x, y, x + src.width, y + src.height)
    if mask is None:
        dest.im.paste(src.im, box)
    else:
        dest.im.paste(src.im, box, mask.im)


def _binary(alpha: Image.Image) -> Image.Image:
    return alpha.point(lambda a: 255 if a else 0)


# sprite id -> (the sprite, its rows as pieces: (top, RGBA piece, mapped if opaque, else None))
_SPRITES: dict[int, tuple[Image.Image, list[tuple[int, Image.Image, Image.Image | None]]]] = {}
# (sprite id, top, left ground, right ground) -> (the sprite, mapped piece, its mask)
_BLENDS: dict[tuple, tuple[Image.Image, Image.Image, Image.Image]] = {}


def paste(dest: Image.Image, img: Image.Image, xy: tuple[int, int]) -> None:
    """Paste an RGBA sprite onto a "P" picture by its transparency: the opaque rows as
    mapped once, the rows with transparent pixels (the rounded corners) blended over
    what lies beneath their left and right halves, then mapped."""
    entry = _SPRITES.get(id(img))
    if entry is None or entry[0] is not img:
        if len(_SPRITES) > _CACHE_LIMIT:
            _SPRITES.clear()
            _BLENDS.clear()
        pieces = [(top, piece, None if blended else mapped(piece))
                  for top, piece, blended in row_pieces(img)]
        entry = _SPRITES[id(img)] = (img, pieces)
    x, y = xy
    for top, piece, opaque in entry[1]:
        if opaque is not None:
            _put(dest, opaque, x, y + top)
            continue
        middle = y + top + piece.height // 2
        left, right = _ground(dest, x, middle), _ground(dest, x + piece.width - 1, middle)
        key = (id(img), top, left, right)
        blend = _BLENDS.get(key)
        if blend is None or blend[0] is not img:
            if len(_BLENDS) > _CACHE_LIMIT:
                _BLENDS.clear()
            ground = Image.new("RGB", piece.size, left)
            ground.paste(right, (piece.width // 2, 0, piece.width, piece.height))
            ground.paste(piece, (0, 0), piece)
            blend = _BLENDS[key] = (img, mapped(ground), _binary(piece.getchannel("A")))
        _put(dest, blend[1], x, y + top, blend[2])


# (mask id, fill, ground) -> (the mask, mapped text, its mask); a hand's header line is a
# new text each move or two: the cache is bounded by its pixels, as the text masks are.
_TEXTS: dict[tuple, tuple[Image.Image, Image.Image, Image.Image]] = {}
_TEXT_PIXELS = 0
_TEXT_LIMIT = 2_000_000


def paste_text(dest: Image.Image, mask: Image.Image, xy: tuple[int, int],
               fill: tuple[int, int, int]) -> None:
    """Paste ``fill`` through an antialiased text ``mask`` onto a "P" picture, over
    the colour beneath the middle of the text's box."""
    x, y = xy
    ground = _ground(dest, x + mask.width // 2, y + mask.height // 2)
    key = (id(mask), fill, ground)
    got = _TEXTS.get(key)
    if got is None or got[0] is not mask:
        global _TEXT_PIXELS
        if _TEXT_PIXELS > _TEXT_LIMIT:
            _TEXTS.clear()
            _TEXT_PIXELS = 0
        _TEXT_PIXELS += 2 * mask.width * mask.height
        inked = Image.new("RGB", mask.size, ground)
        inked.paste(fill, (0, 0, mask.width, mask.height), mask)
        got = _TEXTS[key] = (mask, mapped(inked), _binary(mask))
    _put(dest, got[1], x, y, got[2])
