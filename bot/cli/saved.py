"""Terminal games kept between sessions: ``parlour play`` offers an unfinished game again.

The core saves a terminal game as it goes, like every table (the row and each move, in
one commit per move: docs/CORE.md); a quit, Ctrl-D, Ctrl-C or a killed session simply
leaves that table unfinished.  The terminal plays at channel ``LOCAL_CHANNEL`` (0); when
a session starts, the game left there moves to its game's own *shelf*, a negative channel
(Discord's ids are positive), so one game of each kind can wait while another is played.
Resuming moves it back to channel 0, so it finishes and is recorded there like every
terminal game.  The seed, options, seats (their AI levels), move number and turn timer
are the table's own: a resumed game is the same position and the AI plays it as it
would have (an AI move depends only on the position, its level and the table's seed).
A shelved game has no deadline, and a resumed one gets a fresh turn timer: the time away
is not the player's turn.
"""

from __future__ import annotations

import json
import time
import zlib
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from ..core.store import Store
from ..i18n import N_, Lang

LOCAL_CHANNEL = 0


def shelf(game: str) -> int:
    """The channel where a kept game of ``game`` waits: negative, one per game."""
    return -1 - zlib.crc32(game.encode()) % 1_000_000_000


@dataclass(frozen=True)
class Kept:
    table_id: int
    game: str
    channel_id: int
    move: int
    updated: float      # the last commit (a move), seconds since the epoch
    seats: int
    ai_levels: tuple[str, ...]
    options: dict
    turn_seconds: int
    seed: int


def _kept(row) -> Kept:
    seats = json.loads(row["seats"])
    settings = json.loads(row["settings"])
    levels = tuple(dict.fromkeys(s["ai_level"] for s in seats if s.get("user_id") is None
                                 and s.get("ai_level")))
    return Kept(row["id"], row["game"], row["channel_id"], row["move"], row["updated"],
                len(seats), levels, json.loads(row["options"]),
                int(settings.get("turn_seconds") or 0), row["seed"])


async def shelve_left(store: Store) -> None:
    """The game the last session left at channel 0 goes to its shelf (a table still in
    its lobby, from a session killed while it was set up, is cancelled: it has no move)."""
    row = await store.fetchone(
        "SELECT id, game, status FROM tables WHERE channel_id = ? "
        "AND status IN ('lobby', 'playing')", (LOCAL_CHANNEL,))
    if row is None:
        return
    if row["status"] == "lobby":
        await store.write(("UPDATE tables SET status = 'cancelled' WHERE id = ?", (row["id"],)))
        return
    channel = shelf(row["game"])
    await store.write(
        # An older game on that shelf (never two: resuming empties it) gives way.
        ("UPDATE tables SET status = 'cancelled', deadline = NULL, reminder_at = NULL "
         "WHERE channel_id = ? AND status IN ('lobby', 'playing')", (channel,)),
        ("UPDATE tables SET channel_id = ?, deadline = NULL, reminder_at = NULL "
         "WHERE id = ?", (channel, row["id"])))


async def kept_games(store: Store) -> list[Kept]:
    """Every kept terminal game, the latest first."""
    rows = await store.fetchall(
        "SELECT * FROM tables WHERE channel_id < 0 AND guild_id IS NULL "
        "AND status = 'playing' ORDER BY updated DESC")
    return [_kept(r) for r in rows if r["channel_id"] == shelf(r["game"])]


async def drop(store: Store, kept: Kept) -> None:
    """Give a kept game up: cancelled, as an abandoned table is (nothing recorded)."""
    await store.write(("UPDATE tables SET status = 'cancelled', deadline = NULL, "
                       "reminder_at = NULL WHERE id = ?", (kept.table_id,)))


async def unshelve(store: Store, kept: Kept, reminder_fraction: float) -> None:
    """Back to channel 0 to be played, with a fresh turn timer if it has one."""
    now = time.time()
    deadline = reminder = None
    if kept.turn_seconds > 0:
        deadline = now + kept.turn_seconds
        if 0 < reminder_fraction < 1:
            reminder = now + kept.turn_seconds * reminder_fraction
    await store.write(("UPDATE tables SET channel_id = ?, deadline = ?, reminder_at = ? "
                       "WHERE id = ?", (LOCAL_CHANNEL, deadline, reminder, kept.table_id)))


def when(kept: Kept) -> str:
    """The kept game's last move, in local time (the same in every language)."""
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(kept.updated))


def details(kept: Kept, lang: Lang, defaults: dict | None = None) -> str:
    """What the game was set up with, as the offer says it: "3 players, AI normal" (and
    the options that are not ``defaults``)."""
    parts = [lang.n_("{n} player", "{n} players", kept.seats)]
    if kept.ai_levels:
        parts.append(lang._("AI: {level}", level=", ".join(lang._(x) for x in kept.ai_levels)))
    if kept.turn_seconds:
        parts.append(lang._("turn timer {n} s", n=kept.turn_seconds))
    parts += [f"{k}={v}" for k, v in sorted(kept.options.items())
              if defaults is None or defaults.get(k) != v]
    return ", ".join(parts)


def command(game: str, db: str, new: bool = False) -> str:
    """The command that plays ``game`` again on the same database."""
    return (f"parlour play {game}" + ("" if db == "parlour.db" else f" --db {db}")
            + (" --new" if new else ""))


# The answers to the offer, also in Polish and Russian (an empty line resumes).
YES = ("", "y", "yes", "r", "resume", "t", "tak", "д", "да")
NO = ("n", "no", "new", "nie", "nowa", "н", "нет", "новая")
RESUME, NEW, QUIT = "resume", "new", "quit"
KEPT_BYE = N_("Your game is kept: '{resume}' resumes it where you left it; '{new}' starts "
              "a new one. Bye.")


def kept_bye(game: str, db: str, lang: Lang) -> str:
    """The last line when a session stops with the game kept: how to come back."""
    return lang._(KEPT_BYE, resume=command(game, db), new=command(game, db, new=True))


def offer_text(kept: Kept, title: str, lang: Lang, defaults: dict | None = None) -> str:
    return lang._("You have a game of {game} in progress from {when}, move {move} "
                  "({details}).", game=title, when=when(kept), move=kept.move,
                  details=details(kept, lang, defaults)) + "\n" + lang._(
        "Resume it? Enter or y: resume; n: give it up and start a new game (it is not "
        "recorded); q: quit and keep it.")


async def ask(kept: Kept, title: str, lang: Lang, say: Callable[..., None],
              read: Callable[[], Awaitable[str | None]], quit_words: tuple[str, ...],
              defaults: dict | None = None) -> str:
    """Offer ``kept`` again: RESUME, NEW (give it up) or QUIT (keep it, stop); the end of
    input quits."""
    say(offer_text(kept, title, lang, defaults))
    while True:
        say("> ", end="")
        line = await read()
        if line is None:
            say()
            return QUIT
        typed = " ".join(line.strip().lower().split())
        if typed in YES:
            return RESUME
        if typed in NO:
            return NEW
        if typed in quit_words:
            return QUIT
        say(lang._("Type y to resume the game, n to start a new one, or q to quit."))


def dropped_text(kept: Kept, title: str, lang: Lang) -> str:
    return lang._("(Your game of {game} from {when}, move {move}, was given up: nothing "
                  "was recorded.)", game=title, when=when(kept), move=kept.move)


def others_text(others: list[Kept], titles: Callable[[str], str], db: str,
                lang: Lang) -> list[str]:
    """A line for each kept game of another kind: how to come back to it."""
    return [lang._("(Also kept: {game} from {when}, move {move}; '{command}' resumes it.)",
                   game=titles(k.game), when=when(k), move=k.move,
                   command=command(k.game, db)) for k in others]


async def prepare(db: str, game: str, titles: Callable[[str], str], *, new: bool, lang: Lang,
                  say: Callable[..., None], read: Callable[[], Awaitable[str | None]],
                  quit_words: tuple[str, ...], defaults: dict | None,
                  reminder_fraction: float) -> tuple[str, Kept | None]:
    """Before a terminal game: shelve what the last session left, then offer the kept
    game of ``game`` (``new``: give it up unasked).  (RESUME, it): it is back at channel
    0 for the core to resume; (NEW, it or None): play a new game; (QUIT, it): stop."""
    store = Store(db)
    await store.open()
    try:
        await shelve_left(store)
        kept = await kept_games(store)
        mine = next((k for k in kept if k.game == game), None)
        for line in others_text([k for k in kept if k.game != game], titles, db, lang):
            say(line)
        if mine is None:
            return NEW, None
        choice = NEW if new else await ask(mine, titles(game), lang, say, read, quit_words,
                                           defaults)
        if choice == NEW:
            await drop(store, mine)
            say(dropped_text(mine, titles(game), lang))
        elif choice == RESUME:
            await unshelve(store, mine, reminder_fraction)
        return choice, mine
    finally:
        await store.close()
