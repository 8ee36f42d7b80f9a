"""Warband building in WarStuff: unit costs, the points limit and the designer's advice."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from typing import Any

from companion.game.state import FighterState
from companion.names import did_you_mean
from companion.roster import Roster, RosterFighter
from companion.systems.base import Problem
from companion.systems.warstuff.data import RANK, LibraryUnit, WarStuffData

OPTION_VALUES: dict[str, tuple[str, ...]] = {
    "points": ("150", "300"),
    "costs": ("computed", "listed"),
}


def unit_cost(d: WarStuffData, f: RosterFighter | FighterState) -> int:
    return d.cost(f.stats.get("quality", 0), list(f.skills))


def library_unit(d: WarStuffData, f: RosterFighter | FighterState) -> LibraryUnit | None:
    """The quickplay unit a roster entry was taken from, if its profile still matches.

    Units added from the library carry 'quickplay GENRE: NAME' in their notes; a unit
    named like a library unit (a trailing copy number aside) with the same profile
    counts too. An edited profile is a custom unit: it has no listed cost.
    """
    quality = f.stats.get("quality")
    rules = sorted(f.skills)
    same = [u for u in d.library() if u.quality == quality and sorted(u.rules) == rules]
    if not same:
        return None
    m = re.match(r"quickplay (.+?): (.+)$", f.notes.strip())
    if m:
        for u in same:
            if d.genres[u.genre].label == m.group(1) and u.name == m.group(2):
                return u
    base = re.sub(r"\s+\d+$", "", f.name).casefold()
    named = [u for u in same if u.name.casefold() == base]
    return named[0] if named else None


def points_limit(d: WarStuffData, options: Mapping[str, Any]) -> int:
    v = options.get("points", d.default_points)
    try:
        return int(v)
    except (TypeError, ValueError):
        return d.default_points


def limit_hint(d: WarStuffData, name: str, total: int) -> str:
    """How a warband of `total` points could fit, naming the limits a roster may have
    (150 or 300): the option that raises it, or that none is high enough."""
    limits = " or ".join(str(p) for p in d.points_limits)
    fits = [p for p in sorted(d.points_limits) if p >= total]
    if fits:
        how = f"'companion roster option \"{name}\" points={fits[0]}' raises it to {fits[0]}"
    else:
        how = f"even {max(d.points_limits)} pts is too few"
    return f"a warband's limit is {limits} pts: {how}"


def counted_cost(d: WarStuffData, f: RosterFighter, options: Mapping[str, Any]) -> int:
    """The cost that counts toward the limit: computed, or listed on request (R-WS-P03)."""
    if str(options.get("costs", "computed")) == "listed":
        u = library_unit(d, f)
        if u is not None:
            return u.listed
    return unit_cost(d, f)


def check_fighter(d: WarStuffData, f: RosterFighter, preset: bool = False) -> list[Problem]:
    out: list[Problem] = []
    n = f.name

    def bad(msg: str, severity: str = "error") -> None:
        out.append(Problem(f"{n}: {msg}", n, severity))

    if f.rank != RANK:
        bad(f"a WarStuff unit has rank '{RANK}', not '{f.rank}'")
    if set(f.stats) != {"quality"}:
        bad("a WarStuff unit has exactly one stat, 'quality'")
        return out
    q = f.stats["quality"]
    if not d.quality_min <= q <= d.quality_max:
        bad(f"Quality must be {d.quality_min}-{d.quality_max}, not {q}")
    if f.equipment:
        bad("WarStuff units carry no equipment; give special rules with --skill")
    unknown = [s for s in f.skills if s not in d.rules]
    for s in unknown:
        hint = did_you_mean(s, list(d.rules))
        bad(f"'{s}'{hint} is not a WarStuff special rule; see 'companion rules show warstuff rule'")
    for s, c in Counter(f.skills).items():
        if c > 1:
            bad(f"{d.rule_label(s)} is listed {c} times; a rule counts once")
    if "fast" in f.skills and "slow" in f.skills:
        bad("has both Fast and Slow; they cancel out only in points", "warning")
    shooters = [s for s in f.skills if s.startswith("shooter-")]
    if len(shooters) > 1:
        bad(
            "has more than one Shooter rule; it shoots once per activation, with the range "
            "of its choice",
            "note",
        )
    if not unknown and d.quality_min <= q <= d.quality_max:
        cost = unit_cost(d, f)
        if cost > d.advice_max_unit:
            bad(
                f"costs {cost} pts; the designer advises units of about "
                f"{d.advice_max_unit} pts at most",
                "warning",
            )
    return out


def check_roster(d: WarStuffData, roster: Roster) -> list[Problem]:
    out: list[Problem] = []
    for key, value in roster.options.items():
        allowed = OPTION_VALUES.get(key)
        if allowed is None:
            out.append(Problem(f"unknown WarStuff roster option '{key}'; known: points, costs"))
        elif str(value) not in allowed:
            out.append(Problem(f"option {key} must be one of {', '.join(allowed)}, not {value}"))
    for f in roster.fighters:
        out.extend(check_fighter(d, f, roster.preset))
    names = Counter(f.name.casefold() for f in roster.fighters)
    for name, c in names.items():
        if c > 1:
            out.append(Problem(f"the name '{name}' is used {c} times; names must differ"))
    if not roster.fighters:
        out.append(Problem("a warband needs at least one unit"))
    limit = points_limit(d, roster.options)
    valid = [
        f
        for f in roster.fighters
        if set(f.stats) == {"quality"} and all(s in d.rules for s in f.skills)
    ]
    total = sum(counted_cost(d, f, roster.options) for f in valid)
    if total > limit:
        out.append(Problem(f"the warband costs {total} pts, over its limit of {limit} pts"))
    return out


def roster_total(d: WarStuffData, roster: Roster) -> tuple[int, int]:
    """(points spent, points limit) of a roster."""
    valid = [
        f
        for f in roster.fighters
        if set(f.stats) == {"quality"} and all(s in d.rules for s in f.skills)
    ]
    total = sum(counted_cost(d, f, roster.options) for f in valid)
    return total, points_limit(d, roster.options)
