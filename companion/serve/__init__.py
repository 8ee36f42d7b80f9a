"""`companion serve`: the current game as a live, read-only board in a web browser."""
