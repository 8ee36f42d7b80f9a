"""Solo play data, typed and validated from rules_data/1ss_solo.toml.

Every error names the file, the table and the key. Skills, ranks and armory named here are checked
against the 1ss data, so a typo in a profile fails on load, not mid-game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import lru_cache

from companion.data import Reader
from companion.game.state import freeze
from companion.systems.base import Ruling
from companion.systems.kit import rules_file as read
from companion.values import field, frozen

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, without importing typing at start-up
if TYPE_CHECKING:
    from companion.systems.one_stat.data import OneStatData

FILE = "1ss_solo.toml"
RANKS = ("rookie", "specialist", "boss")
ATTACKS = ("melee", "ranged", "both")

# Objectives the tracker works out from the state itself; the others are declared by
# the player with `solo objective` (only the table knows where a miniature stands).
COMPUTED = (
    "wiped-out",
    "survive",
    "boss-out",
    "trek-destroyed",
    "treasures-home",
    "devices-shut",
    "stations-shut",
    "escort-out",
    "time-up",
)
DECLARED = (
    "trek-arrived",
    "escort-arrived",
    "boss-escaped",
    "boss-home",
    "hostage-reached",
    "friend-home",
    "event-done",
    "event-failed",
)
TOKEN_KINDS = ("treasure", "clue-x", "clue-y")


@frozen
class ProfileData:
    id: str
    label: str
    rookie: int
    specialist: int
    boss: int
    specialization: str
    boss_skill: str
    attacks: str
    names: Mapping[str, str]


@frozen
class SoloScenario:
    id: str
    label: str
    summary: str
    last_turn: int
    win: tuple[str, ...]
    lose: tuple[str, ...]
    tokens: tuple[str, ...] = ()
    boss: str | None = None
    boss_corner: tuple[int, int] = (6, 6)
    trek: bool = False
    escort: bool = False
    hostage: bool = False
    devices: bool = False


@frozen
class EventData:
    id: str
    roll: int
    label: str
    summary: str
    check: bool = False
    clear: bool = False
    spawn: tuple[str, ...] = ()
    deadline_die: int = 0


@frozen
class Setup:
    id: str
    label: str
    scenarios: tuple[str, ...]
    theme: str
    profile: str
    summary: str
    notes: tuple[str, ...]
    last_turn: int | None
    win: tuple[str, ...] | None
    lose: tuple[str, ...] | None
    boss_name: str | None
    boss_skills: tuple[str, ...]
    escort_name: str | None
    event: str | None
    stations: int
    questioning: bool = False
    charge: bool = False


@frozen
class SoloData:
    board: int
    grid: int
    spawnpoints: int
    spawn_dice: int
    leader_range: int
    warband: Mapping[str, int]
    names: Mapping[str, str]
    profiles: Mapping[str, ProfileData]
    rulings: tuple[Ruling, ...]
    scenarios: Mapping[str, SoloScenario]
    events: Mapping[str, EventData]
    setups: Mapping[str, Setup] = field(default_factory=freeze)


OBJECTIVES = COMPUTED + DECLARED


def _one_stat() -> OneStatData:
    from companion.systems.one_stat import data as one_stat

    return one_stat.load()


def _rank_names(t: Reader, given: Mapping[str, str] | None = None) -> Mapping[str, str]:
    """A table naming each rank; `given` names those it leaves out (else none may be)."""
    t.only(*RANKS)
    return freeze({k: t.text(k, None if given is None else given.get(k, k)) for k in RANKS})


def _names(r: Reader, ctx: read.Ctx) -> Mapping[str, str]:
    return _rank_names(r.table("names"))


def _stat(rank: str) -> read.Use:
    """A profile's stat for fighters of `rank`, within that rank's range in 1ss."""

    def stat(r: Reader, ctx: read.Ctx) -> int:
        known = _one_stat().ranks[rank]
        return r.num(rank, lo=known.stat_min, hi=known.stat_max)

    return read.Use(stat, rank)


def _specialization(r: Reader, ctx: read.Ctx) -> str:
    skills = _one_stat().skills
    spec = r.text("specialization", choices=tuple(skills))
    if skills[spec].boss_only:
        r.fail(f"{spec!r} is a boss-only skill", "specialization")
    return spec


def _boss_skill(r: Reader, ctx: read.Ctx) -> str:
    return r.text("boss_skill", choices=tuple(_one_stat().skills))


def _profile_names(r: Reader, ctx: read.Ctx) -> Mapping[str, str]:
    names: Mapping[str, str] = ctx["names"]
    return _rank_names(r.table("names"), names) if "names" in r.data else names


def _corner(r: Reader, ctx: read.Ctx) -> tuple[int, int]:
    corner = r.nums("boss_corner", (6, 6))
    if len(corner) != 2 or not all(1 <= c <= 6 for c in corner):
        r.fail("expected [column, row], each 1-6", "boss_corner")
    return corner[0], corner[1]


def _needs(kind: str, name: str) -> Callable[[Mapping[str, object], Reader, read.Ctx], None]:
    """A check that a table of named tables holds one called `name`."""

    def check(got: Mapping[str, object], r: Reader, ctx: read.Ctx) -> None:
        if name not in got:
            r.fail(f"a {kind} called {name!r} is needed")

    return check


def _one_per_face(events: Mapping[str, EventData], r: Reader, ctx: read.Ctx) -> None:
    rolls = sorted(e.roll for e in events.values())
    if rolls != [1, 2, 3, 4, 5, 6]:
        r.fail(f"events need one entry for each D6 face, found rolls {rolls}")


def _known(field: str) -> Callable[[read.Ctx], tuple[str, ...]]:
    """The names of what the file has declared so far in `field` (its scenarios...)."""
    return lambda ctx: tuple(ctx[field])


PROFILE = read.Shape(
    ProfileData,
    only=True,
    rookie=_stat("rookie"),
    specialist=_stat("specialist"),
    boss=_stat("boss"),
    specialization=read.Use(_specialization, "specialization"),
    boss_skill=read.Use(_boss_skill, "boss_skill"),
    attacks=read.Text(choices=ATTACKS),
    names=read.Use(_profile_names, "names"),
)

SCENARIO = read.Shape(
    SoloScenario,
    only=True,
    last_turn=read.Num(lo=0, hi=99),
    win=read.Known("objective", OBJECTIVES, listed=True),
    lose=read.Known("objective", OBJECTIVES, listed=True),
    tokens=read.Known("token kind", TOKEN_KINDS, None, (), listed=True),
    boss=read.OptText(choices=("bounty", "hostage")),
    boss_corner=read.Use(_corner, "boss_corner"),
)

EVENT = read.Shape(
    EventData,
    only=True,
    roll=read.Num(lo=1, hi=6),
    spawn=read.Known("rank", RANKS, None, ()),
    deadline_die=read.Num(None, 0, lo=0, hi=20),
)

SETUP = read.Shape(
    Setup,
    only=True,
    scenarios=read.Known("scenario", _known("scenarios")),
    profile=read.Known("profile", _known("profiles"), one=True),
    notes=read.Texts(None, ()),
    win=read.Known("objective", OBJECTIVES, None, (), listed=True, blank=True),
    lose=read.Known("objective", OBJECTIVES, None, (), listed=True, blank=True),
    boss_name=read.OptText(),
    boss_skills=read.Texts(None, ()),
    escort_name=read.OptText(),
    event=read.Known("event", _known("events"), None, "", one=True, blank=True),
    stations=read.Num(None, 0, lo=0, hi=6),
)

SHAPE = read.Shape(
    SoloData,
    closed=("solo",),
    board=read.Num("solo.board", lo=12, hi=120),
    grid=read.Num("solo.grid", lo=2, hi=12),
    spawnpoints=read.Num("solo.spawnpoints", lo=1, hi=12),
    spawn_dice=read.Num("solo.spawn_dice", lo=1, hi=12),
    leader_range=read.Num("solo.leader_range", lo=1),
    warband=read.Numbers(RANKS, "solo.warband", lo=0),
    names=read.Use(_names, "names"),
    profiles=read.ByName(PROFILE, checks=(_needs("profile", "default"),)),
    rulings=read.RULINGS,
    scenarios=read.ByName(SCENARIO, checks=(_needs("scenario", "skirmish"),)),
    events=read.ByName(EVENT, checks=(_one_per_face,)),
    setups=read.ByName(SETUP),
)


@lru_cache(maxsize=1)
def load() -> SoloData:
    return read.file(SHAPE, FILE, "facts")
