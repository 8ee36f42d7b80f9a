"""What every command shares, without Typer: opening the game, dice, and output.

The quick path of the table commands (`companion.cli.quick`) runs them without
importing Typer, so nothing here may import it; the Typer options live in `common`.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from companion.dice import DiceRequest, DiceSource, SeededDice, TypedDice, parse_dice_list
from companion.errors import UsageError
from companion.game.events import Event
from companion.game.repo import GameFile, Home, event_for
from companion.systems.base import Outcome


def interactive() -> bool:
    return sys.stdin.isatty() and sys.stdout.isatty()


def ask_die(request: DiceRequest, index: int) -> int:
    """Ask the player for one die on the terminal (questionary is imported only here)."""
    import questionary

    label = f"D{request.sides} for {request.purpose}"
    if request.count > 1:
        label += f" ({index + 1} of {request.count})"

    def valid(text: str) -> bool | str:
        t = text.strip()
        if not t.isdigit():
            return f"type a number from 1 to {request.sides}"
        v = int(t)
        if request.sides == 10 and v == 0:
            return True
        return 1 <= v <= request.sides or f"a D{request.sides} shows 1 to {request.sides}"

    answer = questionary.text(f"Roll {label}:", validate=valid).ask()
    if answer is None:
        raise UsageError("cancelled; nothing was written")
    return int(answer.strip())


def dice_source(dice: str | None, seed: int | None) -> DiceSource:
    if dice is not None and seed is not None:
        raise UsageError("give either --dice (rolled by hand) or --seed (digital), not both")
    if dice is not None:
        return TypedDice(parse_dice_list(dice), ask_die if interactive() else None)
    return SeededDice(seed)


@contextmanager
def writing_game(game: str | None) -> Iterator[GameFile]:
    """Open a game for one change, under the home lock; the caller commits."""
    home = Home()
    with home.writing():
        yield home.open_game(game)


@contextmanager
def reading_game(game: str | None) -> Iterator[GameFile]:
    home = Home()
    with home.reading():
        yield home.open_game(game)


def commit(gf: GameFile, outcome: Outcome, dice: DiceSource | None = None) -> Event:
    """Record an outcome as one event and write the game once."""
    data = dict(outcome.data)
    if dice is not None:
        dice.finish()
        if dice.history:
            data["dice"] = list(dice.all_values)
            data["typed"] = any(r.typed for r in dice.history)
            if isinstance(dice, SeededDice):
                data["seed"] = dice.seed
    event = event_for(
        outcome.kind,
        outcome.summary,
        outcome.changes,
        gf.state,
        trace=outcome.trace.to_dict() if outcome.trace else None,
        data=data,
    )
    gf.append(event)
    gf.db.commit()
    return event


def print_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n")


def console() -> Any:
    from companion.render.console import make_console

    return make_console()
