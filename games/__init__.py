"""The games that ship, one package each: ``games/<name>/`` holds the game's engine
(``engine.py`` and the modules it is built from), its AI (``ai.py``: the heuristic and the
``HOOKS`` the generic AI uses, ``endgame.py``: the endgame solver's model, and any search
of its own), its presenter (``presenter.py``), its plug-in (``plugin.py``: the one
registration the bot reads) and its rules texts (``texts/``).  The engine and AI modules
import only ``rules`` (the engine layer: used alone by engine tests, benchmarks and the
AI's workers); the presenter and the plug-in import ``bot`` and are loaded only by the
bot's side (``bot.plugins``).  docs/ARCHITECTURE.md, "A game is one package".
"""

# The engine layer first: ``rules`` lists these packages and imports their engines when it
# is first imported, so a game's module imported before ``rules`` (``import
# games.coins.engine``) finds ``rules`` whole and is itself found whole by it.
import rules  # noqa: F401
