"""`companion monochrome ...`: the Monochrome scenario generator, outside any game.

Declared once (`companion.cli.declare`), without Typer: a well-formed command line is
parsed by the quick path, and the trace printed without Rich where it can.

This module is the plug-in's edge to the command line, and the only one in it that
imports the CLI and the renderers: the CLI loads it by the name the registry gives
(`systems.commands()`), and nothing below the CLI imports it. It stays in the plug-in
because a system's own commands belong to the system; moved into `companion/cli/`, the
shared CLI would name a system.
"""

from __future__ import annotations

from companion.cli.declare import DICE, JSON, SEED, Command

HELP = (
    "Monochrome skirmish tools: the 3D6 scenario generator.\n\n"
    "Example: companion monochrome scenario --seed 7"
)


def scenario(dice: str | None, seed: int | None, as_json: bool) -> None:
    from companion.cli.shared import dice_source, print_json
    from companion.core.roller import DiceRoller
    from companion.systems.monochrome.data import load
    from companion.systems.monochrome.turns import roll_scenario
    from companion.trace import Trace

    d = load()
    src = dice_source(dice, seed)
    roller = DiceRoller(src)
    objs = roll_scenario(d, roller)
    src.finish()
    rolls = "-".join(str(d.objective(o).roll) for o in objs)
    outcome = ", ".join(d.objective(o).label for o in objs) + f" (--scenario {rolls})"
    trace = Trace("Scenario", tuple(roller.steps), outcome)
    if as_json:
        data = trace.to_dict()
        data["objectives"] = objs
        data["scenario"] = rolls
        print_json(data)
        return
    from companion.render.trace_print import print_trace

    print_trace(trace)


COMMANDS = (
    Command(
        "scenario",
        "companion.systems.monochrome.cli:scenario",
        """Roll a scenario: one Blood, one Turf and one Infamy objective, with what each asks.

    Physical dice are read in the order Blood, Turf, Infamy. A game started with
    --scenario B-T-I (e.g. 5-3-6) plays those objectives.

    Example: companion monochrome scenario --dice 5,3,6
    """,
        (DICE, SEED, JSON),
    ),
)
QUICK = COMMANDS


def register(app: object) -> None:
    """The `monochrome` group, built from the declarations."""
    import typer

    from companion.cli.declare import add_commands

    group = typer.Typer(
        help=HELP,
        no_args_is_help=True,
        context_settings={"help_option_names": ["-h", "--help"]},
    )
    add_commands(group, COMMANDS)
    app.add_typer(group, name="monochrome")  # type: ignore[attr-defined]
