"""SMBFAT rules data, typed and validated from rules_data/smbfat.toml."""

from __future__ import annotations

from functools import lru_cache

from companion.data import Reader, load_toml
from companion.game.state import freeze
from companion.roster import Roster, RosterFighter
from companion.systems.base import Ruling, Scenario
from companion.systems.kit.facts import ActionSpec, read_actions, read_options
from companion.systems.kit.plugin import read_header, read_rulings
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
    name: str
    aliases: tuple[str, ...]
    dice: str
    board: str
    length: str
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
    types: dict[str, FigureType]
    traits: dict[str, Trait]
    maps: dict[str, MapSize]
    scenarios: dict[str, Scenario]
    actions: dict[str, ActionSpec]
    options: ActionSpec | None
    rulings: tuple[Ruling, ...]
    samples: tuple[Roster, ...]

    def trait_label(self, tid: str) -> str:
        t = self.traits.get(tid)
        return t.label if t else tid


def _types(top: Reader) -> dict[str, FigureType]:
    out = {}
    for k, r in top.items("types"):
        r.only("label", "cost", "melee", "ranged", "examples")
        out[k] = FigureType(
            k,
            r.text("label"),
            r.num("cost", lo=1, hi=20),
            r.num("melee", lo=0, hi=6),
            r.num("ranged", lo=0, hi=6),
            r.text("examples"),
        )
    return out


def _maps(top: Reader) -> dict[str, MapSize]:
    out = {}
    for k, r in top.items("maps"):
        out[k] = MapSize(
            k,
            r.text("label"),
            r.text("board"),
            move=r.num("move", lo=1, hi=100),
            secondary=r.num("secondary", lo=1, hi=100),
            fast_move=r.num("fast_move", lo=1, hi=100),
            fast_secondary=r.num("fast_secondary", lo=1, hi=100),
            ranged=r.num("ranged", lo=1, hi=100),
            spread=r.num("spread", lo=1, hi=100),
            spread_near=r.text("spread_near"),
        )
    return out


def _samples(top: Reader, types: dict[str, FigureType], traits: dict[str, Trait]) -> list[Roster]:
    out = []
    for s in top.tables("samples"):
        s.only("name", "notes", "rerolls", "figures")
        raw = s.data.get("figures")
        if not isinstance(raw, list):
            s.fail("expected a list of figures", "figures")
        figures = []
        for i, f in enumerate(raw):
            fr = Reader(FILE, f, f"{s.path}.figures[{i}]")
            kind = fr.text("type", choices=tuple(types))
            tr = fr.texts("traits", ())
            for t in tr:
                if t not in traits:
                    fr.fail(f"unknown trait {t!r}", "traits")
            ty = types[kind]
            stats = freeze({"melee": ty.melee, "ranged": ty.ranged})
            figures.append(RosterFighter(fr.text("name"), kind, stats, (), tr, ""))
        opts = freeze({"rerolls": s.num("rerolls", lo=0, hi=40)})
        out.append(Roster(s.text("name"), "smbfat", tuple(figures), s.text("notes"), False, opts))
    return out


@lru_cache(maxsize=1)
def load() -> SmbData:
    top = Reader(FILE, load_toml(FILE))
    top.only(
        "system", "types", "traits", "maps", "scenarios", "facts", "options", "rulings", "samples"
    )
    s = top.table("system")
    types = _types(top)
    traits = {k: Trait(k, r.text("label"), r.text("summary")) for k, r in top.items("traits")}
    maps = _maps(top)
    scenarios = {
        k: Scenario(
            k,
            r.text("label"),
            r.text("summary"),
            s.num("rounds", lo=1),
            freeze({"map": r.text("map", choices=tuple(maps))}),
        )
        for k, r in top.items("scenarios")
    }
    rulings = read_rulings(top)
    return SmbData(
        **read_header(s),
        rounds=s.num("rounds", lo=1),
        points_min=s.num("points_min", lo=0),
        points_max=s.num("points_max", lo=1),
        trait_cost=s.num("trait_cost", lo=0),
        reroll_cost=s.num("reroll_cost", lo=0),
        skill_dice=s.num("skill_dice", lo=1),
        skill_target=s.num("skill_target", lo=1, hi=6),
        defeat=s.num("defeat", lo=1, hi=6),
        defeat_armor=s.num("defeat_armor", lo=1, hi=6),
        objective_points=s.num("objective_points", lo=0),
        objectives=s.texts("objectives"),
        types=types,
        traits=traits,
        maps=maps,
        scenarios=scenarios,
        actions=read_actions(top),
        options=read_options(top),
        rulings=rulings,
        samples=tuple(_samples(top, types, traits)),
    )
