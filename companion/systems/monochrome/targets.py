"""The neutral targets of Hunt and Exterminate: placed at set-up, walked by the table.

They stand on a side of their own that never takes a turn. After each turn the table
tells the app, for each target, which fighters are closest and whether it reaches one;
the app breaks ties with a die, rolls its move and resolves its melee attack.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from companion.core.check import Check
from companion.core.counting import Counting, about
from companion.core.roller import Roller
from companion.errors import RefusedError, UsageError
from companion.game.concede import Conceded
from companion.game.events import Change, Event, add_fighter, apply_event, set_fighter
from companion.game.state import FighterState, GameState, SideState, freeze
from companion.game.typed_state import stored
from companion.names import fared
from companion.systems.base import Outcome
from companion.systems.kit.state import Stunned, TurnOrder
from companion.systems.monochrome import attack
from companion.systems.monochrome.data import MonoData
from companion.systems.monochrome.state import Defending, MonoFighter, MonoSide
from companion.trace import Step, Trace
from companion.values import replace

NEUTRAL = 2
# Marked as conceded from the start: it is no player, so it never stands between the last
# player left and the win when the other concedes.
SIDE = SideState("Neutral targets", "", 0, stored(MonoSide(neutral=True), Conceded(conceded=True)))
# Which objective brings which profile.
BRINGS = {"hunt": "monster", "exterminate": "warrior"}


def is_neutral(f: FighterState) -> bool:
    return f.side == NEUTRAL


def players(state: GameState) -> range:
    return range(min(2, len(state.sides)))


def placed(d: MonoData, state: GameState, objectives: list[str]) -> list[Change]:
    """The targets an objective puts in the middle of the board."""
    out: list[Change] = []
    used = {f.id for f in state.fighters}
    for oid in objectives:
        if oid not in BRINGS or len(state.sides) <= NEUTRAL:
            continue
        p = d.targets[BRINGS[oid]]
        for n in range(1, p.count + 1):
            name = p.label if p.count == 1 else f"{p.label} {n}"
            fid = name.casefold().replace(" ", "-")
            if fid in used:
                continue
            stats = freeze({"attack": p.attack, "defence": p.defence})
            f = FighterState(
                fid, NEUTRAL, name, p.cls, 6, stats, flags=stored(MonoFighter(objective=oid))
            )
            out.append(add_fighter(f))
    return out


def prowl(
    d: MonoData, state: GameState, f: FighterState, o: Mapping[str, Any], roller: Roller
) -> Outcome:
    """A target moves toward the closest fighter and attacks it if it reaches (R-MON-P09)."""
    if not is_neutral(f):
        raise RefusedError(f"{f.name} is not a neutral target; only targets prowl")
    if f.out:
        raise RefusedError(f"{f.name} is dead")
    if state.turn == 0 or state.phase == "ended":
        raise RefusedError("targets move at the end of a turn of a running game")
    key = turn_key(state)
    if has_prowled(state, f):
        raise RefusedError(f"{f.name} has already moved at the end of this turn")
    closest = [x for x in (o.get("closest") or ()) if x != f.id]
    if not closest:
        raise UsageError(f"name the fighter(s) closest to {f.name}: --opt closest=A or A,B")
    for x in closest:
        if state.fighter(x).out:
            raise RefusedError(f"{state.fighter(x).name} is dead")
    names = [state.fighter(x).name for x in closest]
    prey = state.fighter(closest[tie_break(roller, f.name, names)])
    walk = Check(
        f"{f.name} moves",
        f.name,
        text=f'up to {{total}}" toward {prey.name}',
        rulings=("R-MON-P09",),
    )
    inches = roller.check(walk).total
    changes: list[Change] = MonoFighter.set(f.id, prowled=key)
    if not o.get("reach"):
        summary = f'{f.name} moves up to {inches}" toward {prey.name} and cannot reach it'
        return Outcome(
            "action", summary, tuple(changes), Trace(summary, tuple(roller.steps), summary)
        )
    out = pounce(d, f, prey, o, roller)
    changes += out.changes
    summary = f"{f.name} attacks {prey.name}; {out.summary}"
    trace = Trace(summary, tuple(roller.steps), summary)
    # Its move's odds count every way it can end, each by what it says; the table a
    # rolled attack shows is the one of its attack on the prey (`pounce`).
    data = {"results": out.data["results"], "prey": prey.id}
    counted = Counting(about(prey.id, prey.name, out.data["results"][0], text=summary))
    return Outcome("attack", summary, tuple(changes), trace, freeze(data), counting=counted)


def pounce(
    d: MonoData, f: FighterState, prey: FighterState, o: Mapping[str, Any], roller: Roller
) -> Outcome:
    """A target's melee attack on the fighter it reached: no fate, no supports."""
    df = prey.stats["defence"] + (d.defend_bonus if Defending.of(prey).defend else 0)
    stat = f.stats["attack"] - df
    r = attack.Roll(
        f.name,
        prey.name,
        stat,
        (f"Attack {f.stats['attack']} - Defence {df} = {stat}",),
        0,
        False,
        Stunned.of(prey).stunned,
        bool(o.get("pushable", True)),
    )
    result, _ = attack.roll_attack(roller, r, 0)
    changes = []
    if result == "stunned":
        changes += Stunned.set(prey.id, stunned=True)
    if result == "killed":
        # A target's kill is no player's: it counts for no objective and calls no morale.
        changes += [
            set_fighter(prey.id, "status", "out"),
            *Stunned.set(prey.id, stunned=False),
        ]
    said = fared(prey.name, result)
    counted = Counting(about(prey.id, prey.name, result, attack.RESULTS.index(result)))
    return Outcome(
        "attack", said, tuple(changes), None, freeze({"results": [result]}), counting=counted
    )


def after_passing(
    state: GameState, passing: Sequence[FighterState], move: Callable[[GameState], Outcome]
) -> Outcome:
    """A target's move once the fighters still waiting pass (R-MON-P19): they take their
    token, so they do not activate this turn, and the move's trace says so first."""
    names = ", ".join(f.name for f in passing)
    gone = tuple(set_fighter(f.id, "token", True) for f in passing)
    out = move(apply_event(state, Event("pass", "", gone)))
    step = Step("Passing", f"{names} will not activate this turn", rulings=("R-MON-P19",))
    trace = replace(out.trace, steps=(step, *out.trace.steps)) if out.trace else None
    return replace(
        out, summary=f"{names} pass; {out.summary}", changes=gone + out.changes, trace=trace
    )


def tie_break(roller: Roller, who: str, names: Sequence[str]) -> int:
    """Which of equally close fighters a target picks: a D6 split evenly among two,
    three or six of them, as a table rolls it (R-MON-P20); else one face each."""
    n = len(names)
    if n == 1:
        roller.info(f"{who} picks its prey", f"{names[0]} (the only one)")
        return 0
    sides = 6 if 6 % n == 0 else n
    per = sides // n
    c = Check(
        f"{who} picks its prey",
        who,
        sides=sides,
        rulings=("R-MON-P20",),
        notes=(
            ", ".join(
                f"{i * per + 1}{f'-{(i + 1) * per}' if per > 1 else ''} {x}"
                for i, x in enumerate(names)
            ),
        ),
    )
    v = int(roller.check(c).total or 0)
    i = (v - 1) // per
    last = roller.steps[-1] if roller.steps else None
    if last is not None and last.check is c and last.roll is not None:
        # The rolled die says whom it picked (a description of the roll keeps its range).
        roller.steps[-1] = replace(last, outcome=f"{v}: {names[i]}")
    return i


def turn_key(state: GameState) -> str:
    """The side turn a target's move belongs to: round and which side's turn."""
    return f"{state.turn}.{TurnOrder.of(state).side_turn}"


def has_prowled(state: GameState, f: FighterState) -> bool:
    return MonoFighter.of(f).prowled == turn_key(state)


def waiting(state: GameState) -> list[str]:
    """Targets that have not moved at the end of the current turn."""
    return [
        f.name for f in state.fighters if is_neutral(f) and not f.out and not has_prowled(state, f)
    ]
