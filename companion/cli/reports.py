"""`companion report`, declared once (`companion.cli.declare`): a well-formed command line
writes the report without loading Typer, which would cost a small game's report more
than the report itself."""

from __future__ import annotations

from companion import TYPE_CHECKING
from companion.cli.declare import GAME, JSON, Command, add_commands, opt

if TYPE_CHECKING:
    from typing import Any

COMMANDS = (
    Command(
        "report",
        "companion.cli.report_ops:report",
        """Write a battle report of a finished or running game, built from its event log.

        A headline naming the winner, the key moments with their odds, victory points
        (where the scenario keeps them) and casualties per turn, how lucky each side was
        against the exact odds, the rosters with each fighter's fate, and a turn-by-turn
        account with the dice. Markdown by default; --format html writes one
        self-contained web page with charts, --format svg a picture of the charts.

        Example: companion report --format html -o battle.html
        """,
        (
            GAME,
            opt("fmt", "md (Markdown), html or svg.", "--format", "-f", default="md"),
            opt("output", "Write to this file (default: print).", "--output", "-o"),
            JSON,
        ),
    ),
)
QUICK = COMMANDS


def register(app: Any) -> None:
    add_commands(app, COMMANDS)
