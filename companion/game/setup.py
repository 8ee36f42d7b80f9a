"""Turning rosters into the fighters of a new game: one shared way to name and number them."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from companion.game.state import FighterState
from companion.roster import Roster, RosterFighter


def slug(name: str) -> str:
    """A fighter id from its name: lower case, words joined by dashes."""
    s = re.sub(r"[^a-z0-9]+", "-", name.casefold()).strip("-")
    return s or "fighter"


def unique_id(name: str, used: set[str]) -> str:
    """The name's slug, numbered (-2, -3 ...) when another fighter already has it."""
    base = slug(name)
    fid, n = base, 2
    while fid in used:
        fid, n = f"{base}-{n}", n + 1
    used.add(fid)
    return fid


def fighters_from(
    rosters: Sequence[Roster], die_of: Callable[[RosterFighter], int]
) -> tuple[FighterState, ...]:
    """The fighters of each roster on its side (the first roster is side 0), with unique
    ids across the whole game."""
    used: set[str] = set()
    out = []
    for side, roster in enumerate(rosters):
        for rf in roster.fighters:
            out.append(
                FighterState(
                    id=unique_id(rf.name, used),
                    side=side,
                    name=rf.name,
                    rank=rf.rank,
                    die=die_of(rf),
                    stats=rf.stats,
                    equipment=rf.equipment,
                    skills=rf.skills,
                    notes=rf.notes,
                )
            )
    return tuple(out)
