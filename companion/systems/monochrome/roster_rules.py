"""Warband building: the points table, the class table (with a roster's own changes) and
the force restrictions, every problem reported at once."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from companion.game.state import FighterState
from companion.roster import Roster, RosterFighter
from companion.systems.base import Problem
from companion.systems.monochrome.data import ClassInfo, MonoData

STATS = ("attack", "defence")
# Points limits `roster option` offers (200 is the standard game).
POINTS_CHOICES = ("100", "150", "200", "250", "300", "400")


def half_up(n: int) -> int:
    """At least half of n fighters, rounded up (R-MON-P01)."""
    return (n + 1) // 2


USER_FILE = "monochrome_classes.toml"


def user_classes(d: MonoData) -> dict[str, ClassInfo]:
    """The class table of the user's rules file in the companion home folder, if any:
    `[classes.NAME]` with `kind` (basic or rare) and `actions`, as in the rules data."""
    from pathlib import Path

    from companion.game.store import default_home

    path = Path(default_home()) / USER_FILE
    if not path.is_file():
        return {}
    import tomllib

    from companion.data import Reader
    from companion.errors import DataError

    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as e:
        raise DataError(f"{USER_FILE}: cannot be read: {e}") from None
    top = Reader(USER_FILE, raw)
    top.only("classes")
    out: dict[str, ClassInfo] = {}
    for k, r in top.items("classes"):
        r.only("label", "kind", "actions")
        acts = r.texts("actions")
        for a in acts:
            if a not in d.actions:
                r.fail(f"unknown action {a!r}; known: {', '.join(d.actions)}", "actions")
        label = r.text("label", k.replace("-", " ").title())
        out[k] = ClassInfo(k, label, r.text("kind", choices=("basic", "rare")), acts)
    return out


def classes(d: MonoData, options: Mapping[str, Any]) -> dict[str, ClassInfo]:
    """The class table in force: the default (R-MON-02), the user's rules file, then a
    roster's changes.

    `class.NAME = basic|rare` adds a class (or changes its kind); `actions.NAME = a,b,c`
    sets the actions of a class."""
    out = {**d.classes, **user_classes(d)}
    for key, value in options.items():
        kind, _, name = str(key).partition(".")
        if kind == "class" and name:
            old = out.get(name)
            label = old.label if old else name.replace("-", " ").title()
            out[name] = ClassInfo(name, label, str(value), old.actions if old else ())
    for key, value in options.items():
        kind, _, name = str(key).partition(".")
        if kind == "actions" and name in out:
            acts = tuple(a.strip() for a in str(value).split(",") if a.strip())
            c = out[name]
            out[name] = ClassInfo(c.id, c.label, c.kind, acts)
    return out


def option_problems(d: MonoData, options: Mapping[str, Any]) -> list[Problem]:
    out: list[Problem] = []
    table = classes(d, options)
    for key, value in options.items():
        kind, _, name = str(key).partition(".")
        if key == "points":
            if not (isinstance(value, int) and not isinstance(value, bool) and value > 0):
                out.append(Problem(f"option points takes a whole number of points, not {value}"))
        elif kind == "class" and name:
            if str(value) not in ("basic", "rare"):
                out.append(Problem(f"option {key} takes basic or rare, not {value}"))
        elif kind == "actions" and name:
            if name not in table:
                out.append(Problem(f"option {key}: no class '{name}'; add it with class.{name}"))
                continue
            bad = [a for a in table[name].actions if a not in d.actions]
            if bad:
                out.append(
                    Problem(f"option {key}: unknown action {bad[0]}; known: {', '.join(d.actions)}")
                )
        else:
            out.append(
                Problem(
                    f"unknown Monochrome roster option '{key}'; known: points, "
                    "class.NAME, actions.NAME"
                )
            )
    return out


def fighter_cost(d: MonoData, f: RosterFighter | FighterState) -> int | None:
    a, df = f.stats.get("attack"), f.stats.get("defence")
    if not isinstance(a, int) or not isinstance(df, int):
        return None
    return d.cost(a, df)


def check_fighter(
    d: MonoData, f: RosterFighter, table: Mapping[str, ClassInfo] | None = None
) -> list[Problem]:
    table = classes(d, {}) if table is None else table
    out: list[Problem] = []

    def bad(msg: str) -> None:
        out.append(Problem(f"{f.name}: {msg}", f.name))

    if f.rank not in table:
        bad(f"'{f.rank}' is not a class; known: {', '.join(table)}")
    if set(f.stats) != set(STATS):
        bad("a Monochrome fighter has two stats, attack and defence")
        return out
    a, df = f.stats["attack"], f.stats["defence"]
    # Only values with a cost exist: Attack 2-12, Defence 0-5 (R-MON-P02).
    if d.attack_cost(a) is None:
        bad(f"Attack must be {d.attack_min}-{d.attack_max}, not {a} (R-MON-01)")
    if d.defence_cost(df) is None:
        bad(f"Defence must be {d.defence_min}-{d.defence_max}, not {df} (R-MON-01)")
    if f.equipment or f.skills:
        bad("a Monochrome fighter has no equipment or skills: its class gives its actions")
    return out


def check_roster(d: MonoData, roster: Roster) -> list[Problem]:
    """Every problem of a warband at once."""
    out = option_problems(d, roster.options)
    table = classes(d, roster.options)
    fs = roster.fighters
    for f in fs:
        out.extend(check_fighter(d, f, table))
    for name, c in Counter(f.name.casefold() for f in fs).items():
        if c > 1:
            out.append(Problem(f"the name '{name}' is used {c} times; names must differ"))
    n = len(fs)
    if n == 0:
        out.append(Problem("a warband needs at least one fighter"))
        return out
    limit = points_limit(d, roster.options)
    total = sum(fighter_cost(d, f) or 0 for f in fs)
    if total > limit:
        out.append(Problem(f"the warband costs {total} points, over its limit of {limit}"))
    if n > d.max_fighters:
        out.append(Problem(f"{n} fighters; a warband has at most {d.max_fighters}"))
    need = half_up(n)
    low = sum(1 for f in fs if f.stats.get("defence", 99) <= d.low_defence)
    if low < need:
        out.append(
            Problem(
                f"only {low} of {n} fighters have Defence {d.low_defence} or less; at least "
                f"{need} must (half, rounded up: R-MON-P01)"
            )
        )
    basic = sum(1 for f in fs if f.rank in table and table[f.rank].kind == "basic")
    if basic < need:
        out.append(
            Problem(
                f"only {basic} of {n} fighters are of a basic class; at least {need} must "
                "(half, rounded up: R-MON-P01)"
            )
        )
    rare = sum(1 for f in fs if f.rank in table and table[f.rank].kind == "rare")
    if rare > d.max_rare:
        out.append(Problem(f"{rare} fighters of a rare class; at most {d.max_rare}"))
    return out


def points_limit(d: MonoData, options: Mapping[str, Any]) -> int:
    v = options.get("points", d.points)
    return v if isinstance(v, int) and not isinstance(v, bool) and v > 0 else d.points


def roster_total(d: MonoData, roster: Roster) -> tuple[int, int]:
    """(points spent, points limit)."""
    return sum(fighter_cost(d, f) or 0 for f in roster.fighters), points_limit(d, roster.options)
