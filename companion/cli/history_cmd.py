"""`companion history`: every game of the data folder, the standings and the luck across
them, declared once (`companion.cli.declare`) so a well-formed command line runs
without Typer (see `history_ops` for what it does)."""

from __future__ import annotations

from companion import TYPE_CHECKING
from companion.cli.declare import JSON, Command, add_commands, opt

if TYPE_CHECKING:
    from typing import Any

COMMANDS = (
    Command(
        "history",
        "companion.cli.history_ops:history",
        """List the games played, finished and running, and the standings across them.

        Each game with its date, rule system, scenario, sides, result and score; solo
        games are marked. --by roster (or scenario, or system) adds each warband's wins,
        losses and draws (a warband keeps its record through renames), solo results per
        OpFor profile and scenario, and the fighters who took most out of action and who
        fell least; --luck adds each warband's dice against their exact odds summed over
        its games. --format html -o FILE writes all of it as a web page with charts.

        Example: companion history --by roster --luck
        """,
        (
            opt("by", "Standings by roster, scenario or system.", "--by"),
            opt("luck", "Add the luck across games.", "--luck", kind="flag", default=False),
            opt("system", "Only games of this rule system.", "--system", "-s"),
            opt("roster", "Only games a warband played (part of its name).", "--roster", "-r"),
            opt("scenario", "Only games of this scenario (part of its name).", "--scenario"),
            opt("since", "Only games set up on or after this date (2026-05-01).", "--since"),
            opt("until", "Only games set up on or before this date.", "--until"),
            opt("fmt", "text, or html (a web page; needs -o).", "--format", "-f", default="text"),
            opt("output", "Write the page to this file.", "--output", "-o"),
            JSON,
        ),
    ),
)
QUICK = COMMANDS


def register(app: Any) -> None:
    add_commands(app, COMMANDS)
