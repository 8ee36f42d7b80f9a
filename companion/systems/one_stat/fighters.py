"""What a 1ss fighter carries and knows: gear, shooter class, skills and roles.

Each question is a small pure function over the fighter and the rules data, so the
combat code reads as the rules do ("is it unarmed?", "which shooter class?").
"""

from __future__ import annotations

from companion.errors import UsageError
from companion.game.state import FighterState, GameState
from companion.systems.one_stat.data import OneStatData, item_of
from companion.systems.one_stat.state import ActionSequence, OneStatFighter, OneStatTurn

# What lasts one turn: the actions left, a boss's ignored wound, a failed Recover, a free
# attack after a move, a permission to act given by Command, Influencer or Guard, the
# skills used, the moves made, the actions done, a copied skill and an Influencer's hold.
# Upkeep clears them, in solo games too.
# A face-down Regenerator whose player passes on the next upkeep roll (R-1SS-P28, S09).
REGEN_SKIP = "regen_skip"
TURN_FLAGS = (OneStatTurn, ActionSequence)


def can_activate(f: FighterState) -> bool:
    """Whether it may be chosen to activate: not out, no token, not face down, not split
    in two (the same in solo games)."""
    return not f.out and not f.token and f.status not in ("face-down", "split")


def named(state: GameState, fid: str | None, what: str = "fighter") -> FighterState:
    """The fighter an action names by id, or a usage error saying which is missing."""
    if not fid:
        raise UsageError(f"name the {what}")
    try:
        return state.fighter(fid)
    except KeyError:
        raise UsageError(f"no fighter '{fid}' in this game") from None


def find(state: GameState, text: str) -> FighterState:
    """A fighter by id or by a unique case-insensitive prefix of its name."""
    key = text.strip().casefold()
    for f in state.fighters:
        if f.id == text or f.name.casefold() == key:
            return f
    hits = [f for f in state.fighters if f.name.casefold().startswith(key)]
    if len(hits) != 1:
        raise UsageError(f"'{text}' names {'no' if not hits else 'more than one'} fighter")
    return hits[0]


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
    if OneStatFighter.of(f).crew:
        return ["heavy"]
    out = []
    for k in shooters(d, f):
        cls = d.armory[k].shooter or "light"
        if f.rank == "rookie":
            if cls == "heavy":
                continue
            cls = "light"
        out.append(cls)
    if OneStatFighter.of(f).heavy_shooter and "heavy" not in out:
        out.append("heavy")
    return out


def carries_heavy(d: OneStatData, f: FighterState) -> bool:
    return "heavy" in shooter_classes(d, f)


def animal(f: FighterState) -> bool:
    """A Shapeshifter in animal form."""
    return bool(OneStatFighter.of(f).animal)


def in_play(f: FighterState) -> bool:
    return not f.out and f.status != "split"
