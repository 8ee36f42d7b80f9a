"""Solo play data, typed and validated from rules_data/1ss_solo.toml.

Every error names the file and the key. Skills, ranks and armory named here are checked
against the 1ss data, so a typo in a profile fails on load, not mid-game.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache

from companion.data import Reader, load_toml
from companion.game.state import freeze
from companion.systems.base import Ruling
from companion.values import field, frozen

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
    check: bool
    clear: bool
    spawn: tuple[str, ...]
    deadline_die: int


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
    profiles: dict[str, ProfileData]
    rulings: tuple[Ruling, ...]
    scenarios: dict[str, SoloScenario]
    events: dict[str, EventData]
    setups: dict[str, Setup] = field(default_factory=dict)


def _objectives(r: Reader, key: str, default: tuple[str, ...] | None) -> tuple[str, ...]:
    vals = r.texts(key, default)
    for v in vals:
        if v not in COMPUTED + DECLARED:
            r.fail(f"unknown objective {v!r} (known: {', '.join(COMPUTED + DECLARED)})", key)
    return vals


def _names(r: Reader, key: str, default: Mapping[str, str]) -> Mapping[str, str]:
    if key not in r.data:
        return default
    t = r.table(key)
    t.only(*RANKS)
    return freeze({k: t.text(k, default.get(k, k)) for k in RANKS})


@lru_cache(maxsize=1)
def load() -> SoloData:
    from companion.systems.one_stat import data as one_stat

    d1 = one_stat.load()
    top = Reader(FILE, load_toml(FILE))
    top.only("solo", "names", "profiles", "rulings", "scenarios", "events", "setups", "facts")
    s = top.table("solo")
    s.only("board", "grid", "spawnpoints", "spawn_dice", "leader_range", "warband")
    wb = s.table("warband")
    wb.only(*RANKS)
    names_r = top.table("names")
    names_r.only(*RANKS)
    names = freeze({k: names_r.text(k) for k in RANKS})

    profiles: dict[str, ProfileData] = {}
    for k, r in top.items("profiles"):
        r.only("label", *RANKS, "specialization", "boss_skill", "attacks", "names")
        stats = {rk: r.num(rk, lo=d1.ranks[rk].stat_min, hi=d1.ranks[rk].stat_max) for rk in RANKS}
        spec = r.text("specialization", choices=tuple(d1.skills))
        if d1.skills[spec].boss_only:
            r.fail(f"{spec!r} is a boss-only skill", "specialization")
        profiles[k] = ProfileData(
            k,
            r.text("label"),
            stats["rookie"],
            stats["specialist"],
            stats["boss"],
            spec,
            r.text("boss_skill", choices=tuple(d1.skills)),
            r.text("attacks", choices=ATTACKS),
            _names(r, "names", names),
        )
    if "default" not in profiles:
        top.fail("a profile called 'default' is needed", "profiles")

    scenarios: dict[str, SoloScenario] = {}
    for k, r in top.items("scenarios"):
        r.only(
            "label", "summary", "last_turn", "win", "lose", "tokens", "boss", "boss_corner",
            "trek", "escort", "hostage", "devices",
        )  # fmt: skip
        tokens = r.texts("tokens", ())
        for t in tokens:
            if t not in TOKEN_KINDS:
                r.fail(f"unknown token kind {t!r} (known: {', '.join(TOKEN_KINDS)})", "tokens")
        corner = r.nums("boss_corner", (6, 6))
        if len(corner) != 2 or not all(1 <= c <= 6 for c in corner):
            r.fail("expected [column, row], each 1-6", "boss_corner")
        boss = r.text("boss", "") or None
        if boss not in (None, "bounty", "hostage"):
            r.fail(f"{boss!r} is not one of bounty, hostage", "boss")
        scenarios[k] = SoloScenario(
            k,
            r.text("label"),
            r.text("summary"),
            r.num("last_turn", lo=0, hi=99),
            _objectives(r, "win", None),
            _objectives(r, "lose", None),
            tokens,
            boss,
            (corner[0], corner[1]),
            r.flag("trek", False),
            r.flag("escort", False),
            r.flag("hostage", False),
            r.flag("devices", False),
        )
    if "skirmish" not in scenarios:
        top.fail("a scenario called 'skirmish' is needed", "scenarios")

    events: dict[str, EventData] = {}
    for k, r in top.items("events"):
        r.only("roll", "label", "summary", "check", "clear", "spawn", "deadline_die")
        spawn = r.texts("spawn", ())
        for rk in spawn:
            if rk not in RANKS:
                r.fail(f"unknown rank {rk!r}", "spawn")
        events[k] = EventData(
            k,
            r.num("roll", lo=1, hi=6),
            r.text("label"),
            r.text("summary"),
            r.flag("check", False),
            r.flag("clear", False),
            spawn,
            r.num("deadline_die", 0, lo=0, hi=20),
        )
    rolls = sorted(e.roll for e in events.values())
    if rolls != [1, 2, 3, 4, 5, 6]:
        top.fail(f"events need one entry for each D6 face, found rolls {rolls}", "events")

    setups: dict[str, Setup] = {}
    for k, r in top.items("setups"):
        r.only(
            "label", "scenarios", "theme", "profile", "summary", "notes", "last_turn", "win",
            "lose", "boss_name", "boss_skills", "escort_name", "event", "stations", "questioning",
            "charge",
        )  # fmt: skip
        scs = r.texts("scenarios")
        for sc in scs:
            if sc not in scenarios:
                r.fail(f"unknown scenario {sc!r}", "scenarios")
        prof = r.text("profile")
        if prof not in profiles:
            r.fail(f"unknown profile {prof!r}", "profile")
        ev = r.text("event", "") or None
        if ev is not None and ev not in events:
            r.fail(f"unknown event {ev!r}", "event")
        last = r.opt_num("last_turn")
        setups[k] = Setup(
            k,
            r.text("label"),
            scs,
            r.text("theme"),
            prof,
            r.text("summary"),
            r.texts("notes", ()),
            last,
            _objectives(r, "win", ()) or None,
            _objectives(r, "lose", ()) or None,
            r.text("boss_name", "") or None,
            r.texts("boss_skills", ()),
            r.text("escort_name", "") or None,
            ev,
            r.num("stations", 0, lo=0, hi=6),
            r.flag("questioning", False),
            r.flag("charge", False),
        )
    rulings = tuple(
        Ruling(r.text("id"), r.text("title"), r.text("text")) for r in top.tables("rulings")
    )
    return SoloData(
        board=s.num("board", lo=12, hi=120),
        grid=s.num("grid", lo=2, hi=12),
        spawnpoints=s.num("spawnpoints", lo=1, hi=12),
        spawn_dice=s.num("spawn_dice", lo=1, hi=12),
        leader_range=s.num("leader_range", lo=1),
        warband=freeze({k: wb.num(k, lo=0) for k in RANKS}),
        names=names,
        profiles=profiles,
        rulings=rulings,
        scenarios=scenarios,
        events=events,
        setups=setups,
    )
