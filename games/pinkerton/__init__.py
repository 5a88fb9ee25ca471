"""Pinkerton as one package (docs/ARCHITECTURE.md, "A game is one package"): ``engine``
(the rules, with ``beats`` and ``moves``), ``ai`` (its heuristic and AI hooks; no endgame
model: it is not a trick game), ``presenter``, ``plugin`` (the registration the bot loads)
and ``texts/``.  This file imports nothing, so the engine and the AI load without the bot."""
