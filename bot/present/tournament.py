"""Tournaments in words and a picture: the sign-up, the standings, a round's tables, the
podium, and refusals - in the reader's language, from the core's ``TournamentInfo``."""

from __future__ import annotations

import io
from collections.abc import Sequence
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from ..core.tournament.model import Format, Table
from ..core.tournament.standings import Row
from ..core.tournaments import TournamentInfo
from ..i18n import N_, Lang
from .base import game_title

FORMAT_NAMES = {Format.SWISS: N_("Swiss"), Format.KNOCKOUT: N_("knockout"),
                Format.ROUND_ROBIN: N_("round robin")}
TIEBREAKS = {Format.SWISS: N_("Buchholz"), Format.ROUND_ROBIN: N_("Sonneborn-Berger")}
DUPLICATE_NOTE = N_("Duplicate deals: every table of a round plays the same cards from the "
                    "same seats, and each result is scored against the players who held the "
                    "same cards at the other tables.")
MEDALS = ("🥇", "🥈", "🥉")
# What the standings' numbers mean (3.25 points, a Buchholz of 7.38), one sentence each.
POINTS_NOTE = N_("Points: at each table the first takes 1 point, the last 0, and the places "
                 "between take equal steps (of 4 players: 1, 2/3, 1/3 and 0); tied places share "
                 "their points, and a bye is worth 1.")
TIEBREAK_NOTES = {
    Format.SWISS: N_("Buchholz, the tiebreak: the final points of a player's opponents "
                     "added up, each round's table counted as its average - the stronger the "
                     "opponents, the higher."),
    Format.ROUND_ROBIN: N_("Sonneborn-Berger, the tiebreak: each round's points times the "
                           "average final points of that table's other players, added up - "
                           "wins against strong players count most."),
}


def standings_notes(fmt: Format, duplicate: bool, lang: Lang) -> list[str]:
    """The sentences under a table of standings that say what its numbers mean."""
    if fmt is Format.KNOCKOUT:
        return []
    notes = [lang._(DUPLICATE_NOTE if duplicate else POINTS_NOTE)]
    if fmt in TIEBREAK_NOTES:
        notes.append(lang._(TIEBREAK_NOTES[fmt]))
    return notes

def headline(info: TournamentInfo, lang: Lang) -> str:
    """"Piquet tournament: Swiss, 4 rounds, live" and what else is set."""
    return lang._("{game} tournament: {details}", game=game_title(info.title, lang),
                  details=details(info, lang))


def details(info: TournamentInfo, lang: Lang) -> str:
    """"Swiss, 4 rounds, live" and what else is set."""
    t = info.state
    parts = [lang._(FORMAT_NAMES[t.fmt])]
    rounds = t.total_rounds() if t.rounds or t.fmt is not Format.SWISS else t.rounds_planned
    if rounds:
        parts.append(lang.n_("{n} round", "{n} rounds", rounds))
    parts.append(lang._("slow, a day a turn") if info.settings.get("pace") == "slow"
                 else lang._("live"))
    if t.duplicate:
        parts.append(lang._("duplicate deals"))
    if t.preferred and len(t.allowed) > 1:
        parts.append(lang.n_("{n} player a table", "{n} players a table", t.preferred))
    return ", ".join(parts)


def signup_text(info: TournamentInfo, lang: Lang, host_mention: str, *,
                checking: bool = False) -> str:
    t = info.state
    lines = [f"🏆 **{headline(info, lang)}**",
             lang._("Host: {host}.", host=host_mention)]
    at = info.settings.get("starts_at")
    if info.status == "signup":
        if at is not None:
            lines.append(lang._("Starts {when}, or earlier when the host starts it.",
                                when=f"<t:{int(at)}:R>"))
            minutes = info.settings.get("check_in")
            if checking:
                lines.append(lang._("Check-in is open: press **Check in**, or you will not be "
                                    "paired. Checked in: {n} of {total}.",
                                    n=len(t.checked_in), total=len(t.entrants)))
            elif minutes:
                lines.append(lang._("Check-in opens {when}; who has not checked in by the "
                                    "start is left out.",
                                    when=f"<t:{int(at - minutes * 60)}:R>"))
        else:
            lines.append(lang._("Starts when the host starts it ({command}).",
                                command=command(lang, "start")))
    elif info.status == "cancelled":
        lines.append(lang._("Cancelled."))
    else:
        lines.append(lang._("Entries are closed."))
    lines.append("")
    entrants = lang.n_("{n} entrant", "{n} entrants", len(t.entrants))
    lines.append(f"**{entrants}**")
    if t.entrants:
        for e in sorted(t.entrants, key=lambda e: (-e.rating, e.name)):
            gone = " - " + lang._("withdrawn") if e.id in t.withdrawn else ""
            mark = " ✅" if checking and e.id in t.checked_in else ""
            lines.append(f"• {escape(e.name)} ({round(e.rating)}){mark}{gone}")
    else:
        lines.append(lang._("Nobody yet: be the first."))
    if t.duplicate:
        lines += ["", lang._(DUPLICATE_NOTE)]
    return "\n".join(lines)


def standings_text(info: TournamentInfo, lang: Lang) -> str:
    t = info.state
    done = sum(1 for r in t.rounds if r.done)
    total = t.total_rounds()
    if info.status == "finished":
        title = lang._("Final standings")
    elif done == 0:
        title = lang._("Standings: round 1 of {total} is being played", total=total)
    else:
        title = lang._("Standings after round {done} of {total}", done=done, total=total)
    lines = [f"📊 **{title}** - {headline(info, lang)}"]
    if t.fmt is Format.KNOCKOUT:
        lines += bracket_lines(info, lang)
    else:
        lines.append(_table(t.standings(), lang._(TIEBREAKS[t.fmt]), lang))
    if t.duplicate:
        lines.append(lang._(DUPLICATE_NOTE))
    current = t.current
    if current is not None and info.status == "running":
        left = len(current.tables) - len(current.results)
        lines.append(lang.n_("Round {round}: {n} table still playing.",
                             "Round {round}: {n} tables still playing.", left,
                             round=current.number))
    return "\n".join(lines)


def _table(rows: Sequence[Row], tiebreak: str, lang: Lang) -> str:
    player = lang._("Player")
    name_w = min(20, max([len(player)] + [len(r.entrant.name) for r in rows]))
    points = lang._("Points")
    head = (f"{'#':>3}  {player:<{name_w}}  {points:>6}  "
            f"{tiebreak:>{max(8, len(tiebreak))}}")
    body = [head]
    for r in rows:
        name = r.entrant.name if len(r.entrant.name) <= name_w else \
            r.entrant.name[:name_w - 1] + "…"
        mark = " ✗" if r.withdrawn else ""
        body.append(f"{r.rank:>3}  {name:<{name_w}}  {_num(r.points):>6}  "
                    f"{_num(r.tiebreak):>{max(8, len(tiebreak))}}{mark}")
    return "```\n" + "\n".join(body).replace("`", "'") + "\n```"


def bracket_lines(info: TournamentInfo, lang: Lang) -> list[str]:
    t = info.state
    names = {e.id: escape(e.name) for e in t.entrants}
    out = []
    for rnd in t.rounds:
        heading = lang._("Round {n}", n=rnd.number)
        out.append(f"**{heading}**")
        for table in rnd.tables:
            result = rnd.results.get(table.number)
            out.append("• " + table_line(table, names, lang, result.ranks if result else None))
        for p in rnd.byes:
            out.append("• " + lang._("{name}: bye", name=names[p]))
    return out


def table_line(table: Table, names: dict[str, str], lang: Lang,
               ranks: Sequence[int] | None = None) -> str:
    """"Alice vs Bob" (a table being played) or "Alice 1st, Bob 2nd" (played)."""
    seats = [names[p] for p in table.players] + [lang._("AI seat")] * table.ai_seats
    if ranks is None:
        return lang._(" vs ").join(seats)
    from .base import ordinal
    return ", ".join(f"{n} ({ordinal(r, lang)})" for n, r in zip(seats, ranks, strict=False))


def round_text(info: TournamentInfo, lang: Lang, places: dict[int, str]) -> str:
    """A round's announcement: each table and where it is played (``places`` by table
    number: a thread mention)."""
    t = info.state
    rnd = t.rounds[-1]
    names = {e.id: escape(e.name) for e in t.entrants}
    heading = lang._("Round {n} of {total}", n=rnd.number, total=t.total_rounds())
    lines = [f"🔔 **{heading}**"]
    for table in rnd.tables:
        where = places.get(table.number, "")
        label = lang._("Table {n}", n=table.number)
        lines.append(f"• {label}: "
                     f"{table_line(table, names, lang)} {where}".rstrip())
    for p in rnd.byes:
        lines.append("• " + lang._("{name}: bye", name=names[p]))
    return "\n".join(lines)


def thread_name(info: TournamentInfo, lang: Lang, round_no: int, number: int) -> str:
    return lang._("{game} · round {round} · table {n}", game=game_title(info.title, lang),
                  round=round_no, n=number)[:100]


def table_intro(info: TournamentInfo, lang: Lang, table: Table,
                mentions: dict[str, str]) -> str:
    seats = [mentions.get(p, p) for p in table.players]
    return "🏆 " + lang._("{headline} - round {round}, table {n}: {players}. Good luck!",
                         headline=headline(info, lang), round=table.round, n=table.number,
                         players=", ".join(seats))


def podium_text(info: TournamentInfo, lang: Lang, mentions: dict[str, str]) -> str:
    rows = info.state.standings()
    heading = lang._("{game} tournament: the podium", game=game_title(info.title, lang))
    lines = [f"🏆 **{heading}**"]
    for row in rows[:3]:
        who = mentions.get(row.entrant.id, escape(row.entrant.name))
        lines.append(f"{MEDALS[min(row.rank, 3) - 1]} {who}")
    lines.append(lang._("Thank you all for playing!"))
    return "\n".join(lines)


def command(lang: Lang, sub: str) -> str:
    """```/tournament start``` with both words in the reader's language."""
    return f"`/{lang.pgettext('command name', 'tournament')} {lang.pgettext('command name', sub)}`"


def points_text(points: float, lang: Lang) -> str:
    """"1 point", "2 points", "1.5 points" (a fraction takes the form of a few)."""
    whole = int(points) if points == int(points) else 2
    return lang.n_("{points} point", "{points} points", whole, points=_num(points))


def escape(name: str) -> str:
    """A player's name as Markdown text (their asterisks stay asterisks)."""
    return "".join("\\" + c if c in "*_~`|" else c for c in name)


def _num(x: float) -> str:
    return f"{x:.2f}".rstrip("0").rstrip(".") if x != int(x) else str(int(x))


# --- the podium picture -----------------------------------------------------------------------

FONT = Path(__file__).parent / "art" / "fonts" / "DejaVuSans.ttf"
FELT = (30, 92, 60)
BLOCKS = {1: (214, 170, 40), 2: (180, 186, 196), 3: (184, 115, 51)}
INK = (30, 30, 30)
WHITE = (250, 250, 245)


def podium_png(info: TournamentInfo, lang: Lang) -> bytes:
    """The podium as a PNG: the first three on their steps, with points."""
    w, h = 900, 480
    img = Image.new("RGB", (w, h), FELT)
    draw = ImageDraw.Draw(img)
    big = ImageFont.truetype(str(FONT), 30)
    mid = ImageFont.truetype(str(FONT), 22)
    small = ImageFont.truetype(str(FONT), 18)
    title = lang._("{game} tournament", game=game_title(info.title, lang))
    draw.text((w / 2, 36), title, font=big, fill=WHITE, anchor="mm")
    draw.text((w / 2, 74), details(info, lang), font=small, fill=(210, 225, 215), anchor="mm")
    everyone = info.state.standings()
    rows = everyone[:3]
    heights = (200, 150, 110)             # the steps of the first, second and third
    columns = (450, 170, 730)
    base = h - 40
    for step, row in enumerate(rows):
        x, top = columns[step], base - heights[step]
        shared = sum(1 for r in everyone if r.rank == row.rank) > 1
        draw.rounded_rectangle((x - 120, top, x + 120, base), radius=8,
                               fill=BLOCKS[min(row.rank, 3)])
        draw.text((x, top + 40), ("=" if shared else "") + str(row.rank), font=big, fill=INK,
                  anchor="mm")
        draw.text((x, top - 44), _fit(draw, row.entrant.name, mid, 236), font=mid,
                  fill=WHITE, anchor="mm")
        points = (lang.n_("{n} round passed", "{n} rounds passed", int(row.points))
                  if info.state.fmt is Format.KNOCKOUT
                  else points_text(row.points, lang))
        draw.text((x, top - 18), points, font=small, fill=(210, 225, 215), anchor="mm")
    out = io.BytesIO()
    img.save(out, "PNG", optimize=True)
    return out.getvalue()


def _fit(draw: ImageDraw.ImageDraw, text: str, font: ImageFont.FreeTypeFont,
         width: int) -> str:
    if draw.textlength(text, font=font) <= width:
        return text
    while text and draw.textlength(text + "…", font=font) > width:
        text = text[:-1]
    return text + "…"


def finishes_text(finishes: Sequence[tuple[TournamentInfo, int]], lang: Lang) -> str:
    """"Tournaments here: 3 played, 1 won, 2 on the podium; last: Piquet, 2nd of 12"."""
    if not finishes:
        return ""
    from .base import ordinal
    won = sum(1 for _, rank in finishes if rank == 1)
    podium = sum(1 for _, rank in finishes if rank <= 3)
    info, rank = finishes[0]
    return lang._("Tournaments here: {played}, {won} won, {podium} on the podium; the last: "
                  "{game}, {place} of {n}.",
                  played=lang.n_("{n} played", "{n} played", len(finishes)), won=won,
                  podium=podium, game=game_title(info.title, lang), place=ordinal(rank, lang),
                  n=len(info.state.entrants))
