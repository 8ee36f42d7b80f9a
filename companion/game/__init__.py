"""The live game: its state, its events, and where they are kept."""
