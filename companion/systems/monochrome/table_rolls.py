"""The Monochrome scenario generator, as a table roll outside any game
(`companion.systems.table_rolls`): three objectives, one each of Blood, Turf and Infamy."""

from __future__ import annotations

from companion.dice import DiceSource
from companion.systems.table_rolls import Rolled, TableRoll, TableRolls


def scenario(dice: DiceSource) -> Rolled:
    from companion.core.roller import DiceRoller
    from companion.systems.monochrome.data import load
    from companion.systems.monochrome.turns import roll_scenario
    from companion.trace import Trace

    d = load()
    roller = DiceRoller(dice)
    objs = roll_scenario(d, roller)
    rolls = "-".join(str(d.objective(o).roll) for o in objs)
    outcome = ", ".join(d.objective(o).label for o in objs) + f" (--scenario {rolls})"
    trace = Trace("Scenario", tuple(roller.steps), outcome)
    return Rolled(trace, {"objectives": objs, "scenario": rolls})


TABLE_ROLLS = TableRolls(
    "Monochrome skirmish tools: the 3D6 scenario generator.\n\n"
    "Example: companion monochrome scenario --seed 7",
    (
        TableRoll(
            "scenario",
            """Roll a scenario: one Blood, one Turf and one Infamy objective, with what each asks.

    Physical dice are read in the order Blood, Turf, Infamy. A game started with
    --scenario B-T-I (e.g. 5-3-6) plays those objectives.

    Example: companion monochrome scenario --dice 5,3,6
    """,
            scenario,
        ),
    ),
)
