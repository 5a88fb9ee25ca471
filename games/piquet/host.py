"""What every Piquet mixin may rely on: the state's fields and the methods the mixins call
across one another.

``PiquetState`` is put together from one mixin per phase (exchange, declaring, bidding,
play, reckoning, knowledge, views).  Each mixin derives from ``PiquetHost`` so that it can
be read, and type-checked, on its own: the fields are declared here with their types, and
the methods one mixin calls on another are declared for the type checker only, so the
real method is always the mixin's own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.piquet.variants import Variant
from rules.messages import Seat, Seats
from rules.tricks import TrickState


class PiquetHost(TrickState):
    _v: Variant                  # the variant's rules (set by PiquetState._init_transient)
    # the partie
    variant: str
    target: int
    totals: list[int]            # per side
    history: list[dict]          # one record per finished deal
    deal_no: int
    deals_planned: int
    phase: str                   # "deal", "bid", "exchange", "declare", "play", "done"
    # the deal
    order: list[int]             # seats from elder hand to the dealer
    talon: list[int]
    talon_open: list[int]        # talon cards shown to the elder (left by the younger)
    discards: list[list[int]]
    drawn: list[int]
    seen: list[list[int]]        # cards each seat has seen beyond its own hand
    played: list[list[int]]
    led_first: bool
    blanche: list[int]           # seats that announced carte blanche
    deal_pts: list[int]          # per side, this deal
    decl_pts: list[int]
    play_pts: list[int]
    detail: list[dict]
    bonus: list | None           # [side, "repique" | "pique"]
    rep: list[int]               # [threshold, bonus], cleared once it cannot happen
    piq: list[int]
    mult: int
    # declaring
    claims: list[dict]
    shown: list[dict]
    cat: int                     # the category being declared (index)
    spoke: int
    best: list | None            # [seat, n, x, value announced]
    equal: list[int]
    # the auction
    contract: dict | None
    calls: list[list]            # [seat, text] as said
    high: list | None            # [seat, bid value]

    @property
    def variant_rules(self) -> Variant:
        """What this variant (``variant``, its name) plays by: hand size, exchange,
        thresholds, teams... (``variants.Variant``)."""
        return self._v

    def _take_back(self, seat: int, card: int) -> None:
        """``before_play``: ``seat``'s ``card``, played to this trick, goes back to its
        hand; Piquet also forgets it among the cards each seat has played."""
        super()._take_back(seat, card)
        played = self.played[seat]
        if played and played[-1] == card:
            played.pop()

    if TYPE_CHECKING:
        # Defined by PiquetState or one of the mixins.
        def _new_deal(self, dealer: int, counted: bool = True) -> None: ...
        def _kinds_text(self) -> str: ...
        def _start_bidding(self) -> None: ...
        def _start_exchange(self) -> None: ...
        def _open_talon_to_elder(self) -> None: ...
        def _start_declaring(self) -> None: ...
        def _reset_category(self) -> None: ...
        def _start_play(self) -> None: ...
        def _record_deal(self, stopped: bool = False) -> None: ...
        def _side_name(self, side: int) -> Seat | Seats: ...
        def side(self, seat: int) -> int: ...
        def _n_sides(self) -> int: ...
        def _reckon(self, seat: int, pts: int, kind: str, label: str) -> bool: ...
