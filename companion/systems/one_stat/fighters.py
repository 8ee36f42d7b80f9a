"""What a 1ss fighter carries and knows: gear, shooter class, skills and roles.

Each question is a small pure function over the fighter and the rules data, so the
combat code reads as the rules do ("is it unarmed?", "which shooter class?").
"""

from __future__ import annotations

from companion.game.state import FighterState
from companion.systems.one_stat.data import OneStatData, item_of


def kinds(f: FighterState) -> list[str]:
    """Armory item ids the fighter carries, one per entry."""
    return [item_of(e)[0] for e in f.equipment]


def has(f: FighterState, skill: str) -> bool:
    """The fighter has this specialist skill or rookie role (shapes of halves included)."""
    return (
        skill in f.skills
        or skill in tuple(f.flags.get("extra_skills", ()))
        or skill in tuple(f.flags.get("copied", ()))  # a Copycat's passive copy this turn
    )


def melee_weapons(d: OneStatData, f: FighterState) -> list[str]:
    return [k for k in kinds(f) if k in d.armory and d.armory[k].kind == "melee"]


def shooters(d: OneStatData, f: FighterState) -> list[str]:
    return [k for k in kinds(f) if k in d.armory and d.armory[k].kind == "shooter"]


def is_unarmed(d: OneStatData, f: FighterState) -> bool:
    """No weapon at all (R-1SS-09): a magic device or a shield alone is no weapon."""
    return not melee_weapons(d, f) and not shooters(d, f)


def dual_wields(d: OneStatData, f: FighterState) -> bool:
    """Two one-handed melee weapons (R-1SS-08)."""
    return sum(1 for k in melee_weapons(d, f) if d.armory[k].hands == 1) >= 2


def two_handed_melee(d: OneStatData, f: FighterState) -> bool:
    return any(d.armory[k].hands >= 2 for k in melee_weapons(d, f))


def has_magic(d: OneStatData, f: FighterState) -> bool:
    return any(d.armory.get(k) and d.armory[k].kind == "magic" for k in kinds(f))


def has_shield(d: OneStatData, f: FighterState) -> bool:
    return any(d.armory.get(k) and d.armory[k].kind == "shield" for k in kinds(f))


def shooter_classes(d: OneStatData, f: FighterState) -> list[str]:
    """Classes of the fighter's shooters; a rookie's shooter is always light (R-1SS-02),
    and a rookie never fires a heavy shooter alone: only a standing Fire Team works it,
    as the `crew` of the team (R-1SS-P12). A specialist left with a dissolved team's
    heavy shooter carries it (flag `heavy_shooter`)."""
    if f.flags.get("crew"):
        return ["heavy"]
    out = []
    for k in shooters(d, f):
        cls = d.armory[k].shooter or "light"
        if f.rank == "rookie":
            if cls == "heavy":
                continue
            cls = "light"
        out.append(cls)
    if f.flags.get("heavy_shooter") and "heavy" not in out:
        out.append("heavy")
    return out


def carries_heavy(d: OneStatData, f: FighterState) -> bool:
    return "heavy" in shooter_classes(d, f)


def animal(f: FighterState) -> bool:
    """A Shapeshifter in animal form."""
    return bool(f.flags.get("animal"))


def in_play(f: FighterState) -> bool:
    return not f.out and f.status != "split"
