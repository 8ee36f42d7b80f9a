"""WarStuff rules data, typed and validated from rules_data/warstuff.toml."""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache

from companion.data import Reader
from companion.game.state import freeze
from companion.roster import Roster, RosterFighter
from companion.systems.base import Ruling, Scenario, SystemInfo
from companion.systems.kit import rules_file as read
from companion.systems.kit.facts import ActionSpec
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
    info: SystemInfo
    quality_min: int
    quality_max: int
    quality_cost: int
    min_cost: int
    points_limits: tuple[int, ...]
    default_points: int
    advice_max_unit: int
    moves: dict[str, tuple[int, int]]
    actions: Mapping[str, Action]
    rules: Mapping[str, SpecialRule]
    scenarios: Mapping[str, Scenario]
    genres: Mapping[str, Genre]
    samples: tuple[Roster, ...]
    rulings: tuple[Ruling, ...]
    facts: Mapping[str, ActionSpec]
    options: ActionSpec | None

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


def _quality_max(r: Reader, ctx: read.Ctx) -> int:
    return r.table("system").num("quality_max", lo=ctx["quality_min"])


def _moves(top: Reader, ctx: read.Ctx) -> dict[str, tuple[int, int]]:
    r = top.table("moves")
    moves: dict[str, tuple[int, int]] = {}
    for key in ("normal", "fast", "slow"):
        pair = r.nums(key)
        if len(pair) != 2:
            r.fail("expected [walk, run]", key)
        moves[key] = (pair[0], pair[1])
    return moves


def _slug(rule: SpecialRule, r: Reader, ctx: read.Ctx) -> None:
    if rule_id(rule.label) != rule.id:
        r.fail(f"the id must be the label's slug {rule_id(rule.label)!r}", "label")


def _genres(top: Reader, ctx: read.Ctx) -> Mapping[str, Genre]:
    genres: dict[str, Genre] = {}
    for gid, g in top.items("genres"):
        units = []
        for ur in read.rows(g, "units", "units"):
            q = ur.num("quality", lo=ctx["quality_min"], hi=ctx["quality_max"])
            rl = ur.texts("rules")
            for x in rl:
                if x not in ctx["rules"]:
                    ur.fail(f"unknown special rule {x!r}", "rules")
            units.append(LibraryUnit(gid, ur.text("name"), ur.num("listed", lo=0), q, rl))
        genres[gid] = Genre(gid, g.text("label"), g.texts("aliases", ()), tuple(units))
    return freeze(genres)


def _samples(top: Reader, ctx: read.Ctx) -> tuple[Roster, ...]:
    genres: Mapping[str, Genre] = ctx["genres"]
    samples = []
    for s in top.tables("samples"):
        genre = s.text("genre", choices=tuple(genres))
        fighters: list[RosterFighter] = []
        for name in s.texts("units"):
            found = [u for u in genres[genre].units if u.name == name]
            if not found:
                s.fail(f"no unit {name!r} in genre {genre}", "units")
            fighters.append(unit_fighter(genres, found[0], [f.name for f in fighters]))
        samples.append(
            Roster(s.text("name"), "warstuff", tuple(fighters), s.text("notes", ""), False)
        )
    return tuple(samples)


SHAPE = read.Shape(
    WarStuffData,
    read.at_least(
        "system", quality_min=0, quality_cost=1, min_cost=0, default_points=1, advice_max_unit=1
    ),
    info=read.info("warstuff"),
    quality_max=read.Use(_quality_max),
    points_limits=read.Nums("system.points_limits"),
    moves=read.Use(_moves, "moves"),
    actions=read.ByName(read.Shape(Action)),
    rules=read.ByName(read.Shape(SpecialRule, checks=(_slug,), cost=read.Num(lo=-50, hi=100))),
    scenarios=read.ByName(read.Shape(Scenario, last_turn=read.Fixed(None))),
    genres=read.Use(_genres, "genres"),
    facts=read.FACTS,
    options=read.OPTIONS,
    samples=read.Use(_samples, "samples"),
    rulings=read.RULINGS,
)


@lru_cache(maxsize=1)
def load() -> WarStuffData:
    return read.file(SHAPE, FILE)


def unit_fighter(
    genres: Mapping[str, Genre], unit: LibraryUnit, taken: list[str], name: str | None = None
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
        f"quickplay {genres[unit.genre].label}: {unit.name}",
    )
