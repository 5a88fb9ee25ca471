"""Each AI level's rating on the project's own scale, from self-play games (issue 48).

So a server can read "hard plays like a 1,950 player": the level under test is rated
as a newcomer would be, one game after another, by the very update a server's players
get (``bot.core.ratings.rate``: openskill's Plackett-Luce, sides and ranks from the
result), against the other seats at their fixed AI ratings.  Two readings of where it
ends: its estimated strength read as the bot reads a fixed AI level (``mu`` with the
levels' own sigma), beside the fixed rating the bot gives that level (what beating it
is worth to a player); and what the leaderboard would show for a player with those
results (``display_rating(mu - 3 sigma)``, low while sigma is still large).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.core.ratings import (
    AI_RATINGS,
    DEFAULT_MU,
    DEFAULT_SIGMA,
    DISPLAY_SCALE,
    Entrant,
    ai_entrant,
    display_rating,
    ordinal,
    rate,
    sides_and_ranks,
)

RATED = 0   # the stand-in user id of the level under test


@dataclass(frozen=True)
class LevelRating:
    level: str
    against: tuple[str, ...]    # the other seats' levels
    games: int
    mu: float
    sigma: float

    @property
    def shown(self) -> int:
        """What the leaderboard would show for a player with these results."""
        return display_rating(ordinal(self.mu, self.sigma))

    @property
    def strength(self) -> tuple[int, int]:
        """Its estimated strength as the bot would show it for an AI level: ``mu`` read with
        the fixed levels' own sigma (``display_rating(mu - 3 sigma_AI)``), and the half
        width of its 95% interval, in the same points.  Beside ``fixed`` it says whether
        the level's fixed rating over- or under-states it."""
        sigma = AI_RATINGS["easy"][1]
        return (display_rating(ordinal(self.mu, sigma)),
                round(2 * self.sigma * DISPLAY_SCALE))

    @property
    def fixed(self) -> int | None:
        """What the bot's fixed rating of this level shows (None: it has none)."""
        if self.level not in AI_RATINGS:
            return None
        return display_rating(ordinal(*AI_RATINGS[self.level]))


def rate_level(seats: Sequence[str], n: int, results: Sequence[tuple]) -> LevelRating:
    """``seats[0]``'s level rated from ``results`` (``((tag, deal, rotation), result)``
    in a fixed order, as ``summarise`` takes them): each game, the seats of that level
    are one newcomer (its rating carried from game to game), every other seat an AI at
    its level's fixed rating."""
    level = seats[0]
    mu, sigma = DEFAULT_MU, DEFAULT_SIGMA
    games = 0
    for (_, _, rot), r in results:
        levels = [seats[(i + rot) % n] for i in range(n)]
        mine = [i for i in range(n) if levels[i] == level]
        entrants = [Entrant(RATED, None, mu, sigma) if i in mine else ai_entrant(levels[i])
                    for i in range(n)]
        # One player in several seats would be rated against itself: rate the first seat
        # (the suite has one seat of the level under test).
        for other in mine[1:]:
            entrants[other] = ai_entrant(level)
        sides, side_ranks = sides_and_ranks(n, r["ranks"], set())
        new = rate(entrants, sides, side_ranks)
        mu, sigma = new[mine[0]]
        games += 1
    others = tuple(dict.fromkeys(x for x in seats if x != level))
    return LevelRating(level, others, games, mu, sigma)


def markdown(rows: Sequence[tuple[str, LevelRating]]) -> str:
    out = ["| game | level | against | games | its strength, as a fixed AI rating (95%) "
           "| the bot's fixed rating of the level | a player with these results would show |",
           "|---|---|---|---|---|---|---|"]
    for label, lr in rows:
        fixed = "-" if lr.fixed is None else f"{lr.fixed:,}"
        strength, half = lr.strength
        out.append(f"| {label} | {lr.level} | {', '.join(lr.against)} | {lr.games} | "
                   f"**{strength:,}** ± {half:,} | {fixed} | {lr.shown:,} |")
    return "\n".join(out)
