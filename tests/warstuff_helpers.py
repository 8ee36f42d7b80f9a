"""Helpers for the WarStuff tests: small games built in code, and dice enumeration."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from companion import systems
from companion.game.events import Event, apply_event
from companion.game.state import GameState, freeze
from companion.roster import Roster, RosterFighter
from companion.systems.base import ActionRequest, Outcome

WS = systems.get("warstuff")


def unit(name: str, quality: int, *rules: str, wounds: int = 0) -> RosterFighter:
    return RosterFighter(name, "unit", freeze({"quality": quality}), (), tuple(rules), "")


def game(
    side_a: Sequence[RosterFighter],
    side_b: Sequence[RosterFighter],
    active: str | None = None,
    **flags: Any,
) -> GameState:
    """A running round-1 game; `active` (a fighter id) is the unit activating now."""
    rosters = [Roster("A", "warstuff", tuple(side_a)), Roster("B", "warstuff", tuple(side_b))]
    state = WS.new_game(rosters, "skirmish", {})
    state = replace(state, turn=1, phase="action", initiative=0)
    if active is not None:
        fighters = tuple(replace(f, token=True) if f.id == active else f for f in state.fighters)
        state = replace(state, fighters=fighters, active=active)
    return state


def set_unit(state: GameState, fid: str, **changes: Any) -> GameState:
    out = []
    for f in state.fighters:
        if f.id == fid:
            flags = dict(f.flags)
            for k in list(changes):
                if k.startswith("flag_"):
                    flags[k[5:]] = changes.pop(k)
            f = replace(f, flags=freeze(flags), **changes)
        out.append(f)
    return replace(state, fighters=tuple(out))


def apply(state: GameState, outcome: Outcome) -> GameState:
    return apply_event(state, Event(outcome.kind, outcome.summary, outcome.changes))


def attack(actor: str, target: str, **options: Any) -> ActionRequest:
    return ActionRequest("attack", actor, target, freeze(options))
