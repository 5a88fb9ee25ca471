"""Tournaments in a server: sign-up, rounds of tables, results and standings.

The pairing, scoring and standings are pure (``bot/core/tournament``); this service keeps
each tournament in the database (its state as JSON, and a row per table of a round),
opens the round's tables through the lobby and records each table's result from its
stored game when the game ends.  Every change is one transaction, written before anything
is shown, so a restart goes on where it stopped: a paired round is stored with its tables
before any opens (never paired twice), a table's row remembers its channel and table once
opened (never opened twice), and results are read back from the stored games
(``resume``).  Transports create the channels (Discord: a thread per table) when told
``TablesToOpen`` and hand them to ``open_table``.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from rules.ai.players import LEVELS
from rules.messages import Msg

from .. import plugins
from ..i18n import N_
from .clock import Clock
from .config import CoreConfig
from .errors import TableError
from .hub import Hub
from .lobby import Lobby
from .names import ai_table_name, free_ai_name
from .ratings import AI_RATINGS, DEFAULT_MU, DEFAULT_SIGMA, display_rating, ordinal
from .records import scope_key
from .registry import TableRegistry
from .store import Conn, IntegrityError, Store
from .tournament.model import Entrant, Format, Result, Table
from .tournament.state import Tournament, TournamentError, table_seed
from .updates import GameOver, TableInfo, Update

log = logging.getLogger("parlour.tournaments")

SIGNUP, RUNNING, FINISHED, CANCELLED = "signup", "running", "finished", "cancelled"
PACES = {"live": None, "slow": 24 * 3600}   # a turn's time at the tables (None: the game's)
FILLER_LEVEL = "normal"   # AI seats that top up a short knockout table

# Refusals, worded by the presentation layer in the reader's language (these are the
# English and the catalog ids).
ERRORS = {
    "no tournament": N_("There is no tournament here."),
    "busy": N_("A tournament is already running in this channel: finish or cancel it first."),
    "already entered": N_("You are already entered."),
    "not entered": N_("You are not entered in this tournament."),
    "started": N_("Entries closed when the first round began."),
    "too few": N_("A tournament needs at least {need} entrants to start; it has {have}."),
    "not host": N_("Only the host or a moderator can do that."),
    "not signup": N_("The tournament has already started."),
    "over": N_("The tournament is over."),
    "round open": N_("The round is still being played."),
    "no such table": N_("That table is not part of the tournament."),
    "bad rounds": N_("A Swiss tournament plays 1 to 15 rounds."),
    "bad format": N_("{format} is not a tournament format here."),
    "bad size": N_("{game} is played {sizes} at a table."),
    "bad pace": N_("The pace is live or slow."),
    "withdrawn": N_("You have withdrawn from this tournament."),
    "bad level": N_("Unknown AI level: {level}."),
    "no check-in": N_("This tournament has no check-in."),
    "check-in closed": N_("Check-in opens {minutes} minutes before the start."),
    "check-in needs start": N_("A check-in needs a start time (starts)."),
    "bad option": N_("{message}"),
}


class TournamentRefusal(TableError):
    """A tournament request refused: its ``message`` is ``ERRORS[key]`` with ``values``
    (``str()`` is the English)."""

    def __init__(self, key: str, **values: object) -> None:
        self.key, self.values = key, values
        super().__init__(Msg(ERRORS[key], **{k: v if isinstance(v, (int, str)) else str(v)
                                             for k, v in values.items()}))


@dataclass(frozen=True)
class TournamentInfo:
    id: int
    guild_id: int
    channel_id: int
    host_id: int
    host_name: str
    game: str
    options: dict
    settings: dict        # pace, turn_seconds, starts_at, lang, thread preference
    status: str
    state: Tournament     # a copy: read it, do not change it
    signup_message_id: int | None
    standings_message_id: int | None

    @property
    def title(self) -> str:
        g = plugins.engine(self.game)
        return g.title or g.name


@dataclass(frozen=True)
class TournamentChanged(Update):
    """Entries, a round or the standings changed (``table_id`` is 0)."""
    tournament: TournamentInfo
    what: str             # "signup" | "round" | "result" | "finished" | "cancelled"


@dataclass(frozen=True)
class TablesToOpen(Update):
    """Tables of a round wait for a place: the transport makes one for each (a thread)
    and calls ``Tournaments.open_table``."""
    tournament: TournamentInfo
    round: int
    tables: tuple[int, ...]


class Tournaments:
    """The tournaments of this process's guilds."""

    def __init__(self, registry: TableRegistry, lobby: Lobby, config: CoreConfig,
                 clock: Clock, store: Store, hub: Hub) -> None:
        self.registry = registry
        self.lobby = lobby
        self.config = config
        self.clock = clock
        self.store = store
        self.hub = hub
        # One change at a time in this process (a guild's tournaments live in one process);
        # the version column catches a second process all the same.
        self._lock = asyncio.Lock()

    # --- reading ------------------------------------------------------------------------------

    async def get(self, tournament_id: int) -> TournamentInfo:
        row = await self.store.fetchone("SELECT * FROM tournaments WHERE id = ?",
                                        (tournament_id,))
        if row is None:
            raise TournamentRefusal("no tournament")
        return _info(row)

    async def in_channel(self, channel_id: int) -> TournamentInfo | None:
        """The channel's tournament in sign-up or running, or its latest one."""
        row = await self.store.fetchone(
            "SELECT * FROM tournaments WHERE channel_id = ? ORDER BY "
            "CASE WHEN status IN ('signup', 'running') THEN 0 ELSE 1 END, id DESC LIMIT 1",
            (channel_id,))
        return _info(row) if row is not None else None

    async def of_table(self, table_id: int) -> tuple[TournamentInfo, int, int] | None:
        """The tournament, round and table number a table was opened for."""
        row = await self.store.fetchone(
            "SELECT tournament_id, round, number FROM tournament_tables WHERE table_id = ?",
            (table_id,))
        if row is None:
            return None
        return await self.get(row["tournament_id"]), row["round"], row["number"]

    async def in_guild(self, guild_id: int, *, finished: bool = False, limit: int = 25
                       ) -> list[TournamentInfo]:
        statuses = (FINISHED,) if finished else (SIGNUP, RUNNING)
        marks = ", ".join("?" for _ in statuses)
        rows = await self.store.fetchall(
            f"SELECT * FROM tournaments WHERE guild_id = ? AND status IN ({marks}) "
            "ORDER BY id DESC LIMIT ?", (guild_id, *statuses, limit))
        return [_info(r) for r in rows]

    async def finishes(self, guild_id: int, user_id: int, limit: int = 200
                       ) -> list[tuple[TournamentInfo, int]]:
        """The user's places in this server's finished tournaments, newest first (the final
        standings are kept with each tournament)."""
        out = []
        for info in await self.in_guild(guild_id, finished=True, limit=limit):
            for row in info.state.standings():
                if row.entrant.id == str(user_id):
                    out.append((info, row.rank))
        return out

    # --- sign-up ------------------------------------------------------------------------------

    async def create(self, guild_id: int, channel_id: int, host_id: int, host_name: str,
                     game: str, fmt: str, *, rounds: int | None = None, pace: str = "live",
                     duplicate: bool = False, starts_at: float | None = None,
                     table_size: int | None = None, options: dict | None = None,
                     lang: str = "en", check_in: int | None = None) -> TournamentInfo:
        """``check_in``: minutes before ``starts_at`` when entrants must confirm (those who
        do not are left out when it starts)."""
        try:
            g = plugins.find(game).game
            opts = g.validate_options(options)
        except ValueError as e:
            raise TournamentRefusal("bad option", message=str(e)) from None
        try:
            form = Format(fmt)
        except ValueError:
            raise TournamentRefusal("bad format", format=fmt) from None
        if pace not in PACES:
            raise TournamentRefusal("bad pace")
        allowed = tuple(g.player_counts(opts))
        if table_size is not None and table_size not in allowed:
            raise TournamentRefusal("bad size", game=g.title or g.name,
                                    sizes=_sizes_text(allowed))
        if form is Format.SWISS and rounds is not None and not 1 <= rounds <= 15:
            raise TournamentRefusal("bad rounds")
        if check_in and starts_at is None:
            raise TournamentRefusal("check-in needs start")
        now = self.clock.now()
        seed = (int(now * 1000) ^ (channel_id << 7)) & ((1 << 52) - 1)
        state = Tournament(g.name, form, allowed, seed, rounds_planned=rounds or 0,
                           duplicate=bool(duplicate), preferred=table_size)
        settings = {"pace": pace, "starts_at": starts_at, "lang": lang,
                    "rounds_chosen": rounds is not None, "check_in": check_in or None}
        try:
            async with self.store.transaction() as conn:
                busy = await conn.fetchone(
                    "SELECT id FROM tournaments WHERE channel_id = ? AND status IN "
                    "('signup', 'running')", (channel_id,))
                if busy is not None:
                    raise TournamentRefusal("busy")
                tid = await _insert(conn, {
                    "guild_id": guild_id, "channel_id": channel_id, "host_id": host_id,
                    "host_name": host_name, "game": g.name, "options": json.dumps(opts),
                    "settings": json.dumps(settings), "status": SIGNUP,
                    "state": state.to_json(), "version": 0, "created": now, "updated": now})
        except IntegrityError:
            raise TournamentRefusal("busy") from None
        info = await self.get(tid)
        self._arm_start(info)
        self._publish(info, "signup")
        return info

    async def join(self, tournament_id: int, user_id: int, name: str) -> TournamentInfo:
        rating = await self._rating(tournament_id, user_id)

        def change(t: Tournament, info: TournamentInfo) -> None:
            if info.status != SIGNUP:
                raise TournamentRefusal("started")
            t.add(Entrant(str(user_id), name, rating))

        return await self._change(tournament_id, change, "signup")

    async def add_ai(self, tournament_id: int, user_id: int, level: str, count: int = 1, *,
                     moderator: bool = False) -> TournamentInfo:
        """Enter AI players (host or moderator, during sign-up): they are paired and scored
        like everyone, and sit at their tables as AI seats of their level."""
        if level not in LEVELS:
            raise TournamentRefusal("bad level", level=level)

        def change(t: Tournament, info: TournamentInfo) -> None:
            _require_host(info, user_id, moderator)
            if info.status != SIGNUP:
                raise TournamentRefusal("started")
            for _ in range(count):
                k = sum(1 for e in t.entrants if is_ai(e.id)) + 1
                name = free_ai_name([e.ai_name or e.name for e in t.entrants])
                t.add(Entrant(f"{AI_ENTRANT}{level}:{k}", ai_table_name(name, level),
                              float(display_rating(ordinal(*AI_RATINGS[level]))), name))

        return await self._change(tournament_id, change, "signup")

    async def leave(self, tournament_id: int, user_id: int) -> TournamentInfo:
        """Leave during sign-up; once it runs, the same as withdrawing."""
        def change(t: Tournament, info: TournamentInfo) -> None:
            if info.status not in (SIGNUP, RUNNING):
                raise TournamentRefusal("over")
            if str(user_id) in t.withdrawn:
                raise TournamentRefusal("withdrawn")
            t.remove(str(user_id))

        info = await self._change(tournament_id, change, "signup")
        if info.status == RUNNING:
            await self._leave_table(info, user_id)
        return info

    withdraw = leave

    async def check_in(self, tournament_id: int, user_id: int) -> TournamentInfo:
        """Confirm an entry during the check-in window (the last ``check_in`` minutes before
        the start)."""
        def change(t: Tournament, info: TournamentInfo) -> None:
            if info.status != SIGNUP:
                raise TournamentRefusal("not signup")
            if not self.check_in_open(info):
                minutes = info.settings.get("check_in")
                raise TournamentRefusal("check-in closed" if minutes else "no check-in",
                                        minutes=minutes or 0)
            t.check_in(str(user_id))

        return await self._change(tournament_id, change, "signup")

    def check_in_open(self, info: TournamentInfo) -> bool:
        minutes, at = info.settings.get("check_in"), info.settings.get("starts_at")
        if not minutes or at is None:
            return False
        return self.clock.now() >= at - minutes * 60 and info.status == SIGNUP

    async def _leave_table(self, info: TournamentInfo, user_id: int) -> None:
        """A withdrawn entrant's table in play goes on with the stand-in AI in the seat."""
        rnd = info.state.current
        if rnd is None:
            return
        for table in rnd.tables:
            if str(user_id) in table.players and table.number not in rnd.results:
                row = await self.store.fetchone(
                    "SELECT channel_id FROM tournament_tables WHERE tournament_id = ? AND "
                    "round = ? AND number = ? AND table_id IS NOT NULL",
                    (info.id, rnd.number, table.number))
                if row is not None:
                    try:
                        await self.lobby.leave(row["channel_id"], user_id)
                    except TableError:
                        pass   # the game ended meanwhile

    async def start(self, tournament_id: int, user_id: int | None, *,
                    moderator: bool = False) -> TournamentInfo:
        """Close entries and pair the first round (``user_id`` None: the clock at
        ``starts_at``)."""
        def change(t: Tournament, info: TournamentInfo) -> None:
            if user_id is not None:
                _require_host(info, user_id, moderator)
            if info.status != SIGNUP:
                raise TournamentRefusal("not signup")
            if info.settings.get("check_in") and self.check_in_open(info):
                t.drop_unchecked()
            if len(t.entrants) < t.min_entrants():
                raise TournamentRefusal("too few", need=t.min_entrants(), have=len(t.entrants))
            if t.fmt is Format.SWISS and not info.settings.get("rounds_chosen"):
                t.rounds_planned = _swiss_rounds(len(t.entrants))
            t.pair_round()

        info = await self._change(tournament_id, change, "round", status=RUNNING)
        self._tables_to_open(info)
        return info

    async def cancel(self, tournament_id: int, user_id: int, *,
                     moderator: bool = False) -> TournamentInfo:
        """Stop the tournament; tables still being played finish as ordinary games."""
        def change(t: Tournament, info: TournamentInfo) -> None:
            _require_host(info, user_id, moderator)
            if info.status not in (SIGNUP, RUNNING):
                raise TournamentRefusal("over")

        return await self._change(tournament_id, change, "cancelled", status=CANCELLED)

    # --- rounds -------------------------------------------------------------------------------

    async def open_table(self, tournament_id: int, round_no: int, number: int,
                         channel_id: int, *,
                         before_start: Callable[[int], Awaitable[None]] | None = None
                         ) -> TableInfo | None:
        """Open table ``number`` of round ``round_no`` in ``channel_id`` (once: a second call
        for a table already opened returns None).  ``before_start(table_id)`` runs once the
        table exists, before its deal (a transport sets the table's language there)."""
        info = await self.get(tournament_id)
        t = info.state
        rnd = next((r for r in t.rounds if r.number == round_no), None)
        table = next((x for x in rnd.tables if x.number == number), None) if rnd else None
        if rnd is None or table is None:
            raise TournamentRefusal("no such table")
        row = await self.store.fetchone(
            "SELECT channel_id, table_id FROM tournament_tables WHERE tournament_id = ? AND "
            "round = ? AND number = ?", (tournament_id, round_no, number))
        if row is None or row["table_id"] is not None or info.status != RUNNING:
            return None
        async with self.store.transaction() as conn:
            await conn.execute(
                "UPDATE tournament_tables SET channel_id = ? WHERE tournament_id = ? AND "
                "round = ? AND number = ?", (channel_id, tournament_id, round_no, number))
        seed = rnd.deal_seed if t.duplicate else table_seed(rnd.deal_seed, number)
        lobby = await self.lobby.create_table(
            channel_id, info.host_id, info.host_name, t.game, dict(info.options),
            guild_id=info.guild_id, turn_seconds=PACES[info.settings.get("pace", "live")],
            keep_order=True, seat_host=False, seed=seed, play_out=True)
        # Kept at once: the game may end (and be recorded) as soon as it is dealt.
        await self._set_table(tournament_id, round_no, number, lobby.table_id)
        return await self._finish_opening(info, table, channel_id, before_start)

    async def _finish_opening(self, info: TournamentInfo, table: Table, channel_id: int,
                              before_start: Callable[[int], Awaitable[None]] | None = None
                              ) -> TableInfo:
        """Seat the table's players and AI seats (those not seated yet) and deal."""
        names = {e.id: e.name for e in info.state.entrants}
        ai_names = {e.id: e.ai_name for e in info.state.entrants}
        try:
            current = self.registry.get(channel_id).info()
            # Seated in the pairing's order (a crash may have left some seated already):
            # people join, AI entrants and the fillers are AI seats.
            wanted = [*table.players, *([None] * table.ai_seats)]
            for p in wanted[len(current.seats):]:
                if p is None:
                    await self.lobby.add_ai(channel_id, info.host_id, FILLER_LEVEL,
                                            moderator=True)
                elif is_ai(p):   # under the name the round announced
                    await self.lobby.add_ai(channel_id, info.host_id, ai_level(p),
                                            moderator=True, name=ai_names[p])
                else:
                    await self.lobby.join(channel_id, int(p), names[p])
            if before_start is not None:
                await before_start(current.table_id)
            return await self.lobby.start_game(channel_id, info.host_id, moderator=True)
        except TableError:
            log.exception("tournament %s: could not open table %s/%s in %s", info.id,
                          table.round, table.number, channel_id)
            await self.lobby.cancel(channel_id, info.host_id, moderator=True)
            await self._set_table(info.id, table.round, table.number, None)   # asked again
            raise

    async def _set_table(self, tournament_id: int, round_no: int, number: int,
                         table_id: int | None) -> None:
        async with self.store.transaction() as conn:
            await conn.execute(
                "UPDATE tournament_tables SET table_id = ? WHERE tournament_id = ? AND "
                "round = ? AND number = ?", (table_id, tournament_id, round_no, number))

    async def game_over(self, update: GameOver) -> None:
        """Record a tournament table's result (the core's GameOver of any table)."""
        found = await self.of_table(update.table_id)
        if found is None:
            return
        await self._record(found[0].id, update.table_id)

    async def _record(self, tournament_id: int, table_id: int) -> None:
        game = await self.store.load_game(table_id)
        row = await self.store.fetchone(
            "SELECT round, number FROM tournament_tables WHERE table_id = ?", (table_id,))
        if game is None or row is None:
            return
        players = json.loads(game["players"])
        ranks = json.loads(game["ranks"])
        scores = json.loads(game["scores"]) if game["scores"] else [0.0] * len(ranks)
        abandoned = set(json.loads(game["abandoned"]))

        def change(t: Tournament, info: TournamentInfo) -> None:
            if info.status != RUNNING:
                raise TournamentRefusal("over")
            rnd = next(r for r in t.rounds if r.number == row["round"])
            table = next(x for x in rnd.tables if x.number == row["number"])
            # The stored game's seats are the entrants in table order (the table keeps the
            # pairing's order), then the AI seats that topped it up.
            order = list(range(len(players)))
            forfeits = frozenset(table.players[k] for k, i in enumerate(order[:len(table.players)])
                                 if i in abandoned)
            t.record(Result(table, tuple(ranks[i] for i in order),
                            tuple(float(scores[i]) for i in order),
                            deal=rnd.deal_seed if t.duplicate else None, forfeits=forfeits))
            if t.current is None and not t.is_over:
                t.pair_round()

        try:
            info = await self._change(tournament_id, change, "result")
        except TournamentRefusal:
            return
        if info.state.is_over:
            info = await self._change(tournament_id, lambda t, i: None, "finished",
                                      status=FINISHED)
        elif info.state.rounds[-1].number != row["round"]:
            self._publish(info, "round")
            self._tables_to_open(info)

    def _arm_start(self, info: TournamentInfo) -> None:
        at = info.settings.get("starts_at")
        if at is not None:
            self.clock.call_at(at, lambda: self.registry.spawn(self.due()))
            minutes = info.settings.get("check_in")
            if minutes:   # the sign-up shows its Check in button from then on
                self.clock.call_at(at - minutes * 60, lambda: self._publish_fresh(info.id))

    def _publish_fresh(self, tournament_id: int) -> None:
        async def fresh() -> None:
            self._publish(await self.get(tournament_id), "signup")
        self.registry.spawn(fresh())

    async def resume(self) -> list[TournamentInfo]:
        """After a start: record results that ended while the bot was down, ask again for
        the tables of a round that were not opened, and set the start timers."""
        for row in await self.store.fetchall(
                "SELECT * FROM tournaments WHERE status = ?", (SIGNUP,)):
            if self.registry.owns(row["guild_id"]):
                self._arm_start(_info(row))
        rows = await self.store.fetchall(
            "SELECT * FROM tournaments WHERE status = ?", (RUNNING,))
        out = []
        for row in rows:
            if not self.registry.owns(row["guild_id"]):
                continue
            info = _info(row)
            await self._finish_lobbies(info)
            tables = await self.store.fetchall(
                "SELECT table_id FROM tournament_tables WHERE tournament_id = ? AND "
                "table_id IS NOT NULL", (info.id,))
            recorded = {(r.table.round, r.table.number) for r in info.state.results()}
            for tr in tables:
                place = await self.store.fetchone(
                    "SELECT round, number FROM tournament_tables WHERE table_id = ?",
                    (tr["table_id"],))
                if place is not None and (place["round"], place["number"]) not in recorded:
                    await self._record(info.id, tr["table_id"])
            info = await self.get(info.id)
            if info.status == RUNNING:
                self._tables_to_open(info)
            out.append(info)
        return out

    async def _finish_lobbies(self, info: TournamentInfo) -> None:
        """Deal the tables a crash left in their lobby (opened, not yet dealt)."""
        rnd = info.state.current
        if rnd is None:
            return
        rows = await self.store.fetchall(
            "SELECT number, channel_id, table_id FROM tournament_tables WHERE "
            "tournament_id = ? AND round = ? AND table_id IS NOT NULL", (info.id, rnd.number))
        for row in rows:
            live = self.registry.live.get(row["channel_id"])
            if live is not None and live.id == row["table_id"] and live.status == "lobby":
                table = next(x for x in rnd.tables if x.number == row["number"])
                try:
                    await self._finish_opening(info, table, row["channel_id"])
                except TableError:
                    pass   # logged; the table is asked for again

    async def due(self) -> list[TournamentInfo]:
        """Start the tournaments whose ``starts_at`` has come (called by a timer)."""
        now = self.clock.now()
        started = []
        for row in await self.store.fetchall(
                "SELECT * FROM tournaments WHERE status = ?", (SIGNUP,)):
            info = _info(row)
            at = info.settings.get("starts_at")
            if at is not None and at <= now and self.registry.owns(info.guild_id):
                try:
                    started.append(await self.start(info.id, None))
                except TournamentRefusal as e:
                    log.info("tournament %s did not start at its time: %s", info.id, e)
        return started

    # --- helpers ----------------------------------------------------------------------------

    async def _rating(self, tournament_id: int, user_id: int) -> float:
        info = await self.get(tournament_id)
        row = await self.store.fetchone(
            "SELECT mu, sigma FROM ratings WHERE scope = ? AND game = ? AND user_id = ?",
            (scope_key(info.guild_id), info.game, user_id))
        mu, sigma = (row["mu"], row["sigma"]) if row else (DEFAULT_MU, DEFAULT_SIGMA)
        return float(display_rating(ordinal(mu, sigma)))

    async def _change(self, tournament_id: int,
                      change: Callable[[Tournament, TournamentInfo], None], what: str, *,
                      status: str | None = None) -> TournamentInfo:
        """Apply ``change(state, info)`` and store it (version-checked), with the rows of a
        newly paired round, in one transaction; publish ``what``."""
        async with self._lock, self.store.transaction() as conn:
            row = await conn.fetchone("SELECT * FROM tournaments WHERE id = ?",
                                      (tournament_id,))
            if row is None:
                raise TournamentRefusal("no tournament")
            info = _info(row)
            t = info.state
            rounds_before = len(t.rounds)
            try:
                change(t, info)
            except TournamentError as e:
                raise TournamentRefusal(e.key, **e.values) from None
            done = await conn.fetchone(
                "UPDATE tournaments SET state = ?, status = ?, version = version + 1, "
                "updated = ? WHERE id = ? AND version = ? RETURNING id",
                (t.to_json(), status or info.status, self.clock.now(), tournament_id,
                 row["version"]))
            if done is None:
                raise TableError("The tournament changed meanwhile; please try again.")
            for rnd in t.rounds[rounds_before:]:
                for table in rnd.tables:
                    await conn.execute(
                        "INSERT INTO tournament_tables (tournament_id, round, number) "
                        "VALUES (?, ?, ?)", (tournament_id, rnd.number, table.number))
        info = await self.get(tournament_id)
        self._publish(info, what)
        return info

    def _publish(self, info: TournamentInfo, what: str) -> None:
        self.hub.publish(TournamentChanged(0, info.channel_id, info, what))

    def _tables_to_open(self, info: TournamentInfo) -> None:
        rnd = info.state.current
        if rnd is None:
            return
        waiting = tuple(x.number for x in rnd.tables if x.number not in rnd.results)
        if waiting:
            self.hub.publish(TablesToOpen(0, info.channel_id, info, rnd.number, waiting))

    async def remember_message(self, tournament_id: int, column: str, message_id: int) -> None:
        """Where the transport shows the tournament (its sign-up or standings message)."""
        if column not in ("signup_message_id", "standings_message_id"):
            raise ValueError(column)
        async with self.store.transaction() as conn:
            await conn.execute(f"UPDATE tournaments SET {column} = ? WHERE id = ?",
                               (message_id, tournament_id))

    async def places(self, tournament_id: int, round_no: int) -> dict[int, int]:
        """The channel of each opened table of a round, by table number."""
        rows = await self.store.fetchall(
            "SELECT number, channel_id FROM tournament_tables WHERE tournament_id = ? AND "
            "round = ? AND channel_id IS NOT NULL", (tournament_id, round_no))
        return {r["number"]: r["channel_id"] for r in rows}

    async def unopened(self, tournament_id: int) -> list[tuple[int, int]]:
        """(round, table) of the current round's tables that have no table yet."""
        rows = await self.store.fetchall(
            "SELECT round, number FROM tournament_tables WHERE tournament_id = ? AND "
            "table_id IS NULL ORDER BY round, number", (tournament_id,))
        return [(r["round"], r["number"]) for r in rows]


AI_ENTRANT = "ai:"   # an AI entrant's id: "ai:<level>:<n>"


def is_ai(entrant_id: str) -> bool:
    return entrant_id.startswith(AI_ENTRANT)


def ai_level(entrant_id: str) -> str:
    return entrant_id.split(":")[1]


def _require_host(info: TournamentInfo, user_id: int, moderator: bool) -> None:
    if user_id != info.host_id and not moderator:
        raise TournamentRefusal("not host")


def _swiss_rounds(n: int) -> int:
    """Rounds enough to single out a winner of ``n`` (log2, at least 3)."""
    rounds = 0
    while (1 << rounds) < n:
        rounds += 1
    return max(3, rounds)


def _sizes_text(sizes: tuple[int, ...]) -> str:
    return ", ".join(str(s) for s in sizes)


def _info(row) -> TournamentInfo:
    return TournamentInfo(
        row["id"], row["guild_id"], row["channel_id"], row["host_id"], row["host_name"],
        row["game"], json.loads(row["options"]), json.loads(row["settings"]), row["status"],
        Tournament.from_json(row["state"]), row["signup_message_id"],
        row["standings_message_id"])


async def _insert(conn: Conn, fields: dict) -> int:
    cols = ", ".join(fields)
    marks = ", ".join("?" for _ in fields)
    cur = await conn.fetchone(f"INSERT INTO tournaments ({cols}) VALUES ({marks}) RETURNING id",
                              tuple(fields.values()))
    assert cur is not None  # RETURNING always gives the row
    return int(cur["id"])


__all__ = ["LEVELS", "TablesToOpen", "TournamentChanged", "TournamentInfo", "TournamentRefusal",
           "Tournaments"]
