"""The commands of a system's table rolls (`RuleSystem.table_rolls`): one command per
roll, in the command group the registry gives the system (`companion monochrome
scenario`).

Declared here from the system's declaration (`declared`), without Typer: a well-formed
command line is parsed by the quick path, and the trace printed without Rich where it
can.
"""

from __future__ import annotations

from companion import TYPE_CHECKING
from companion.cli.declare import DICE, JSON, SEED, Command

if TYPE_CHECKING:
    from typing import Any

    from companion.systems.table_rolls import TableRolls


def rolls_of(group: str) -> TableRolls:
    from companion import systems

    rolls = systems.get(systems.owner(group)).table_rolls
    assert rolls is not None, f"the registry gives '{group}' to a system without table rolls"
    return rolls


def declared(group: str) -> tuple[Command, ...]:
    """The commands of the rolls of the system that brings `group`."""
    return tuple(
        Command(
            r.name,
            f"{__name__}:roll",
            r.doc,
            (DICE, SEED, JSON),
            bound=(("group", group), ("name", r.name)),
        )
        for r in rolls_of(group).rolls
    )


def roll(group: str, name: str, dice: str | None, seed: int | None, as_json: bool) -> None:
    from companion.cli.shared import dice_source, print_json

    table = next(r for r in rolls_of(group).rolls if r.name == name)
    src = dice_source(dice, seed)
    rolled = table.roll(src)
    src.finish()
    if as_json:
        print_json({**rolled.trace.to_dict(), **rolled.data})
        return
    from companion.render.trace_print import print_trace

    print_trace(rolled.trace)


def register(app: Any) -> None:
    """A group for each system the registry gives this module, built from its rolls."""
    import typer

    from companion import systems
    from companion.cli.declare import add_commands

    for group, module in systems.commands().items():
        if module != __name__:
            continue
        typer_group = typer.Typer(
            help=rolls_of(group).help,
            no_args_is_help=True,
            context_settings={"help_option_names": ["-h", "--help"]},
        )
        add_commands(typer_group, declared(group))
        app.add_typer(typer_group, name=group)
