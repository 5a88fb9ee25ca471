"""Recording a finished game: the games row, ratings and stats, user names.

Runs inside the same transaction as the game's last action (or its
abandonment), so a result is never half-recorded.
"""

from __future__ import annotations

import json
from dataclasses import asdict

from .ratings import (
    DEFAULT_MU,
    DEFAULT_SIGMA,
    Entrant,
    ai_entrant,
    ordinal,
    rate,
    sides_and_ranks,
)
from .seasons import rate_season
from .seats import Seat
from .store import Conn
from .updates import RatingChange

GLOBAL = "global"


def scope_key(scope: int | str | None) -> str:
    """``"global"`` or a guild id as text (ratings are kept per scope)."""
    if scope is None or str(scope).strip().lower() == GLOBAL:
        return GLOBAL
    return str(int(scope))


async def record_game(conn: Conn, *, table_id: int, game: str, options: dict,
                      seed: int, guild_id: int | None, channel_id: int, seats: list[Seat],
                      result: dict | None, reason: str, moves: int, started: float,
                      finished: float) -> list[RatingChange]:
    """Insert the games row, update ratings in every scope; return the rating changes."""
    n = len(seats)
    abandoned = {i for i, s in enumerate(seats) if s.abandoned}
    teams = result.get("teams") if result else None
    sides, side_ranks = sides_and_ranks(n, result["ranks"] if result else None, abandoned, teams)
    raw = {s: r for side, r in zip(sides, side_ranks, strict=True) for s in side}
    # Stored per seat as competition ranks (1 = best, ties share, abandoners last).
    seat_ranks = [1 + sum(1 for o in raw.values() if o < raw[i]) for i in range(n)]
    winners = set(result.get("winners", [])) if result else set()
    changes: list[RatingChange] = []
    scopes = [GLOBAL] + ([scope_key(guild_id)] if guild_id is not None else [])
    current = await _lock_ratings(conn, game, scopes,
                                  {s.user_id for s in seats if s.user_id is not None}, finished)
    for scope in scopes:
        entrants = []
        played: dict[int, int] = {}   # user -> rated games before this one
        for seat in seats:
            if seat.user_id is None:
                entrants.append(ai_entrant(seat.ai_level or "random"))
                continue
            mu, sigma, games = current[scope, seat.user_id]
            played[seat.user_id] = games
            entrants.append(Entrant(seat.user_id, None, mu, sigma))
        users = [seat.user_id for seat in seats]
        await rate_season(conn, scope, game, users,
                          {i: e for i, e in enumerate(entrants) if e.user_id is None},
                          sides, side_ranks,
                          {i: 1 for i in winners if i not in abandoned}, abandoned, finished)
        for i, (mu, sigma) in rate(entrants, sides, side_ranks).items():
            seat = seats[i]
            won = int(i in winners and i not in abandoned)
            await conn.execute(
                "INSERT INTO ratings (scope, game, user_id, mu, sigma, games, wins, abandons, "
                "updated) VALUES (?, ?, ?, ?, ?, 1, ?, ?, ?) "
                "ON CONFLICT (scope, game, user_id) DO UPDATE SET mu = excluded.mu, "
                "sigma = excluded.sigma, games = ratings.games + 1, "
                "wins = ratings.wins + excluded.wins, "
                "abandons = ratings.abandons + excluded.abandons, updated = excluded.updated",
                (scope, game, seat.user_id, mu, sigma, won, int(i in abandoned), finished))
            before = entrants[i]
            changes.append(RatingChange(seat.person, seat.name, i, scope, game,
                                        ordinal(before.mu, before.sigma), ordinal(mu, sigma),
                                        mu, sigma, played[seat.person] + 1))
    for seat in sorted((s for s in seats if s.user_id is not None), key=lambda s: s.person):
        await conn.execute("INSERT INTO users (user_id, name, updated) VALUES (?, ?, ?) "
                           "ON CONFLICT (user_id) DO UPDATE SET name = excluded.name, "
                           "updated = excluded.updated", (seat.user_id, seat.name, finished))
    players = [{"seat": i, "name": s.name, "user_id": s.user_id, "kind": s.kind,
                "ai_level": s.ai_level, "abandoned": s.abandoned, "strikes": s.strikes,
                "ai_name": s.ai_name}
               for i, s in enumerate(seats)]
    await conn.execute(
        "INSERT INTO games (id, game, options, seed, guild_id, channel_id, players, scores, "
        "ranks, result, abandoned, started, finished, moves, reason, rating_changes) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (table_id, game, _j(options), seed, guild_id, channel_id, _j(players),
         _j(result["scores"]) if result else None, _j(seat_ranks),
         _j(result) if result else None, _j(sorted(abandoned)), started, finished, moves,
         reason, _j([asdict(c) for c in changes])))
    return changes


async def _lock_ratings(conn: Conn, game: str, scopes: list[str], users: set[int],
                        now: float) -> dict[tuple[str, int], tuple[float, float, int]]:
    """Each player's (mu, sigma, rated games so far) per scope, their rows locked until
    the transaction ends.

    Another process may finish a game with the same player at the same moment: the
    rows are created if missing and locked (in one global order, so two games never
    deadlock) before they are read, so neither update is lost.
    """
    out = {}
    for scope in sorted(scopes):
        for user_id in sorted(users):
            await conn.execute(
                "INSERT INTO ratings (scope, game, user_id, mu, sigma, games, wins, abandons, "
                "updated) VALUES (?, ?, ?, ?, ?, 0, 0, 0, ?) ON CONFLICT DO NOTHING",
                (scope, game, user_id, DEFAULT_MU, DEFAULT_SIGMA, now))
            row = await conn.fetchone("SELECT mu, sigma, games FROM ratings WHERE scope = ? AND "
                                      "game = ? AND user_id = ? FOR UPDATE",
                                      (scope, game, user_id))
            assert row is not None  # inserted just above if it was missing
            out[scope, user_id] = (row[0], row[1], row[2])
    return out


def _j(value) -> str:
    return json.dumps(value, separators=(",", ":"))
