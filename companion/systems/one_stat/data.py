"""1 Stat Skirmish rules data, typed and validated from rules_data/1ss.toml."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache

from companion.data import Reader
from companion.game.state import freeze
from companion.roster import Roster, RosterFighter
from companion.systems.base import Ruling, Scenario
from companion.systems.kit import rules_file as read
from companion.values import frozen

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, without importing typing at start-up
if TYPE_CHECKING:
    from typing import Any

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
    kind: str  # one of KINDS
    hands: int
    shooter: str | None
    summary: str
    short: str


@frozen
class Role:
    id: str
    label: str
    summary: str
    min_stat: int = 0


@frozen
class Skill:
    id: str
    label: str
    active: bool
    summary: str
    boss_only: bool = False
    melee_only: bool = False
    no_gear: bool = False
    mission_only: bool = False  # a named fighter's own skill (Red William's charge)
    # Whom the skill, used as an action, targets: "none", "enemy", "friend" or "any"
    # (never the user itself), and what else its target must be ("prone", "rookie").
    target: str = "none"
    target_needs: str = ""


@frozen
class OneStatData:
    name: str
    aliases: tuple[str, ...]
    dice: str
    board: str
    length: str
    last_turn: int
    actions: int
    ranks: Mapping[str, Rank]
    armory: Mapping[str, Item]
    roles: Mapping[str, Role]
    skills: Mapping[str, Skill]
    scenarios: Mapping[str, Scenario]
    rulings: tuple[Ruling, ...]
    samples: tuple[Roster, ...]
    # Fighters who join a sample warband for the Treasure Hunt, by warband name
    joiners: Mapping[str, tuple[RosterFighter, ...]]


KINDS = ("none", "melee", "shooter", "shield", "magic")
SHOOTERS = ("light", "medium", "heavy")


def _shooter(r: Reader, ctx: read.Ctx) -> str | None:
    return r.text("shooter", choices=SHOOTERS) if r.data.get("kind") == "shooter" else None


def _short(r: Reader, ctx: read.Ctx) -> str:
    return r.text("short", r.text("label"))


def _last_turn(r: Reader, ctx: read.Ctx) -> int | None:
    return r.num("last_turn", lo=0, hi=99) or None


def _scenario_data(r: Reader, ctx: read.Ctx) -> Mapping[str, Any]:
    return freeze({k: v for k, v in r.data.items() if k not in ("label", "summary", "last_turn")})


def _rank(r: Reader, ctx: read.Ctx) -> str:
    return r.text("rank", choices=tuple(ctx["ranks"]))


def _stat(r: Reader, ctx: read.Ctx) -> Mapping[str, int]:
    return freeze({"stat": r.num("stat")})


def _equipment(r: Reader, ctx: read.Ctx) -> tuple[str, ...]:
    equipment = r.texts("equipment")
    for e in equipment:
        if e.split(":", 1)[0] not in ctx["armory"]:
            r.fail(f"unknown armory item {e!r}", "equipment")
    return equipment


def _skills_and_roles(ctx: read.Ctx) -> tuple[str, ...]:
    return (*ctx["skills"], *ctx["roles"])


FIGHTER = read.Shape(
    RosterFighter,
    rank=read.Use(_rank, "rank"),
    stats=read.Use(_stat, "stat"),
    equipment=read.Use(_equipment, "equipment"),
    skills=read.Known("skill or role", _skills_and_roles),
    notes=read.Fixed(""),
)


def _joiners(top: Reader, ctx: read.Ctx) -> Mapping[str, tuple[RosterFighter, ...]]:
    return freeze(
        {
            s.text("name"): tuple(FIGHTER.read(f, ctx) for f in s.tables("treasure_hunt"))
            for s in top.tables("samples")
        }
    )


SHAPE = read.Shape(
    OneStatData,
    name=read.Text("system.name"),
    aliases=read.Texts("system.aliases", ()),
    dice=read.Text("system.dice"),
    board=read.Text("system.board"),
    length=read.Text("system.length"),
    last_turn=read.Num("system.last_turn", lo=1),
    actions=read.Num("system.actions_per_activation", lo=1),
    ranks=read.ByName(read.Shape(Rank, die=read.Num(lo=2), hands=read.Num(lo=0, hi=4))),
    armory=read.ByName(
        read.Shape(
            Item,
            kind=read.Text(choices=KINDS),
            hands=read.Num(lo=0, hi=3),
            shooter=read.Use(_shooter, "shooter"),
            short=read.Use(_short, "short"),
        )
    ),
    roles=read.ByName(read.Shape(Role)),
    skills=read.ByName(read.Shape(Skill)),
    scenarios=read.ByName(
        read.Shape(
            Scenario, last_turn=read.Use(_last_turn, "last_turn"), data=read.Use(_scenario_data)
        )
    ),
    rulings=read.RULINGS,
    samples=read.samples("1ss", read.Each(FIGHTER, "fighters")),
    joiners=read.Use(_joiners, "samples"),
)


@lru_cache(maxsize=1)
def load() -> OneStatData:
    return read.file(SHAPE, FILE, "facts", "options")


def item_of(entry: str) -> tuple[str, str]:
    """Split an equipment entry 'kind:label' into (kind, label)."""
    kind, _, label = entry.partition(":")
    return kind.strip(), label.strip()
