"""Read-only queries: leaderboards, one user's stats, recent games."""

from __future__ import annotations

import json
from dataclasses import dataclass

from .names import legacy_ai_name
from .ratings import PROVISIONAL_GAMES, ordinal
from .records import GLOBAL, scope_key
from .seasons import Season, season_of
from .store import Store


@dataclass(frozen=True)
class LeaderboardRow:
    position: int          # 1-based place on this board
    user_id: int
    name: str
    rating: float          # ordinal: mu - 3 sigma
    mu: float
    sigma: float
    games: int
    wins: int
    win_rate: float        # wins / games, 0..1
    abandons: int
    provisional: bool      # fewer than PROVISIONAL_GAMES games: show a marker


@dataclass(frozen=True)
class UserGameStats:
    game: str
    scope: str
    rating: float
    mu: float
    sigma: float
    games: int
    wins: int
    win_rate: float
    abandons: int
    provisional: bool
    position: int          # place on that game's board in that scope


@dataclass(frozen=True)
class GameSummary:
    game_id: int
    game: str
    options: dict
    seed: int
    guild_id: int | None
    channel_id: int
    players: list[dict]    # per seat: seat, name, user_id, kind, ai_level, abandoned, strikes
    scores: list | None
    ranks: list[int]       # rating ranks: the engine's, with abandoners last
    reason: str            # "complete" | "abandoned"
    started: float
    finished: float
    moves: int

    @property
    def winners(self) -> list[str]:
        return [p["name"] for p, r in zip(self.players, self.ranks, strict=True) if r == 1]


_NAME = "COALESCE(u.name, 'user ' || r.user_id)"
_ORDER = "(r.mu - 3 * r.sigma) DESC, r.games DESC, r.user_id"


async def leaderboard(store: Store, game: str, scope: int | str | None = GLOBAL,
                      limit: int = 10) -> list[LeaderboardRow]:
    """The top ``limit`` players of ``game`` in ``scope`` ("global" or a guild id)."""
    rows = await store.fetchall(
        f"SELECT r.*, {_NAME} AS name FROM ratings r LEFT JOIN users u USING (user_id) "
        f"WHERE r.scope = ? AND r.game = ? ORDER BY {_ORDER} LIMIT ?",
        (scope_key(scope), game, int(limit)))
    return [LeaderboardRow(i + 1, r["user_id"], r["name"], ordinal(r["mu"], r["sigma"]),
                           r["mu"], r["sigma"], r["games"], r["wins"],
                           r["wins"] / r["games"] if r["games"] else 0.0, r["abandons"],
                           r["games"] < PROVISIONAL_GAMES)
            for i, r in enumerate(rows)]


async def season_leaderboard(store: Store, game: str, scope: int | str | None, season: str,
                             limit: int = 10) -> list[LeaderboardRow]:
    """The top ``limit`` players of ``game`` in one season (its key) of ``scope``."""
    rows = await store.fetchall(
        f"SELECT r.*, {_NAME} AS name FROM season_ratings r LEFT JOIN users u "
        f"USING (user_id) WHERE r.scope = ? AND r.season = ? AND r.game = ? AND r.games > 0 "
        f"ORDER BY {_ORDER} LIMIT ?", (scope_key(scope), season, game, int(limit)))
    return [LeaderboardRow(i + 1, r["user_id"], r["name"], ordinal(r["mu"], r["sigma"]),
                           r["mu"], r["sigma"], r["games"], r["wins"],
                           r["wins"] / r["games"] if r["games"] else 0.0, r["abandons"],
                           r["games"] < PROVISIONAL_GAMES)
            for i, r in enumerate(rows)]


async def seasons_played(store: Store, game: str, scope: int | str | None) -> list[Season]:
    """The seasons with rated games of ``game`` in ``scope``, newest first."""
    rows = await store.fetchall(
        "SELECT DISTINCT season, ends FROM season_ratings WHERE scope = ? AND game = ? "
        "AND games > 0 ORDER BY season DESC", (scope_key(scope), game))
    return [season_of(r["season"], r["ends"]) for r in rows]


async def user_stats(store: Store, user_id: int, scope: int | str | None = GLOBAL
                     ) -> list[UserGameStats]:
    """One user's rating and record in every game they played in ``scope``."""
    key = scope_key(scope)
    rows = await store.fetchall(
        "SELECT r.*, (SELECT COUNT(*) FROM ratings o WHERE o.scope = r.scope AND "
        "o.game = r.game AND (o.mu - 3 * o.sigma) > (r.mu - 3 * r.sigma)) + 1 AS position "
        "FROM ratings r WHERE r.scope = ? AND r.user_id = ? ORDER BY r.game",
        (key, int(user_id)))
    return [UserGameStats(r["game"], key, ordinal(r["mu"], r["sigma"]), r["mu"], r["sigma"],
                          r["games"], r["wins"], r["wins"] / r["games"] if r["games"] else 0.0,
                          r["abandons"], r["games"] < PROVISIONAL_GAMES, r["position"])
            for r in rows]


async def recent_games(store: Store, *, channel_id: int | None = None,
                       guild_id: int | None = None, limit: int = 10) -> list[GameSummary]:
    """Finished games, newest first, in a channel, a guild, or anywhere (neither given)."""
    where, params = [], []
    if channel_id is not None:
        where.append("channel_id = ?")
        params.append(int(channel_id))
    if guild_id is not None:
        where.append("guild_id = ?")
        params.append(int(guild_id))
    sql = ("SELECT * FROM games" + (" WHERE " + " AND ".join(where) if where else "")
           + " ORDER BY finished DESC, id DESC LIMIT ?")
    rows = await store.fetchall(sql, params + [int(limit)])
    return [summary(r) for r in rows]


def players(text: str) -> list[dict]:
    """A finished game's players as stored (``records.record_game``).  An AI seat's own
    name is its ``ai_name``; a game stored before that had only its table name ("Ada (AI,
    hard)"), and its own name is read from it here, once, by the legacy reader."""
    out = json.loads(text)
    for p in out:
        if "ai_name" not in p:
            p["ai_name"] = legacy_ai_name(p["name"], p.get("ai_level")) \
                if p.get("kind") == "ai" else None
    return out


def summary(r) -> GameSummary:
    return GameSummary(r["id"], r["game"], json.loads(r["options"]), r["seed"], r["guild_id"],
                       r["channel_id"], players(r["players"]),
                       json.loads(r["scores"]) if r["scores"] else None, json.loads(r["ranks"]),
                       r["reason"], r["started"], r["finished"], r["moves"])
