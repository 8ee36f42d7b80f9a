"""companion: a table-side assistant for skirmish wargames."""

__version__ = "0.1.0"
