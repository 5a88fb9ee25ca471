"""Discord plumbing: the outbox's pacing, interaction callbacks, uploads, the loop's health."""
