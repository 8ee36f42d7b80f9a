"""1 Stat Skirmish rules data, typed and validated from rules_data/1ss.toml."""

from __future__ import annotations

from functools import lru_cache

from companion.data import Reader, load_toml
from companion.game.state import freeze
from companion.roster import Roster, RosterFighter
from companion.systems.base import Ruling, Scenario
from companion.values import frozen

FILE = "1ss.toml"


@frozen
class Rank:
    id: str
    label: str
    die: int
    stat_min: int
    stat_max: int
    hands: int
    order: int


@frozen
class Item:
    id: str
    label: str
    kind: str  # none | melee | shooter | shield | magic
    hands: int
    shooter: str | None
    summary: str
    short: str


@frozen
class Role:
    id: str
    label: str
    summary: str
    min_stat: int


@frozen
class Skill:
    id: str
    label: str
    active: bool
    summary: str
    boss_only: bool
    melee_only: bool
    no_gear: bool
    mission_only: bool = False  # a named fighter's own skill (Red William's charge)


@frozen
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
    # Fighters who join a sample warband for the Treasure Hunt, by warband name
    joiners: dict[str, tuple[RosterFighter, ...]]


@lru_cache(maxsize=1)
def load() -> OneStatData:
    top = Reader(FILE, load_toml(FILE))
    top.only(
        "system",
        "ranks",
        "armory",
        "roles",
        "skills",
        "scenarios",
        "rulings",
        "samples",
        "facts",
        "options",
    )
    sysr = top.table("system")
    ranks = {
        k: Rank(
            k,
            r.text("label"),
            r.num("die", lo=2),
            r.num("stat_min"),
            r.num("stat_max"),
            r.num("hands", lo=0, hi=4),
            r.num("order"),
        )
        for k, r in top.items("ranks")
    }
    armory = {}
    for k, r in top.items("armory"):
        kind = r.text("kind", choices=("none", "melee", "shooter", "shield", "magic"))
        shooter = (
            r.text("shooter", choices=("light", "medium", "heavy")) if kind == "shooter" else None
        )
        armory[k] = Item(
            k,
            r.text("label"),
            kind,
            r.num("hands", lo=0, hi=3),
            shooter,
            r.text("summary"),
            r.text("short", r.text("label")),
        )
    roles = {
        k: Role(k, r.text("label"), r.text("summary"), r.num("min_stat", 0))
        for k, r in top.items("roles")
    }
    skills = {
        k: Skill(
            k,
            r.text("label"),
            r.flag("active"),
            r.text("summary"),
            r.flag("boss_only", False),
            r.flag("melee_only", False),
            r.flag("no_gear", False),
            r.flag("mission_only", False),
        )
        for k, r in top.items("skills")
    }
    scenarios = {}
    for k, r in top.items("scenarios"):
        last = r.num("last_turn", lo=0, hi=99)
        extra = {
            key: v for key, v in r.data.items() if key not in ("label", "summary", "last_turn")
        }
        scenarios[k] = Scenario(k, r.text("label"), r.text("summary"), last or None, freeze(extra))
    rulings = tuple(
        Ruling(r.text("id"), r.text("title"), r.text("text")) for r in top.tables("rulings")
    )
    samples = []
    joiners: dict[str, tuple[RosterFighter, ...]] = {}

    def fighters_of(s: Reader, key: str) -> list[RosterFighter]:
        fighters = []
        for f in s.tables(key):
            rank = f.text("rank", choices=tuple(ranks))
            equipment = f.texts("equipment")
            for e in equipment:
                if e.split(":", 1)[0] not in armory:
                    f.fail(f"unknown armory item {e!r}", "equipment")
            skills_ = f.texts("skills")
            for sk in skills_:
                if sk not in skills and sk not in roles:
                    f.fail(f"unknown skill or role {sk!r}", "skills")
            fighters.append(
                RosterFighter(
                    f.text("name"), rank, freeze({"stat": f.num("stat")}), equipment, skills_
                )
            )
        return fighters

    for s in top.tables("samples"):
        fighters = fighters_of(s, "fighters")
        joiners[s.text("name")] = tuple(fighters_of(s, "treasure_hunt"))
        samples.append(
            Roster(
                s.text("name"), "1ss", tuple(fighters), s.text("notes", ""), s.flag("preset", False)
            )
        )
    return OneStatData(
        name=sysr.text("name"),
        aliases=sysr.texts("aliases", ()),
        dice=sysr.text("dice"),
        board=sysr.text("board"),
        length=sysr.text("length"),
        last_turn=sysr.num("last_turn", lo=1),
        actions=sysr.num("actions_per_activation", lo=1),
        ranks=ranks,
        armory=armory,
        roles=roles,
        skills=skills,
        scenarios=scenarios,
        rulings=rulings,
        samples=tuple(samples),
        joiners=joiners,
    )


def item_of(entry: str) -> tuple[str, str]:
    """Split an equipment entry 'kind:label' into (kind, label)."""
    kind, _, label = entry.partition(":")
    return kind.strip(), label.strip()
