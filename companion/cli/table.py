"""Table commands on the current game: status, turn, activate, overrides, undo/redo, log.

They are declared here as data for both Typer and the quick path (`companion.cli.declare`);
what each does is in `companion.cli.table_ops`.
"""

from __future__ import annotations

from companion import TYPE_CHECKING
from companion.cli.declare import (
    DICE,
    FIGHTER,
    GAME,
    JSON,
    ROLLED,
    SEED,
    Command,
    add_commands,
    arg,
    opt,
    switch,
)

if TYPE_CHECKING:
    from typing import Any

OPS = "companion.cli.table_ops"
SIDE = arg("side", "Side name (prefix) or number 1/2.")
STEPS = arg("steps", "How many events.", kind="int", default=1, low=1, high=1000)

COMMANDS = (
    Command(
        "status",
        f"{OPS}:status",
        """Show the board: turn tracker, initiative, fighters per side, victory points.

        Example: companion status --json
        """,
        (GAME, JSON),
    ),
    Command(
        "turn",
        f"{OPS}:turn",
        """Finish the turn (upkeep: tokens off), count the next turn and roll initiative.

        After the last turn it ends the game and announces the result. While fighters
        may still activate it lists them and asks first (a script passes --force); the
        log records who was skipped.

        Example: companion turn --dice 7,3
        """,
        (
            GAME,
            DICE,
            SEED,
            JSON,
            opt(
                "force",
                "End the turn even if fighters have not activated (no question).",
                kind="flag",
                default=False,
            ),
        ),
    ),
    Command(
        "activate",
        f"{OPS}:activate",
        """Activate a fighter: it takes its activation token and its actions.

        Example:
        companion turn --dice 7,3
        companion activate Robyn
        """,
        (FIGHTER, GAME, JSON),
    ),
    Command(
        "done",
        f"{OPS}:done",
        """End the active fighter's activation, with any roll the rules ask for then.

        --odds shows the chance of each way it can end, rolling nothing.

        Example:
        companion turn --dice 7,3
        companion activate Robyn
        companion done --odds
        companion done
        """,
        (
            arg("fighter", "The activating fighter (a check that it is).", default=None),
            *ROLLED,
            opt(
                "odds",
                "Show the exact chance of each way the activation can end; changes nothing.",
                kind="flag",
                default=False,
            ),
        ),
    ),
    Command(
        "set",
        f"{OPS}:set_",
        """Override a fighter's wounds, state, token, stat or flags (tables make mistakes).

        Example: companion set John --state upright --wounds 0
        """,
        (
            FIGHTER,
            opt("wounds", "Set the wounds.", kind="int", low=0, high=99),
            opt("state", "Set the state: upright, wounded (prone) or out."),
            switch("token", "Give or take the activation token."),
            opt("stat", "Set the (first) stat.", kind="int", low=-99, high=99),
            opt(
                "flag",
                "Set a flag NAME=VALUE (or NAME= to clear it): one the system keeps, or any "
                "name with --force.",
                kind="list",
            ),
            opt(
                "force",
                "Set values the rules cannot have (a house rule).",
                kind="flag",
                default=False,
            ),
            GAME,
            JSON,
        ),
    ),
    Command(
        "vp",
        f"{OPS}:vp",
        """Set or adjust a side's victory points.

        Example: companion vp Robyn +1
        """,
        (SIDE, arg("value", "New total, or +N / -N to adjust."), GAME, JSON),
        # "-1" must reach `vp` as a value, not be parsed as an option.
        ignore_unknown=True,
    ),
    Command(
        "initiative",
        f"{OPS}:initiative",
        """Give the initiative to a side by hand.

        Example:
        companion turn --dice 7,3
        companion initiative "Cpt"
        """,
        (SIDE, GAME, JSON),
    ),
    Command(
        "undo",
        f"{OPS}:undo",
        """Take back the last change(s); 'redo' puts them back.

        Example:
        companion turn
        companion undo
        """,
        (STEPS, GAME, JSON),
    ),
    Command(
        "redo",
        f"{OPS}:redo",
        """Put back what 'undo' took back.

        Example:
        companion turn
        companion undo
        companion redo
        """,
        (STEPS, GAME, JSON),
    ),
    Command(
        "log",
        "companion.cli.log_ops:log",
        """Show the game's history, event by event, with the dice.

        Example: companion log --last 5 --traces
        """,
        (
            GAME,
            opt("last", "Only the last N events.", kind="int", low=1),
            switch("traces", "Show each roll's full explanation.", default=False),
            JSON,
        ),
    ),
)


QUICK = COMMANDS


def __getattr__(name: str) -> Any:
    # Older command modules found these helpers here; they live in `shared`.
    if name in ("find_fighter", "find_side", "report", "run_outcome"):
        from companion.cli import shared

        return getattr(shared, name)
    raise AttributeError(name)


def register(app: Any) -> None:
    add_commands(app, COMMANDS)
