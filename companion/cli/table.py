"""Table commands on the current game: status, turn, activate, overrides, undo/redo, log.

Here they are declared for Typer (arguments, options, help); what they do is in
`companion.cli.table_ops`, which the quick path of a well-formed command line calls
without loading Typer. Each command passes its parameters on unchanged (`**locals()`),
so both ways run the same code with the same values.
"""

from __future__ import annotations

from typing import Annotated

import typer

from companion.cli import table_ops as ops
from companion.cli.common import DiceOpt, GameOpt, JsonOpt, SeedOpt

# Other command modules find fighters and record outcomes the same way.
from companion.cli.table_ops import find_fighter, find_side, report, run_outcome

__all__ = ["find_fighter", "find_side", "report", "run_outcome"]
# Where the quick path finds each command's implementation (`companion.cli.quick_spec`).
OPS = "companion.cli.table_ops"

FighterArg = Annotated[str, typer.Argument(help="Fighter name (a unique prefix is enough).")]


def status(game: GameOpt = None, as_json: JsonOpt = False) -> None:
    """Show the board: turn tracker, initiative, fighters per side, victory points.

    Example: companion status --json
    """
    ops.status(**locals())


def turn(
    game: GameOpt = None, dice: DiceOpt = None, seed: SeedOpt = None, as_json: JsonOpt = False
) -> None:
    """Finish the turn (upkeep: tokens off), count the next turn and roll initiative.

    After the last turn it ends the game and announces the result.

    Example: companion turn --dice 7,3
    """
    ops.turn(**locals())


def activate(fighter: FighterArg, game: GameOpt = None, as_json: JsonOpt = False) -> None:
    """Activate a fighter: it takes its activation token and its actions.

    Example: companion activate Robyn
    """
    ops.activate(**locals())


def done(
    fighter: Annotated[
        str | None, typer.Argument(help="The activating fighter (a check that it is).")
    ] = None,
    dice: DiceOpt = None,
    seed: SeedOpt = None,
    game: GameOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """End the active fighter's activation, with any roll the rules ask for then.

    Example: companion done
    """
    ops.done(**locals())


def set_(
    fighter: FighterArg,
    wounds: Annotated[int | None, typer.Option(min=0, max=99, help="Set the wounds.")] = None,
    state: Annotated[
        str | None, typer.Option("--state", help="Set the state: upright, wounded or out.")
    ] = None,
    token: Annotated[
        bool | None, typer.Option("--token/--no-token", help="Give or take the activation token.")
    ] = None,
    stat: Annotated[int | None, typer.Option(min=-99, max=99, help="Set the (first) stat.")] = None,
    flag: Annotated[
        list[str] | None,
        typer.Option("--flag", help="Set a flag NAME=VALUE (or NAME= to clear it)."),
    ] = None,
    game: GameOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Override a fighter's wounds, state, token, stat or flags (tables make mistakes).

    Example: companion set John --state upright --wounds 0
    """
    ops.set_(**locals())


def vp(
    side: Annotated[str, typer.Argument(help="Side name (prefix) or number 1/2.")],
    value: Annotated[str, typer.Argument(help="New total, or +N / -N to adjust.")],
    game: GameOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Set or adjust a side's victory points.

    Example: companion vp Robyn +1
    """
    ops.vp(**locals())


def initiative(
    side: Annotated[str, typer.Argument(help="Side name (prefix) or number 1/2.")],
    game: GameOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Give the initiative to a side by hand.

    Example: companion initiative "Cpt"
    """
    ops.initiative(**locals())


StepsArg = Annotated[int, typer.Argument(min=1, max=1000, help="How many events.")]


def undo(steps: StepsArg = 1, game: GameOpt = None, as_json: JsonOpt = False) -> None:
    """Take back the last change(s); 'redo' puts them back.

    Example: companion undo
    """
    ops.undo(**locals())


def redo(steps: StepsArg = 1, game: GameOpt = None, as_json: JsonOpt = False) -> None:
    """Put back what 'undo' took back.

    Example: companion redo
    """
    ops.redo(**locals())


def log(
    game: GameOpt = None,
    last: Annotated[int | None, typer.Option(min=1, help="Only the last N events.")] = None,
    traces: Annotated[bool, typer.Option(help="Show each roll's full explanation.")] = False,
    as_json: JsonOpt = False,
) -> None:
    """Show the game's history, event by event, with the dice.

    Example: companion log --last 5 --traces
    """
    ops.log(**locals())


def register(app: typer.Typer) -> None:
    app.command("status")(status)
    app.command("turn")(turn)
    app.command("activate")(activate)
    app.command("done")(done)
    app.command("set")(set_)
    # "-1" must reach `vp` as a value, not be parsed as an option.
    app.command("vp", context_settings={"ignore_unknown_options": True})(vp)
    app.command("initiative")(initiative)
    app.command("undo")(undo)
    app.command("redo")(redo)
    app.command("log")(log)
