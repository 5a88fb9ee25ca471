"""Skill ratings with openskill's Plackett-Luce model (pure: no storage here).

* A side is a team (partnership games: the result's ``teams``) or one seat.
* Ranks come from the engine's result (1 = best, ties share); any side with an
  abandoner ranks below everyone else (abandoners tie with each other).
* AI seats are virtual players with fixed ratings per level: they take part in
  the update (so beating a hard AI is worth more than beating a random one) but
  their ratings never move, so practising against them cannot be farmed to
  inflate anyone else or the AI.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

MODEL = PlackettLuce()
DEFAULT_MU = MODEL.mu
DEFAULT_SIGMA = MODEL.sigma
PROVISIONAL_GAMES = 5

# Fixed (mu, sigma) of each AI level: small sigma, so one game barely moves opinions of it.
AI_RATINGS: dict[str, tuple[float, float]] = {
    "random": (12.0, 1.0),
    "easy": (20.0, 1.0),
    "normal": (26.0, 1.0),
    "hard": (30.0, 1.0),
}


def ordinal(mu: float, sigma: float) -> float:
    """The conservative skill estimate leaderboards sort by."""
    return mu - 3.0 * sigma


# What people read: openskill's ordinal on a chess-like scale, 1500 for a newcomer
# (ordinal 0: mu 25, sigma 25/3).  One ordinal point is 20 rating points, so an
# established average player (mu 25, sigma ~1.5) reads about 1900 and one game moves a
# newcomer by a few dozen points.  After one game the ordinal is above -10 whatever the
# result, so the number is far from 0; the clamp only guards the theoretical extreme.
DISPLAY_BASE = 1500
DISPLAY_SCALE = 20


def display_rating(value: float) -> int:
    """An ordinal (``mu - 3 sigma``) as the whole number leaderboards show (>= 0)."""
    return max(0, round(DISPLAY_BASE + DISPLAY_SCALE * value))


# The footnote under a table that marks provisional ratings with "?".
PROVISIONAL_NOTE = (f"? provisional: fewer than {PROVISIONAL_GAMES} games played, so the rating "
                    "can still move a lot")


def rating_text(value: float, games: int) -> str:
    """"1540", or "1540 (provisional: fewer than 5 games)" while ``games`` is below
    PROVISIONAL_GAMES."""
    shown = str(display_rating(value))
    if games < PROVISIONAL_GAMES:
        shown += f" (provisional: fewer than {PROVISIONAL_GAMES} games)"
    return shown


@dataclass(frozen=True)
class Entrant:
    """Who a seat counts as for rating: a user (rated) or a fixed AI level."""

    user_id: int | None
    ai_level: str | None
    mu: float
    sigma: float


def ai_entrant(level: str) -> Entrant:
    mu, sigma = AI_RATINGS.get(level, (DEFAULT_MU, DEFAULT_SIGMA))
    return Entrant(None, level, mu, sigma)


def sides_and_ranks(n: int, ranks: Sequence[int] | None, abandoned: set[int],
                    teams: Sequence[Sequence[int]] | None = None
                    ) -> tuple[list[list[int]], list[int]]:
    """The rated sides (lists of seats) and each side's rank for the model.

    ``ranks`` None (a game abandoned before its end): every non-abandoning side ties
    first.  A side with an abandoner ranks last.
    """
    sides = [list(t) for t in teams] if teams else [[s] for s in range(n)]
    base = [min(ranks[s] for s in side) if ranks else 1 for side in sides]
    last = max(base) + 1
    return sides, [last if any(s in abandoned for s in side) else b
                   for side, b in zip(sides, base, strict=True)]


def rate(entrants: Sequence[Entrant], sides: list[list[int]], side_ranks: list[int]
         ) -> dict[int, tuple[float, float]]:
    """New (mu, sigma) for every seat held by a user; AI seats are left out (fixed)."""
    if not any(entrants[s].user_id is not None for side in sides for s in side):
        return {}
    teams = [[MODEL.rating(mu=entrants[s].mu, sigma=entrants[s].sigma) for s in side]
             for side in sides]
    new = MODEL.rate(teams, ranks=list(side_ranks))
    out: dict[int, tuple[float, float]] = {}
    for side, rated in zip(sides, new, strict=True):
        for seat, r in zip(side, rated, strict=True):
            if entrants[seat].user_id is not None:
                out[seat] = (float(r.mu), float(r.sigma))
    return out
