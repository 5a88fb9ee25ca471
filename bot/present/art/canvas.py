"""Drawing on a picture while recording where everything went.

``Canvas`` wraps a Pillow image; every card sprite and text it places is
recorded as a ``Box`` in its ``Layout``, which the tests read to check that a
trick card lies in front of its player and a name in its seat's box.  Marked-
up scene text (``{pN}``, ``{c:CODE}``) is drawn with names filled in and cards
as small inline chips (the bundled font has no suit glyphs).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import lru_cache
from typing import NamedTuple

from PIL import Image, ImageDraw

from rules.cards import DeckKind

from .. import text as tx
from . import indexed
from . import sprites as sp


@dataclass(frozen=True)
class Box:
    kind: str            # "seat", "name", "score", "trick-card", "last-card", "pile-card"...
    x: int
    y: int
    w: int
    h: int
    seat: int | None = None
    key: str = ""        # the card code or the text drawn
    group: str = ""      # the part of the picture it belongs to: "seat 2", "pile 0", "footer"...
    cut: bool = False    # a text that did not fit whole: drawn up to an ellipsis

    @property
    def centre(self) -> tuple[float, float]:
        return self.x + self.w / 2, self.y + self.h / 2

    def contains(self, other: Box) -> bool:
        return (self.x <= other.x and self.y <= other.y and other.x + other.w <= self.x + self.w
                and other.y + other.h <= self.y + self.h)

    def meets(self, other: Box) -> bool:
        """True when the two overlap (touching edges do not count)."""
        return (self.x < other.x + other.w and other.x < self.x + self.w
                and self.y < other.y + other.h and other.y < self.y + self.h)


@dataclass
class Layout:
    width: int = 0
    height: int = 0
    boxes: list[Box] = field(default_factory=list)

    def of(self, kind: str, seat: int | None = None) -> list[Box]:
        return [b for b in self.boxes if b.kind == kind and (seat is None or b.seat == seat)]


@lru_cache(maxsize=8192)   # names and labels come back every move
def ink_width(s: str, size: int, bold: bool = False) -> int:
    """How far ``s`` reaches right of where it is drawn, in pixels (its ink, as drawn)."""
    return int(sp.font(size).getbbox(s, stroke_width=1 if bold else 0)[2])


@lru_cache(maxsize=4096)
def fit(s: str, width: float, size: int, bold: bool = False) -> str:
    """``s`` as it fits ``width`` pixels: whole, or cut with an ellipsis - the one way every
    name and line of a picture is shortened."""
    if ink_width(s, size, bold) <= width:
        return s
    lo, hi = 0, len(s)   # the longest prefix that fits with its ellipsis
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if ink_width(s[:mid].rstrip(" ,(·-") + "…", size, bold) <= width:
            lo = mid
        else:
            hi = mid - 1
    return s[:lo].rstrip(" ,(·-") + "…"


_CLOSING = ".,;:!?)»”"   # marks that never begin a line
_WORD = re.compile(r"\S+\s*|\s+")
WHITE = (255, 255, 255)
DIM = (200, 210, 200)


class Canvas:
    def __init__(self, size: tuple[int, int] | Image.Image, fill, deck: DeckKind,
                 names: Sequence[str], *, on_palette: bool = False,
                 grounds: Sequence[tuple[int, int, int]] = ()):
        """A new picture of ``size`` filled with ``fill``, or a copy of a background image.
        ``on_palette``: drawn straight onto the shared palette (``indexed``), not in RGB,
        with ``grounds`` the colours it draws over large areas besides ``fill``."""
        if isinstance(size, Image.Image):
            self.img = size.copy()   # a background on the palette keeps its grounds
        elif on_palette:
            self.img = indexed.new(size, fill, grounds)
        else:
            self.img = Image.new("RGB", size, fill)
        size = self.img.size
        self.draw = ImageDraw.Draw(self.img)
        self.layout = Layout(size[0], size[1])
        self.deck = deck
        self.names = names
        self.lang = "en"          # the scene's language, for the picture's own words
        self.group = ""           # recorded with each box: the part being drawn (``part``)

    @contextmanager
    def part(self, group: str) -> Iterator[None]:
        """Record what is drawn inside as one part of the picture (a seat, a pile...)."""
        outer, self.group = self.group, group
        try:
            yield
        finally:
            self.group = outer

    def ink(self, rgb: tuple[int, int, int]) -> tuple[int, int, int] | int:
        """``rgb`` as this picture's drawing calls take it: on the palette, its index."""
        return indexed.index_of(rgb) if self.img.mode == "P" else rgb

    def crop(self, height: float) -> None:
        """Cut the picture to ``height`` (drawn on a generous canvas first)."""
        height = min(round(height), self.img.height)
        self.img = self.img.crop((0, 0, self.img.width, height))
        self.draw = ImageDraw.Draw(self.img)
        self.layout.height = height

    def record(self, kind: str, x: float, y: float, w: float, h: float,
               seat: int | None = None, key: str = "", cut: bool = False) -> Box:
        box = Box(kind, round(x), round(y), round(w), round(h), seat, key, self.group, cut)
        self.layout.boxes.append(box)
        return box

    def card_int(self, code: str) -> int:
        return int(self.deck.parse_card(code))

    def card(self, code: str | None, size: str, x: float, y: float, kind: str,
             seat: int | None = None) -> Box:
        """A face (``code``) or a back (``None``) with its top-left corner at (x, y)."""
        img = sp.back(size) if code is None else sp.sprite(self.card_int(code), size)
        self.paste(img, (round(x), round(y)))
        return self.record(kind, x, y, img.width, img.height, seat, code or "back")

    def text(self, x: float, y: float, s: str, size: int, fill=WHITE, kind: str = "text",
             seat: int | None = None, bold: bool = False, anchor: str = "la",
             width: float | None = None) -> Box:
        """One line of ``s``; with ``width``, cut to fit it (``fit``)."""
        whole = s
        if width is not None:
            s = fit(s, width, size, bold)
        mask, left, top, advance = sp.text_mask(s, size, 1 if bold else 0)
        if anchor[0] == "m":
            x -= advance / 2
        elif anchor[0] == "r":
            x -= advance
        if anchor[1] == "m":
            y -= top + mask.height / 2
        self.paste_text(mask, x + left, y + top, fill)
        return self.record(kind, x + left, y + top, mask.width, mask.height, seat, s,
                           cut=s != whole)

    def paste(self, sprite: Image.Image, xy: tuple[int, int]) -> None:
        """A cached sprite (a face, a back, a chip) pasted by its transparency."""
        if self.img.mode == "P":
            indexed.paste(self.img, sprite, xy)
        else:
            sp.paste(self.img, sprite, xy)

    def paste_text(self, mask: Image.Image, x: float, y: float, fill) -> None:
        x, y = round(x), round(y)
        if self.img.mode == "P":
            indexed.paste_text(self.img, mask, (x, y), fill)
            return
        self.img.paste(fill, (x, y, x + mask.width, y + mask.height), mask)

    # -- marked-up text -----------------------------------------------------------------

    def _runs(self, marked: str) -> list[tuple[str, str]]:
        """("word", text) and ("card", code) runs; words keep their trailing space."""
        runs: list[tuple[str, str]] = []
        for p in tx.parts(marked):
            if p.card is not None:
                runs.append(("card", p.card))
            else:
                s = tx.name_of(self.names, p.seat) if p.seat is not None else p.text
                runs.extend(("word", w) for w in _WORD.findall(s))
        return [r for r in runs if r[1]]

    def rich(self, x: float, y: float, marked: str, size: int, width: float, fill=WHITE,
             kind: str = "text", seat: int | None = None, max_lines: int = 3,
             bold: bool = False) -> float:
        """Draw ``marked`` wrapped to ``width``, at most ``max_lines`` lines (what does not
        fit ends in an ellipsis, recorded as ``cut``); return the y below it."""
        key = (marked, tuple(self.names), self.deck.name, size, round(width), max_lines, bold)
        block = _BLOCKS.get(key)
        if block is None:
            block = self._block(marked, size, round(width), max_lines, 1 if bold else 0)
            global _BLOCK_BYTES
            if _BLOCK_BYTES > _BLOCK_LIMIT:  # new names and events every game: stay bounded
                _BLOCKS.clear()
                _BLOCK_BYTES = 0
            _BLOCKS[key] = block
            _BLOCK_BYTES += block.mask.width * block.mask.height
        self.paste_text(block.mask, x, y, fill)
        for code, card, cx, cy in block.chips:
            chip = chip_for(card, size)
            self.paste(chip, (round(x) + cx, round(y) + cy))
            self.record("chip", round(x) + cx, round(y) + cy, chip.width, chip.height, seat, code)
        top, bottom = block.ink
        self.record(kind, x, y + top, block.width, bottom - top, seat, marked, cut=block.cut)
        return y + block.height

    def lines_of(self, marked: str, size: int, width: float) -> int:
        """How many lines ``marked`` takes wrapped to ``width``."""
        placed, _ = self._place(marked, size, round(width), 0)
        return len({run.line for run in placed})

    def _place(self, marked: str, size: int, width: int, sw: int,
               max_lines: int = 1000) -> tuple[list[_Run], bool]:
        """Where each run of ``marked`` goes, runs past ``max_lines`` left out (a last
        run of kind "cut" says so); and whether a word was cut to fit a line."""
        placed: list[_Run] = []
        cx, line = 0.0, 0
        fitted = False
        for kind_, value in self._runs(marked):
            card, mask = 0, None
            if kind_ == "card":
                card = self.card_int(value)
                w = chip_for(card, size).width + 3.0
            else:
                mask = sp.text_mask(value, size, sw)
                w = mask[3]
                if w > width:   # one word wider than a line: cut to fit it
                    value = fit(value.rstrip(), width, size, bool(sw))
                    fitted = True
                    mask = sp.text_mask(value, size, sw)
                    w = mask[3]
            if cx + w > width and cx > 0:
                if line + 1 == max_lines:
                    placed.append(_Run("cut", "", cx, line, 0.0))
                    break
                carried = None   # punctuation stays with what it follows: "(... 7♥)."
                if kind_ == "word" and value[:1] in _CLOSING and placed \
                        and placed[-1].line == line and placed[-1].x > 0 \
                        and not placed[-1].value[-1:].isspace():
                    carried = placed.pop()
                cx, line = 0.0, line + 1
                if carried is not None:
                    placed.append(carried._replace(x=0.0, line=line))
                    cx = carried.advance
                if kind_ == "word" and not value.strip():
                    continue
            placed.append(_Run(kind_, value, cx, line, w, card, mask))
            cx += w
        return placed, fitted

    def _block(self, marked: str, size: int, width: int, max_lines: int, sw: int) -> _Block:
        """Lay ``marked`` out once: one text mask plus where its card chips go.  Chips take
        the top of their line, words are drawn 2 px lower (the chips' middle)."""
        line_h = size + 8
        placed, fitted = self._place(marked, size, width, sw, max_lines)
        cut = bool(placed) and placed[-1].kind == "cut"
        if cut:   # end the last line with an ellipsis, taking runs off until it fits
            placed.pop()
            dots = sp.text_mask("…", size, sw)
            last = placed[-1].line if placed else 0
            while placed and placed[-1].line == last and (
                    not placed[-1].value.strip()
                    or placed[-1].end + dots[1] + dots[0].width + 2 > width):
                placed.pop()
            at = placed[-1].end + 2 if placed and placed[-1].line == last else 0.0
            placed.append(_Run("word", "…", at, last, 0.0, 0, dots))
        lines = max((run.line for run in placed), default=0) + 1
        mask = Image.new("L", (width, line_h * lines), 0)
        chips: list[tuple[str, int, int, int]] = []
        right = 1   # the widest line: pasting a narrower mask costs less
        chip_right = 0
        for run in placed:
            cy = run.line * line_h
            if run.mask is None:
                chips.append((run.value, run.card, round(run.x), cy))
                chip_right = max(chip_right, round(run.end))
            else:
                word, left, top, _adv = run.mask
                mask.paste(255, (round(run.x + left), cy + 2 + top), word)
                right = max(right, round(run.x + left) + word.width)
        mask = mask.crop((0, 0, min(width, right), line_h * lines))
        box = mask.getbbox()
        ink = (box[1], box[3]) if box else (0, 0)
        if chips:   # chips take the top of their line, down to a line's last 2 px
            ink = (min(ink[0], min(c[3] for c in chips)) if box else min(c[3] for c in chips),
                   max(ink[1], max(c[3] for c in chips) + line_h - 2))
        return _Block(mask, tuple(chips), line_h * lines, max(right, chip_right),
                      cut or fitted, ink)


class _Run(NamedTuple):
    """A word or a card chip of a text laid out: where it goes and what it draws."""
    kind: str            # "word", "card", or "cut" (what follows did not fit)
    value: str
    x: float
    line: int
    advance: float
    card: int = 0        # a chip's card
    mask: tuple[Image.Image, int, int, float] | None = None   # a word's (sp.text_mask)

    @property
    def end(self) -> float:
        """The right edge of its ink."""
        if self.mask is None:
            return self.x + self.advance - 3 if self.kind == "card" else self.x
        return self.x + self.mask[1] + self.mask[0].width


@dataclass(frozen=True)
class _Block:
    mask: Image.Image
    chips: tuple[tuple[str, int, int, int], ...]   # (code, card, x, y) relative
    height: int
    width: int        # the widest line, chips included
    cut: bool         # not all of it fitted: it ends in an ellipsis
    ink: tuple[int, int]   # the rows it draws on: from the top, and below the last


_BLOCKS: dict[tuple, _Block] = {}
_BLOCK_BYTES = 0
_BLOCK_LIMIT = 4_000_000


def cache_bytes() -> int:
    """Bytes held by the text-block cache."""
    return _BLOCK_BYTES


_CHIPS: dict[tuple[int, int], Image.Image] = {}


def chip_for(card: int, size: int) -> Image.Image:
    """A card as an inline chip: its index and suit on a white tag, one text line high."""
    chip = _CHIPS.get((card, size))
    if chip is None:
        suit, rank = card >> 4, card & 15
        label = sp.index_text(suit, rank)
        f = sp.font(size)
        h = size + 6
        w = round(f.getlength(label)) + h + 4
        chip = Image.new("RGBA", (w, h), (0, 0, 0, 0))
        d = ImageDraw.Draw(chip)
        d.rounded_rectangle((0, 0, w - 1, h - 1), radius=4, fill=sp.PAPER, outline=sp.EDGE)
        colour = sp.colour_of(suit, rank)
        d.text((3, h / 2), label, font=f, fill=colour, anchor="lm", stroke_width=1,
               stroke_fill=colour)
        # suits drawn large then reduced look cleaner than at a dozen pixels
        big = Image.new("RGBA", (4 * h, 4 * h), (0, 0, 0, 0))
        sp.draw_suit(ImageDraw.Draw(big), suit, 2 * h, 2 * h, 3.4 * h, rank)
        small = big.resize((h - 2, h - 2), Image.Resampling.LANCZOS)
        chip.paste(small, (w - h, 1), small)
        _CHIPS[(card, size)] = chip
    return chip
