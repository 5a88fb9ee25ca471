"""Session tickets: a websocket connection is admitted by a ticket that names a user and a
table, is good for one connection only and expires after a short while.

For now a ticket is minted by a function the Discord side (and the tests) call,
``issue(user_id, channel_id)``; the OAuth2 / Activity exchange will mint them too.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass

TTL = 60.0          # seconds a ticket stays good
MAX_LIVE = 100_000  # unredeemed tickets held at most (the oldest go first)


@dataclass(frozen=True)
class Ticket:
    user_id: int
    channel_id: int
    expires: float


class Tickets:
    """Issued tickets by their token, until redeemed or expired."""

    def __init__(self, ttl: float = TTL, clock: Callable[[], float] = time.monotonic) -> None:
        self.ttl = ttl
        self.clock = clock
        self._live: dict[str, Ticket] = {}

    def issue(self, user_id: int, channel_id: int) -> str:
        """A new ticket for ``user_id`` at the table of ``channel_id``: its token."""
        self._purge()
        token = secrets.token_urlsafe(24)
        self._live[token] = Ticket(user_id, channel_id, self.clock() + self.ttl)
        return token

    def redeem(self, token: object) -> Ticket | None:
        """The ticket of ``token``, used up now; None when it is unknown, used or expired."""
        if not isinstance(token, str):
            return None
        ticket = self._live.pop(token, None)
        if ticket is None or ticket.expires <= self.clock():
            return None
        return ticket

    def _purge(self) -> None:
        now = self.clock()
        for token in [t for t, k in self._live.items() if k.expires <= now]:
            del self._live[token]
        while len(self._live) >= MAX_LIVE:
            del self._live[next(iter(self._live))]


DEFAULT = Tickets()


def issue(user_id: int, channel_id: int) -> str:
    """A ticket of the process's default ticket book (the one ``parlour run`` serves)."""
    return DEFAULT.issue(user_id, channel_id)


__all__ = ["DEFAULT", "TTL", "Ticket", "Tickets", "issue"]
