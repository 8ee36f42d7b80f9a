"""What every command shares: the Typer options, and (re-exported) the plain helpers."""

from __future__ import annotations

from typing import Annotated

import typer

from companion.cli.complete import completer
from companion.cli.shared import (
    ask_die,
    commit,
    console,
    dice_source,
    interactive,
    print_json,
    reading_game,
    writing_game,
)

__all__ = [
    "DiceOpt",
    "GameOpt",
    "JsonOpt",
    "SeedOpt",
    "ask_die",
    "commit",
    "console",
    "dice_source",
    "interactive",
    "print_json",
    "reading_game",
    "writing_game",
]

JsonOpt = Annotated[bool, typer.Option("--json", help="Print the result as JSON for scripts.")]
GameOpt = Annotated[
    str | None,
    typer.Option(
        "--game",
        "-g",
        help="Game to use (default: the current game).",
        autocompletion=completer("game"),
    ),
]
DiceOpt = Annotated[
    str | None,
    typer.Option(
        "--dice",
        "-d",
        help="Dice you rolled by hand, in roll order, e.g. '4,2,6'. A 0 on a D10 counts as 10.",
    ),
]
SeedOpt = Annotated[
    int | None, typer.Option("--seed", help="Seed for digital dice, to replay a run exactly.")
]
