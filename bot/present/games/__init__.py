"""One presenter module per game; each game's plug-in (``bot/games/<game>.py``) names its
presenter."""
