"""discord.py's rate-limit buckets: swept in amortised time, expired ones still go."""

from __future__ import annotations

import asyncio

from discord.http import HTTPClient, Ratelimit

from bot.discordbot.rate_buckets import sweep_amortised


def _looked_at(monkeypatch) -> list[int]:
    seen = [0]
    original = Ratelimit.is_inactive

    def counted(self: Ratelimit) -> bool:
        seen[0] += 1
        return original(self)
    monkeypatch.setattr(Ratelimit, "is_inactive", counted)
    return seen


async def test_adding_buckets_costs_a_constant_per_bucket(monkeypatch) -> None:
    seen = _looked_at(monkeypatch)
    http = HTTPClient(asyncio.get_running_loop())
    sweep_amortised(http)
    for n in range(5000):
        http.get_ratelimit(f"channel:{n}")
    assert len(http._buckets) == 5000      # all active: none expired
    assert seen[0] < 2 * 5000              # discord.py alone: about 12 million looks
    plain = HTTPClient(asyncio.get_running_loop())
    seen[0] = 0
    for n in range(1000):
        plain.get_ratelimit(f"channel:{n}")
    assert seen[0] > 100 * 1000            # what the sweep replaces (1,000 buckets)


async def test_expired_buckets_are_still_swept(monkeypatch) -> None:
    http = HTTPClient(asyncio.get_running_loop())
    sweep_amortised(http)
    for n in range(300):
        http.get_ratelimit(f"old:{n}")
    for bucket in http._buckets.values():
        bucket._last_request -= 400        # unused for longer than discord.py keeps one
    for n in range(300):
        http.get_ratelimit(f"new:{n}")
    assert not any(key.startswith("old:") for key in http._buckets)
    assert sum(key.startswith("new:") for key in http._buckets) == 300
