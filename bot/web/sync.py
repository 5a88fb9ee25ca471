"""Each table's recent updates, by version, so a client that reconnects gets exactly what it
missed (lichess-style): the updates after the version it last saw while this process still
holds them, else (too old, unknown, or ahead) nothing - and it gets a fresh snapshot.

A table's version is its move number (``TableInfo.move``).  A change that is no move (a
seat handed to the AI, a resume) keeps the version: its events join that version's entry.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from ..core.updates import BoardChanged, Event

KEEP = 256   # versions held per table


@dataclass
class Entry:
    version: int
    events: list[Event]
    seat: int | None = None       # who moved (None: no move)
    action: str | None = None     # the move's canonical text
    actor: str | None = None      # "human" | "ai" | "timer"


class TableLog:
    """The updates of one table since version ``since`` (exclusive) up to ``version``."""

    def __init__(self, version: int, keep: int = KEEP) -> None:
        self.since = version
        self.version = version
        self.keep = keep
        self.entries: deque[Entry] = deque()

    def record(self, update: BoardChanged) -> Entry | None:
        """Add ``update``; the entry it made or joined, None when it is older than the log."""
        version = update.move
        if version < self.version:
            return None
        events = list(update.events)
        if version == self.version:
            if self.entries and self.entries[-1].version == version:
                self.entries[-1].events.extend(events)
                return self.entries[-1]
            if version != self.since:
                return None
            entry = Entry(version, events)   # a change at the version the log began with
            self.entries.append(entry)
            return entry
        if version > self.version + 1:
            # Moves we never heard (another process, a reload): start again from here.
            self.entries.clear()
            self.since = version - 1 if update.last_action is not None else version
        entry = Entry(version, events, update.last_seat, update.last_action, update.last_actor)
        self.entries.append(entry)
        self.version = version
        while len(self.entries) > self.keep:
            self.since = max(self.since, self.entries.popleft().version)
        return entry

    def missed(self, version: int) -> list[Entry] | None:
        """The entries after ``version`` (in order), or None when they cannot all be told."""
        if version < self.since or version > self.version:
            return None
        return [e for e in self.entries if e.version > version]


__all__ = ["KEEP", "Entry", "TableLog"]
