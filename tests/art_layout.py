"""The table picture's layout rules, read from its layout record (``canvas.Layout``).

``problems(layout, names)`` lists, in words, every place a picture breaks them:

- everything lies inside the picture and inside one band (header, table, footer);
- a frame (a seat's box, the result's box) holds everything of its part;
- two parts never overlap (no card over a seat box, no caption over a card); inside
  one part, a text overlaps nothing but the frame holding it (cards of one fan may);
- a text that must be read whole (a pile's caption, the result, the trick's label) is
  drawn whole; any other text that did not fit ends in an ellipsis;
- a name is drawn whole or cut by ``canvas.fit`` (an ellipsis), the same everywhere.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from bot.present.art.canvas import Box, Layout

FRAMES = {"seat", "result-box"}
CARDS = {"backs", "trick-card", "pile-card", "pile-back", "turn-up", "last-card", "chip"}
WHOLE = {"pile-note", "pile-label", "result", "result-line", "trick-label", "trick-note",
         "turn-up-label", "hand-count", "pile-folded", "recent-label", "final-score"}
RICH = {"centre-line", "event", "score", "headline", "pile-note", "result-line"}  # key: source
NAMED = {"name", "last-name", "final-name"}   # texts that are a seat's name


def problems(layout: Layout, names: Sequence[str]) -> list[str]:
    out: list[str] = []
    bands = layout.of("band")
    boxes = [b for b in layout.boxes if b.kind != "band"]
    for b in boxes:
        if b.x < 0 or b.y < 0 or b.x + b.w > layout.width or b.y + b.h > layout.height:
            out.append(f"{_say(b)} leaves the picture ({layout.width}x{layout.height})")
        elif bands and not any(band.contains(b) for band in bands):
            out.append(f"{_say(b)} crosses a band's edge")
    for frame in (b for b in boxes if b.kind in FRAMES):
        out += [f"{_say(b)} sticks out of its {frame.kind}" for b in boxes
                if b.group == frame.group and b is not frame and not frame.contains(b)]
    for a, b in itertools.combinations(boxes, 2):
        if not a.meets(b):
            continue
        if a.group != b.group:
            out.append(f"{_say(a)} overlaps {_say(b)}")
        elif a.kind in FRAMES or b.kind in FRAMES or (a.kind in CARDS and b.kind in CARDS):
            continue
        elif "chip" in (a.kind, b.kind) and (a.contains(b) or b.contains(a)):
            continue   # a card named in a line of text
        else:
            out.append(f"{_say(a)} overlaps {_say(b)}")
    for b in boxes:
        if b.cut and b.kind in WHOLE:
            out.append(f"{_say(b)} is cut")
        elif b.cut and not b.key.endswith("…") and b.kind not in RICH:
            out.append(f"{_say(b)} is cut without an ellipsis")
    for b in boxes:
        if b.kind in NAMED and b.seat is not None:
            name = names[b.seat]
            if b.key != name and not (b.cut and b.key.endswith("…")
                                      and name.startswith(b.key[:-1])):
                out.append(f"{_say(b)} is not the name {name!r} nor cut with an ellipsis")
    return out


def _say(b: Box) -> str:
    return f"{b.kind} {b.key!r} of {b.group or '?'} at ({b.x},{b.y} {b.w}x{b.h})"
