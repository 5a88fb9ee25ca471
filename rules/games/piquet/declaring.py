"""Declarations: point, then sequence, then sets, each player speaking once per category.

The first speaker (elder) names a combination or sinks the category; each later
speaker either says ``good`` (concedes to the best claim so far, perhaps sinking
their own) or names one of theirs that can compete: a point or sequence at least
as long as the best claim, a set that beats it. The engine does the comparing and
says "Good." / "Not good." / "Equal." as real players would.  When the category
closes the best claim scores (with the holder's other sequences or sets), unless
it is equal with an opponent's, when nobody scores.  The engine offers only what
the hand holds, so nobody can overclaim.
"""

from __future__ import annotations

from ...actions import Action, act
from ...cards import cards_str
from .combos import (
    RANK_WORD,
    RANKS_WORD,
    SEQ_SCORE,
    SET_SCORE,
    WORD_RANK,
    WORDS_RANK,
    best_point,
    claim_name,
    longest_suit,
    number_word,
    point_cards,
    run_cards,
    runs,
    sequence_name,
    sequence_options,
    sequences_scored,
    set_cards,
    set_name,
    set_options,
    sets_scored,
)
from .host import PiquetHost

CATS = ("point", "sequence", "set")
SINK_WORD = {"point": "point", "sequence": "sequence", "set": "sets"}
CAT_TITLE = {"point": "point", "sequence": "sequences", "set": "sets"}
GOOD = act("good")


def declare_action(cat: str, n: int, x: int) -> Action:
    if cat == "point":
        return act("declare", "point", n)
    if cat == "sequence":
        return act("declare", "sequence", n, RANK_WORD[x])
    return act("declare", "set", n, RANKS_WORD[x])


def claim_of(action: Action) -> tuple[str, int, int]:
    """(category, n, x) of a declare action; x is the top or set rank (0 for a point)."""
    cat, n = action.args[0], action.args[1]
    if cat == "point":
        return cat, n, 0
    if cat == "sequence":
        return cat, n, WORD_RANK[action.args[2]]
    return cat, n, WORDS_RANK[action.args[2]]


class DeclaringMixin(PiquetHost):

    def _start_declaring(self) -> None:
        self.phase = "declare"
        self.cat = 0
        self._reset_category()
        for seat in self.order:  # carte blanche is reckoned first of all
            if seat in self.blanche and self._reckon(seat, 10, "decl", "carte blanche"):
                return
        self.current_seat = self.order[0]

    def _reset_category(self) -> None:
        self.spoke = 0
        self.best: list | None = None   # [seat, n, x, value announced]; x = pips for a point
        self.equal: list[int] = []

    def _category(self) -> str:
        return CATS[self.cat]

    # --- what a seat may say ----------------------------------------------------------

    def _holdings(self, seat: int, cat: str) -> list[tuple[int, int]]:
        hand = self.hands[seat]
        if cat == "point":
            return [(n, 0) for n in range(longest_suit(hand), 0, -1)]
        if cat == "sequence":
            return sequence_options(hand)
        return set_options(hand)

    def _can_answer(self, cat: str, n: int, x: int) -> bool:
        """Whether a claim may be made against the best claim so far."""
        if self.best is None:
            return True
        if cat == "set":
            return (n, x) > (self.best[1], self.best[2])
        return n >= self.best[1]

    def _declare_legal(self) -> list[Action]:
        seat = self.current_seat
        assert seat is not None
        cat = self._category()
        claims = [declare_action(cat, n, x) for n, x in self._holdings(seat, cat)
                  if self._can_answer(cat, n, x)]
        if self.best is None:
            return claims + [act("sink", SINK_WORD[cat])]
        return [GOOD] + claims

    def _why_declare(self, action: Action) -> str:
        cat = self._category()
        seat = self.current_seat
        assert seat is not None
        if action.kind == "good":
            return (f"Nobody has declared a {cat} yet: declare yours or say "
                    f"'sink {SINK_WORD[cat]}'.")
        if action.kind == "sink":
            if action.args[0] != SINK_WORD[cat]:
                return f"We are declaring the {CAT_TITLE[cat]} now: say 'sink {SINK_WORD[cat]}'."
            assert self.best is not None  # 'sink' is legal until something is declared
            best = claim_name(cat, self.best[1], self.best[2])
            return f"{best.capitalize()} has been declared: answer 'good' or declare a better one."
        if action.kind != "declare":
            return f"We are declaring the {CAT_TITLE[cat]} now; you can: {self._kinds_text()}."
        acat, n, x = claim_of(action)
        if acat != cat:
            return f"We are declaring the {CAT_TITLE[cat]} now, not the {CAT_TITLE[acat]}."
        if (n, x) not in self._holdings(seat, cat):
            return self._not_held(seat, cat, n, x)
        # A held claim is refused only when it does not beat the best one declared.
        assert self.best is not None
        best = claim_name(cat, self.best[1], self.best[2])
        if cat == "set":
            return f"Your {claim_name(cat, n, x)} does not beat the {best}: say 'good'."
        return (f"Your {claim_name(cat, n, x)} is shorter than the {best} declared: "
                f"declare at least {self.best[1]} cards or say 'good'.")

    def _not_held(self, seat: int, cat: str, n: int, x: int) -> str:
        hand = self.hands[seat]
        wanted = claim_name(cat, n, x)
        if cat == "point":
            return (f"You do not hold a {wanted}: your longest suit has "
                    f"{number_word(longest_suit(hand))} cards.")
        if cat == "sequence":
            found = runs(hand)
            best = f"your best sequence is a {sequence_name(found[0][0], found[0][1])}" \
                if found else "you hold no sequence"
            return f"You do not hold a {wanted}: {best}."
        have = sum(1 for c in hand if c & 15 == x)
        return f"You do not hold a {wanted}: you have {number_word(have)} {RANKS_WORD[x]}."

    # --- applying -----------------------------------------------------------------------

    def _apply_declare(self, action: Action) -> None:
        seat = self.current_seat
        assert seat is not None
        cat = self._category()
        if action.kind == "good":
            self._log(f"{{p{seat}}}: Good.")
        elif action.kind == "sink":
            what = {"point": "a point", "sequence": "a sequence", "set": "any set"}[cat]
            self._log(f"{{p{seat}}} does not declare {what}.")
        else:
            _, n, x = claim_of(action)
            self._claim(seat, cat, n, x)
        self.spoke += 1
        if self.spoke < self.n:
            self.current_seat = self.order[self.spoke]
        else:
            self._close_category()

    def _claim(self, seat: int, cat: str, n: int, x: int) -> None:
        if cat == "point":
            point = best_point(self.hands[seat], n)
            assert point is not None  # the claim was checked against the hand
            x = point[0]
        record = {"seat": seat, "cat": cat, "n": n, "x": None if cat == "point" else x,
                  "v": None}
        self.claims.append(record)
        name = claim_name(cat, n, x)
        best = self.best
        if best is None:
            self.best = [seat, n, x, False]
            self._log(f"{{p{seat}}}: {name.capitalize()}.")
            return
        bseat = best[0]
        if cat == "point" and n == best[1]:
            # Equal length: the pip values decide, so both are said aloud.
            if not best[3]:
                self._log(f"{{p{seat}}}: Making?")
                best[3] = True
                self._announce_value(bseat, best[2])
            record["v"] = x
            said = number_word(x).capitalize()
        else:
            said = name.capitalize()
        key, bkey = (n, x), (best[1], best[2])
        if key > bkey:
            self.best = [seat, n, x, record["v"] is not None]
            self.equal = []
            self._log(f"{{p{seat}}}: Not good. {said}.")
        elif key < bkey:
            if cat == "point" and n == best[1]:
                record["v"] = None  # one says "good" without telling one's own count
                self._log(f"{{p{seat}}}: Good.")
            else:
                self._log(f"{{p{seat}}}: {said}. Good.")
        elif any(self.side(h) == self.side(seat) for h in [bseat] + self.equal):
            self._log(f"{{p{seat}}}: {said}, no better than my partner's: it does not count.")
        else:
            self.equal.append(seat)
            self._log(f"{{p{seat}}}: {said}. Equal.")

    def _announce_value(self, seat: int, value: int) -> None:
        for rec in reversed(self.claims):
            if rec["seat"] == seat and rec["cat"] == "point":
                rec["v"] = value
                break
        self._log(f"{{p{seat}}}: {number_word(value).capitalize()}.")

    # --- closing a category ----------------------------------------------------------------

    def _close_category(self) -> None:
        cat = self._category()
        title = CAT_TITLE[cat]
        ended = False
        if self.best is None:
            self._log(f"Nobody scores for the {title}.")
        elif self.equal:
            self._log(f"The {title} {'is' if cat == 'point' else 'are'} equal: nobody scores.")
        else:
            seat = self.best[0]
            ended = self._score_category(seat, cat, self.best[1], self.best[2])
            if not ended and self._v.teams and cat != "point":
                ended = self._score_partner(seat, cat)
        if ended:
            return
        self.cat += 1
        self._reset_category()
        if self.cat == len(CATS):
            self._start_play()
        else:
            self.current_seat = self.order[0]

    def _score_category(self, seat: int, cat: str, n: int, x: int) -> bool:
        hand = self.hands[seat]
        if cat == "point":
            parts = [(n, point_cards(hand, n), claim_name(cat, n, x))]
        elif cat == "sequence":
            parts = [(SEQ_SCORE[length], run_cards(length, top, suit), sequence_name(length, top))
                     for length, top, suit in sequences_scored(hand, n, x)]
        else:
            parts = [(SET_SCORE[k], set_cards(hand, k, r), set_name(k, r))
                     for k, r in sets_scored(hand, n, x)]
        return self._reckon_parts(seat, cat, parts)

    def _score_partner(self, seat: int, cat: str) -> bool:
        """À quatre: the partner of the best holder reckons all of theirs too."""
        partner = (seat + 2) % 4
        hand = self.hands[partner]
        if cat == "sequence":
            parts = [(SEQ_SCORE[length], run_cards(length, top, suit), sequence_name(length, top))
                     for length, top, suit in runs(hand)]
        else:
            parts = [(SET_SCORE[k], set_cards(hand, k, r), set_name(k, r))
                     for k, r in sets_scored_all(hand)]
        return bool(parts) and self._reckon_parts(partner, cat, parts)

    def _reckon_parts(self, seat: int, cat: str, parts: list[tuple[int, list[int], str]]) -> bool:
        total = sum(p for p, _, _ in parts)
        for _, cards, name in parts:
            self.shown.append({"seat": seat, "what": name, "cards": cards})
        if cat == "point":
            listed = f" ({cards_str(parts[0][1])})"
        else:
            listed = ": " + ", ".join(f"{name} ({cards_str(cards)})" for _, cards, name in parts)
        self._log(f"{{p{seat}}} scores {total} for the {CAT_TITLE[cat]}{listed}.")
        label = {"point": "point", "sequence": "sequences", "set": "sets"}[cat]
        return self._reckon(seat, total, "decl", label)


def sets_scored_all(hand: list[int]) -> list[tuple[int, int]]:
    opts = set_options(hand)
    if not opts:
        return []
    n, r = opts[0]
    return sets_scored(hand, n, r)
