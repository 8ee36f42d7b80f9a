"""Building a force: figure types, traits, rerolls and the 20-40 point budget."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from companion.game.state import FighterState
from companion.roster import Roster, RosterFighter
from companion.systems.base import Problem
from companion.systems.smbfat.data import SmbData

MAX_REROLLS = 40


def roster_options(d: SmbData) -> dict[str, tuple[str, ...]]:
    """Options a force may set: the rerolls it buys."""
    return {"rerolls": tuple(str(n) for n in range(MAX_REROLLS + 1))}


def figure_cost(d: SmbData, f: RosterFighter | FighterState) -> int:
    """The type's cost plus 1 per trait (R-SMB-04 scores this full cost)."""
    t = d.types.get(f.rank)
    base = t.cost if t else 0
    return base + d.trait_cost * sum(1 for s in set(f.skills) if s in d.traits)


def rerolls(options: Mapping[str, Any]) -> int:
    try:
        return max(0, int(options.get("rerolls", 0)))
    except (TypeError, ValueError):
        return 0


def force_cost(d: SmbData, roster: Roster) -> int:
    """Every figure plus the rerolls bought."""
    figures = sum(figure_cost(d, f) for f in roster.fighters if f.rank in d.types)
    return figures + d.reroll_cost * rerolls(roster.options)


def check_fighter(d: SmbData, f: RosterFighter) -> list[Problem]:
    out: list[Problem] = []

    def bad(msg: str, severity: str = "error") -> None:
        out.append(Problem(f"{f.name}: {msg}", f.name, severity))

    t = d.types.get(f.rank)
    if t is None:
        bad(f"'{f.rank}' is not a figure type; use one of {', '.join(d.types)}")
    elif dict(f.stats) != {"melee": t.melee, "ranged": t.ranged}:
        bad(
            f"a {t.label} rolls {t.melee} melee and {t.ranged} ranged dice, fixed by its "
            "type: leave out --stat"
        )
    if f.equipment:
        bad("figures carry no equipment here; buy traits with --skill")
    for s in dict.fromkeys(f.skills):
        if s not in d.traits:
            bad(f"'{s}' is not a trait; traits: {', '.join(d.traits)}")
    for s, n in Counter(f.skills).items():
        if n > 1 and s in d.traits:
            bad(f"{d.trait_label(s)} is bought {n} times; a figure has each trait at most once")
    return out


def check_roster(d: SmbData, roster: Roster) -> list[Problem]:
    out: list[Problem] = []
    allowed = roster_options(d)
    for key, value in roster.options.items():
        if key not in allowed:
            out.append(Problem(f"unknown option '{key}'; options: {', '.join(allowed)}"))
        elif str(value) not in allowed[key]:
            shown = f"0 to {MAX_REROLLS}" if key == "rerolls" else ", ".join(allowed[key])
            out.append(Problem(f"option {key} takes {shown}, not {value}"))
    for f in roster.fighters:
        out.extend(check_fighter(d, f))
    for name, n in Counter(f.name.casefold() for f in roster.fighters).items():
        if n > 1:
            out.append(Problem(f"the name '{name}' is used {n} times; names must differ"))
    leaders = [f.name for f in roster.fighters if "leader" in f.skills]
    if len(leaders) > 1:
        out.append(
            Problem(
                f"only one figure of a force may be a Leader, not {len(leaders)}: "
                + ", ".join(leaders)
            )
        )
    if not roster.fighters:
        out.append(Problem("a force needs at least one figure"))
    total = force_cost(d, roster)
    if not d.points_min <= total <= d.points_max:
        out.append(
            Problem(
                f"the force costs {total} points; it must cost {d.points_min} to "
                f"{d.points_max} (figures, traits and rerolls)"
            )
        )
    else:
        out.append(
            Problem(
                f"the force costs {total} points ({rerolls(roster.options)} rerolls), within "
                f"{d.points_min}-{d.points_max}",
                severity="note",
            )
        )
    return out
