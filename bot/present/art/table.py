"""The table picture for the public board, drawn from the spectator's scene only.

Bands from top to bottom: the header (title, phase, headline facts; at the end
of a game the result), the table (seats round an oval with their names, scores,
facts and hands as backs; the trick in progress, each card in front of whoever
played it; the centre piles when no trick is being played; the trump or turn-up
card), and the footer (the last trick, smaller, with who played what; the
centre's sentences; the recent events).  The seat to move is drawn in gold.
Every box is recorded with the part it belongs to, so ``tests/art_layout.py``
can check that texts stay in their boxes and cards off the seats.
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
from .canvas import Box, Canvas, Layout, fit, ink_width
from .encode import mapped

WIDTH = 1000
TABLE_H = 490
FELT = (30, 92, 60)
FELT_RIM = (22, 70, 46)
BAND = (20, 34, 27)
SEAT_BG = (244, 241, 232)
TURN_BG = (255, 232, 150)
TURN_EDGE = (232, 170, 0)
INK = (30, 30, 30)
SOFT = (90, 90, 90)
LIGHT = (225, 232, 226)
SEAT_W, SEAT_H = 232, 118
FOLDED_BG = (24, 40, 30)      # the "+n" badge before a folded fan
RESULT_BG = (250, 246, 230)   # the result's box under the header


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
    head_h = 48 + 24 * len(header)
    result = _result_rows(scene, deck, names)
    header_h = head_h + (_result_height(result) + 12 if result else 0)
    cv = Canvas(_on_palette(header_h) if on_palette else _background(header_h), BAND, deck,
                names)
    cv.lang = scene.lang
    top = header_h
    with cv.part("header"):
        _draw_header(cv, scene, header)
    if result:
        with cv.part("result"):
            _draw_result(cv, scene, result, head_h)
    centres = seat_centres(len(scene.seats), top)
    for seat, centre in zip(scene.seats, centres, strict=True):
        _draw_seat(cv, seat, centre, header_h)
    table_centre = (WIDTH / 2, top + TABLE_H / 2)
    c = scene.centre
    spill: list[str] = []   # pile captions too long for the felt: said in the footer
    if c.trick is not None:
        _draw_trick(cv, c.trick, centres, table_centre)
    elif (final := _final_trick(scene)) is not None:   # the game's last trick, on the table
        _draw_trick(cv, final, centres, table_centre, _won_by(cv, final))
    else:
        _draw_piles(cv, c.piles, table_centre, spill)
    with cv.part("turn-up"):
        _draw_turn_up(cv, scene, top)
    bottom = _draw_footer(cv, scene, top + TABLE_H, spill)
    cv.crop(bottom + 12)
    # The three bands, for the layout check: whatever is drawn lies inside one of them.
    for group, y0, y1 in (("header", 0, top), ("table", top, top + TABLE_H),
                          ("footer", top + TABLE_H, cv.layout.height)):
        with cv.part(group):
            cv.record("band", 0, y0, WIDTH, y1 - y0, key=group)
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


SCORE_ROWS = 3


def _score_rows(cv: Canvas, seat: SeatScene, width: float) -> list[str]:
    """The seat's score and facts packed into at most three lines of ``width``, broken
    between facts, never inside one (a fact goes on the first line with room for it);
    facts that find no room leave an ellipsis."""
    def fits(row: str) -> bool:
        return ink_width(tx.plain(row, cv.names, cv.deck), 14) <= width

    rows: list[str] = []
    for bit in _score_bits(seat, lang_for(cv.lang)):
        room = next((k for k, row in enumerate(rows) if fits(f"{row} · {bit}")), None)
        if room is not None:
            rows[room] = f"{rows[room]} · {bit}"
        elif len(rows) < SCORE_ROWS:
            rows.append(bit)
        else:   # more facts than room: say so on the last line
            while not fits(f"{rows[-1]} …") and " · " in rows[-1]:
                rows[-1] = rows[-1].rsplit(" · ", 1)[0]
            rows[-1] += " …"
            break
    return rows


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
        with sub.part(f"seat {seat.index}"):
            _seat_panel(sub, seat, 4, 4)
        if len(_SEATS) > 120:  # each move changes a seat or two: keep the cache bounded
            _SEATS.clear()
        seat_img = mapped(sub.img) if cv.img.mode == "P" else sub.img
        got = _SEATS[key] = (seat_img, sub.layout.boxes)
    img, boxes = got
    cv.img.paste(img, (x - 4, y - 4))
    cv.layout.boxes.extend(replace(b, x=b.x + x - 4, y=b.y + y - 4) for b in boxes)


NAME_SIZES = (19, 17)   # a seat's name: smaller before it is cut
BACKS_W = 58            # the hand's column at the right of a seat's box


def _seat_panel(cv: Canvas, seat: SeatScene, x: float, y: float) -> None:
    """A seat's box: the name across the top, the score and facts on the left with the
    hand (backs and count) beside them, then roles and status across the bottom."""
    turn = seat.to_move
    cv.draw.rounded_rectangle((x, y, x + SEAT_W, y + SEAT_H), radius=10,
                              fill=TURN_BG if turn else SEAT_BG,
                              outline=TURN_EDGE if turn else (150, 150, 140),
                              width=5 if turn else 2)
    cv.record("seat", x, y, SEAT_W, SEAT_H, seat.index)
    wide = SEAT_W - 20
    size = next((s for s in NAME_SIZES if ink_width(seat.name, s, True) <= wide),
                NAME_SIZES[-1])
    cv.text(x + 10, y + 8 + (19 - size), seat.name, size, INK, kind="name", seat=seat.index,
            bold=True, width=wide)
    text_w = SEAT_W - 20 - BACKS_W - 8 if seat.hand_count is not None else wide
    for row, line in enumerate(_score_rows(cv, seat, text_w)):
        # one fact wider than the column ("Обменял(а) 4 карты") is drawn smaller, not cut
        size = 14 if cv.lines_of(line, 14, text_w) == 1 else 12
        cv.rich(x + 10, y + 36 + 20 * row + (14 - size), line, size, text_w, fill=INK,
                kind="score", seat=seat.index, max_lines=1)
    under = []
    if turn:
        under.append(lang_for(cv.lang)._("to play"))
    under += [tx.plain(r, cv.names, cv.deck) for r in seat.roles]
    if seat.status:
        under.append(tx.plain(seat.status, cv.names, cv.deck))
    if under:
        said = ", ".join(under)
        size = 14 if ink_width(said, 14) <= wide else 12
        cv.text(x + 10, y + 96 + (14 - size), said, size, (150, 90, 0) if turn else SOFT,
                kind="status", seat=seat.index, width=wide)
    if seat.hand_count is not None:
        _draw_backs(cv, seat, x + SEAT_W - 10 - BACKS_W + 4, y + 36)


def _draw_backs(cv: Canvas, seat: SeatScene, x: float, y: float) -> None:
    """The hand as a small fan of backs with its count."""
    shown = min(seat.hand_count or 0, 4)
    for k in range(shown):
        cv.card(None, "tiny", x + k * 6, y, "backs", seat.index)
    count = seat.hand_count or 0
    cv.text(x + 24, y + 43, lang_for(cv.lang).n_("{n} card", "{n} cards", count), 13, INK,
            kind="hand-count", seat=seat.index, anchor="ma")


# -- the centre ------------------------------------------------------------------------


def _in_front(seat: tuple[float, float], centre: tuple[float, float], w: float,
              h: float) -> tuple[float, float, bool]:
    """Where a card a seat plays lies: just off its box, on the side facing the middle
    (above or below the box for seats at the top and bottom, beside it otherwise); and
    whether the seat is at the top or bottom."""
    dx, dy = centre[0] - seat[0], centre[1] - seat[1]
    if abs(dy) > 0.75 * math.hypot(dx / 2.1, dy):  # top or bottom of the oval
        return seat[0] + dx * 0.3, seat[1] + math.copysign(SEAT_H / 2 + h / 2 + 8, dy), True
    return seat[0] + math.copysign(SEAT_W / 2 + w / 2 + 12, dx), seat[1] + dy * 0.3, False


def _final_trick(scene: Scene) -> TrickScene | None:
    """At the end of a game the last trick lies on the table (not in the footer)."""
    c = scene.centre
    if scene.result is not None and c.trick is None and c.last_trick is not None \
            and c.last_trick.plays and not any(p.cards or p.face_down for p in c.piles):
        return c.last_trick
    return None


def _draw_trick(cv: Canvas, trick: TrickScene, centres, table_centre,
                under: str | None = None) -> None:
    """The trick's cards, each play in front of its player, and in the middle its label
    with ``under`` it (who won it, or who leads), between the seat boxes and the plays."""
    w, h = sp.size_of("table")
    if under is None and not trick.plays and trick.to_lead is not None:
        under = lang_for(cv.lang)._("{who} to lead", who=tx.name_of(cv.names, trick.to_lead))
    mid_x, mid_y = table_centre
    taken = list(cv.layout.of("seat"))
    top = mid_y - TABLE_H / 2
    spots = []
    for play in trick.plays:
        wide = w + (len(play.cards) - 1) * 24
        tall = h + (18 if play.note else 0)
        px, py, ends = _in_front(centres[play.seat], table_centre, wide, h)
        # Five seats crowd the oval: slide a play along its seat's side (away from the
        # middle first) until it covers no seat or other play.
        away = (math.copysign(1, centres[play.seat][0] - mid_x) if ends
                else math.copysign(1, centres[play.seat][1] - mid_y))
        for shift in (sign * step for step in range(0, 126, 6) for sign in (away, -away)):
            cx, cy = (px + shift, py) if ends else (px, py + shift)
            spot = Box("play", round(cx - wide / 2), round(cy - h / 2), round(wide),
                       round(tall))
            inside = top + 12 <= spot.y and spot.y + spot.h <= top + TABLE_H - 12
            if inside and not any(spot.meets(b) for b in taken):
                px, py = cx, cy
                break
        taken.append(Box("play", round(px - wide / 2), round(py - h / 2), round(wide),
                         round(tall)))
        spots.append((play, (px, py)))
    # The label goes where it covers no play: the middle, or the nearest free place.
    left, right = _row_room(cv, mid_y - 20, mid_y + 20)
    room = 2 * min(mid_x - left, right - mid_x)
    under = fit(under, room, 14) if under else None
    lines = [(trick.label, 17, True)] + ([(under, 14, False)] if under else [])
    dx, dy = next((d for d in _LABEL_MOVES if _label_fits(lines, mid_x + d[0], mid_y + d[1],
                                                          taken, top)), (0, 0))
    if (dx, dy) == (0, 0) and under and not _label_fits(lines, mid_x, mid_y, taken, top):
        lines = lines[:1]   # no room for two lines among five plays: the label alone
        dx, dy = next((d for d in _LABEL_MOVES
                       if _label_fits(lines, mid_x + d[0], mid_y + d[1], taken, top)), (0, 0))
    with cv.part("trick-label"):
        y = mid_y + dy - 9 * (len(lines) - 1)
        for (text, size, bold), kind in zip(lines, ("trick-label", "trick-under"),
                                            strict=False):
            cv.text(mid_x + dx, y, text, size, LIGHT, kind=kind, anchor="mm", bold=bold)
            y += 20
    for play, at in spots:
        with cv.part(f"play {play.seat}"):
            _draw_play(cv, play, at)


# Where the trick's label may move from the middle, nearest first.
_LABEL_MOVES = sorted(((dx, dy) for dx in range(-300, 301, 20) for dy in range(-96, 97, 4)),
                      key=lambda d: math.hypot(*d))


def _label_fits(lines: list[tuple[str, int, bool]], x: float, y: float, taken: list[Box],
                top: float) -> bool:
    """Whether the label's ``lines`` centred at (x, y) stay on the felt and off ``taken``."""
    y -= 9 * (len(lines) - 1)
    for text, size, bold in lines:
        mask, left, _top, advance = sp.text_mask(text, size, 1 if bold else 0)
        box = Box("label", round(x - advance / 2 + left), round(y - mask.height / 2),
                  mask.width, mask.height)
        if box.x < 40 or box.x + box.w > WIDTH - 40 or box.y < top + 14 \
                or box.y + box.h > top + TABLE_H - 14 or any(box.meets(b) for b in taken):
            return False
        y += 20
    return True


def _draw_play(cv: Canvas, play, at: tuple[float, float]) -> None:
    """One seat's cards of the trick in progress, centred on ``at``, and its note below."""
    w, h = sp.size_of("table")
    px, py = at
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


def _row_room(cv: Canvas, y0: float, y1: float,
              seats: Sequence[Box] | None = None) -> tuple[float, float]:
    """The stretch of the felt between the seat boxes beside the rows ``y0``-``y1``."""
    left, right = 30.0, WIDTH - 30.0
    for seat in cv.layout.of("seat") if seats is None else seats:
        if seat.y < y1 and y0 < seat.y + seat.h and not seat.x < WIDTH / 2 < seat.x + seat.w:
            if seat.centre[0] < WIDTH / 2:
                left = max(left, seat.x + seat.w + 14)
            else:
                right = min(right, seat.x - 14)
    return left, right


_ROW_ABOVE, _ROW_BELOW = 30, sp.size_of("table")[1] + 50   # a pile row: label, cards, caption


def _pile_row(cv: Canvas, table_centre) -> tuple[float, tuple[float, float]]:
    """Where the row of piles goes: the height (its cards' top) with the most room
    between the seat boxes beside it, clear of the seats above and below it (five seats
    leave the most room lower down), and that room."""
    mid_x, mid_y = table_centre
    top = mid_y - TABLE_H / 2
    seats = cv.layout.of("seat")
    across = [b for b in seats if b.x < mid_x < b.x + b.w]  # top, bottom
    best: tuple[float, float, tuple[float, float]] | None = None
    for y in range(round(mid_y - 150), round(mid_y + 10), 4):
        y0, y1 = y - _ROW_ABOVE, y + _ROW_BELOW
        if y0 < top + 12 or y1 > top + TABLE_H - 12 \
                or any(b.y < y1 and y0 < b.y + b.h for b in across):
            continue
        room = _row_room(cv, y0, y1, seats)
        score = (room[1] - room[0], -abs(y - (mid_y - 72)))
        if best is None or score > best[:2]:
            best = (*score, room)
            at = y
    if best is None:
        return mid_y - 72, _row_room(cv, mid_y - 72 - _ROW_ABOVE, mid_y - 72 + _ROW_BELOW)
    return at, best[2]


def _draw_piles(cv: Canvas, piles: Sequence[PileScene], table_centre,
                spill: list[str]) -> None:
    """The piles in one row across the middle of the table, between the seat boxes beside
    it, fans squeezed to fit.

    A fan is squeezed only while every covered card's index stays readable (a "10"
    needs most of a step); past that the oldest cards of the longest fan fold under a
    "+n" mark, so what is drawn is always legible.  A caption longer than two lines
    under its pile goes to the footer (``spill``)."""
    shown = [p for p in piles if p.cards or p.face_down]
    if not shown:
        return
    y, (left, right) = _pile_row(cv, table_centre)
    room = right - left
    counts = [len(p.cards) for p in shown]

    def width(p: PileScene, squeeze: float, n: int) -> float:
        return max(_pile_width(p, squeeze, n), _PILE_MIN, ink_width(p.label, 16, True) + 4)

    def total(squeeze: float) -> float:
        return sum(width(p, squeeze, n) for p, n in zip(shown, counts, strict=True)) \
            + _PILE_GAP * (len(shown) - 1)
    squeeze = 1.0
    while squeeze > _MIN_SQUEEZE and total(squeeze) > room:
        squeeze -= 0.05
    while total(squeeze) > room and max(counts) > 2:
        counts[counts.index(max(counts))] -= 1
    widths = [width(p, squeeze, n) for p, n in zip(shown, counts, strict=True)]
    x = max(left, table_centre[0] - (sum(widths) + _PILE_GAP * (len(shown) - 1)) / 2)
    for k, (p, n, w) in enumerate(zip(shown, counts, widths, strict=True)):
        with cv.part(f"pile {k}"):
            _draw_pile(cv, p, x, y, squeeze, w, n, spill=spill)
        x += w + _PILE_GAP


PILE_NOTE_LINES = 2   # a pile's caption under it; a longer one goes to the footer


def _draw_pile(cv: Canvas, pile: PileScene, x: float, y: float, squeeze: float = 1.0,
               width: float = 140, shown: int | None = None, *,
               spill: list[str] | None = None) -> None:
    size = _pile_size(pile)
    x0 = x
    cv.text(x, y - 28, pile.label, 16, WHITE_ISH, kind="pile-label", bold=True)
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
    if note and spill is not None and cv.lines_of(note, 13, width) > PILE_NOTE_LINES:
        spill.append(lang_for(cv.lang)._("{pile} - {note}", pile=pile.label, note=note))
    elif note:
        cv.rich(x0, y + h + 4, note, 13, width, fill=LIGHT, kind="pile-note",
                max_lines=PILE_NOTE_LINES)


WHITE_ISH = (245, 245, 235)


def _turn_up_codes(scene: Scene) -> list[tuple[str, str]]:
    """(label, code) of cards named in the headline: the trump or turn-up card."""
    return [(f.label, code) for f in scene.headline for code in tx.cards_in(f.value)][:1]


def _turn_up_place(cv: Canvas, label: str, top: int) -> tuple[float, float]:
    """Top right inside the felt's rounded corner, or the nearest place along the top of
    the felt where the card and its label cover nothing drawn (a seat's box sits in
    that corner with three or six seats)."""
    w, h = sp.size_of("small")
    label_w = ink_width(label, 15, True)
    reach = top + 42 + h + 24
    taken = [b for b in cv.layout.boxes if b.kind != "band" and b.y < reach]
    spots = [(x, y) for y in (top + 42, top + 22) for x in range(WIDTH - w - 74, 60, -10)]
    for x, y in spots:
        card = Box("turn-up", x, y, w, h)
        under = Box("label", round(x + w / 2 - label_w / 2), y + h + 4, label_w, 20)
        if not any(b.meets(card) or b.meets(under) for b in taken):
            return x, y
    return WIDTH - w - 74, top + 42


def _draw_turn_up(cv: Canvas, scene: Scene, top: int) -> None:
    for label, code in _turn_up_codes(scene):
        w, h = sp.size_of("small")
        x, y = _turn_up_place(cv, label, top)
        cv.card(code, "small", x, y, "turn-up")
        cv.text(x + w / 2, y + h + 4, label, 15, WHITE_ISH, kind="turn-up-label",
                anchor="ma", bold=True)


RESULT_LINE = 17     # the size of the result's lines
RESULT_ROWS = 2      # lines one result line may take


def _result_rows(scene: Scene, deck, names: Sequence[str]) -> list[tuple[str, int]]:
    """The result's lines, each with the rows it takes in the result box (none before the
    game is over)."""
    if scene.result is None:
        return []
    measure = Canvas((1, 1), BAND, deck, names)
    return [(line, min(measure.lines_of(line, RESULT_LINE, WIDTH - 72), RESULT_ROWS))
            for line in scene.result.lines[:8]]


def _result_height(rows: list[tuple[str, int]]) -> int:
    return 46 + sum(n for _, n in rows) * (RESULT_LINE + 8) + 10


def _draw_result(cv: Canvas, scene: Scene, rows: list[tuple[str, int]], y: float) -> None:
    """The result under the header, across the picture: "Game over" and the ranked lines
    (the places and the scores), above the final table."""
    x, w, h = 16, WIDTH - 32, _result_height(rows)
    cv.draw.rounded_rectangle((x, y, x + w, y + h), radius=12, fill=cv.ink(RESULT_BG),
                              outline=cv.ink(TURN_EDGE), width=4)
    cv.record("result-box", x, y, w, h)
    cv.text(x + 20, y + 12, lang_for(scene.lang)._("Game over"), 20, INK, kind="result",
            bold=True)
    yy = y + 44
    for line, n in rows:
        yy = cv.rich(x + 20, yy, line, RESULT_LINE, w - 40, fill=INK, kind="result-line",
                     max_lines=n)


# -- footer ----------------------------------------------------------------------------

_RECENT = 4
_FOOTER_MAX = 560        # room for the last trick, then 4 lines and 4 events of two lines
FOOTER_LINES_MIN = 480   # the footer's lines go under the last trick rather than narrower


def _draw_footer(cv: Canvas, scene: Scene, top: int, spill: list[str]) -> float:
    """Draw the footer; return the lowest y drawn.  The lines go right of the last trick
    and the side piles, or under them when that leaves them too narrow."""
    x: float = 16
    low = top + 48.0
    last = scene.centre.last_trick
    if last is not None and _final_trick(scene) is None:
        with cv.part("last-trick"):
            x = _draw_last_trick(cv, last, x, top + 12) + 24
        low = top + 12 + 30 + sp.size_of("small")[1] + 20
    if scene.centre.trick is not None:
        for k, pile in enumerate(p for p in scene.centre.piles if p.cards or p.face_down):
            with cv.part(f"footer-pile {k}"):
                _draw_pile(cv, pile, x, top + 38, width=max(_pile_width(pile), 150),
                           spill=spill)
            x += max(_pile_width(pile), 150) + 24
            low = max(low, cv.layout.boxes[-1].y + cv.layout.boxes[-1].h + 8)
    y: float = top + 12
    if WIDTH - 16 - x < FOOTER_LINES_MIN:
        x, y = 16, low
    width = WIDTH - 16 - x
    with cv.part("footer-lines"):
        for line in spill + list(scene.centre.lines[-4:]):
            y = cv.rich(x, y, line, 15, width, fill=WHITE_ISH, kind="centre-line", max_lines=2)
        if scene.events:
            cv.text(x, y + 2, lang_for(scene.lang)._("Recent"), 14, (170, 190, 175),
                    kind="recent-label", bold=True)
            y += 24
            for event in scene.events[-_RECENT:]:
                y = cv.rich(x, y, event, 15, width, fill=LIGHT, kind="event", max_lines=2)
    return max(low, y)


LAST_NAME = 12      # the size of the names under the last trick
LAST_SLOT = 124     # the most a name under the last trick may take


def _last_slot(cv: Canvas, seat: int, cards: int, w: int) -> float:
    """The room of one play of the last trick: its cards, or its name when wider."""
    fan = cards * (w + 4) - 4
    name = ink_width(tx.name_of(cv.names, seat), LAST_NAME)
    return max(fan, min(name, LAST_SLOT)) + 10


def _won_by(cv: Canvas, trick: TrickScene) -> str | None:
    if trick.winner is None:
        return None
    return lang_for(cv.lang)._("won by {who}", who=tx.name_of(cv.names, trick.winner))


def _last_label(cv: Canvas, trick: TrickScene) -> str:
    won = _won_by(cv, trick)
    return trick.label if won is None else f"{trick.label} - {won}"


def _draw_last_trick(cv: Canvas, trick: TrickScene, x: float, y: float) -> float:
    """The last trick, each play over its player's name; return its right edge."""
    label = _last_label(cv, trick)
    cv.text(x, y, label, 15, WHITE_ISH, kind="last-label", bold=True, width=WIDTH - 32)
    w, h = sp.size_of("small")
    cx = x
    for play in trick.plays:
        slot = _last_slot(cv, play.seat, len(play.cards), w)
        fan = len(play.cards) * (w + 4) - 4
        mid = cx + (slot - 10) / 2
        for k, code in enumerate(play.cards):
            cv.card(code, "small", mid - fan / 2 + k * (w + 4), y + 26, "last-card", play.seat)
        cv.text(mid, y + 30 + h, tx.name_of(cv.names, play.seat), LAST_NAME, LIGHT,
                kind="last-name", seat=play.seat, anchor="ma", width=slot - 10)
        cx += slot
    return max(cx - 10, x + ink_width(label, 15, True))
