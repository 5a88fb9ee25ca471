"""The terminal's table view: a ``Scene`` (``bot.present``) as labelled, fixed text.

Knows scenes, not games: every word comes from the presenter; this module only
lays it out (title, headline, seats table, the centre, recent events, the
viewer's hand and moves) and styles it - suits in their colours and the seat to
move highlighted when the terminal shows colour, plain text otherwise.
"""

from __future__ import annotations

import functools
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
    FRENCH_54,
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
    if s.isascii():   # most of a screen's pieces: one column a character
        return len(_ANSI.sub("", s)) if "\x1b" in s else len(s)
    return _wide_width(s)


@functools.lru_cache(maxsize=4096)   # a screen measures the same cards and names again
def _wide_width(s: str) -> int:
    n = 0
    for ch in _ANSI.sub("", s):
        if unicodedata.combining(ch) or ch == "\ufe0f" or ch == "\u200d":
            continue
        n += 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
    return n


def pad(s: str, width: int, right: bool = False) -> str:
    gap = " " * max(0, width - width_of(s))
    return gap + s if right else s + gap


_LEVELS = 5     # how far ``TableView.render`` may go to fit a height
GLUE = "\x00"   # a space that wrap never breaks at ("[3]" stays beside its card)


def _last_to_go(facts: Sequence[Fact]) -> int | None:
    """The index of the headline fact to give way first: the last one not kept."""
    return next((k for k in range(len(facts) - 1, -1, -1) if not facts[k].keep), None)


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
        self.older: list[list[str]] = []   # recent events left out to fit (``render``)

    # -- pieces -----------------------------------------------------------------------

    def card(self, code: str) -> str:
        """A card as the terminal shows it: ``Q♥``; Spanish cards by their letters
        (``NC``: the suit emoji take two columns or one depending on the terminal)."""
        try:
            c = self.deck.parse_card(code)
        except ValueError:   # a card this deck lacks, named in a refusal ("2H" in Piquet)
            found = FRENCH_54.find(code) if self.deck.suits[0] not in SPANISH_SUITS else None
            if found is None:
                return code
            c = found
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

    def render(self, scene: Scene, moves: Sequence[str] = (), *, legend: bool = True,
               height: int | None = None, tail: Sequence[str] = (),
               short_moves: Sequence[str] | None = None) -> str:
        """The table view of ``scene``; ``moves`` are the viewer's move lines, already laid
        out, and ``tail`` a reminder under them.  Without ``legend`` only the first legend
        line is shown (a reminder).

        With ``height`` the view is made to fit that many lines, so the header and the
        scores stay on the screen: step by step the legend, the blank lines, the tail and
        the hand's suit lines give way, then the oldest of the recent events (a line says
        how many are left out; ``older`` holds them), the table's sentences and notes, the
        moves' rules reminders (``short_moves``: the moves without them), and last the
        headline's facts (never one marked ``keep``: the trumps) and the "On the table"
        heading.  A Recent heading with no event left under it goes too (its "type log"
        moves up to the table's heading, or the moves' one); a trick cut to one line keeps
        its end - who won it, who plays next."""
        self.viewer = scene.viewer
        self.lang = lang_for(scene.lang)
        self._ = lang_for(scene.lang).gettext
        self.older = []
        lines: list[str] = []
        for level in range(_LEVELS):
            lines = self._compose(scene, moves, tail, legend, level, height, short_moves)
            if height is None or len(lines) <= height:
                break
        return "\n".join(lines)

    def _compose(self, scene: Scene, moves: Sequence[str], tail: Sequence[str], legend: bool,
                 level: int, height: int | None,
                 short_moves: Sequence[str] | None = None) -> list[str]:
        """The view at one ``level`` of compaction (see ``render``); at the last level
        what still does not fit gives way, least needed first, into ``older``."""
        _ = self._
        self.older = []
        gap = [""] if level < 2 else []
        head = self._title(scene, legend and level < 1, bare=level >= 2)[:1]
        facts = list(scene.headline)
        legend_lines = ([] if level >= 3 else
                        self.legend(scene.legend if legend and level < 1 else scene.legend[:1]))
        seats = self._seats(scene, gap)
        rows, shorts, sentences = self._centre_parts(scene)
        events = [wrap(self.fill(e), self.width, "  · ", "    ") for e in scene.events]
        result: list[str] = []
        if scene.result is not None:
            result += gap + [self.heading(_("Result"))]
            for line in scene.result.lines + scene.result.details:
                result += wrap(self.fill(line), self.width, "  ", "    ")
        hand = private = []
        if scene.hand is not None:
            hand = self._hand(scene, gap, compact=level >= 3, private=False)
            private = [wrap(self.fill(line), self.width, "  ", "    ")
                       for line in scene.hand.lines]
        bottom = (gap + list(moves) if moves else []) + (list(tail) if level < 3 else [])
        panel = list(moves)
        cut_events: list[list[str]] = []
        cut_lines: list[list[str]] = []
        centre_head = [self.heading(_("On the table"))]

        def lines() -> list[str]:
            # Where "type log" is said: on Recent's heading while an event is left under
            # it, else on the table's heading, else on the moves' one - never on a heading
            # with nothing under it.
            said = self._left_out(len(cut_events), bool(cut_lines))
            where = ("recent" if events else "centre" if centre_head and (rows or sentences)
                     else "moves" if bottom else "alone")
            head_line = [centre_head[0] + said] if where == "centre" else centre_head
            centre = ([*gap, *head_line] + [x for row in rows for x in row]
                      + [x for line in sentences for x in line] if rows or sentences else [])
            recent = (self._recent(events, gap, len(cut_events), bool(cut_lines))
                      if where == "recent" else [])
            if where == "alone" and said:
                recent = [*gap, self._left_out(len(cut_events), bool(cut_lines), lead="")]
            below = [bottom[0] + said, *bottom[1:]] if where == "moves" else bottom
            return (head + self._facts(facts) + legend_lines + seats + centre + recent + result
                    + hand + [x for line in private for x in line] + below)

        out = lines()
        if level < _LEVELS - 1 or height is None:
            return out
        # The last level, least needed first: the oldest events while more than two are
        # left, the private notes under the hand, the headline's last facts, the rows other
        # than the trick being played cut to one line (the tallest first), the last events,
        # the table's sentences (oldest first), the moves' rules reminders, and only then
        # the trick being played - what the move is chosen from.
        current = 0 if scene.centre.trick is not None and rows else None

        def tallest(skip: int | None) -> int | None:
            tall = [k for k in range(len(rows)) if len(rows[k]) > 1 and k != skip]
            return max(tall, key=lambda k: len(rows[k])) if tall else None

        while len(out) > height:
            if len(events) > 2:
                cut_events.append(events.pop(0))
            elif private:
                cut_lines.append(private.pop(0))
            elif len(self._facts(facts)) > 1 and (k := _last_to_go(facts)) is not None:
                cut_lines.append(self._facts(facts[k:k + 1]))
                del facts[k]
            elif (k := tallest(current)) is not None:
                cut_lines.append(rows[k])
                rows[k] = [shorts[k]]
            elif events:
                cut_events.append(events.pop(0))
            elif sentences:
                cut_lines.append(sentences.pop(0))
            elif short_moves is not None and panel != list(short_moves):
                panel = bottom = list(short_moves)
            elif (k := tallest(None)) is not None:
                cut_lines.append(rows[k])
                rows[k] = [shorts[k]]
            elif any(not f.keep for f in facts):
                cut_lines.append(self._facts([f for f in facts if not f.keep]))
                facts = [f for f in facts if f.keep]     # the trumps stay
            elif rows and centre_head and bottom:
                centre_head = []            # the rows' own labels say what they are
            else:
                break
            out = lines()
        reminder = self.legend(scene.legend[:1])   # the deck's key line, where room is left
        if reminder and len(out) + len(reminder) <= height:
            legend_lines = reminder
            out = lines()
        self.older = cut_lines + cut_events
        return out

    def _facts(self, facts: Sequence[Fact]) -> list[str]:
        if not facts:
            return []
        return wrap(" · ".join(f"{self.style.label(f.label + ':')} {self.fill(f.value)}"
                               for f in facts), self.width)

    def _recent(self, events: list[list[str]], gap: list[str], left_out: int = 0,
                cut: bool = False) -> list[str]:
        """The Recent lines; ``left_out`` events (and with ``cut`` some of the table's
        sentences) gave way, and the heading says how to see them."""
        if not events and not left_out and not cut:
            return []
        head = self.heading(self._("Recent")) + self._left_out(left_out, cut)
        return gap + [head] + [line for e in events for line in e]

    def _left_out(self, left_out: int, cut: bool, lead: str = " ") -> str:
        """" (8 earlier events: type log)": what gave way to fit, and how to see it."""
        if left_out and cut:
            return self.style.dim(lead + self.lang.n_(
                "({n} earlier event and more: type log)",
                "({n} earlier events and more: type log)", left_out))
        if left_out:
            return self.style.dim(lead + self.lang.n_(
                "({n} earlier event: type log)", "({n} earlier events: type log)", left_out))
        if cut:
            return self.style.dim(lead + self._("(more left out: type log)"))
        return ""

    def _title(self, scene: Scene, legend: bool = True, bare: bool = False) -> list[str]:
        title, phase = scene.title, scene.phase
        rule = "━" * max(2, self.width - width_of(title) - width_of(phase) - 8)
        out = [self.style.paint(f"━━ {title} ", BOLD, CYAN) + self.style.dim(rule)
               + self.style.paint(f" {phase} ━━", BOLD, CYAN)]
        out += self._facts(scene.headline)
        if not bare:
            out += self.legend(scene.legend if legend else scene.legend[:1])
        return out

    def legend(self, facts: Sequence[Fact]) -> list[str]:
        out = []
        for f in facts:
            out += wrap(f"{self.style.dim(f.label + ':')} {self.fill(f.value)}",
                        self.width, "", "  ")
        return out

    def _seats(self, scene: Scene, gap: Sequence[str] = ("",)) -> list[str]:
        seats = scene.seats
        if not seats:
            return []
        # Columns in the order the seats list their facts, the same every deal: a label
        # first met on a later seat goes before the next label that seat lists after it
        # ("Exchanged" before "This deal", though the first seat did not exchange).
        fact_labels: list[str] = []
        for s in seats:
            labels = [f.label for f in s.facts]
            for k, label in enumerate(labels):
                if label in fact_labels:
                    continue
                after = next((x for x in labels[k + 1:] if x in fact_labels), None)
                fact_labels.insert(fact_labels.index(after) if after else len(fact_labels),
                                   label)
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
        # Two spaces between columns, one where two do not fit (Polish and Russian labels
        # are longer), and a paragraph per seat only where even that is too wide.
        sep = next((" " * k for k in (2, 1)
                    if sum(widths) + k * (len(widths) - 1) <= self.width), None)
        if sep is None:
            return self._seats_narrow(header, rows, gap)
        lines = [*gap, sep.join(pad(self.heading(h), w, r)
                                for h, w, r in zip(header, widths, right, strict=True)).rstrip()]
        for row, s in zip(rows, seats, strict=True):
            line = sep.join(pad(c, w, r) for c, w, r in zip(row, widths, right, strict=True))
            lines.append(line.rstrip())
            if s.to_move and self.style.colour:
                lines[-1] = self.style.paint(_ANSI.sub("", lines[-1]), BOLD, REVERSE)
        return lines

    def _seats_narrow(self, header: list[str], rows: list[list[str]],
                      gap: Sequence[str] = ("",)) -> list[str]:
        """Too wide for a table: one wrapped paragraph per seat."""
        lines = list(gap)
        for row in rows:
            # "Score: 0", never "Score 0" nor split at the line's end: a label reads as
            # a label, its value stays with it, and a line never starts with a dot.
            bits = [f"{h}:{GLUE}{c}" for h, c in zip(header[2:], row[2:], strict=True) if c]
            head = f"{row[0]} {self.style.label(row[1])}"
            lines += wrap(f"{GLUE}· ".join([head, *bits]), self.width, "", "    ")
        return lines

    @staticmethod
    def _marker(s: SeatScene) -> str:
        return "▶" if s.to_move else " "

    def _seat_name(self, s: SeatScene, scene: Scene) -> str:
        name = text.name_of(self.names, s.index) if s.index < len(self.names) else s.name
        return self._("{name} (you)", name=name) if scene.viewer == s.index else name

    def _centre_parts(self, scene: Scene) -> tuple[list[list[str]], list[str],
                                                   list[list[str]]]:
        """The centre's labelled rows (trick, last trick, piles), each wrapped, with a
        one-line form of each (a long pile's newest cards, else the row's start: to fit a
        screen), and its sentences, each wrapped."""
        c = scene.centre
        rows: list[tuple[str, str, PileScene | TrickScene | None]] = []
        if c.trick is not None:
            rows.append((c.trick.label, self._trick(c.trick, scene, current=True), c.trick))
        if c.last_trick is not None:
            rows.append((c.last_trick.label, self._trick(c.last_trick, scene, current=False),
                         c.last_trick))
        for pile in c.piles:
            rows.append((pile.label, self._pile(pile), pile))
        full: list[list[str]] = []
        short: list[str] = []
        label_w = max((width_of(label) for label, _, _ in rows), default=0) + 1
        for label, value, heap in rows:
            head = "  " + pad(self.fill(label) + ":", label_w) + " "
            full.append(wrap(value, self.width, head, " " * width_of(head)))
            if isinstance(heap, TrickScene) and len(full[-1]) > 1:
                short.append(self._trick_line(head, heap, scene, heap is c.trick)
                             or self._one_line(head, full[-1], None))
            else:
                short.append(self._one_line(head, full[-1],
                                            heap if isinstance(heap, PileScene) else None))
        return full, short, [wrap(self.fill(line), self.width, "  ", "    ") for line in c.lines]

    def _one_line(self, head: str, lines: list[str], pile: PileScene | None) -> str:
        """A centre row cut to one line: a pile's count and newest cards, else the start
        of the row; ``…`` marks the cut."""
        if len(lines) <= 1:
            return lines[0] if lines else head
        if pile is not None and pile.cards:
            room = self.width - width_of(head) - 2
            shown: list[str] = []
            for code in reversed(pile.cards):
                face = self.card(code)
                if sum(width_of(f) + 1 for f in shown) + width_of(face) > room:
                    break
                shown.insert(0, face)
            return head + "… " + " ".join(shown)
        words = lines[0].split(" ")
        while len(words) > 1 and width_of(" ".join(words)) + 2 > self.width:
            words.pop()
        return " ".join(words) + " …"

    def _trick_line(self, head: str, t: TrickScene, scene: Scene, current: bool) -> str | None:
        """A trick on one line, its end (who won it, who plays next) always said: the
        names without their "(AI, normal)" first, then the last plays give way (``…``).
        None if even that does not fit."""
        for shown in range(len(t.plays), -1, -1):
            line = (head + self._trick(t, scene, current, short=True, shown=shown)).replace(
                GLUE, " ")
            if width_of(line) <= self.width:
                return line
        return None

    def _short_name(self, seat: int) -> str:
        """A seat's name without its parenthesis ("Ada" for "Ada (AI, normal)"), where no
        other seat has the same short name; styled as ``name``."""
        def short(i: int) -> str:
            return re.sub(r"\s*\(.*\)$", "", text.name_of(self.names, i)) or text.name_of(
                self.names, i)
        mine = short(seat)
        if sum(1 for i in range(len(self.names)) if short(i) == mine) > 1:
            return self.name(seat)
        return self.style.paint(mine, BOLD, CYAN if seat == self.viewer else "")

    def _trick(self, t: TrickScene, scene: Scene, current: bool, short: bool = False,
               shown: int | None = None) -> str:
        """The trick's plays and its end; ``short``: names without their parenthesis,
        ``shown``: only the first plays, ``…`` for the rest."""
        name = self._short_name if short else self.name
        plays = []
        for p in t.plays[:shown]:
            bit = f"{name(p.seat)}:{GLUE}{self.cards(p.cards)}"
            if p.note:
                bit += f" ({self.fill(p.note)})"
            plays.append(bit)
        if shown is not None and shown < len(t.plays):
            plays.append("…")
        _ = self._
        s = ", ".join(plays)
        if t.winner is not None:
            s += " - " + _("won by {who}", who=name(t.winner))
        if current:
            if not t.plays and t.to_lead is not None:
                s = _("{who} to lead", who=name(t.to_lead))
            elif not t.plays and scene.to_move is not None:
                s = _("{who} to lead", who=name(scene.to_move))
            elif scene.to_move is not None:
                s += "; " + _("{who} to play", who=name(scene.to_move))
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

    def _hand(self, scene: Scene, gap: Sequence[str] = ("",), compact: bool = False,
              private: bool = True) -> list[str]:
        h = scene.hand
        assert h is not None  # drawn only for a scene with the viewer's hand
        n = len(h.cards)
        out = [*gap, self.heading(self._("Your hand ({cards})",
                                       cards=self.lang.n_("{n} card", "{n} cards", n)))]
        groups = h.groups or (((self._("Cards"), h.cards),) if h.cards else ())
        if compact and h.cards:   # beside the heading, the suits side by side
            out[-1:] = wrap(out[-1] + "  " + "  ".join(self.cards(cards) for _, cards in groups),
                            self.width, "", "  ")
            groups = ()
        label_w = max((width_of(g) for g, _ in groups), default=0) + 1
        for label, cards in groups:
            head = "  " + pad(label + ":", label_w) + " "
            out += wrap(self.cards(cards), self.width, head, " " * width_of(head))
        if not h.cards:
            out.append("  (" + self._("no cards") + ")")
        for line in h.lines if private else ():
            out += wrap(self.fill(line), self.width, "  ", "    ")
        return out
