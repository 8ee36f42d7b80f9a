"""The plug-in methods that only hand back what every rules file holds the same way (the
system's header, its sample rosters, its rulings: read by `kit.rules_file`; scenarios
stay each plug-in's: some are built, some rolled); and the checks every attack starts
with.

A plug-in whose loaded data carries these fields subclasses `FromData`; its `data`
property returns its own data class.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from companion.errors import RefusedError, UsageError
from companion.game.state import FighterState, GameState
from companion.roster import Roster
from companion.systems.base import RuleSystem
from companion.systems.records import ActionRequest, Ruling, SystemInfo


class SystemData(Protocol):
    """The fields `FromData` reads from a plug-in's loaded rules data."""

    @property
    def info(self) -> SystemInfo: ...
    @property
    def samples(self) -> Sequence[Roster]: ...
    @property
    def rulings(self) -> Sequence[Ruling]: ...


class FromData(RuleSystem):
    """A plug-in whose header, sample rosters and rulings are its data's."""

    def __init__(self) -> None:
        self.info = self.data.info

    @property
    def data(self) -> SystemData:
        raise NotImplementedError

    def sample_rosters(self) -> Sequence[Roster]:
        return self.data.samples

    def rulings(self) -> Sequence[Ruling]:
        return self.data.rulings


def no_shot(name: str, why: str) -> RefusedError:
    """The refusal of a shot by a fighter that has none, worded alike in every system:
    what it lacks, and what made the attack a shot, so the player knows what to drop."""
    return RefusedError(
        f"{name} has no ranged attack ({why}): --ranged or a distance (--range) makes "
        "this attack a shot; leave them out to attack in melee"
    )


def opponents(
    state: GameState, req: ActionRequest, gone: str = "dead"
) -> tuple[FighterState, FighterState]:
    """The attacker and the target of an attack, refused unless both are still in the
    game and on opposite sides. `gone` is the system's word for a fighter out of it."""
    if req.actor is None or req.target is None:
        raise UsageError("an attack needs an attacker and a target: companion attack A B")
    a, t = state.fighter(req.actor), state.fighter(req.target)
    if a.id == t.id:
        raise UsageError(f"{a.name} cannot attack itself")
    if a.out:
        raise RefusedError(f"{a.name} is {gone} and cannot attack")
    if t.out:
        raise RefusedError(f"{t.name} is already {gone}")
    if a.side == t.side:
        raise RefusedError(f"{a.name} and {t.name} are on the same side")
    return a, t
