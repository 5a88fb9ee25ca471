"""Which process owns which table: Discord's shard of the table's guild.

Discord puts guild ``g`` on shard ``(g >> 22) % shard_count``; a bot process
running some shards owns the tables of those guilds (their timers, AI seats and
board).  A table without a guild (the terminal's) belongs to shard 0, like DMs.
"""

from __future__ import annotations


def shard_of(guild_id: int | None, shard_count: int) -> int:
    return 0 if guild_id is None else (int(guild_id) >> 22) % shard_count


def parse_shards(text: str, shard_count: int) -> tuple[int, ...]:
    """``"0-3"``, ``"1"`` or ``"0,2,5-7"`` as shard ids; ValueError says what is wrong."""
    out: set[int] = set()
    for part in text.replace(" ", "").split(","):
        low, sep, high = part.partition("-")
        if not low.isdigit() or (sep and not high.isdigit()):
            raise ValueError(f"'{text}' is not a list of shards such as 0-3 or 0,2.")
        first, last = int(low), int(high) if sep else int(low)
        if first > last:
            raise ValueError(f"'{part}' runs backwards; write {last}-{first}.")
        out.update(range(first, last + 1))
    if max(out) >= shard_count:
        raise ValueError(f"Shard {max(out)} does not exist: with {shard_count} shard"
                         f"{'s' if shard_count != 1 else ''} they are 0 to {shard_count - 1}.")
    return tuple(sorted(out))
