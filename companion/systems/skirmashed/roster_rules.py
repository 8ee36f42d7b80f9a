"""Warband building in SKIRMASHED: six stats in their ranges, 1 to 10 figures, no points.

The text costs nothing, so nothing here counts points: a warband is legal when every
figure's stats are in range and it holds 1 to 10 figures.
"""

from __future__ import annotations

from companion.roster import Roster, RosterFighter
from companion.systems.base import Problem
from companion.systems.skirmashed.data import FIGHTER, RANGED_STATS, SkmData


def check_fighter(d: SkmData, f: RosterFighter, preset: bool = False) -> list[Problem]:
    """Every problem of one figure: its rank, each stat missing or out of range."""
    out: list[Problem] = []
    if f.rank not in d.ranks:
        known = " or ".join(d.ranks)
        out.append(Problem(f"{f.name}: rank '{f.rank}' is not {known}", f.name))
    fighter = f.rank == FIGHTER
    known_stats = {s.id for s in d.stats}
    for key in f.stats:
        if key not in known_stats:
            out.append(Problem(f"{f.name}: '{key}' is not a SKIRMASHED stat", f.name))
    for s in d.stats:
        v = f.stats.get(s.id)
        unused = fighter and s.id in RANGED_STATS
        if v is None:
            if not unused:
                out.append(Problem(f"{f.name}: {s.label} is missing ({s.low}-{s.high})", f.name))
            continue
        if not s.low <= v <= s.high:
            out.append(
                Problem(f"{f.name}: {s.label} {v} is outside its range {s.low}-{s.high}", f.name)
            )
        elif unused:
            out.append(
                Problem(
                    f"{f.name}: {s.label} {v} is unused: a fighter has no ranged attack at all",
                    f.name,
                    "note",
                )
            )
    return out


def check_roster(d: SkmData, roster: Roster) -> list[Problem]:
    """Every problem of the warband at once."""
    out: list[Problem] = []
    n = len(roster.fighters)
    if n < d.warband_min:
        out.append(Problem(f"a warband holds {d.warband_min} to {d.warband_max} figures, not {n}"))
    if n > d.warband_max:
        out.append(
            Problem(f"{n} figures is more than {d.warband_max}: a warband holds at most that many")
        )
    for f in roster.fighters:
        out += check_fighter(d, f)
    return out
