"""SMBFAT rules data, typed and validated from rules_data/smbfat.toml."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache

from companion.data import Reader
from companion.game.state import freeze
from companion.roster import Roster, RosterFighter
from companion.systems.base import Ruling, Scenario, SystemInfo
from companion.systems.kit import rules_file as read
from companion.systems.kit.facts import ActionSpec
from companion.values import frozen

FILE = "smbfat.toml"


@frozen
class FigureType:
    id: str
    label: str
    cost: int
    melee: int
    ranged: int
    examples: str


@frozen
class Trait:
    id: str
    label: str
    summary: str


@frozen
class MapSize:
    """The distances the app quotes and checks, in inches."""

    id: str
    label: str
    board: str
    move: int
    secondary: int
    fast_move: int
    fast_secondary: int
    ranged: int
    spread: int
    spread_near: str


@frozen
class SmbData:
    info: SystemInfo
    rounds: int
    points_min: int
    points_max: int
    trait_cost: int
    reroll_cost: int
    skill_dice: int
    skill_target: int
    defeat: int
    defeat_armor: int
    objective_points: int
    objectives: tuple[str, ...]
    types: Mapping[str, FigureType]
    traits: Mapping[str, Trait]
    maps: Mapping[str, MapSize]
    scenarios: Mapping[str, Scenario]
    actions: Mapping[str, ActionSpec]
    options: ActionSpec | None
    rulings: tuple[Ruling, ...]
    samples: tuple[Roster, ...]

    def trait_label(self, tid: str) -> str:
        t = self.traits.get(tid)
        return t.label if t else tid


def _figures(r: Reader, ctx: read.Ctx) -> tuple[RosterFighter, ...]:
    types: Mapping[str, FigureType] = ctx["types"]
    figures = []
    for fr in read.rows(r, "figures", "figures"):
        kind = fr.text("type", choices=tuple(types))
        tr = fr.texts("traits", ())
        for t in tr:
            if t not in ctx["traits"]:
                fr.fail(f"unknown trait {t!r}", "traits")
        ty = types[kind]
        stats = freeze({"melee": ty.melee, "ranged": ty.ranged})
        figures.append(RosterFighter(fr.text("name"), kind, stats, (), tr, ""))
    return tuple(figures)


def _rerolls(r: Reader, ctx: read.Ctx) -> Mapping[str, int]:
    return freeze({"rerolls": r.num("rerolls", lo=0, hi=40)})


def _map(r: Reader, ctx: read.Ctx) -> Mapping[str, str]:
    return freeze({"map": r.text("map", choices=tuple(ctx["maps"]))})


def _rounds(r: Reader, ctx: read.Ctx) -> int:
    rounds: int = ctx["rounds"]
    return rounds


INCHES = {k: read.Num(lo=1, hi=100) for k in ("move", "secondary", "fast_move", "fast_secondary")}
INCHES.update(ranged=read.Num(lo=1, hi=100), spread=read.Num(lo=1, hi=100))

SHAPE = read.Shape(
    SmbData,
    read.at_least("system", rounds=1, points_min=0, points_max=1, trait_cost=0),
    read.at_least("system", reroll_cost=0, skill_dice=1, objective_points=0),
    info=read.info("smbfat"),
    skill_target=read.Num("system.skill_target", lo=1, hi=6),
    defeat=read.Num("system.defeat", lo=1, hi=6),
    defeat_armor=read.Num("system.defeat_armor", lo=1, hi=6),
    objectives=read.Texts("system.objectives"),
    types=read.ByName(
        read.Shape(
            FigureType,
            only=True,
            cost=read.Num(lo=1, hi=20),
            melee=read.Num(lo=0, hi=6),
            ranged=read.Num(lo=0, hi=6),
        )
    ),
    traits=read.ByName(read.Shape(Trait)),
    maps=read.ByName(read.Shape(MapSize, INCHES)),
    scenarios=read.ByName(
        read.Shape(Scenario, last_turn=read.Use(_rounds), data=read.Use(_map, "map"))
    ),
    actions=read.FACTS,
    options=read.OPTIONS,
    rulings=read.RULINGS,
    samples=read.Each(
        read.Shape(
            Roster,
            only=("name", "notes", "rerolls", "figures"),
            system=read.Fixed("smbfat"),
            fighters=read.Use(_figures, "figures"),
            preset=read.Fixed(False),
            options=read.Use(_rerolls, "rerolls"),
        )
    ),
)


@lru_cache(maxsize=1)
def load() -> SmbData:
    return read.file(SHAPE, FILE)
