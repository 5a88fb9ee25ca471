"""Load and crash drivers for the bot: ``python -m tests.load.bench`` / ``tests.load.crash``.

The bot runs as its own process (``parlour run`` pointed at the loopback fake
Discord through ``PARLOUR_DISCORD_API``/``PARLOUR_DISCORD_GATEWAY``); this
process runs the fake and the simulated users, and measures (docs/PERFORMANCE.md).
"""
