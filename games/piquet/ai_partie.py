"""What a lead is worth in the partie: the chance that it wins, not its size (issue 48).

A partie goes to the higher total, so forty points ahead before the last deal are worth
more than forty ahead before the first, and a hundred ahead before the last are nearly
a certain win that another twenty barely improve.  The search's values were the lead in
points / 100 until the last deal (then, in rollouts that end the partie, win or loss);
now every value is ``2 P(win) - 1`` for a lead under a normal random walk of the deals
still to come: ``erf(lead / (spread * sqrt(2 * deals left)))``, and once nothing is left
to play, the place itself (1, 0 on a tie, -1; three-handed as ``by_place``).  So a seat
well ahead late plays safe and one behind plays for the swing.

``SPREAD`` is the standard deviation of one deal's points of one seat less another's,
``RACE`` the points a deal at which the leader of a partie played to a target nears it
(its target over the deals such a partie lasts), both from 200 parties of each variant
by four ``easy`` players (``python -m benchmarks.piquet_partie``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from rules.ai.evaluate import by_place

SPREAD = {"rubicon": 38.0, "au_cent": 35.0, "normand": 28.0, "a_quatre": 24.0, "auction": 56.0}
RACE = {"au_cent": 27.0, "normand": 18.0}
TARGET_AU_CENT = 100


@dataclass(frozen=True)
class Partie:
    """How a variant's partie ends: after ``deals`` more deals (fixed-length parties), or
    once a total reaches ``target`` (``race`` points a deal)."""
    spread: float
    deals: int | None
    target: int
    race: float

    def left(self, totals: list[float]) -> float:
        """Deals still to play once a deal ends with ``totals``: 0 when the partie ends."""
        if self.deals is not None:
            return max(0, self.deals)
        top = max(totals)
        if top >= self.target:
            return 0.0
        return max(1.0, (self.target - top) / self.race)

    def worth(self, totals: list[float], side: int, left: float | None = None) -> float:
        """``side``'s chance of winning the partie with ``totals`` and ``left`` deals to
        play (default: as after a deal), as ``2 P - 1``."""
        deals = self.left(totals) if left is None else left
        others = [t for i, t in enumerate(totals) if i != side]
        if deals <= 0:
            ranks = [1 + sum(o > t for o in totals) for t in totals]
            return by_place(ranks, side)
        return math.erf((totals[side] - max(others)) / (self.spread * math.sqrt(2 * deals)))


def after_deal(state) -> Partie:
    """The partie as it will stand when ``state``'s current deal is over."""
    v = state.variant_rules
    race = RACE.get(v.name, SPREAD[v.name])
    if v.deals is not None:
        return Partie(SPREAD[v.name], state.deals_planned - state.deal_no, 0, race)
    target = TARGET_AU_CENT if v.name == "au_cent" else state.target
    return Partie(SPREAD[v.name], None, target, race)


def value(state, seat: int) -> float:
    """``seat``'s side's chance of winning from a position between (or inside) deals: the
    current deal counted as one still to play."""
    partie = after_deal(state)
    totals = list(state.totals)
    left = partie.left(totals) + 1 if partie.deals is not None else \
        max(1.0, (partie.target - max(totals)) / partie.race)
    return partie.worth(totals, state.side(seat), left)


def deal_worth(state, seat: int):
    """For the exchange searches, which estimate a deal's points of ``seat`` less the
    others': what a deal ending that many points ahead is worth in the partie."""
    partie = after_deal(state)
    side = state.side(seat)
    totals = list(state.totals)

    def worth(points: float) -> float:
        after = list(totals)
        after[side] += points
        return partie.worth(after, side)
    return worth
