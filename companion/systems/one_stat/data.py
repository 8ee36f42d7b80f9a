"""1 Stat Skirmish rules data, typed and validated from rules_data/1ss.toml."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from companion.data import Reader, load_toml
from companion.game.state import freeze
from companion.roster import Roster, RosterFighter
from companion.systems.base import Ruling, Scenario

FILE = "1ss.toml"


@dataclass(frozen=True)
class Rank:
    id: str
    label: str
    die: int
    stat_min: int
    stat_max: int
    hands: int
    order: int


@dataclass(frozen=True)
class Item:
    id: str
    label: str
    kind: str  # none | melee | shooter | shield | magic
    hands: int
    shooter: str | None
    summary: str


@dataclass(frozen=True)
class Role:
    id: str
    label: str
    summary: str
    min_stat: int


@dataclass(frozen=True)
class Skill:
    id: str
    label: str
    active: bool
    summary: str
    boss_only: bool
    melee_only: bool
    no_gear: bool


@dataclass(frozen=True)
class OneStatData:
    name: str
    aliases: tuple[str, ...]
    dice: str
    board: str
    length: str
    last_turn: int
    actions: int
    ranks: dict[str, Rank]
    armory: dict[str, Item]
    roles: dict[str, Role]
    skills: dict[str, Skill]
    scenarios: dict[str, Scenario]
    rulings: tuple[Ruling, ...]
    samples: tuple[Roster, ...]


@lru_cache(maxsize=1)
def load() -> OneStatData:
    top = Reader(FILE, load_toml(FILE))
    top.only("system", "ranks", "armory", "roles", "skills", "scenarios", "rulings", "samples")
    sysr = top.table("system")
    ranks = {
        k: Rank(k, r.str("label"), r.int("die", lo=2), r.int("stat_min"), r.int("stat_max"),
                r.int("hands", lo=0, hi=4), r.int("order"))
        for k, r in top.items("ranks")
    }
    armory = {}
    for k, r in top.items("armory"):
        kind = r.str("kind", choices=("none", "melee", "shooter", "shield", "magic"))
        shooter = r.str("shooter", choices=("light", "medium", "heavy")) if kind == "shooter" else None
        armory[k] = Item(k, r.str("label"), kind, r.int("hands", lo=0, hi=3), shooter,
                         r.str("summary"))
    roles = {
        k: Role(k, r.str("label"), r.str("summary"), r.int("min_stat", 0))
        for k, r in top.items("roles")
    }
    skills = {
        k: Skill(k, r.str("label"), r.bool("active"), r.str("summary"), r.bool("boss_only", False),
                 r.bool("melee_only", False), r.bool("no_gear", False))
        for k, r in top.items("skills")
    }
    scenarios = {}
    for k, r in top.items("scenarios"):
        last = r.int("last_turn", lo=0, hi=99)
        extra = {key: v for key, v in r.data.items() if key not in ("label", "summary", "last_turn")}
        scenarios[k] = Scenario(k, r.str("label"), r.str("summary"), last or None, freeze(extra))
    rulings = tuple(Ruling(r.str("id"), r.str("title"), r.str("text")) for r in top.tables("rulings"))
    samples = []
    for s in top.tables("samples"):
        fighters = []
        for f in s.tables("fighters"):
            rank = f.str("rank", choices=tuple(ranks))
            equipment = f.strs("equipment")
            for e in equipment:
                if e.split(":", 1)[0] not in armory:
                    f.fail(f"unknown armory item {e!r}", "equipment")
            skills_ = f.strs("skills")
            for sk in skills_:
                if sk not in skills and sk not in roles:
                    f.fail(f"unknown skill or role {sk!r}", "skills")
            fighters.append(RosterFighter(f.str("name"), rank, freeze({"stat": f.int("stat")}),
                                          equipment, skills_))
        samples.append(Roster(s.str("name"), "1ss", tuple(fighters), s.str("notes", ""),
                              s.bool("preset", False)))
    return OneStatData(
        name=sysr.str("name"), aliases=sysr.strs("aliases", ()), dice=sysr.str("dice"),
        board=sysr.str("board"), length=sysr.str("length"),
        last_turn=sysr.int("last_turn", lo=1), actions=sysr.int("actions_per_activation", lo=1),
        ranks=ranks, armory=armory, roles=roles, skills=skills, scenarios=scenarios,
        rulings=rulings, samples=tuple(samples),
    )


def item_of(entry: str) -> tuple[str, str]:
    """Split an equipment entry 'kind:label' into (kind, label)."""
    kind, _, label = entry.partition(":")
    return kind.strip(), label.strip()
