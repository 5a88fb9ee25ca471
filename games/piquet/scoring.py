"""Reckoning points as they happen (pique, repique, au cent's stop) and partie results."""

from __future__ import annotations

from games.piquet.host import PiquetHost
from games.piquet.variants import AU_CENT_TARGET
from rules.messages import N_, Seat, event

# Law 67 order; a deal's breakdown lists its categories in this order.
CATEGORIES = ("carte blanche", "point", "sequences", "sets", "repique", "play", "pique",
              "cards", "capot", "contract")


def rubicon_partie(winner: int, loser: int, rubicon: int) -> int:
    """What the winner of a partie scores: (W - L) + bonus if the loser crossed the rubicon,
    else W + L + bonus (120-99 -> 319, 120-101 -> 119 with rubicon 100)."""
    if loser >= rubicon:
        return winner - loser + rubicon
    return winner + loser + rubicon


def au_cent_result(winner: int, loser: int) -> int:
    """The difference, doubled when the loser is under 50."""
    diff = winner - loser
    return diff * 2 if loser < 50 else diff


def contract_points(n: int, negative: bool, mult: int, taken: int,
                    total: int = 12) -> tuple[int, int]:
    """(declarer, opponent) points for an auction contract of ``n`` (a minus contract of n
    means taking at most ``total - n`` tricks): 10 a trick beyond the contract for the
    declarer, 10 a trick short for the opponent, times 2 doubled or 4 redoubled."""
    if negative:
        margin = (total - n) - taken
    else:
        margin = taken - n
    if margin > 0:
        return 10 * margin * mult, 0
    return 0, -10 * margin * mult


class ReckonMixin(PiquetHost):
    """Adds points to a side in reckoning order and fires pique, repique and au cent's end."""

    def side(self, seat: int) -> int:
        return seat % 2 if self._v.teams else seat

    def _n_sides(self) -> int:
        return 2 if self._v.teams else self.n

    def _reckon(self, seat: int, pts: int, kind: str, label: str) -> bool:
        """Score ``pts`` for ``seat``'s side; ``kind`` is "decl", "play" or "other".
        Returns True if this ended the game (au cent)."""
        if pts <= 0 or self.over:
            return self.over
        side = self.side(seat)
        self._add(side, pts, label)
        if kind == "decl":
            self.decl_pts[side] += pts
        elif kind == "play":
            self.play_pts[side] += pts
        if self.bonus is None and kind in ("decl", "play"):
            others = any(p for s, p in enumerate(self.deal_pts) if s != side)
            if not others:
                self._check_bonus(seat, side, kind)
        return self._reached_target(seat)

    def _add(self, side: int, pts: int, label: str) -> None:
        self.deal_pts[side] += pts
        self.totals[side] += pts
        detail = self.detail[side]
        detail[label] = detail.get(label, 0) + pts

    def _check_bonus(self, seat: int, side: int, kind: str) -> None:
        rep_at, rep_bonus = self.rep
        piq_at, piq_bonus = self.piq
        if kind == "decl" and self.decl_pts[side] >= rep_at:
            self.bonus = [side, "repique"]
            self._add(side, rep_bonus, "repique")
            self._log(self._bonus_said(seat, "repique", self.decl_pts[side], rep_bonus))
        elif kind == "play" and self.decl_pts[side] + self.play_pts[side] >= piq_at:
            if self._v.pique_elder_only and side != self.side(self.order[0]):
                return
            self.bonus = [side, "pique"]
            self._add(side, piq_bonus, "pique")
            self._log(self._bonus_said(seat, "pique", self.decl_pts[side] + self.play_pts[side],
                                       piq_bonus))

    def _bonus_said(self, seat: int, bonus: str, pts: int, gain: int) -> tuple:
        """"{p0} repiques (30 before anything against): +60." (with a partner: "and {p2}
        repique")."""
        if self._v.teams:
            text = {"repique": N_("{who} and {partner} repique ({pts} before anything "
                                  "against): +{n}."),
                    "pique": N_("{who} and {partner} pique ({pts} before anything against): "
                                "+{n}.")}[bonus]
            return event(text, who=Seat(seat), partner=Seat((seat + 2) % 4), pts=pts, n=gain)
        text = {"repique": N_("{who} repiques ({pts} before anything against): +{n}."),
                "pique": N_("{who} piques ({pts} before anything against): +{n}.")}[bonus]
        return event(text, who=Seat(seat), pts=pts, n=gain)

    def _reached_target(self, seat: int) -> bool:
        """Au cent stops the moment a player reaches 100."""
        if self._v.name != "au_cent" or self.over:
            return self.over
        side = self.side(seat)
        if self.totals[side] < AU_CENT_TARGET:
            return False
        self._log(event("{who} reaches {n}: play stops at once.", who=Seat(seat),
                      n=self.totals[side]))
        self._record_deal(stopped=True)
        self._finish()
        return True
