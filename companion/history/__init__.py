"""The record across games: one summary per game (kept, so a long record stays quick),
the standings and the luck they add up to, and games shared as one file."""
