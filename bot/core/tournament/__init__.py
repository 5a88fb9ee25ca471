"""Tournaments: formats, pairings and standings (pure: no I/O, no asyncio).

The round-by-round service that opens tables and keeps the records builds on these; so does
``parlour tournament simulate``.  docs/CORE.md describes the formats and their rules.
"""
