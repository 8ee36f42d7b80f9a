"""WarStuff rules data, typed and validated from rules_data/warstuff.toml."""

from __future__ import annotations

import re
from functools import lru_cache

from companion.data import Reader, load_toml
from companion.game.state import freeze
from companion.roster import Roster, RosterFighter
from companion.systems.base import Ruling, Scenario
from companion.systems.kit.plugin import read_header, read_rulings
from companion.values import frozen

FILE = "warstuff.toml"
RANK = "unit"


@frozen
class SpecialRule:
    id: str
    label: str
    cost: int
    summary: str
    range: int | None  # inches, for rules that give a shooting attack


@frozen
class Action:
    id: str
    label: str
    move: str
    summary: str
    shoot: bool
    melee: bool


@frozen
class LibraryUnit:
    genre: str
    name: str
    listed: int
    quality: int
    rules: tuple[str, ...]


@frozen
class Genre:
    id: str
    label: str
    aliases: tuple[str, ...]
    units: tuple[LibraryUnit, ...]


@frozen
class WarStuffData:
    name: str
    aliases: tuple[str, ...]
    dice: str
    board: str
    length: str
    quality_min: int
    quality_max: int
    quality_cost: int
    min_cost: int
    points_limits: tuple[int, ...]
    default_points: int
    advice_max_unit: int
    moves: dict[str, tuple[int, int]]
    actions: dict[str, Action]
    rules: dict[str, SpecialRule]
    scenarios: dict[str, Scenario]
    genres: dict[str, Genre]
    rulings: tuple[Ruling, ...]
    samples: tuple[Roster, ...]

    def cost(self, quality: int, rules: tuple[str, ...] | list[str]) -> int:
        """Quality x 10 plus the rules' costs, never below the minimum (5 points)."""
        raw = quality * self.quality_cost + sum(
            self.rules[r].cost for r in rules if r in self.rules
        )
        return max(self.min_cost, raw)

    def library(self) -> list[LibraryUnit]:
        return [u for g in self.genres.values() for u in g.units]

    def rule_label(self, rid: str) -> str:
        r = self.rules.get(rid)
        return r.label if r else rid


def rule_id(text: str) -> str:
    """The id of a special rule as people type it: 'Shooter (Long)' -> 'shooter-long'."""
    return re.sub(r"[^a-z0-9]+", "-", text.casefold()).strip("-")


@lru_cache(maxsize=1)
def load() -> WarStuffData:
    top = Reader(FILE, load_toml(FILE))
    top.only(
        "system",
        "moves",
        "actions",
        "rules",
        "scenarios",
        "genres",
        "samples",
        "rulings",
        "facts",
        "options",
    )
    sysr = top.table("system")
    qmin = sysr.num("quality_min", lo=0)
    qmax = sysr.num("quality_max", lo=qmin)
    moves_r = top.table("moves")
    moves: dict[str, tuple[int, int]] = {}
    for key in ("normal", "fast", "slow"):
        pair = moves_r.nums(key)
        if len(pair) != 2:
            moves_r.fail("expected [walk, run]", key)
        moves[key] = (pair[0], pair[1])
    actions = {
        k: Action(
            k, r.text("label"), r.text("move"), r.text("summary"), r.flag("shoot"), r.flag("melee")
        )
        for k, r in top.items("actions")
    }
    rules: dict[str, SpecialRule] = {}
    for k, r in top.items("rules"):
        if rule_id(r.text("label")) != k:
            r.fail(f"the id must be the label's slug {rule_id(r.text('label'))!r}", "label")
        rng = r.opt_num("range")
        rules[k] = SpecialRule(
            k, r.text("label"), r.num("cost", lo=-50, hi=100), r.text("summary"), rng
        )
    scenarios = {
        k: Scenario(k, r.text("label"), r.text("summary"), None, freeze({}))
        for k, r in top.items("scenarios")
    }
    genres: dict[str, Genre] = {}
    for gid, g in top.items("genres"):
        units = []
        raw = g.data.get("units")
        if not isinstance(raw, list):
            g.fail("expected a list of units", "units")
        for i, u in enumerate(raw):
            ur = Reader(FILE, u, f"genres.{gid}.units[{i}]")
            q = ur.num("quality", lo=qmin, hi=qmax)
            rl = ur.texts("rules")
            for x in rl:
                if x not in rules:
                    ur.fail(f"unknown special rule {x!r}", "rules")
            units.append(LibraryUnit(gid, ur.text("name"), ur.num("listed", lo=0), q, rl))
        genres[gid] = Genre(gid, g.text("label"), g.texts("aliases", ()), tuple(units))
    rulings = read_rulings(top)
    data = WarStuffData(
        **read_header(sysr),
        quality_min=qmin,
        quality_max=qmax,
        quality_cost=sysr.num("quality_cost", lo=1),
        min_cost=sysr.num("min_cost", lo=0),
        points_limits=sysr.nums("points_limits"),
        default_points=sysr.num("default_points", lo=1),
        advice_max_unit=sysr.num("advice_max_unit", lo=1),
        moves=moves,
        actions=actions,
        rules=rules,
        scenarios=scenarios,
        genres=genres,
        rulings=rulings,
        samples=(),
    )
    samples = []
    for s in top.tables("samples"):
        genre = s.text("genre", choices=tuple(genres))
        fighters: list[RosterFighter] = []
        for name in s.texts("units"):
            found = [u for u in genres[genre].units if u.name == name]
            if not found:
                s.fail(f"no unit {name!r} in genre {genre}", "units")
            fighters.append(unit_fighter(data, found[0], [f.name for f in fighters]))
        samples.append(
            Roster(s.text("name"), "warstuff", tuple(fighters), s.text("notes", ""), False)
        )
    return WarStuffData(**{**data.__dict__, "samples": tuple(samples)})


def unit_fighter(
    d: WarStuffData, unit: LibraryUnit, taken: list[str], name: str | None = None
) -> RosterFighter:
    """A roster entry for a library unit; a second copy of a name gets a number."""
    base = name or unit.name
    used = {t.casefold() for t in taken}
    final, n = base, 2
    while final.casefold() in used:
        final, n = f"{base} {n}", n + 1
    return RosterFighter(
        final,
        RANK,
        freeze({"quality": unit.quality}),
        (),
        unit.rules,
        f"quickplay {d.genres[unit.genre].label}: {unit.name}",
    )
