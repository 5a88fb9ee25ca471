"""One cheap rule-based player per game: ``choose(state, seat, rng) -> Action``."""
