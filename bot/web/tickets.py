"""Session tickets: a websocket connection is admitted by a ticket that names a user and a
table, is good for one connection only and expires after a short while.

A ticket is signed, not stored: ``user.channel.expires.nonce.mac`` with an HMAC-SHA256 under
a key every process of the bot shares (derived from the bot token: ``keyed``), so any shard
process can check a ticket another one issued.  Single use holds across processes too: the
nonce of a redeemed ticket is written to the database (``web_used_tickets``, a primary key),
and a second redemption, here or in another process, finds it there.  Without a database
(``bind`` not called: unit tests) the used nonces are kept in memory.

Expiry is wall-clock time (``time.time``): the processes share the clock, not a monotonic one.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass

from ..core.store import IntegrityError, Store

TTL = 60.0          # seconds a ticket stays good
PURGE_EVERY = 60.0  # seconds between clean-ups of the used nonces that expired anyway


@dataclass(frozen=True)
class Ticket:
    user_id: int
    channel_id: int
    expires: float


def _mac(key: bytes, body: str) -> str:
    digest = hmac.new(key, body.encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


def derive_key(secret: str) -> bytes:
    """The tickets' key from a secret all the bot's processes hold (its token): the key
    itself reveals nothing of the secret."""
    return hmac.new(secret.encode(), b"parlour web tickets v1", hashlib.sha256).digest()


class Tickets:
    """Issues and redeems tickets (``bind`` a store for single use across processes)."""

    def __init__(self, ttl: float = TTL, clock: Callable[[], float] = time.time,
                 key: bytes | None = None) -> None:
        self.ttl = ttl
        self.clock = clock
        self.key = key or secrets.token_bytes(32)
        self.store: Store | None = None
        self._used: dict[str, float] = {}   # nonce -> expiry, when no store is bound
        self._purged = 0.0

    def keyed(self, key: bytes) -> None:
        """Sign with ``key`` (the one every process of the bot derives alike)."""
        self.key = key

    def bind(self, store: Store) -> None:
        """Record used tickets in ``store``'s database (shared by the shard processes)."""
        self.store = store

    def issue(self, user_id: int, channel_id: int) -> str:
        """A new ticket for ``user_id`` at the table of ``channel_id``: its token."""
        expires = int(self.clock() + self.ttl) + 1
        body = f"{int(user_id)}.{int(channel_id)}.{expires}.{secrets.token_urlsafe(12)}"
        return f"{body}.{_mac(self.key, body)}"

    def check(self, token: object) -> tuple[Ticket, str] | None:
        """The ticket a well-signed, unexpired ``token`` names and its nonce (not used up)."""
        if not isinstance(token, str) or len(token) > 200:
            return None
        body, _, mac = token.rpartition(".")
        parts = body.split(".")
        if len(parts) != 4 or not hmac.compare_digest(mac, _mac(self.key, body)):
            return None
        user, channel, expires, nonce = parts
        ticket = Ticket(int(user), int(channel), float(expires))
        if ticket.expires <= self.clock():
            return None
        return ticket, nonce

    async def redeem(self, token: object) -> Ticket | None:
        """The ticket of ``token``, used up now; None when it is forged, used or expired."""
        checked = self.check(token)
        if checked is None:
            return None
        ticket, nonce = checked
        if not await self._claim(nonce, ticket.expires):
            return None
        return ticket

    async def _claim(self, nonce: str, expires: float) -> bool:
        now = self.clock()
        if self.store is None:
            if now - self._purged > PURGE_EVERY:
                self._used = {n: e for n, e in self._used.items() if e > now}
                self._purged = now
            if nonce in self._used:
                return False
            self._used[nonce] = expires
            return True
        statements: list[tuple[str, tuple]] = []
        if now - self._purged > PURGE_EVERY:
            self._purged = now
            statements.append(("DELETE FROM web_used_tickets WHERE expires < ?", (now,)))
        statements.append(("INSERT INTO web_used_tickets (nonce, expires) VALUES (?, ?)",
                           (nonce, expires)))
        try:
            await self.store.write(*statements)
        except IntegrityError:
            return False
        return True


DEFAULT = Tickets()


def issue(user_id: int, channel_id: int) -> str:
    """A ticket of the process's default ticket book (the one ``parlour run`` serves)."""
    return DEFAULT.issue(user_id, channel_id)


__all__ = ["DEFAULT", "TTL", "Ticket", "Tickets", "derive_key", "issue"]
