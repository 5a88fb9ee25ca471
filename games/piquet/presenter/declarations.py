"""Piquet's declarations in words: what each player said, what the table answered, who scored.

The view keeps the claims made this deal (``claims``), the combinations that
scored and were shown (``shown``) and, while a category is open, its best claim
(``declaring``).  Sayings ("good", "sink") are not kept, so each claim's answer
is worked out again here the way the engine compares them: longer beats
shorter; at equal length a point's pips (said aloud), a sequence's top card,
a set's rank decide.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.i18n import EN, N_, Lang
from bot.present import text
from games.piquet.combos import (
    RANK_WORD,
    RANKS_WORD,
    SEQ_NAME,
    SEQ_SCORE,
    SET_SCORE,
    WORD_RANK,
    WORDS_RANK,
    best_point,
    claim_name,
    number_word,
)
from rules.actions import Action
from rules.cards import PIQUET_32

from .claims import claim_words

CATEGORIES = ("point", "sequence", "set")
# The view's ``declaring.category`` is the category's title.
TITLE = {"point": "point", "sequence": "sequences", "set": "sets"}
EQUAL = {"point": N_("The point is equal: nobody scores."),
         "sequence": N_("The sequences are equal: nobody scores."),
         "set": N_("The sets are equal: nobody scores.")}
TITLE_WORDS = {"point": N_("the point"), "sequence": N_("the sequences"), "set": N_("the sets")}


def words_of(lang: Lang, cat: str, n: int, x: int) -> str:
    """A claim as ``lang`` says it ("quint to the king", "kwinta do króla")."""
    if lang.code == "qps":   # the test pseudo-locale: mark that it came from here
        return f"⟦{claim_name(cat, n, x)}⟧"
    return claim_words(lang.code, cat, n, x) or claim_name(cat, n, x)


def said_words(lang: Lang, said: str) -> str:
    """A claim name from the view (English, as the engine keeps it) in ``lang``."""
    return words_of(lang, *parse_claim(said))


def pips(lang: Lang, value: int) -> str:
    """A point's pips said aloud: "forty-six" in English, digits elsewhere."""
    return number_word(value) if lang.code == "en" else str(value)
CATEGORY_OF_TITLE = {v: k for k, v in TITLE.items()}


def _names() -> dict[str, tuple[str, int, int]]:
    """Every claim name ("quint to the king") -> (category, length, top or rank)."""
    out = {claim_name("point", n, 0): ("point", n, 0) for n in range(1, 13)}
    for n in SEQ_NAME:
        for top in RANK_WORD:
            if top - n + 1 >= 7:
                out[claim_name("sequence", n, top)] = ("sequence", n, top)
    for n in (3, 4):
        for rank in RANKS_WORD:
            out[claim_name("set", n, rank)] = ("set", n, rank)
    return out


NAMES = _names()


def parse_claim(said: str) -> tuple[str, int, int]:
    """(category, length, top or rank) of a claim name; a point's said value is dropped."""
    return NAMES[said.split(" (")[0]]


def score_of(said: str) -> int:
    cat, n, _ = parse_claim(said)
    return n if cat == "point" else SEQ_SCORE[n] if cat == "sequence" else SET_SCORE[n]


@dataclass
class Claim:
    seat: int
    cat: str
    n: int
    x: int                  # sequence top / set rank; 0 for a point
    said: str               # "point of five"
    value: int | None       # a point's pips, when said aloud
    answer: str = ""        # "good", "not good", "equal", "partner", "best so far"...

    def key(self) -> tuple[int, int]:
        return (self.n, self.value or 0) if self.cat == "point" else (self.n, self.x)


def claims_of(view: dict) -> list[Claim]:
    out = []
    for rec in view.get("claims") or []:
        cat, n, x = parse_claim(rec["said"])
        out.append(Claim(int(rec["seat"]), cat, n, x, rec["said"], rec.get("value")))
    return out


def _better(new: Claim, best: Claim) -> int:
    """1 if ``new`` beats ``best``, -1 if it loses, 0 if equal."""
    if new.cat == "point" and new.n == best.n and new.value is None:
        return -1   # an equal-length point said without its pips: the claimant said "good"
    a, b = new.key(), best.key()
    return (a > b) - (a < b)


def judge(claims: Sequence[Claim], side_of, open_now: bool) -> None:
    """Set each claim's ``answer`` as the table gave it (``open_now``: the category is open)."""
    best: Claim | None = None
    equal: list[Claim] = []
    for c in claims:
        if best is None:
            best = c
            continue
        cmp = _better(c, best)
        if cmp > 0:
            for old in [best, *equal]:
                old.answer = "not good"
            best, equal = c, []
        elif cmp < 0:
            c.answer = "not good"
        elif any(side_of(o.seat) == side_of(c.seat) for o in [best, *equal]):
            c.answer = "partner"
        else:
            equal.append(c)
    if best is None:
        return
    if open_now:
        best.answer = "best so far" if not equal else "equal so far"
        for e in equal:
            e.answer = "equal so far"
    else:
        for c in [best, *equal]:
            c.answer = "equal" if equal else "good"


ANSWER_WORDS = {"good": N_("good"), "not good": N_("not good"), "equal": N_("equal"),
                "partner": N_("only equal to the partner's, so it does not count"),
                "best so far": N_("the best so far"), "equal so far": N_("equal so far")}


def claim_sentence(c: Claim, partner: int | None = None, lang: Lang = EN,
                   me: int | None = None) -> str:
    """"{p2}: point of five, forty-six - good"; the viewer's (``me``) own claim "You: ..."."""
    said = said_words(lang, c.said)
    if c.value is not None:
        said = f"{said}, {pips(lang, c.value)}"
    answer = lang._(ANSWER_WORDS[c.answer])
    if c.answer == "partner" and partner is not None:
        answer = (lang._("only equal to yours, so it does not count") if partner == me else
                  lang._("only equal to {who}'s, so it does not count", who=text.seat(partner)))
    if c.seat == me:
        return lang._("You: {said} - {answer}", said=said, answer=answer)
    return lang._("{who}: {said} - {answer}", who=text.seat(c.seat), said=said, answer=answer)


def shown_by_category(view: dict) -> dict[str, list[dict]]:
    """The scored and shown combinations of this deal, by category, in the order shown."""
    out: dict[str, list[dict]] = {c: [] for c in CATEGORIES}
    for rec in view.get("shown") or []:
        out[parse_claim(rec["what"])[0]].append(rec)
    return out


def score_sentences(cat: str, shown: Sequence[dict], lang: Lang = EN,
                    me: int | None = None) -> list[str]:
    """"{p0} scores 6 for the point (A♠ K♠ ...)" - one per seat that scored (partners too);
    the viewer's (``me``) own "You score ..."."""
    by_seat: dict[int, list[dict]] = {}
    for rec in shown:
        by_seat.setdefault(int(rec["seat"]), []).append(rec)
    lines = []
    for seat, recs in by_seat.items():
        total = sum(score_of(r["what"]) for r in recs)
        if cat == "point":
            lines.append(lang._("You score {n} for the point ({cards}).", n=total,
                                cards=text.cards(recs[0]["cards"])) if seat == me else
                         lang._("{who} scores {n} for the point ({cards}).", who=text.seat(seat),
                                n=total, cards=text.cards(recs[0]["cards"])))
        else:
            parts = ", ".join(f"{said_words(lang, r['what'])} ({text.cards(r['cards'])})"
                              for r in recs)
            what = lang._(TITLE_WORDS[cat])
            lines.append(lang._("You score {n} for {what}: {parts}.", n=total, what=what,
                                parts=parts) if seat == me else
                         lang._("{who} scores {n} for {what}: {parts}.", who=text.seat(seat),
                                n=total, what=what, parts=parts))
    return lines


def current_category(view: dict) -> str | None:
    declaring = view.get("declaring")
    return CATEGORY_OF_TITLE[declaring["category"]] if declaring else None


def declaration_lines(view: dict, side_of, lang: Lang = EN) -> list[str]:
    """The declarations of this deal so far, category by category, as sentences (the
    viewer's own in the second person: "You: tierce to the queen - good")."""
    phase = view.get("phase")
    me = view.get("seat")
    if phase in ("bid", "exchange", "deal"):
        return []
    now = current_category(view)
    claims = claims_of(view)
    shown = shown_by_category(view)
    played = bool(view.get("trick")) or sum(view.get("tricks") or []) > 0
    lines: list[str] = []
    teams = side_of(2) == side_of(0) and view.get("players") == 4

    def partner_of(seat: int) -> int | None:
        return (seat + 2) % 4 if teams else None

    for cat in CATEGORIES:
        if now is not None and CATEGORIES.index(cat) > CATEGORIES.index(now):
            break
        mine = [c for c in claims if c.cat == cat]
        is_open = cat == now
        if phase == "done" and not played and not mine and not shown[cat]:
            continue   # au cent stopped the deal before this category was declared
        judge(mine, side_of, is_open)
        lines.extend(claim_sentence(c, partner_of(c.seat), lang, me) for c in mine)
        if is_open:
            continue
        if shown[cat]:
            lines.extend(score_sentences(cat, shown[cat], lang, me))
        elif any(c.answer == "equal" for c in mine):
            lines.append(lang._(EQUAL[cat]))
        else:
            lines.append(lang._("Nobody scores for {what}.", what=lang._(TITLE_WORDS[cat])))
    return lines


# --- the viewer's declaration moves, as players say them ---------------------------------

def parse_declare(move: Action) -> tuple[str, int, int]:
    """(category, length, top or rank) of ``declare point 5`` / ``declare sequence 5 king``."""
    cat, n = str(move.args[0]), int(move.args[1])
    if cat == "point":
        return cat, n, 0
    if cat == "sequence":
        return cat, n, WORD_RANK[str(move.args[2])]
    return cat, n, WORDS_RANK[str(move.args[2])]


def declare_label(action: Action, view: dict, side_of, lang: Lang = EN) -> str:
    """How a player says a declaration: "Declare point of five" when first, and against a
    claim on the table "Not good - quint to the king", "Equal - point of five, forty-six",
    "Quart to the jack - good" or, when the pips are not yet known, "Point of five - making?"."""
    _ = lang.gettext
    cat, n, x = parse_declare(action)
    name = words_of(lang, cat, n, x)
    best = (view.get("declaring") or {}).get("best")
    if best is None:
        return _("Declare {claim}", claim=name)
    cmp, pips_said = _against_best(cat, n, x, best, view)
    if cmp is None:
        return _("{claim} - making?", claim=_cap(name))
    if pips_said is not None:
        name = f"{name}, {pips(lang, pips_said)}"
    if cmp > 0:
        return _("Not good - {claim}", claim=name)
    if cmp < 0:
        return _("{claim} - good", claim=_cap(name))
    if side_of(best["seat"]) == side_of(view["seat"]):
        return _("{claim} - only equal to your partner's", claim=_cap(name))
    return _("Equal - {claim}", claim=name)


def concedes(action: Action, view: dict) -> bool:
    """Whether declaring ``action`` only says "good" to the best claim on the table: it
    loses to it on length, rank or pips already told (the menus leave it out beside
    "Good", which says the same without showing one's cards)."""
    best = (view.get("declaring") or {}).get("best")
    if best is None or action.kind != "declare":
        return False
    cmp, _pips = _against_best(*parse_declare(action), best, view)
    return cmp is not None and cmp < 0


def _against_best(cat: str, n: int, x: int, best: dict,
                  view: dict) -> tuple[int | None, int | None]:
    """(1, 0 or -1 as the claim beats, equals or loses to ``best``, or None while a point
    of the same length waits for "making?"; the claim's pips when they are compared)."""
    _cat, bn, bx = parse_claim(best["said"])
    if cat != "point":
        return ((n, x) > (bn, bx)) - ((n, x) < (bn, bx)), None
    if n != bn:
        return (1 if n > bn else -1), None
    if best.get("value") is None:
        return None, None
    found = best_point(_hand_ints(view), n)
    assert found is not None  # a point one may declare is in the hand
    mine = found[0]
    return (mine > best["value"]) - (mine < best["value"]), mine


def _cap(words: str) -> str:
    return words[:1].upper() + words[1:]


def _hand_ints(view: dict) -> list[int]:
    return [int(PIQUET_32.parse_card(c)) for c in view.get("hand") or []]
