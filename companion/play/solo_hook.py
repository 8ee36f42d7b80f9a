"""The seam where solo procedures plug into `companion play`.

A solo game has `options.solo` set in its state and one side played by the procedures
(`options.opfor_side`, default the second side). When that side is to act the loop asks
the system's `SoloGuide` (the interface, in `companion/systems/solo_guide.py`), found
through `GUIDES` below, which OpFor fighter comes next, what only the table can tell
about it (one question at a time), and then what it does. Upkeep belongs to the
system's own `next_turn` (a solo turn brings its spawn there); a guide may ask the
player questions first (`upkeep_asks`) and run upkeep with the answers. After every
written step the guide's `check` may end the game when the scenario is won or lost.
Without a guide the loop says so and lets the player run the opposing side by hand from
the ordinary menus.
"""

from __future__ import annotations

import importlib

from companion.systems.solo_guide import SoloGuide

# system id -> "module:attribute" of its SoloGuide.
GUIDES: dict[str, str] = {"1ss": "companion.systems.one_stat.solo.guide:GUIDE"}


def guide_for(system_id: str) -> SoloGuide | None:
    target = GUIDES.get(system_id)
    if target is None:
        return None
    module, _, attr = target.partition(":")
    found = getattr(importlib.import_module(module), attr)
    return found if isinstance(found, SoloGuide) else None
