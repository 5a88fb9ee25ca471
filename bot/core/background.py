"""Background work gives way to what a person is waiting for.

Under load the event loop is the bot's narrowest resource: at 2,000 busy tables it
was busy 85% of the time.  An interaction's answer waits a turn of the loop at each
of its steps (the gateway's message, the hand picture, the request), and one turn
runs everything that became ready meanwhile.  AI moves and the outbox's jobs
(boards, pings, DMs, panel refreshes) started as soon as they were due, so a turn
often carried a burst of them, and every answer in flight waited through it.

So each piece of background work awaits ``Background.step()`` before it starts, and
the steps waiting are let go in the order they came, ``per_turn`` in each turn of
the loop (more while many wait: a backlog clears in about ``CLEAR_TURNS`` turns).
Answers are not held, so a turn carries them and a few background steps.  On an idle
loop a step loses one turn (microseconds); under load the background work is spread
over the turns instead of bunched, and an answer's turns are shorter.  Nothing is
dropped or reordered: a step only waits for its turn.
"""

from __future__ import annotations

import asyncio
from collections import deque

PER_TURN = 1       # background steps started in each turn of the event loop
CLEAR_TURNS = 64   # a backlog of any size is let go within about this many turns


class Background:
    def __init__(self, per_turn: int = PER_TURN, clear_turns: int = CLEAR_TURNS) -> None:
        self.per_turn = max(1, per_turn)
        self.clear_turns = max(1, clear_turns)
        self._waiting: deque[asyncio.Future[None]] = deque()
        # the loop whose turns let the steps go (None: nothing waits); another loop (a
        # bot started again in the same process) starts its own letting go
        self._letting_go: asyncio.AbstractEventLoop | None = None

    def waiting(self) -> int:
        return len(self._waiting)

    async def step(self) -> None:
        """Wait for this background step's turn."""
        loop = asyncio.get_running_loop()
        turn: asyncio.Future[None] = loop.create_future()
        self._waiting.append(turn)
        if self._letting_go is not loop:
            self._letting_go = loop
            loop.call_soon(self._let_go, loop)
        await turn

    def _let_go(self, loop: asyncio.AbstractEventLoop) -> None:
        """Once per turn of the loop while steps wait: start the next few."""
        if self._letting_go is not loop:
            return   # another loop took over
        waiting = self._waiting
        n = max(self.per_turn, len(waiting) // self.clear_turns)
        while waiting and n > 0:
            turn = waiting.popleft()
            # a step cancelled while waiting, or left by a loop that has closed, takes no turn
            if not turn.done() and not turn.get_loop().is_closed():
                turn.set_result(None)
                n -= 1
        if waiting:
            loop.call_soon(self._let_go, loop)
        else:
            self._letting_go = None
