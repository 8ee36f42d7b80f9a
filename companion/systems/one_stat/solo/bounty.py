"""The Bounty boss's ladder (R-1SS-14): each wound steps his die down and halves his stat.

This is a hook for the 1ss wound code: a fighter with a `ladder` flag (the dice it steps
through, e.g. [12, 10, 8, 6]) does not use the usual wound rules (R-1SS-04/05); the
wound code calls `bounty_wound(fighter)` and applies the changes it returns instead
(R-1SS-S03).
"""

from __future__ import annotations

from companion.game.events import Change, set_fighter
from companion.game.state import FighterState
from companion.systems.one_stat.state import OneStatFighter, OneStatSolo

LADDER = (12, 10, 8, 6)
BOUNTY_STAT = 8


def has_ladder(f: FighterState) -> bool:
    return bool(OneStatSolo.of(f).ladder)


def ladder_of(f: FighterState) -> tuple[int, ...]:
    return tuple(int(x) for x in (OneStatSolo.of(f).ladder or LADDER))


def next_rung(f: FighterState) -> int | None:
    """The die a ladder boss steps down to at his next wound, or None: he is out."""
    ladder = ladder_of(f)
    if f.die not in ladder or f.die == ladder[-1]:
        return None
    return ladder[ladder.index(f.die) + 1]


def on_last_die(f: FighterState) -> bool:
    """Down to his final die (D6): he no longer defends, so a hit finishes him (R-1SS-S11)."""
    return has_ladder(f) and f.die == ladder_of(f)[-1]


def surrenders(f: FighterState, die: int) -> bool:
    """A hostage boss stops fighting back once he is down to his last die (R-1SS-14)."""
    return bool(OneStatSolo.of(f).hostage_boss) and die == ladder_of(f)[-1]


def bounty_wound(f: FighterState) -> tuple[tuple[Change, ...], str]:
    """The changes one wound makes to a ladder boss, and a sentence saying what happened.

    Die one size down and stat halved (rounded down); a wound taken on the last die
    removes him. A hostage boss gives up fighting once he is down to the last die.
    """
    die = next_rung(f)
    if die is None:
        return (
            (set_fighter(f.id, "status", "out"), set_fighter(f.id, "wounds", f.wounds + 1)),
            f"{f.name} takes a wound at D{f.die}, his last die: he is out (R-1SS-14)",
        )
    stat = f.stat // 2
    changes = [
        set_fighter(f.id, "die", die),
        set_fighter(f.id, "stats.stat", stat),
        set_fighter(f.id, "wounds", f.wounds + 1),
    ]
    text = f"{f.name} takes a wound: D{f.die} -> D{die}, stat {f.stat} -> {stat} (R-1SS-14)"
    if surrenders(f, die):
        changes += OneStatFighter.set(f.id, surrendered=True)
        text += "; at his D6 he stops fighting back and you decide where he moves"
    return tuple(changes), text
