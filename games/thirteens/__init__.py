"""Thirteens as one package (docs/ARCHITECTURE.md, "A game is one package"): ``engine`` (the
rules), ``ai`` (its heuristic and AI hooks), ``endgame`` (the endgame solver's model),
``presenter``, ``plugin`` (the registration the bot loads) and ``texts/``.  This file imports
nothing, so the engine and the AI load without the bot."""
