"""companion: a table-side assistant for skirmish wargames."""

__version__ = "0.1.0"

# Read as typing.TYPE_CHECKING (`from companion import TYPE_CHECKING`): the type checker
# takes any TYPE_CHECKING as true, and importing typing would cost every table command's
# start-up for names that only the type checker reads.
TYPE_CHECKING = False
