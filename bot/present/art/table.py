"""The table picture for the public board, drawn from the spectator's scene only.

Bands from top to bottom: the header (title, phase, headline facts), the table
(seats round an oval with their names, scores, facts and hands as backs; the
trick in progress, each card in front of whoever played it; the centre piles
when no trick is being played; the trump or turn-up card), and the footer (the
last trick, smaller, with who played what; the centre's sentences; the
recent events).  The seat to move is drawn in gold.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace
from functools import lru_cache

from PIL import Image, ImageDraw

from bot import plugins
from bot.i18n import EN, LANGUAGES, Lang, lang_for

from .. import text as tx
from ..scene import PileScene, Scene, SeatScene, TrickScene
from . import indexed
from . import sprites as sp
from .canvas import Box, Canvas, Layout
from .encode import mapped

WIDTH = 1000
TABLE_H = 470
FELT = (30, 92, 60)
FELT_RIM = (22, 70, 46)
BAND = (20, 34, 27)
SEAT_BG = (244, 241, 232)
TURN_BG = (255, 232, 150)
TURN_EDGE = (232, 170, 0)
INK = (30, 30, 30)
SOFT = (90, 90, 90)
LIGHT = (225, 232, 226)
SEAT_W, SEAT_H = 232, 100
FOLDED_BG = (24, 40, 30)      # the "+n" badge before a folded fan
RESULT_BG = (250, 246, 230)   # the result's box over the felt


def seat_centres(n: int, top: int) -> list[tuple[float, float]]:
    """Seat 0 at the bottom, the others clockwise round the oval."""
    cx, cy = WIDTH / 2, top + TABLE_H / 2
    rx, ry = WIDTH / 2 - 122, TABLE_H / 2 - SEAT_H / 2 - 6
    out = []
    for i in range(n):
        a = math.pi / 2 + 2 * math.pi * i / n
        out.append((cx + rx * math.cos(a), cy + ry * math.sin(a)))
    return out


def render_table(scene: Scene, names: Sequence[str] | None = None, *,
                 on_palette: bool = True) -> tuple[Image.Image, Layout]:
    """The board picture of a spectator's ``scene`` and where everything went: drawn on
    the shared palette (``indexed``), or with ``on_palette=False`` in RGB (the tests
    compare the two)."""
    if scene.viewer is not None or scene.hand is not None:
        raise ValueError("the table picture is drawn from the spectator's scene only")
    names = names or [s.name for s in scene.seats]
    deck = plugins.engine(scene.game).deck
    header = _header_lines(scene)
    header_h = 48 + 24 * len(header)
    cv = Canvas(_on_palette(header_h) if on_palette else _background(header_h), BAND, deck,
                names)
    cv.lang = scene.lang
    top = header_h
    _draw_header(cv, scene, header)
    centres = seat_centres(len(scene.seats), top)
    for seat, centre in zip(scene.seats, centres, strict=True):
        _draw_seat(cv, seat, centre, header_h)
    table_centre = (WIDTH / 2, top + TABLE_H / 2)
    c = scene.centre
    if c.trick is not None:
        _draw_trick(cv, c.trick, centres, table_centre)
    else:
        _draw_piles(cv, c.piles, table_centre, len(scene.seats))
    _draw_turn_up(cv, scene, top)
    if scene.result is not None:
        _draw_result(cv, scene, table_centre)
    bottom = _draw_footer(cv, scene, top + TABLE_H)
    cv.crop(bottom + 12)
    return cv.img, cv.layout


@lru_cache(maxsize=8)
def _background(header_h: int) -> Image.Image:
    """The bands and the felt, drawn once per header height and copied for each picture."""
    img = Image.new("RGB", (WIDTH, header_h + TABLE_H + _FOOTER_MAX), BAND)
    d = ImageDraw.Draw(img)
    d.rectangle((0, header_h, WIDTH, header_h + TABLE_H), fill=FELT_RIM)
    d.rounded_rectangle((14, header_h + 10, WIDTH - 14, header_h + TABLE_H - 10), radius=150,
                        fill=FELT)
    return img


@lru_cache(maxsize=8)
def _on_palette(header_h: int) -> Image.Image:
    """``_background`` mapped onto the shared palette, with the colours drawn over large
    areas (``indexed.GROUNDS``): its own, a folded pile's badge, the result's box."""
    return indexed.with_grounds(mapped(_background(header_h)),
                                (BAND, FELT, FELT_RIM, FOLDED_BG, RESULT_BG))


# -- header ----------------------------------------------------------------------------


def _header_lines(scene: Scene) -> list[list[str]]:
    """Headline facts packed a few to a line (a rough fit; long values wrap alone)."""
    lines: list[list[str]] = []
    width = 0
    for f in scene.headline:
        item = f"{f.label}: {f.value}"
        size = len(tx.TOKEN.sub("XXXX", item))
        if lines and width + size < 95:
            lines[-1].append(item)
            width += size + 4
        else:
            lines.append([item])
            width = size
    return lines[:4]


def _draw_header(cv: Canvas, scene: Scene, lines: list[list[str]]) -> None:
    title = f"{scene.title} - {tx.plain(scene.phase, cv.names, cv.deck)}"
    if scene.deal_no and not any(f.label in _DEAL_LABELS for f in scene.headline):
        title += " " + lang_for(scene.lang)._("(deal {n})", n=scene.deal_no)
    cv.text(16, 10, title, 24, bold=True, kind="title")
    y = 46
    for items in lines:
        cv.rich(16, y, "     ".join(items), 16, WIDTH - 32, fill=LIGHT, kind="headline",
                max_lines=1)
        y += 24


# -- seats -----------------------------------------------------------------------------


def _score_bits(seat: SeatScene, lang: Lang = EN) -> list[str]:
    bits = []
    if seat.score is not None:
        bits.append(lang._("score {score}", score=seat.score).capitalize()
                    if seat.score.lstrip("+-").isdigit() else seat.score)
    bits += [f"{f.label} {f.value}" for f in seat.facts]
    return bits


def _score_rows(cv: Canvas, seat: SeatScene, width: float) -> list[str]:
    """The seat's score and facts packed into at most two lines of ``width``."""
    font = sp.font(14)
    rows: list[str] = []
    for bit in _score_bits(seat, lang_for(cv.lang)):
        wider = f"{rows[-1]} · {bit}" if rows else bit
        if rows and font.getlength(tx.plain(wider, cv.names, cv.deck)) <= width:
            rows[-1] = wider
        elif len(rows) < 2:
            rows.append(bit)
        else:
            rows[-1] += " …"
            break
    return rows


def _fit(text: str, width: float, size: int) -> str:
    """``text`` cut with an ellipsis to fit ``width`` pixels.  (Text is measured by the
    font throughout: ``ImageDraw.textlength`` measures it unsmoothed, narrower, on a
    picture drawn on the palette.)"""
    font = sp.font(size)
    if font.getlength(text) <= width:
        return text
    while text and font.getlength(text + "…") > width:
        text = text[:-1]
    return text.rstrip(" ,") + "…"


_SEATS: dict[tuple, tuple[Image.Image, list[Box]]] = {}


def _draw_seat(cv: Canvas, seat: SeatScene, centre: tuple[float, float], header_h: int) -> None:
    """A seat's box, drawn once per look and position and pasted while it stays the same."""
    x, y = round(centre[0] - SEAT_W / 2), round(centre[1] - SEAT_H / 2)
    key = (seat, tuple(cv.names), cv.deck.name, x, y, header_h, cv.img.mode)
    got = _SEATS.get(key)
    if got is None:
        area = (x - 4, y - 4, x + SEAT_W + 5, y + SEAT_H + 5)
        sub = Canvas(_background(header_h).crop(area), None, cv.deck, cv.names)
        sub.lang = cv.lang
        _seat_panel(sub, seat, 4, 4)
        if len(_SEATS) > 120:  # each move changes a seat or two: keep the cache bounded
            _SEATS.clear()
        seat_img = mapped(sub.img) if cv.img.mode == "P" else sub.img
        got = _SEATS[key] = (seat_img, sub.layout.boxes)
    img, boxes = got
    cv.img.paste(img, (x - 4, y - 4))
    cv.layout.boxes.extend(replace(b, x=b.x + x - 4, y=b.y + y - 4) for b in boxes)


def _seat_panel(cv: Canvas, seat: SeatScene, x: float, y: float) -> None:
    turn = seat.to_move
    cv.draw.rounded_rectangle((x, y, x + SEAT_W, y + SEAT_H), radius=10,
                              fill=TURN_BG if turn else SEAT_BG,
                              outline=TURN_EDGE if turn else (150, 150, 140),
                              width=5 if turn else 2)
    cv.record("seat", x, y, SEAT_W, SEAT_H, seat.index)
    text_w = SEAT_W - 66
    name = seat.name if sp.font(19).getlength(seat.name) < text_w \
        else seat.name[:14] + "…"
    cv.text(x + 10, y + 8, name, 19, INK, kind="name", seat=seat.index, bold=True)
    # The score and facts on two lines at most, broken between facts, never inside one
    # (a Russian "Норма 5 взяток" is twice as wide as "Quota 5").
    for row, line in enumerate(_score_rows(cv, seat, text_w)):
        cv.rich(x + 10, y + 34 + 22 * row, line, 14, text_w, fill=INK, kind="score",
                seat=seat.index, max_lines=1)
    under = []
    if turn:
        under.append(lang_for(cv.lang)._("to play"))
    under += [tx.plain(r, cv.names, cv.deck) for r in seat.roles]
    if seat.status:
        under.append(tx.plain(seat.status, cv.names, cv.deck))
    if under:
        said = ", ".join(under)
        size = 14 if sp.font(14).getlength(said) <= SEAT_W - 20 else 12
        cv.text(x + 10, y + 78 + (14 - size), _fit(said, SEAT_W - 20, size), size,
                (150, 90, 0) if turn else SOFT, kind="status", seat=seat.index)
    if seat.hand_count is not None:
        _draw_backs(cv, seat, x + SEAT_W - 58, y + 8)


def _draw_backs(cv: Canvas, seat: SeatScene, x: float, y: float) -> None:
    """The hand as a small fan of backs with its count."""
    shown = min(seat.hand_count or 0, 4)
    for k in range(shown):
        cv.card(None, "tiny", x + k * 6, y, "backs", seat.index)
    count = seat.hand_count or 0
    cv.text(x + 24, y + 56, lang_for(cv.lang).n_("{n} card", "{n} cards", count), 13, INK,
            kind="hand-count", seat=seat.index, anchor="ma")


# -- the centre ------------------------------------------------------------------------


def _in_front(seat: tuple[float, float], centre: tuple[float, float], w: int,
              h: int) -> tuple[float, float]:
    """Where a card a seat plays lies: just off its box, on the side facing the middle
    (above or below the box for seats at the top and bottom, beside it otherwise)."""
    dx, dy = centre[0] - seat[0], centre[1] - seat[1]
    if abs(dy) > 0.75 * math.hypot(dx / 2.1, dy):  # top or bottom of the oval
        return seat[0] + dx * 0.3, seat[1] + math.copysign(SEAT_H / 2 + h / 2 + 8, dy)
    return seat[0] + math.copysign(SEAT_W / 2 + w / 2 + 12, dx), seat[1] + dy * 0.3


def _draw_trick(cv: Canvas, trick: TrickScene, centres, table_centre) -> None:
    w, h = sp.size_of("table")
    label = trick.label
    if not trick.plays and trick.to_lead is not None:
        label += f" - {tx.name_of(cv.names, trick.to_lead)} to lead"
    cv.text(table_centre[0], table_centre[1], label, 17, LIGHT, kind="trick-label",
            anchor="mm", bold=True)
    for play in trick.plays:
        px, py = _in_front(centres[play.seat], table_centre, w, h)
        n = len(play.cards)
        left = px - (w + (n - 1) * 24) / 2
        for k, code in enumerate(play.cards):
            cv.card(code, "table", left + 24 * k, py - h / 2, "trick-card", play.seat)
        if play.note:
            cv.text(px, py + h / 2 + 2, tx.plain(play.note, cv.names, cv.deck), 13, LIGHT,
                    kind="trick-note", seat=play.seat, anchor="ma")


# Pile labels as the presenters give them, in every language (a scene's words are translated).
_MAIN_PILES = {lang_for(code)._(label) for code in LANGUAGES
               for label in ("Pile", "Centre", "Turn-up", "Centre card")}
_DEAL_LABELS = {lang_for(code)._(label) for code in LANGUAGES
                for label in ("Deal", "Hand", "Round")}
_STEP = {"table": 24, "small": 18}
_PILE_GAP = 28
_PILE_MIN = 110
_MIN_SQUEEZE = 1.0    # a covered "10" needs the whole step: fold rather than squeeze
_FOLDED = 38          # the room of the "+n" badge before a folded fan


def _pile_size(pile: PileScene) -> str:
    return "table" if pile.cards and pile.label in _MAIN_PILES else "small"


def _pile_width(pile: PileScene, squeeze: float = 1.0, shown: int | None = None) -> float:
    size = _pile_size(pile)
    w = sp.size_of(size)[0]
    if pile.cards:
        n = len(pile.cards) if shown is None else shown
        return w + (n - 1) * _STEP[size] * squeeze + (_FOLDED if n < len(pile.cards) else 0)
    return w + 8 if pile.face_down else 0


def _draw_piles(cv: Canvas, piles: Sequence[PileScene], table_centre, n_seats: int) -> None:
    """The piles in one row across the middle of the table, fans squeezed to fit.

    A fan is squeezed only while every covered card's index stays readable (a "10"
    needs most of a step); past that the oldest cards of the longest fan fold under a
    "+n" mark, so what is drawn is always legible."""
    shown = [p for p in piles if p.cards or p.face_down]
    if not shown:
        return
    room = 420 if n_seats >= 5 else 500
    counts = [len(p.cards) for p in shown]

    def total(squeeze: float) -> float:
        return sum(max(_pile_width(p, squeeze, n), _PILE_MIN) for p, n in zip(shown, counts,
                                                                             strict=True)) \
            + _PILE_GAP * (len(shown) - 1)
    squeeze = 1.0
    while squeeze > _MIN_SQUEEZE and total(squeeze) > room:
        squeeze -= 0.05
    while total(squeeze) > room and max(counts) > 2:
        counts[counts.index(max(counts))] -= 1
    widths = [max(_pile_width(p, squeeze, n), _PILE_MIN) for p, n in zip(shown, counts,
                                                                         strict=True)]
    x = table_centre[0] - (sum(widths) + _PILE_GAP * (len(shown) - 1)) / 2
    y = table_centre[1] - 72
    for p, n, w in zip(shown, counts, widths, strict=True):
        _draw_pile(cv, p, x, y, squeeze, w, n)
        x += w + _PILE_GAP


def _draw_pile(cv: Canvas, pile: PileScene, x: float, y: float, squeeze: float = 1.0,
               width: float = 140, shown: int | None = None) -> None:
    size = _pile_size(pile)
    x0 = x
    cv.text(x, y - 22, pile.label, 16, WHITE_ISH, kind="pile-label", bold=True)
    if pile.cards:
        cards = pile.cards if shown is None else pile.cards[len(pile.cards) - shown:]
        folded = len(pile.cards) - len(cards)
        if folded:   # the oldest cards lie under the fan: a badge says how many
            h = sp.size_of(size)[1]
            cv.draw.rounded_rectangle((x, y + h * 0.3, x + _FOLDED - 6, y + h * 0.7),
                                      radius=6, fill=cv.ink(FOLDED_BG),
                                      outline=cv.ink(WHITE_ISH), width=2)
            # two digits smaller, inside the badge's border rather than over it
            cv.text(x + (_FOLDED - 6) / 2, y + h * 0.5 - 5, f"+{folded}",
                    14 if folded < 10 else 12, WHITE_ISH, kind="pile-folded", bold=True,
                    anchor="mm")
            x += _FOLDED
        step = _STEP[size] * squeeze
        for k, code in enumerate(cards):
            cv.card(code, size, x + k * step, y, "pile-card")
    elif pile.face_down:
        for k in range(min(pile.face_down, 3)):
            cv.card(None, size, x + 4 * k, y - 2 * k, "pile-back")
    h = sp.size_of(size)[1]
    note = pile.note or ""
    if not pile.cards and pile.face_down and not any(ch.isdigit() for ch in note):
        note = (note + " - " if note else "") + lang_for(cv.lang).n_(
            "{n} card face down", "{n} cards face down", pile.face_down)
    if note:
        cv.rich(x0, y + h + 4, note, 13, width, fill=LIGHT, kind="pile-note", max_lines=3)


WHITE_ISH = (245, 245, 235)


def _turn_up_codes(scene: Scene) -> list[tuple[str, str]]:
    """(label, code) of cards named in the headline: the trump or turn-up card."""
    return [(f.label, code) for f in scene.headline for code in tx.cards_in(f.value)][:1]


def _turn_up_place(n_seats: int, top: int) -> tuple[float, float]:
    """Top-right inside the felt's rounded corner; at the top centre when a seat's box
    sits in that corner and the top centre is free (three players)."""
    w, h = sp.size_of("small")
    x, y = WIDTH - w - 74, top + 42
    if n_seats == 3:
        return WIDTH / 2 - w / 2, top + 30
    return x, y


def _draw_turn_up(cv: Canvas, scene: Scene, top: int) -> None:
    for label, code in _turn_up_codes(scene):
        w, h = sp.size_of("small")
        x, y = _turn_up_place(len(scene.seats), top)
        cv.card(code, "small", x, y, "turn-up")
        cv.text(x + w / 2, y + h + 4, label, 15, WHITE_ISH, kind="turn-up-label",
                anchor="ma", bold=True)


def _draw_result(cv: Canvas, scene: Scene, table_centre) -> None:
    assert scene.result is not None  # drawn only for a finished game
    lines = scene.result.lines[:6]
    w, h = 400, 50 + 28 * len(lines)
    x, y = table_centre[0] - w / 2, table_centre[1] - h / 2
    cv.draw.rounded_rectangle((x, y, x + w, y + h), radius=12, fill=cv.ink(RESULT_BG),
                              outline=cv.ink(TURN_EDGE), width=4)
    cv.text(table_centre[0], y + 12, lang_for(scene.lang)._("Game over"), 20, INK,
            kind="result", anchor="ma",
            bold=True)
    yy = y + 44
    for line in lines:
        cv.rich(x + 20, yy, line, 17, w - 40, fill=INK, kind="result-line", max_lines=1)
        yy += 28


# -- footer ----------------------------------------------------------------------------

_RECENT = 4
_FOOTER_MAX = 320


def _footer_lines(scene: Scene) -> list[str]:
    return list(scene.centre.lines[-4:]) + list(scene.events[-_RECENT:])


def _draw_footer(cv: Canvas, scene: Scene, top: int) -> float:
    """Draw the footer; return the lowest y drawn."""
    x: float = 16
    low = top + 48.0
    last = scene.centre.last_trick
    if last is not None:
        x = _draw_last_trick(cv, last, x, top + 12) + 24
        low = top + 12 + 30 + sp.size_of("small")[1] + 20
    if scene.centre.trick is not None:
        for pile in scene.centre.piles:
            if pile.cards or pile.face_down:
                _draw_pile(cv, pile, x, top + 38, width=max(_pile_width(pile), 150))
                x += max(_pile_width(pile), 150) + 24
                low = max(low, top + 38 + sp.size_of("small")[1] + 44)
    y: float = top + 12
    width = WIDTH - 16 - x
    for line in scene.centre.lines[-4:]:
        y = cv.rich(x, y, line, 15, width, fill=WHITE_ISH, kind="centre-line", max_lines=1)
    if scene.events:
        cv.text(x, y + 2, lang_for(scene.lang)._("Recent"), 14, (170, 190, 175),
                kind="recent-label", bold=True)
        y += 24
        for event in scene.events[-_RECENT:]:
            y = cv.rich(x, y, event, 15, width, fill=LIGHT, kind="event", max_lines=2)
    return max(low, y)


def _draw_last_trick(cv: Canvas, trick: TrickScene, x: float, y: float) -> float:
    label = trick.label
    if trick.winner is not None:
        label += " - " + lang_for(cv.lang)._("won by {who}",
                                              who=tx.name_of(cv.names, trick.winner))
    cv.text(x, y, label, 15, WHITE_ISH, kind="last-label", bold=True)
    w, h = sp.size_of("small")
    cx = x
    for play in trick.plays:
        for code in play.cards:
            cv.card(code, "small", cx, y + 26, "last-card", play.seat)
            cx += w + 4
        name = tx.name_of(cv.names, play.seat)
        cv.text(cx - 4 - (w + 4) * (len(play.cards) - 1) / 2 - w / 2, y + 30 + h, name[:7], 13,
                LIGHT, kind="last-name", seat=play.seat, anchor="ma")
    return max(cx, x + sp.font(15).getlength(label))
