"""What each seat sees: its own cards, what it may see of the talon, and everything public."""

from __future__ import annotations

from games.piquet.combos import claim_name, number_word
from games.piquet.declaring import CAT_TITLE, CATS
from games.piquet.host import PiquetHost
from rules.cards import as_cards


class ViewMixin(PiquetHost):

    def _view(self, seat: int | None) -> dict:
        v = {
            "variant": self.variant,
            "phase": self.phase,
            "deal": self.deal_no,
            "deals": self.deals_planned or None,
            "dealer": self.dealer,
            "elder": self.order[0],
            "order": list(self.order),
            "sides": self._sides(),
            "deal_scores": list(self.deal_pts),
            "totals": list(self.totals),
            "history": self.history,
            "bonus": self.bonus,
            "carte_blanche": list(self.blanche),
            "exchanged": list(self.drawn),
            "talon_size": len(self.talon),
            "claims": [self._claim_view(r) for r in self.claims],
            "shown": [{"seat": r["seat"], "what": r["what"], "cards": as_cards(r["cards"])}
                      for r in self.shown],
            "declaring": self._declaring_view(),
            "calls": [list(c) for c in self.calls],
            "contract": self.contract,
            "target": self.target if self.variant == "normand" else None,
        }
        v.update(self._trick_view())
        if seat is not None:
            v["hand"] = as_cards(self.hands[seat])
            v["discards"] = as_cards(self.discards[seat])
            v["talon_seen"] = as_cards(self.seen[seat])
            v["talon"] = as_cards(self.talon) if seat in self.talon_open else None
        return v

    def _sides(self) -> list[list[int]]:
        if self._v.teams:
            return [[0, 2], [1, 3]]
        return [[s] for s in range(self.n)]

    def _claim_view(self, rec: dict) -> dict:
        out = {"seat": rec["seat"], "category": rec["cat"], "said": claim_name(
            rec["cat"], rec["n"], rec["x"] or 0)}
        if rec["v"] is not None:
            out["value"] = rec["v"]
        return out

    def _declaring_view(self) -> dict | None:
        if self.phase != "declare":
            return None
        cat = CATS[self.cat]
        best = None
        if self.best is not None:
            seat, n, x, said = self.best
            best = {"seat": seat, "said": claim_name(cat, n, 0 if cat == "point" else x)}
            if cat == "point" and said:
                best["value"] = x
                best["said"] += f" ({number_word(x)})"
        return {"category": CAT_TITLE[cat], "best": best, "equal": list(self.equal)}
