"""`companion monochrome ...`: the Monochrome scenario generator, outside any game."""

from __future__ import annotations

import typer

from companion.cli.common import DiceOpt, JsonOpt, SeedOpt

app = typer.Typer(
    help="Monochrome skirmish tools: the 3D6 scenario generator.\n\n"
    "Example: companion monochrome scenario --seed 7",
    no_args_is_help=True,
    context_settings={"help_option_names": ["-h", "--help"]},
)


@app.command("scenario")
def scenario(
    dice: DiceOpt = None,
    seed: SeedOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Roll a scenario: one Blood, one Turf and one Infamy objective, with what each asks.

    Physical dice are read in the order Blood, Turf, Infamy. A game started with
    --scenario B-T-I (e.g. 5-3-6) plays those objectives.

    Example: companion monochrome scenario --dice 5,3,6
    """
    from companion.cli.shared import console, dice_source, print_json
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
    from companion.render.trace_view import render_trace

    render_trace(console(), trace)
