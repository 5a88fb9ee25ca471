"""discord.py's per-route rate-limit buckets, swept in amortised time.

discord.py keeps one bucket per route and channel (or webhook) and, once it holds 256
of them, looks at every bucket for expired ones each time it adds one.  A bot with
thousands of channels adds buckets all the time - each channel's first board edit,
every DM channel - so each addition walked thousands: 10% of the event loop at 2,000
busy tables (py-spy), and seconds of CPU after a restart, when every channel's first
request adds one.  Here the same sweep runs only once the buckets have doubled since
the last one: the same buckets expire, a little later, at a constant cost per bucket.
"""

from __future__ import annotations

from discord.http import HTTPClient

FLOOR = 256   # discord.py's own threshold


def sweep_amortised(http: HTTPClient) -> None:
    """Make ``http`` sweep its expired buckets only when their number has doubled."""
    sweep = http._try_clear_expired_ratelimits
    size_after = FLOOR // 2

    def try_clear() -> None:
        nonlocal size_after
        if len(http._buckets) >= 2 * size_after:
            sweep()
            size_after = max(FLOOR // 2, len(http._buckets))

    http._try_clear_expired_ratelimits = try_clear  # type: ignore[method-assign]
