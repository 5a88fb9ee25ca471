"""The auction of Piquet with trade: bids of 7..12 tricks, plus or minus, double, redouble.

``bid 8`` undertakes to take at least 8 tricks; ``bid -8`` (a minus bid) to take at
most 12 - 8 = 4.  Bids rank 7 < -7 < 8 < -8 < ... < 12 < -12.  Elder speaks first
and the two alternate.  Once a bid stands, the first ``pass`` ends the auction and
the last bid (with any double or redouble on it) is the contract; a new bid wipes
out a double.  If both pass before anyone bids, the same dealer deals again.
"""

from __future__ import annotations

from games.piquet.combos import number_word
from games.piquet.host import PiquetHost
from games.piquet.variants import auction_thresholds
from rules.actions import Action, act
from rules.messages import N_, Msg, Seat, counted, event, number

BIDS = [act("bid", n * sign) for n in range(7, 13) for sign in (1, -1)]  # ascending
PASS, DOUBLE, REDOUBLE = act("pass"), act("double"), act("redouble")


def bid_rank(value: int) -> int:
    return BIDS.index(act("bid", value))


def bid_text(value: int) -> tuple:
    n = abs(value)
    said = number(n, number_word(n))
    if value > 0:
        return event("{n} (to take at least {tricks})", n=said,
                     tricks=counted("{n} trick", "{n} tricks", n))
    return event("minus {n} (to take at most {tricks})", n=said,
                 tricks=counted("{n} trick", "{n} tricks", 12 - n))


class BiddingMixin(PiquetHost):

    def _start_bidding(self) -> None:
        self.phase = "bid"
        self.calls: list[list] = []   # [seat, text] as said
        self.high: list | None = None  # [seat, bid value]
        self.mult = 1
        self.current_seat = self.order[0]

    def _bid_legal(self) -> list[Action]:
        seat = self.current_seat
        assert seat is not None
        start = 0 if self.high is None else bid_rank(self.high[1]) + 1
        out = [PASS]
        if self.high is not None:
            if self.high[0] != seat and self.mult == 1:
                out.append(DOUBLE)
            if self.high[0] == seat and self.mult == 2:
                out.append(REDOUBLE)
        return out + BIDS[start:]

    def _why_bid(self, action: Action) -> Msg:
        seat = self.current_seat
        assert seat is not None
        if action.kind == "bid":
            value = action.args[0]
            if not 7 <= abs(value) <= 12:
                return Msg("Bids run from 7 to 12 tricks ('bid 8'), or -7 to -12 for a minus bid "
                           "('bid -8' undertakes to take at most 4).")
            lowest = next((str(a) for a in self._bid_legal() if a.kind == "bid"), None)
            if lowest is None:
                return Msg("Nothing outbids -12: pass, or double.")
            assert self.high is not None  # a bid within 7..12 is refused only when outbid
            return Msg("A bid must be higher than the last ({last}); the lowest you can make "
                       "is '{bid}'.", last=self.high[1], bid=lowest)
        if action.kind == "double":
            if self.high is None:
                return Msg("There is no bid to double yet.")
            if self.high[0] == seat:
                return Msg("You cannot double your own bid.")
            return Msg("That bid is already doubled.")
        if action.kind == "redouble":
            return Msg("You can only redouble when your own bid has been doubled.")
        return Msg("We are bidding: you can {kinds}.", kinds=self._kinds_text())

    def _apply_bid(self, action: Action) -> None:
        seat = self.current_seat
        assert seat is not None
        other = 1 - seat
        if action.kind == "bid":
            value = action.args[0]
            self.high = [seat, value]
            self.mult = 1
            self._call(seat, f"bid {value}", event("{who} bids {bid}.", who=Seat(seat),
                                                 bid=bid_text(value)))
        elif action.kind == "double":
            self.mult = 2
            self._call(seat, "double", event("{who}: Double.", who=Seat(seat)))
        elif action.kind == "redouble":
            self.mult = 4
            self._call(seat, "redouble", event("{who}: Redouble.", who=Seat(seat)))
        else:
            self._call(seat, "pass", event("{who}: Pass.", who=Seat(seat)))
            if self.high is not None:
                self._set_contract()
                return
            if len(self.calls) == 2:
                self._log(event("Both pass: {who} deals again.", who=Seat(self.dealer)))
                self._new_deal(self.dealer, counted=False)
                return
        self.current_seat = other

    def _call(self, seat: int, said: str, text: tuple) -> None:
        self.calls.append([seat, said])
        self._log(text)

    def _set_contract(self) -> None:
        assert self.high is not None  # the auction ends on a bid
        seat, value = self.high
        self.contract = {"seat": seat, "n": abs(value), "negative": value < 0, "mult": self.mult}
        self.rep, self.piq = (list(t) for t in auction_thresholds(value < 0))
        text = {1: N_("Contract: {who} {bid}."), 2: N_("Contract: {who} {bid}, doubled."),
                4: N_("Contract: {who} {bid}, redoubled.")}[self.mult]
        self._log(event(text, who=Seat(seat), bid=bid_text(value)))
        self._start_declaring()
