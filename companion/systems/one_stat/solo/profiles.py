"""OpFor profiles: one stat per rank, the specialists' shared skill, the boss's extra
skill and how they attack. Built-in profiles come from the data file; the player's own
are kept in the home folder (rosters.json, table "opfor_profiles")."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.errors import DataError, UsageError
from companion.game.state import freeze, thaw
from companion.values import field, frozen

TABLE = "opfor_profiles"
RANKS = ("rookie", "specialist", "boss")


@frozen
class Profile:
    name: str
    rookie: int
    specialist: int
    boss: int
    specialization: str
    boss_skill: str
    attacks: str  # melee | ranged | both
    names: Mapping[str, str] = field(default_factory=freeze)
    builtin: bool = False

    def stat(self, rank: str) -> int:
        return int(getattr(self, rank))

    def equipment(self, rank: str) -> tuple[str, ...]:
        """The gear that says how they attack; a rookie's shooter is light (R-1SS-02)."""
        shooter = "light-shooter" if rank == "rookie" else "medium-shooter"
        if self.attacks == "melee":
            return ("melee-1h",)
        if self.attacks == "ranged":
            return (shooter,)
        return ("melee-1h", shooter)

    def boss_skills(self) -> tuple[str, ...]:
        """Command, as every boss has, and one other skill: the profile's boss skill, or
        the specialists' skill when that boss skill is Command itself (R-1SS-S12)."""
        other = self.specialization if self.boss_skill == "command" else self.boss_skill
        return ("command", other)

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "rookie": self.rookie,
            "specialist": self.specialist,
            "boss": self.boss,
            "specialization": self.specialization,
            "boss_skill": self.boss_skill,
            "attacks": self.attacks,
            "names": thaw(self.names),
        }

    def describe(self) -> str:
        return (
            f"{self.name}: rookies stat {self.rookie}, specialists stat {self.specialist} "
            f"({self.specialization}), bosses stat {self.boss} "
            f"({' + '.join(self.boss_skills())}); attacks: {self.attacks}"
        )


def check(p: Profile, where: str = "profile") -> Profile:
    """Refuse a profile the 1ss rules cannot field, naming the wrong key."""
    from companion.systems.one_stat import data as one_stat
    from companion.systems.one_stat.solo.data import ATTACKS

    d = one_stat.load()
    if not p.name.strip() or len(p.name) > 60:
        raise UsageError(f"{where}: name: give 1 to 60 characters")
    for rank in RANKS:
        r = d.ranks[rank]
        v = p.stat(rank)
        if not r.stat_min <= v <= r.stat_max:
            raise UsageError(
                f"{where}: {rank}: stat {v} is outside the {r.label} range "
                f"{r.stat_min}-{r.stat_max} (R-1SS-15)"
            )
    for key, skill in (("specialization", p.specialization), ("boss_skill", p.boss_skill)):
        if skill not in d.skills:
            raise UsageError(
                f"{where}: {key}: '{skill}' is not a 1ss specialist skill; "
                f"known: {', '.join(d.skills)}"
            )
    if d.skills[p.specialization].boss_only:
        raise UsageError(f"{where}: specialization: '{p.specialization}' is for bosses only")
    if p.attacks not in ATTACKS:
        raise UsageError(f"{where}: attacks: use one of {', '.join(ATTACKS)}")
    return p


def from_dict(d: Any, where: str = "profile") -> Profile:
    from companion.systems.one_stat.solo.data import load

    if not isinstance(d, Mapping):
        raise DataError(f"{where}: expected a table")
    allowed = {"name", *RANKS, "specialization", "boss_skill", "attacks", "names"}
    extra = sorted(set(d) - allowed)
    if extra:
        raise DataError(f"{where}: unknown key {extra[0]!r}")
    try:
        names = dict(load().names)
        names.update({k: str(v) for k, v in dict(d.get("names") or {}).items() if k in RANKS})
        p = Profile(
            str(d["name"]),
            int(d["rookie"]),
            int(d["specialist"]),
            int(d["boss"]),
            str(d["specialization"]),
            str(d["boss_skill"]),
            str(d["attacks"]),
            freeze(names),
        )
    except (KeyError, TypeError, ValueError) as e:
        raise DataError(f"{where}: missing or wrong value ({e})") from None
    try:
        return check(p, where)
    except UsageError as e:
        raise DataError(str(e)) from None


def builtins() -> list[Profile]:
    from companion.systems.one_stat.solo.data import load

    return [
        Profile(
            p.label,
            p.rookie,
            p.specialist,
            p.boss,
            p.specialization,
            p.boss_skill,
            p.attacks,
            p.names,
            builtin=True,
        )
        for p in load().profiles.values()
    ]


def saved(db: Any) -> list[Profile]:
    return [
        from_dict(dict(doc), f"{db.path} {TABLE} {i + 1}")
        for i, doc in enumerate(db.table(TABLE).all())
    ]


def all_profiles(db: Any) -> list[Profile]:
    """Saved profiles first; a built-in one is listed only if no saved one has its name."""
    own = saved(db)
    names = {p.name.casefold() for p in own}
    return own + [p for p in builtins() if p.name.casefold() not in names]


def find(db: Any, name: str) -> Profile:
    from companion.names import match
    from companion.systems.one_stat.solo.data import load

    profiles = all_profiles(db)
    q = name.strip().casefold().replace("-", " ")
    for p in profiles:
        if p.name.casefold().replace("-", " ") == q:
            return p
    # A built-in profile is also found by its id in the data file ("city-guard").
    ids = {k.replace("-", " "): v.label for k, v in load().profiles.items()}
    if q in ids:
        return find(db, ids[q])
    return match(name, profiles, lambda p: p.name, "OpFor profile")


def _remove(db: Any, name: str) -> None:
    t = db.table(TABLE)
    ids = [doc.doc_id for doc in t.all() if str(doc.get("name", "")).casefold() == name.casefold()]
    if ids:
        t.remove(doc_ids=ids)


def save(db: Any, p: Profile) -> None:
    _remove(db, p.name)
    db.table(TABLE).insert(p.to_dict())


def delete(db: Any, name: str) -> Profile:
    from companion.names import match

    p = match(name, saved(db), lambda x: x.name, "saved OpFor profile")
    _remove(db, p.name)
    return p
