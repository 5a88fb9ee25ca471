"""What differs between the five ways of playing Piquet (see games/piquet/texts/piquet.md)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Variant:
    name: str
    players: int
    hand: int                   # cards dealt to each player (in packets of two)
    exchange: str               # "both": elder then younger; "dealer": dealer only; "none"
    deals: int | None           # deals in a partie before the tie rule; None: play to a target
    rubicon: int | None         # rubicon and game bonus (both equal here); None: no rubicon
    repique: tuple[int, int]    # (threshold, bonus) from carte blanche + declarations alone
    pique: tuple[int, int]      # (threshold, bonus) from declarations and play
    pique_elder_only: bool
    lead_points: bool           # +1 for leading, +1 for winning a trick an opponent led
    capot: int                  # bonus for taking every trick (replaces the cards bonus)
    teams: bool = False


VARIANTS: dict[str, Variant] = {
    "rubicon": Variant("rubicon", 2, 12, "both", 6, 100, (30, 60), (30, 30), True, True, 40),
    "au_cent": Variant("au_cent", 2, 12, "both", None, None, (30, 60), (30, 30), True, True, 40),
    # "20 counts as 90 / as 60": the 20 is replaced, so the bonus is 70 / 40.
    "normand": Variant("normand", 3, 10, "dealer", None, None, (20, 70), (20, 40), False,
                       True, 20),
    "a_quatre": Variant("a_quatre", 4, 8, "none", 4, 100, (20, 70), (20, 40), False, True, 40,
                        teams=True),
    # Auction thresholds depend on the contract; see ``auction_thresholds``.
    "auction": Variant("auction", 2, 12, "none", 6, 150, (30, 60), (29, 30), False, False, 0),
}

AU_CENT_TARGET = 100


def auction_thresholds(negative: bool) -> tuple[tuple[int, int], tuple[int, int]]:
    """(repique, pique) as (threshold, bonus) under a plus or a minus contract."""
    if negative:
        return (21, 60), (21, 30)
    return (30, 60), (29, 30)
