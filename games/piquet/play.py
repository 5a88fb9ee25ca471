"""The play of the cards, the end-of-deal bonuses and moving on to the next deal."""

from __future__ import annotations

from games.piquet.host import PiquetHost
from games.piquet.scoring import contract_points
from rules.actions import Action
from rules.cards import CARD
from rules.messages import N_, Cards, Join, Msg, Seat, Seats, event


class PlayMixin(PiquetHost):

    def _start_play(self) -> None:
        self.phase = "play"
        self.leader = self.current_seat = self.order[0]

    def _in_play(self) -> bool:
        return self.phase == "play"

    def _why_not_play(self, action: Action) -> Msg:
        if action.kind != "play" or not action.args:
            return Msg("The cards are being played: play a card, e.g. '{example}'.",
                       example=f"play {self._example_card()}")
        return self._why_play(int(action.args[0]))

    def _example_card(self) -> str:
        return str(CARD[self.playable(self.mover)[0]])

    def _apply_play(self, action: Action) -> None:
        seat = self.current_seat
        assert seat is not None
        card = int(action.args[0])
        lead = not self.trick
        first = lead and not self.led_first
        self.played[seat].append(card)
        if first:
            self.led_first = True
        self._play(card)
        if lead and not self.over:
            if first:
                self._open_talon_to_elder()
            if self._v.lead_points:
                self._reckon(seat, 1, "play", "play")

    def _score_trick(self, winner: int, trick: list[list[int]]) -> bool:
        leader = trick[0][0]
        plays = Join(tuple(event("{who} plays {card}", who=Seat(s), card=Cards.of((c,)))
                           for s, c in trick[1:]))
        self._log(event("{leader} leads {card}, {plays}: {winner} wins.", leader=Seat(leader),
                      card=Cards.of((trick[0][1],)), plays=plays, winner=Seat(winner)))
        if not self._v.lead_points:
            return self._reckon(winner, 1, "play", "play")
        if self.side(winner) != self.side(leader) and self._reckon(winner, 1, "play", "play"):
            return True
        # The last trick counts one more.
        return not any(self.hands) and self._reckon(winner, 1, "play", "play")

    def _end_hand(self, winner: int) -> None:
        self._end_deal()

    # --- end of a deal ----------------------------------------------------------------

    def _end_deal(self) -> None:
        if self._v.name == "auction":
            ended = self._score_contract()
        else:
            ended = self._score_cards()
        if ended:
            return
        self._record_deal()
        scores = Join(tuple(event("{side} {n}", side=self._side_name(s), n=p)
                            for s, p in enumerate(self.deal_pts)))
        totals = Join(tuple(event("{side} {n}", side=self._side_name(s), n=p)
                            for s, p in enumerate(self.totals)))
        self._log(event("Deal {n} scores: {scores}. Totals: {totals}.",
                      n=self.deal_no, scores=scores, totals=totals))
        self._next_or_finish()

    def _record_deal(self, stopped: bool = False) -> None:
        """The deal's line in the result's deal-by-deal breakdown; ``stopped``: au cent
        reached 100 before the deal was played out (RULINGS 6: it is listed too)."""
        entry = {"deal": self.deal_no, "dealer": self.dealer, "points": self.deal_pts[:],
                 "tricks": self.tricks[:], "detail": [dict(d) for d in self.detail],
                 "contract": self.contract}
        if stopped:
            entry["stopped"] = True
        self.history.append(entry)

    def _side_name(self, side: int) -> Seat | Seats:
        if self._v.teams:
            return Seats((side, side + 2), "+")
        return Seat(side)

    def _score_cards(self) -> bool:
        sides = [0] * self._n_sides()
        for seat, t in enumerate(self.tricks):
            sides[self.side(seat)] += t
        best = max(sides)
        winners = [s for s, t in enumerate(sides) if t == best]
        if len(winners) > 1:
            self._log(event("The cards are divided."))
            return False
        side = winners[0]
        seat = max((s for s in range(self.n) if self.side(s) == side),
                   key=lambda s: self.tricks[s])
        who = self._side_name(side)
        teams = self._v.teams
        if best == sum(sides):
            text = N_("{side} win every trick: capot, +{n}.") if teams else \
                N_("{side} wins every trick: capot, +{n}.")
            self._log(event(text, side=who, n=self._v.capot))
            return self._reckon(seat, self._v.capot, "other", "capot")
        text = N_("{side} win the cards with {n} tricks: +10.") if teams else \
            N_("{side} wins the cards with {n} tricks: +10.")
        self._log(event(text, side=who, n=best))
        return self._reckon(seat, 10, "other", "cards")

    def _score_contract(self) -> bool:
        c = self.contract
        assert c is not None  # scored only in the auction variant, which has one
        seat, other = c["seat"], 1 - c["seat"]
        taken = self.tricks[seat]
        mine, theirs = contract_points(c["n"], c["negative"], c["mult"], taken)
        if mine:
            self._log(event("{who} takes {n} tricks and beats the contract: +{m}.",
                          who=Seat(seat), n=taken, m=mine))
            return self._reckon(seat, mine, "other", "contract")
        if theirs:
            self._log(event("{who} takes {n} tricks and fails the contract: {other} +{m}.",
                          who=Seat(seat), n=taken, other=Seat(other), m=theirs))
            return self._reckon(other, theirs, "other", "contract")
        self._log(event("{who} takes {n} tricks: the contract is made exactly.", who=Seat(seat),
                      n=taken))
        return False

    def _next_or_finish(self) -> None:
        v = self._v
        if v.deals is not None and self.deal_no >= self.deals_planned:
            if len(set(self.totals)) == 1 and self.deals_planned == v.deals:
                self.deals_planned += self.n
                self._log(event("The scores are tied: one more deal each."))
            else:
                self._finish()
                return
        if v.name == "normand" and max(self.totals) >= self.target:
            self._finish()
            return
        self._new_deal((self.dealer + 1) % self.n)
