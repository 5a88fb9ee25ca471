"""The terminal's table view: a ``Scene`` (``bot.present``) as labelled, fixed text.

Knows scenes, not games: every word comes from the presenter; this module only
lays it out (title, headline, seats table, the centre, recent events, the
viewer's hand and moves) and styles it - suits in their colours and the seat to
move highlighted when the terminal shows colour, plain text otherwise.
"""

from __future__ import annotations

import os
import re
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TextIO

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
    DeckKind,
)

from .. import plugins
from ..i18n import EN, Lang, lang_for
from ..present import text
from ..present.scene import Fact, PileScene, Scene, SeatScene, TrickScene

_ANSI = re.compile(r"\x1b\[[0-9;]*m")

# SGR codes.  French suits red/black (black as the terminal's own colour so it
# reads on dark and light backgrounds); Spanish suits in their printed colours.
RED, GREEN, YELLOW, BLUE, MAGENTA, CYAN = "31", "32", "33", "34", "35", "36"
BOLD, DIM, REVERSE = "1", "2", "7"
SUIT_COLOUR = {HEARTS: RED, DIAMONDS: RED, CLUBS: "", SPADES: "",
               COPAS: RED, OROS: YELLOW, ESPADAS: BLUE, BASTOS: GREEN, JOKER_SUIT: MAGENTA}


def wants_colour(stream: TextIO, env: Mapping[str, str] | None = None) -> bool:
    """Colour only on a terminal, and never with ``NO_COLOR`` set (https://no-color.org)."""
    env = os.environ if env is None else env
    if env.get("NO_COLOR") or env.get("TERM") == "dumb":
        return False
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


@dataclass(frozen=True)
class Style:
    colour: bool = False

    def paint(self, s: str, *codes: str) -> str:
        codes = tuple(c for c in codes if c)
        if not self.colour or not codes or not s:
            return s
        return f"\x1b[{';'.join(codes)}m{s}\x1b[0m"

    def label(self, s: str) -> str:
        return self.paint(s, BOLD)

    def dim(self, s: str) -> str:
        return self.paint(s, DIM)


def width_of(s: str) -> int:
    """Columns ``s`` takes on a terminal (escapes take none, wide characters two)."""
    n = 0
    for ch in _ANSI.sub("", s):
        if unicodedata.combining(ch) or ch == "\ufe0f" or ch == "\u200d":
            continue
        n += 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
    return n


def pad(s: str, width: int, right: bool = False) -> str:
    gap = " " * max(0, width - width_of(s))
    return gap + s if right else s + gap


GLUE = "\x00"   # a space that wrap never breaks at ("[3]" stays beside its card)


def wrap(s: str, width: int, indent: str = "", hang: str | None = None) -> list[str]:
    """Word-wrap a styled string to ``width`` columns (escape codes never split)."""
    hang = indent if hang is None else hang
    lines: list[str] = []
    line, used = indent, width_of(indent)
    fresh = True
    for word in s.split(" "):
        w = width_of(word)
        if not fresh and used + 1 + w > width:
            lines.append(line)
            line, used, fresh = hang, width_of(hang), True
        if fresh:
            line, used, fresh = line + word, used + w, False
        else:
            line, used = line + " " + word, used + 1 + w
    lines.append(line)
    return [x.replace(GLUE, " ").rstrip() for x in lines]


class TableView:
    """Renders scenes of one game for one viewer (or a spectator)."""

    def __init__(self, game: str, names: Sequence[str], style: Style, width: int = 80,
                 lang: Lang = EN) -> None:
        self.deck: DeckKind = plugins.engine(game).deck
        self.names = list(names)
        self.style = style
        self.width = max(40, width)
        self.viewer: int | None = None     # whose view is being drawn (set by ``render``)
        self.lang: Lang = lang             # the scene's language (``render`` takes the scene's)
        self._ = lang.gettext

    # -- pieces -----------------------------------------------------------------------

    def card(self, code: str) -> str:
        """A card as the terminal shows it: ``Q♥``; Spanish cards by their letters
        (``NC``: the suit emoji take two columns or one depending on the terminal)."""
        try:
            c = self.deck.parse_card(code)
        except ValueError:
            return code
        face = str(c) if c.suit in SPANISH_SUITS else c.pretty
        return self.style.paint(face, BOLD, SUIT_COLOUR.get(c.suit, ""))

    def cards(self, codes: Sequence[str]) -> str:
        return " ".join(self.card(c) for c in codes)

    def name(self, seat: int) -> str:
        """A seat's name, bold; the viewer's own in colour, to find it in the events."""
        return self.style.paint(text.name_of(self.names, seat), BOLD,
                                CYAN if seat == self.viewer else "")

    def fill(self, marked: str) -> str:
        """Marked-up scene text with names and cards styled."""
        return text.render(marked, self.name, self.card)

    def plain(self, marked: str) -> str:
        """Marked-up text without styling: names as they are, cards as the terminal shows them."""
        return text.render(marked, lambda i: text.name_of(self.names, i), self._plain_card)

    def _plain_card(self, code: str) -> str:
        return _ANSI.sub("", self.card(code))

    def heading(self, s: str) -> str:
        return self.style.label(s)

    # -- the whole view ---------------------------------------------------------------

    def render(self, scene: Scene, moves: Sequence[str] = (), *, legend: bool = True) -> str:
        """The table view of ``scene``; ``moves`` are the viewer's move lines, already laid
        out.  Without ``legend`` only the first legend line is shown (a reminder)."""
        self.viewer = scene.viewer
        self.lang = lang_for(scene.lang)
        self._ = _ = self.lang.gettext
        out: list[str] = []
        out += self._title(scene, legend)
        out += self._seats(scene)
        out += self._centre(scene)
        if scene.events:
            out.append("")
            out.append(self.heading(_("Recent")))
            for e in scene.events:
                out += wrap(self.fill(e), self.width, "  · ", "    ")
        if scene.result is not None:
            out.append("")
            out.append(self.heading(_("Result")))
            for line in scene.result.lines:
                out += wrap(self.fill(line), self.width, "  ", "    ")
            for line in scene.result.details:
                out += wrap(self.fill(line), self.width, "  ", "    ")
        if scene.hand is not None:
            out += self._hand(scene)
        if moves:
            out.append("")
            out += moves
        return "\n".join(out)

    def _title(self, scene: Scene, legend: bool = True) -> list[str]:
        title, phase = scene.title, scene.phase
        rule = "━" * max(2, self.width - width_of(title) - width_of(phase) - 8)
        out = [self.style.paint(f"━━ {title} ", BOLD, CYAN) + self.style.dim(rule)
               + self.style.paint(f" {phase} ━━", BOLD, CYAN)]
        if scene.headline:
            facts = " · ".join(f"{self.style.label(f.label + ':')} {self.fill(f.value)}"
                               for f in scene.headline)
            out += wrap(facts, self.width)
        out += self.legend(scene.legend if legend else scene.legend[:1])
        return out

    def legend(self, facts: Sequence[Fact]) -> list[str]:
        out = []
        for f in facts:
            out += wrap(f"{self.style.dim(f.label + ':')} {self.fill(f.value)}",
                        self.width, "", "  ")
        return out

    def _seats(self, scene: Scene) -> list[str]:
        seats = scene.seats
        if not seats:
            return []
        fact_labels: list[str] = []
        for s in seats:
            for f in s.facts:
                if f.label not in fact_labels:
                    fact_labels.append(f.label)
        _ = self._
        header = ["", _("Player")]
        rows = [[self._marker(s), self._seat_name(s, scene)] for s in seats]
        right = [False, False]
        if any(s.roles for s in seats):
            header.append(_("Role"))
            right.append(False)
            for row, s in zip(rows, seats, strict=True):
                row.append(", ".join(self.fill(r) for r in s.roles))
        if any(s.score is not None for s in seats):
            header.append(_("Score"))
            right.append(True)
            for row, s in zip(rows, seats, strict=True):
                row.append(self.fill(s.score) if s.score is not None else "")
        for label in fact_labels:
            header.append(label)
            right.append(True)
            for row, s in zip(rows, seats, strict=True):
                value = next((f.value for f in s.facts if f.label == label), "")
                row.append(self.fill(value))
        if any(s.hand_count is not None for s in seats):
            header.append(_("Cards"))
            right.append(True)
            for row, s in zip(rows, seats, strict=True):
                row.append("" if s.hand_count is None else str(s.hand_count))
        if any(s.status for s in seats):
            header.append(_("Status"))
            right.append(False)
            for row, s in zip(rows, seats, strict=True):
                row.append(self.fill(s.status) if s.status else "")
        widths = [max(width_of(c) for c in col) for col in zip(header, *rows, strict=True)]
        if sum(widths) + 2 * (len(widths) - 1) > self.width:
            return self._seats_narrow(header, rows)
        lines = ["", "  ".join(pad(self.heading(h), w, r)
                               for h, w, r in zip(header, widths, right, strict=True)).rstrip()]
        for row, s in zip(rows, seats, strict=True):
            line = "  ".join(pad(c, w, r) for c, w, r in zip(row, widths, right, strict=True))
            lines.append(line.rstrip())
            if s.to_move and self.style.colour:
                lines[-1] = self.style.paint(_ANSI.sub("", lines[-1]), BOLD, REVERSE)
        return lines

    def _seats_narrow(self, header: list[str], rows: list[list[str]]) -> list[str]:
        """Too wide for a table: one wrapped paragraph per seat."""
        lines = [""]
        for row in rows:
            bits = [f"{h} {c}" for h, c in zip(header[2:], row[2:], strict=True) if c]
            head = f"{row[0]} {self.style.label(row[1])}"
            lines += wrap(head + (": " + " · ".join(bits) if bits else ""), self.width,
                          "", "    ")
        return lines

    @staticmethod
    def _marker(s: SeatScene) -> str:
        return "▶" if s.to_move else " "

    def _seat_name(self, s: SeatScene, scene: Scene) -> str:
        name = text.name_of(self.names, s.index) if s.index < len(self.names) else s.name
        return self._("{name} (you)", name=name) if scene.viewer == s.index else name

    def _centre(self, scene: Scene) -> list[str]:
        c = scene.centre
        rows: list[tuple[str, str]] = []
        if c.trick is not None:
            rows.append((c.trick.label, self._trick(c.trick, scene, current=True)))
        if c.last_trick is not None:
            rows.append((c.last_trick.label, self._trick(c.last_trick, scene, current=False)))
        for pile in c.piles:
            rows.append((pile.label, self._pile(pile)))
        if not rows and not c.lines:
            return []
        out = ["", self.heading(self._("On the table"))]
        label_w = max((width_of(label) for label, _ in rows), default=0) + 1
        for label, value in rows:
            head = "  " + pad(self.fill(label) + ":", label_w) + " "
            out += wrap(value, self.width, head, " " * width_of(head))
        for line in c.lines:
            out += wrap(self.fill(line), self.width, "  ", "    ")
        return out

    def _trick(self, t: TrickScene, scene: Scene, current: bool) -> str:
        plays = []
        for p in t.plays:
            bit = f"{self.name(p.seat)}:{GLUE}{self.cards(p.cards)}"
            if p.note:
                bit += f" ({self.fill(p.note)})"
            plays.append(bit)
        _ = self._
        s = ", ".join(plays)
        if t.winner is not None:
            s += " - " + _("won by {who}", who=self.name(t.winner))
        if current:
            if not t.plays and t.to_lead is not None:
                s = _("{who} to lead", who=self.name(t.to_lead))
            elif not t.plays and scene.to_move is not None:
                s = _("{who} to lead", who=self.name(scene.to_move))
            elif scene.to_move is not None:
                s += "; " + _("{who} to play", who=self.name(scene.to_move))
        return s or _("no cards yet")

    def _pile(self, p: PileScene) -> str:
        bits = []
        if p.cards:
            bits.append(self.cards(p.cards))
        if p.face_down:
            backs = self.style.dim("▒" * min(p.face_down, 8))
            count = ("" if p.note and str(p.face_down) in p.note else
                     " " + self.lang.n_("{n} card face down", "{n} cards face down", p.face_down))
            bits.append(backs + count)   # the note may give the count already
        if p.note:
            bits.append(("- " if bits else "") + self.fill(p.note))
        return " ".join(bits) or self._("empty")

    def _hand(self, scene: Scene) -> list[str]:
        h = scene.hand
        assert h is not None  # drawn only for a scene with the viewer's hand
        n = len(h.cards)
        out = ["", self.heading(self._("Your hand ({cards})",
                                       cards=self.lang.n_("{n} card", "{n} cards", n)))]
        groups = h.groups or (((self._("Cards"), h.cards),) if h.cards else ())
        label_w = max((width_of(g) for g, _ in groups), default=0) + 1
        for label, cards in groups:
            head = "  " + pad(label + ":", label_w) + " "
            out += wrap(self.cards(cards), self.width, head, " " * width_of(head))
        if not h.cards:
            out.append("  (" + self._("no cards") + ")")
        for line in h.lines:
            out += wrap(self.fill(line), self.width, "  ", "    ")
        return out
