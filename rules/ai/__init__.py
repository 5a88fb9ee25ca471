"""AI players: random, per-game heuristics (easy) and search over sampled worlds."""
