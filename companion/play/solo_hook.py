"""The seam where solo procedures plug into `companion play`.

A solo game has `options.solo` set in its state and one side played by the procedures
(`options.opfor_side`, default the second side). When that side is to act, or when upkeep
comes, the loop asks the system's `SoloGuide`, found through `GUIDES` below: a solo
module makes itself known with one line there ("1ss": "package.module:NAME"), no other
change to the loop. Without a guide the loop says so and lets the player run the
opposing side by hand from the ordinary menus.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence

from companion.dice import DiceSource
from companion.game.state import GameState
from companion.systems.base import Outcome
from companion.values import frozen

# system id -> "module:attribute" of its SoloGuide. Filled in by the solo feature.
GUIDES: dict[str, str] = {}


@frozen
class SoloGuide:
    """What the solo procedures tell the guided loop.

    choose: the opposing fighter the procedure activates next on `side` (an id), or None
        to let the player pick among the legal ones.
    walkthrough: the lines that walk the player through that fighter's decision (what it
        moves towards, whom it attacks), shown before its actions are offered.
    upkeep: an outcome to record at upkeep before the next turn starts (the spawn roll),
        or None when nothing spawns.
    """

    choose: Callable[[GameState, int], str | None]
    walkthrough: Callable[[GameState, str], Sequence[str]]
    upkeep: Callable[[GameState, DiceSource], Outcome | None]


def guide_for(system_id: str) -> SoloGuide | None:
    target = GUIDES.get(system_id)
    if target is None:
        return None
    module, _, attr = target.partition(":")
    found = getattr(importlib.import_module(module), attr)
    return found if isinstance(found, SoloGuide) else None
