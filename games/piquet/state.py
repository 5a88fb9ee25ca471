"""The Piquet state: deals, phases, and the dispatch to each phase's mixin."""

from __future__ import annotations

from games.piquet.bidding import BiddingMixin
from games.piquet.combos import is_carte_blanche
from games.piquet.declaring import DeclaringMixin
from games.piquet.exchange import ExchangeMixin
from games.piquet.knowledge import KnowledgeMixin
from games.piquet.play import PlayMixin
from games.piquet.scoring import ReckonMixin, au_cent_result, rubicon_partie
from games.piquet.variants import VARIANTS
from games.piquet.views import ViewMixin
from rules.actions import Action
from rules.messages import N_, Msg, Seat, event

PHASE_NAME = {"bid": "the auction", "exchange": "the exchange", "declare": "the declarations",
              "play": "the play"}


class PiquetState(ExchangeMixin, DeclaringMixin, BiddingMixin, PlayMixin, ReckonMixin,
                  KnowledgeMixin, ViewMixin):
    deal_field = "deal_no"

    def _init_transient(self) -> None:
        super()._init_transient()
        self._v = VARIANTS[self.options["variant"]]

    # --- deals --------------------------------------------------------------------------

    def _setup(self) -> None:
        self.variant = self._v.name
        self.target = self.options["target"]
        sides = 2 if self._v.teams else self.n
        self.totals = [0] * sides
        self.history: list[dict] = []
        self.deal_no = 0
        self.deals_planned = self._v.deals or 0
        self.phase = "deal"
        self._new_deal(0)

    def _new_deal(self, dealer: int, counted: bool = True) -> None:
        v = self._v
        self.order = [(dealer + 1 + i) % self.n for i in range(self.n)]
        elder = self.order[0]
        self.talon = self._deal_hand(dealer, v.hand, packet=2, counted=counted)
        self.discards: list[list[int]] = [[] for _ in range(self.n)]
        self.drawn = [0] * self.n
        self.seen: list[list[int]] = [[] for _ in range(self.n)]
        self.talon_open: list[int] = []
        self.played: list[list[int]] = [[] for _ in range(self.n)]
        self.led_first = False
        self.claims: list[dict] = []
        self.shown: list[dict] = []
        self.cat = 0
        self._reset_category()
        sides = len(self.totals)
        self.deal_pts = [0] * sides
        self.decl_pts = [0] * sides
        self.play_pts = [0] * sides
        self.detail: list[dict] = [{} for _ in range(sides)]
        self.bonus: list | None = None
        self.rep, self.piq = list(v.repique), list(v.pique)
        self.contract: dict | None = None
        self.calls: list[list] = []
        self.high: list | None = None
        self.mult = 1
        self._log(event("Deal {n}: {dealer} deals; {elder} is elder.", n=self.deal_no,
                      dealer=Seat(dealer), elder=Seat(elder)))
        self.blanche = [s for s in self.order if is_carte_blanche(self.hands[s])]
        for s in self.blanche:
            self._log(event("{who} holds carte blanche (no king, queen or jack): 10 points.",
                          who=Seat(s)))
        if v.name == "auction":
            self._start_bidding()
        elif v.exchange == "none":
            self._start_declaring()
        else:
            self._start_exchange()

    def _finish(self) -> None:
        super()._finish()
        self.phase = "done"
        r = self._result()
        if r.get("drawn"):
            self._log(event("The partie is drawn."))
        elif "partie" in r:
            game = self._v.name == "au_cent"
            if self._v.teams:
                text = N_("{side} win the game by {n}.") if game else \
                    N_("{side} win the partie by {n}.")
            else:
                text = N_("{side} wins the game by {n}.") if game else \
                    N_("{side} wins the partie by {n}.")
            self._log(event(text, side=self._side_name(r["winner_side"]), n=r["partie"]))

    # --- the contract ---------------------------------------------------------------------

    def _legal(self) -> list[Action]:
        phase = self.phase
        if phase == "play":
            return self.play_actions()
        if phase == "declare":
            return self._declare_legal()
        if phase == "exchange":
            return self._exchange_legal()
        return self._bid_legal()

    def _is_legal(self, action: Action) -> bool:
        if self.phase == "exchange":
            return self._exchange_ok(action)
        return super()._is_legal(action)

    def _why_illegal(self, action: Action) -> Msg:
        phase = self.phase
        if phase == "exchange":
            return self._why_exchange(action)
        if phase == "declare":
            return self._why_declare(action)
        if phase == "bid":
            return self._why_bid(action)
        return self._why_not_play(action)

    def _kinds_text(self) -> str:
        kinds = sorted({a.kind for a in self._legal_cached()})
        return ", ".join(f"'{k}'" for k in kinds)

    def _apply(self, action: Action) -> None:
        phase = self.phase
        if phase == "play":
            self._apply_play(action)
        elif phase == "declare":
            self._apply_declare(action)
        elif phase == "exchange":
            self._apply_exchange(action)
        else:
            self._apply_bid(action)

    def action_forms(self, seat: int) -> list[dict]:
        if self.phase == "exchange" and seat == self.current_seat and not self.over:
            return self._exchange_forms(seat)
        return super().action_forms(seat)

    def _other_zones(self) -> dict[str, list[int]]:
        return {"talon": list(self.talon), "discards": [c for d in self.discards for c in d]}

    # --- results ------------------------------------------------------------------------

    def _result(self) -> dict:
        v = self._v
        totals = list(self.totals)
        out: dict = {"totals": totals, "deals": self.history, "variant": v.name}
        if v.name == "normand":
            out["scores"] = totals
            out["target"] = self.target
            return out
        hi, lo = max(totals), min(totals)
        win = totals.index(hi)
        if hi == lo:
            out.update(scores=[0] * self.n, drawn=True)
        else:
            value = au_cent_result(hi, lo) if v.rubicon is None else \
                rubicon_partie(hi, lo, v.rubicon)
            out.update(partie=value, winner_side=win, drawn=False,
                       scores=[value if self.side(s) == win else -value for s in range(self.n)])
        if v.teams:
            out["teams"] = [[0, 2], [1, 3]]
        return out
