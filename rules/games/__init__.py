"""One module per game; each defines GAME."""
