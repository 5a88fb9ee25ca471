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

from games.piquet.combos import (
    RANK_WORD,
    RANKS_WORD,
    SEQ_SCORE,
    SET_SCORE,
    WORD_RANK,
    WORDS_RANK,
    best_point,
    claim_term,
    longest_suit,
    number_word,
    point_cards,
    run_cards,
    runs,
    said_number,
    sequence_name,
    sequence_options,
    sequences_scored,
    set_cards,
    set_options,
    sets_scored,
)
from games.piquet.host import PiquetHost
from rules.actions import Action, act
from rules.messages import N_, Cards, Join, Msg, Seat, Term, event, number

# The categories as sentences name them: "We are declaring the {cat} now", "Nobody scores
# for {what}".
CAT_WORD = {"point": Msg("point"), "sequence": Msg("sequences"), "set": Msg("sets")}
THE_CAT = {"point": Msg("the point"), "sequence": Msg("the sequences"), "set": Msg("the sets")}

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

    def _why_declare(self, action: Action) -> Msg:
        cat = self._category()
        seat = self.current_seat
        assert seat is not None
        if action.kind == "good":
            return Msg({"point": N_("Nobody has declared a point yet: declare yours or say "
                                    "'sink point'."),
                        "sequence": N_("Nobody has declared a sequence yet: declare yours or "
                                       "say 'sink sequence'."),
                        "set": N_("Nobody has declared a set yet: declare yours or say 'sink "
                                  "sets'.")}[cat])
        if action.kind == "sink":
            if action.args[0] != SINK_WORD[cat]:
                return Msg("We are declaring the {cat} now: say '{sink}'.", cat=CAT_WORD[cat],
                           sink=f"sink {SINK_WORD[cat]}")
            assert self.best is not None  # 'sink' is legal until something is declared
            return Msg("{best} has been declared: answer 'good' or declare a better one.",
                       best=claim_term(cat, self.best[1], self.best[2], capital=True))
        if action.kind != "declare":
            return Msg({"point": N_("We are declaring the point now; you can: {kinds}."),
                        "sequence": N_("We are declaring the sequences now; you can: {kinds}."),
                        "set": N_("We are declaring the sets now; you can: {kinds}.")}[cat],
                       kinds=self._kinds_text())
        acat, n, x = claim_of(action)
        if acat != cat:
            return Msg("We are declaring the {cat} now, not the {other}.", cat=CAT_WORD[cat],
                       other=CAT_WORD[acat])
        if (n, x) not in self._holdings(seat, cat):
            return self._not_held(seat, cat, n, x)
        # A held claim is refused only when it does not beat the best one declared.
        assert self.best is not None
        best = claim_term(cat, self.best[1], self.best[2])
        if cat == "set":
            return Msg("Your {claim} does not beat the {best}: say 'good'.",
                       claim=claim_term(cat, n, x), best=best)
        return Msg("Your {claim} is shorter than the {best} declared: declare at least {n} "
                   "cards or say 'good'.", claim=claim_term(cat, n, x), best=best,
                   n=self.best[1])

    def _not_held(self, seat: int, cat: str, n: int, x: int) -> Msg:
        hand = self.hands[seat]
        wanted = claim_term(cat, n, x)
        if cat == "point":
            longest = longest_suit(hand)
            return Msg("You do not hold a {claim}: your longest suit has {number} cards.",
                       claim=wanted, number=number(longest, number_word(longest)))
        if cat == "sequence":
            found = runs(hand)
            if not found:
                return Msg("You do not hold a {claim}: you hold no sequence.", claim=wanted)
            best = Term("claim", ("sequence", found[0][0], found[0][1]),
                        sequence_name(found[0][0], found[0][1]))
            return Msg("You do not hold a {claim}: your best sequence is a {best}.",
                       claim=wanted, best=best)
        have = sum(1 for c in hand if c & 15 == x)
        return Msg("You do not hold a {claim}: you have {number} {ranks}.", claim=wanted,
                   number=number(have, number_word(have)),
                   ranks=Term("ranks", (x,), RANKS_WORD[x]))

    # --- applying -----------------------------------------------------------------------

    def _apply_declare(self, action: Action) -> None:
        seat = self.current_seat
        assert seat is not None
        cat = self._category()
        if action.kind == "good":
            self._log(event("{who}: Good.", who=Seat(seat)))
        elif action.kind == "sink":
            self._log(event({"point": N_("{who} does not declare a point."),
                           "sequence": N_("{who} does not declare a sequence."),
                           "set": N_("{who} does not declare any set.")}[cat], who=Seat(seat)))
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
        who = Seat(seat)
        best = self.best
        if best is None:
            self.best = [seat, n, x, False]
            self._log(event("{who}: {said}.", who=who, said=claim_term(cat, n, x, capital=True)))
            return
        bseat = best[0]
        said: Term
        if cat == "point" and n == best[1]:
            # Equal length: the pip values decide, so both are said aloud.
            if not best[3]:
                self._log(event("{who}: Making?", who=who))
                best[3] = True
                self._announce_value(bseat, best[2])
            record["v"] = x
            said = said_number(x)
        else:
            said = claim_term(cat, n, x, capital=True)
        key, bkey = (n, x), (best[1], best[2])
        if key > bkey:
            self.best = [seat, n, x, record["v"] is not None]
            self.equal = []
            self._log(event("{who}: Not good. {said}.", who=who, said=said))
        elif key < bkey:
            if cat == "point" and n == best[1]:
                record["v"] = None  # one says "good" without telling one's own count;
                record["lt"] = best[2]  # all now know it is below the one said
                self._log(event("{who}: Good.", who=who))
            else:
                self._log(event("{who}: {said}. Good.", who=who, said=said))
        elif any(self.side(h) == self.side(seat) for h in [bseat] + self.equal):
            self._log(event("{who}: {said}, no better than my partner's: it does not count.",
                          who=who, said=said))
        else:
            self.equal.append(seat)
            self._log(event("{who}: {said}. Equal.", who=who, said=said))

    def _announce_value(self, seat: int, value: int) -> None:
        for rec in reversed(self.claims):
            if rec["seat"] == seat and rec["cat"] == "point":
                rec["v"] = value
                break
        self._log(event("{who}: {said}.", who=Seat(seat), said=said_number(value)))

    # --- closing a category ----------------------------------------------------------------

    def _close_category(self) -> None:
        cat = self._category()
        ended = False
        if self.best is None:
            self._log(event("Nobody scores for {what}.", what=THE_CAT[cat]))
        elif self.equal:
            self._log(event({"point": N_("The point is equal: nobody scores."),
                           "sequence": N_("The sequences are equal: nobody scores."),
                           "set": N_("The sets are equal: nobody scores.")}[cat]))
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
            parts = [(n, point_cards(hand, n), claim_term(cat, n, x))]
        elif cat == "sequence":
            parts = [(SEQ_SCORE[length], run_cards(length, top, suit),
                      claim_term(cat, length, top))
                     for length, top, suit in sequences_scored(hand, n, x)]
        else:
            parts = [(SET_SCORE[k], set_cards(hand, k, r), claim_term(cat, k, r))
                     for k, r in sets_scored(hand, n, x)]
        return self._reckon_parts(seat, cat, parts)

    def _score_partner(self, seat: int, cat: str) -> bool:
        """À quatre: the partner of the best holder reckons all of theirs too."""
        partner = (seat + 2) % 4
        hand = self.hands[partner]
        if cat == "sequence":
            parts = [(SEQ_SCORE[length], run_cards(length, top, suit),
                      claim_term(cat, length, top))
                     for length, top, suit in runs(hand)]
        else:
            parts = [(SET_SCORE[k], set_cards(hand, k, r), claim_term(cat, k, r))
                     for k, r in sets_scored_all(hand)]
        return bool(parts) and self._reckon_parts(partner, cat, parts)

    def _reckon_parts(self, seat: int, cat: str, parts: list[tuple[int, list[int], Term]]) -> bool:
        total = sum(p for p, _, _ in parts)
        for _, cards, name in parts:
            self.shown.append({"seat": seat, "what": name.en, "cards": cards})
        if cat == "point":
            self._log(event("{who} scores {n} for the point ({cards}).", who=Seat(seat), n=total,
                          cards=Cards.of(parts[0][1])))
        else:
            listed = Join(tuple(event("{claim} ({cards})", claim=name, cards=Cards.of(cards))
                                for _, cards, name in parts))
            self._log(event("{who} scores {n} for {what}: {parts}.", who=Seat(seat), n=total,
                          what=THE_CAT[cat], parts=listed))
        label = {"point": "point", "sequence": "sequences", "set": "sets"}[cat]
        return self._reckon(seat, total, "decl", label)


def sets_scored_all(hand: list[int]) -> list[tuple[int, int]]:
    opts = set_options(hand)
    if not opts:
        return []
    n, r = opts[0]
    return sets_scored(hand, n, r)
