"""The exchange with the talon: elder then younger (two-handed), or the dealer alone (normand).

A discard is one multi-card action; the legal list enumerates every subset (a few
thousand at most), but ``_exchange_ok`` checks one directly and ``action_forms``
offers the hand as a multi-select, so neither a UI nor a player ever waits on it.
"""

from __future__ import annotations

from itertools import combinations

from games.piquet.host import PiquetHost
from rules.actions import Action, act
from rules.cards import CARD, as_cards
from rules.messages import Cards, Msg, Seat, event

KEEP = act("keep")


class ExchangeMixin(PiquetHost):

    def _start_exchange(self) -> None:
        self.phase = "exchange"
        if self._v.exchange == "both":
            self.current_seat = self.order[0]
        else:
            self.current_seat = self.dealer

    def discard_limits(self, seat: int) -> tuple[int, int]:
        """(fewest, most) cards ``seat`` may exchange now."""
        if self._v.exchange == "both" and seat == self.order[0]:
            return 1, min(5, len(self.talon))
        return 1, len(self.talon)

    def _may_keep(self) -> bool:
        return self._v.exchange == "dealer"

    def _exchange_legal(self) -> list[Action]:
        seat = self.current_seat
        assert seat is not None
        lo, hi = self.discard_limits(seat)
        hand = [CARD[c] for c in self.hands[seat]]
        out = [KEEP] if self._may_keep() else []
        for k in range(lo, hi + 1):
            out.extend(Action("discard", combo) for combo in combinations(hand, k))
        return out

    def _exchange_ok(self, action: Action) -> bool:
        if action.kind == "keep":
            return self._may_keep()
        return action.kind == "discard" and self._discard_problem(action) is None

    def _discard_problem(self, action: Action) -> Msg | None:
        seat = self.current_seat
        assert seat is not None
        lo, hi = self.discard_limits(seat)
        cards = [int(c) for c in action.args]
        if not lo <= len(cards) <= hi:
            if hi == len(self.talon):
                return Msg("You must discard between {lo} and {hi} cards (the talon holds "
                           "{talon}); you chose {n}.", lo=lo, hi=hi, talon=len(self.talon),
                           n=len(cards))
            return Msg("You must discard between {lo} and {hi} cards; you chose {n}.", lo=lo,
                       hi=hi, n=len(cards))
        for c in cards:
            if cards.count(c) > 1:
                return Msg("You listed {card} twice.", card=Cards.of((c,)))
            if c not in self.hands[seat]:
                return Msg("You do not hold {card}: you can only discard cards from your hand.",
                           card=Cards.of((c,)))
        return None

    def _why_exchange(self, action: Action) -> Msg:
        seat = self.current_seat
        assert seat is not None
        if action.kind == "discard":
            return self._discard_problem(action) or Msg("That discard is not allowed.")
        lo, hi = self.discard_limits(seat)
        example = f"discard {CARD[self.hands[seat][0]]}"
        if self._may_keep():
            return Msg("It is time to exchange: discard {lo} to {hi} cards, e.g. '{example}' or "
                       "'keep' to take nothing.", lo=lo, hi=hi, example=example)
        return Msg("It is time to exchange: discard {lo} to {hi} cards, e.g. '{example}'.",
                   lo=lo, hi=hi, example=example)

    def _exchange_forms(self, seat: int) -> list[dict]:
        lo, hi = self.discard_limits(seat)
        forms: list[dict] = [{"kind": "discard", "cards": as_cards(self.hands[seat]),
                              "min": lo, "max": hi}]
        if self._may_keep():
            forms.append({"kind": "keep", "choices": ["keep"]})
        return forms

    def _apply_exchange(self, action: Action) -> None:
        seat = self.current_seat
        assert seat is not None
        hand = self.hands[seat]
        out = sorted(int(c) for c in action.args) if action.kind == "discard" else []
        for c in out:
            hand.remove(c)
        self.discards[seat].extend(out)
        taken = self.talon[:len(out)]
        del self.talon[:len(out)]
        hand.extend(taken)
        hand.sort()
        self.drawn[seat] = len(out)
        if self._v.exchange == "dealer":
            self._dealer_exchanged(seat, out, taken)
        elif seat == self.order[0]:
            self._elder_exchanged(seat, out, taken)
        else:
            self._younger_exchanged(seat, out, taken)

    def _elder_exchanged(self, seat: int, out: list[int], taken: list[int]) -> None:
        left = 5 - len(out)
        if left:
            # Elder may look at the untaken cards of the top five: they stay on top.
            self.seen[seat] = self.talon[:left]
            self._log(event("{who} exchanges {n}, leaving {left}.", who=Seat(seat), n=len(out),
                          left=left))
            self._log(event("You discard {out} and draw {got}; the cards you left are {left}.",
                          out=Cards.of(out), got=Cards.of(taken),
                          left=Cards.of(self.seen[seat])), to=seat)
        else:
            self._log(event("{who} exchanges five.", who=Seat(seat)))
            self._log(_drawn(out, taken), to=seat)
        self.current_seat = self.order[1]

    def _younger_exchanged(self, seat: int, out: list[int], taken: list[int]) -> None:
        if self.talon:
            self.seen[seat] = self.talon[:]
            self.talon_open.append(seat)
            self._log(event("{who} exchanges {n}, leaving {left}.", who=Seat(seat), n=len(out),
                          left=len(self.talon)))
            self._log(event("You discard {out} and draw {got}; the cards left are {left}.",
                          out=Cards.of(out), got=Cards.of(taken), left=Cards.of(self.talon)),
                      to=seat)
        else:
            self._log(event("{who} exchanges {n}, taking the whole talon.", who=Seat(seat),
                          n=len(out)))
            self._log(_drawn(out, taken), to=seat)
        self._start_declaring()

    def _dealer_exchanged(self, seat: int, out: list[int], taken: list[int]) -> None:
        if out:
            self._log(event("{who} exchanges {n}.", who=Seat(seat), n=len(out)))
            self._log(_drawn(out, taken), to=seat)
        else:
            self._log(event("{who} keeps the hand.", who=Seat(seat)))
        if self.talon:
            self.seen[seat] = self.talon[:]
            self.talon_open.append(seat)
            self._log(event("The talon card(s) you left: {cards}.", cards=Cards.of(self.talon)),
                      to=seat)
        self._start_declaring()

    def _open_talon_to_elder(self) -> None:
        """After elder's first lead, elder may see what younger left in the talon."""
        elder = self.order[0]
        if self._v.exchange == "both" and self.talon and elder not in self.talon_open:
            self.talon_open.append(elder)
            self._log(event("The cards {who} left in the talon: {cards}.",
                          who=Seat(self.order[1]), cards=Cards.of(self.talon)), to=elder)


def _drawn(out: list[int], taken: list[int]) -> tuple:
    """The private note of an exchange: what went and what came."""
    return event("You discard {out} and draw {got}.", out=Cards.of(out), got=Cards.of(taken))
