"""The games that ship, one plug-in module each (``PLUGIN``); ``bot/plugins.py`` lists
them in ``BUILT_IN`` and loads them as it loads any other game's."""
