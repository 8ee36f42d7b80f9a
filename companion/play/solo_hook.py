"""The seam where solo procedures plug into `companion play`.

A solo game has `options.solo` set in its state and one side played by the procedures
(`options.opfor_side`, default the second side). When that side is to act the loop asks
the system's `SoloGuide`, found through `GUIDES` below, which OpFor fighter comes next,
what only the table can tell about it (one question at a time), and then what it does.
Upkeep belongs to the system's own `next_turn` (a solo turn brings its spawn there); a
guide may ask the player questions first (`upkeep_asks`) and run upkeep with the
answers. After every written step the guide's `check` may end the game when the
scenario is won or lost. Without a guide the loop says so and
lets the player run the opposing side by hand from the ordinary menus.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from companion.dice import DiceSource
from companion.game.state import GameState
from companion.systems.base import Outcome
from companion.values import frozen

# system id -> "module:attribute" of its SoloGuide.
GUIDES: dict[str, str] = {"1ss": "companion.systems.one_stat.solo.guide:GUIDE"}


@frozen
class Ask:
    """One question only the table can answer.

    kind: "yesno", "pick" (one of `options`, each a label and the value recorded) or
    "number" (a whole number from `low` to `high`).
    """

    key: str
    text: str
    kind: str
    options: tuple[tuple[str, Any], ...] = ()
    low: int = 0
    high: int = 100
    default: int | None = None


@frozen
class Walk:
    """What the procedure decided for one fighter, and the outcomes to write as one step."""

    fighter: str
    branch: str
    instruction: str
    outcomes: tuple[Outcome, ...]


@frozen
class SoloGuide:
    """What the solo procedures tell the guided loop.

    order: the opposing fighters that may act now on `side` (ids), the procedure's next
        one first.
    ask: the next question about fighter `fid` given the answers so far, or None when
        the procedure can decide.
    walk: activate `fid`, decide with the answers and resolve what needs dice (an
        attack), as outcomes computed from the shown state; nothing is written here.
    check: an outcome that ends the game when the scenario is decided, else None.
    upkeep_asks: the questions the player answers before upkeep (a roll the player may
        take or leave), or None when upkeep asks nothing.
    upkeep: the upkeep outcome with those answers, in place of the system's `next_turn`.
    """

    order: Callable[[GameState, int], Sequence[str]]
    ask: Callable[[GameState, str, Mapping[str, Any]], Ask | None]
    walk: Callable[[GameState, str, Mapping[str, Any], DiceSource], Walk]
    check: Callable[[GameState], Outcome | None]
    upkeep_asks: Callable[[GameState], Sequence[Ask]] | None = None
    upkeep: Callable[[GameState, Mapping[str, Any], DiceSource], Outcome] | None = None


def guide_for(system_id: str) -> SoloGuide | None:
    target = GUIDES.get(system_id)
    if target is None:
        return None
    module, _, attr = target.partition(":")
    found = getattr(importlib.import_module(module), attr)
    return found if isinstance(found, SoloGuide) else None
