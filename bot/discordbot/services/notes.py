"""Short public messages in a table's channel ("⏰ about a minute left", "🏁 ... wins!").

Lines arriving together are sent as one message of at most 2,000 characters, the rest in
the next: the one owner of the lines waiting per channel.
"""

from __future__ import annotations

import discord

from ..transport.outbox import Outbox, Priority

PINGS = discord.AllowedMentions(everyone=False, roles=False, users=True, replied_user=False)
LIMIT = 2000   # Discord's message length


class Notes:
    def __init__(self, client: discord.Client, out: Outbox) -> None:
        self.client = client   # the channels
        self.out = out
        self.waiting: dict[int, list[str]] = {}    # channel -> lines to post

    def post(self, channel_id: int, line: str) -> None:
        self.waiting.setdefault(channel_id, []).append(line)
        self._submit(channel_id)

    def _submit(self, channel_id: int) -> None:
        self.out.submit(("note", channel_id), lambda: self._send(channel_id),
                        priority=Priority.NOTE, channel=("post", channel_id))

    async def _send(self, channel_id: int) -> None:
        lines = self.waiting.pop(channel_id, [])
        chunk: list[str] = []
        while lines and len("\n".join(chunk + lines[:1])) <= LIMIT:
            chunk.append(lines.pop(0))
        if not chunk and lines:   # one line longer than a message: cut, never stuck
            chunk.append(lines.pop(0)[:LIMIT])
        if lines:  # the rest goes in the next message
            self.waiting[channel_id] = lines + self.waiting.get(channel_id, [])
            self._submit(channel_id)
        if chunk:
            async with self.out.slot():
                await self.client.get_partial_messageable(channel_id).send(
                    "\n".join(chunk), allowed_mentions=PINGS)
