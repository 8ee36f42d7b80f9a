"""WarStuff actions other than attacks: Hold, Recover, Walk, Run, and the special rules
that are used as actions (Healer, Leader), plus morale tests and dangerous terrain."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.core.check import Check
from companion.core.roller import Roller
from companion.errors import RefusedError, UsageError
from companion.game.events import Change, set_fighter
from companion.game.state import FighterState, GameState, freeze
from companion.names import plural
from companion.systems.base import ActionRequest, Outcome
from companion.systems.kit.state import Stunned
from companion.systems.warstuff import attack, combat, turns
from companion.systems.warstuff.data import WarStuffData
from companion.systems.warstuff.state import Orders, UnitTurn
from companion.trace import Roll, Step, Trace
from companion.values import replace

MOVES = ("hold", "walk", "run", "recover")
ACTION_NAMES = ("hold", "walk", "run", "recover", "heal", "command", "morale", "dangerous")


def move_pair(d: WarStuffData, f: FighterState) -> tuple[tuple[int, int], str]:
    if "fast" in f.skills and "slow" not in f.skills:
        return d.moves["fast"], "Fast"
    if "slow" in f.skills and "fast" not in f.skills:
        return d.moves["slow"], "Slow"
    return d.moves["normal"], ""


def act(d: WarStuffData, state: GameState, req: ActionRequest, roller: Roller) -> Outcome:
    if req.action == "attack":
        return combat.attack_outcome(d, state, req, roller)
    if req.actor is None:
        raise UsageError(f"'{req.action}' needs a unit")
    f = state.fighter(req.actor)
    t = state.fighter(req.target) if req.target else None
    o = req.options
    if req.action in MOVES:
        return _move(d, state, f, t, req.action, o, roller)
    if req.action == "morale":
        return _morale(state, f, roller)
    if req.action == "heal":
        return _heal(state, f, t, roller)
    if req.action == "command":
        return _command(state, f, o, roller)
    if req.action == "dangerous":
        return _dangerous(state, f, roller)
    if req.action in ("fall", "skill"):
        raise UsageError(
            f"WarStuff has no '{req.action}' rule; its actions: {', '.join(ACTION_NAMES)}"
        )
    raise UsageError(
        f"'{req.action}' is not a WarStuff action; use one of {', '.join(ACTION_NAMES)}"
    )


def _move(
    d: WarStuffData,
    state: GameState,
    f: FighterState,
    t: FighterState | None,
    action: str,
    o: Mapping[str, Any],
    roller: Roller,
) -> Outcome:
    turns.active_check(state, f, action)
    for k in o:
        if k not in ("difficult", "dangerous"):
            raise UsageError(f"'{k}' is not a move option; known: difficult, dangerous")
    if action in ("hold", "recover") and o:
        # Terrain counts only for a unit that moves into or across it.
        raise UsageError(
            f"{d.actions[action].label} does not move, so terrain does not count; "
            f"'companion act {f.name} dangerous' rolls if the table calls for it"
        )
    taken = UnitTurn.of(f).action
    if taken:
        raise RefusedError(f"{f.name} has already taken {taken} this activation")
    stunned = Stunned.of(f).stunned
    if stunned and action != "recover":
        raise RefusedError(f"{f.name} is stunned: its action must be Recover")
    a = d.actions[action]
    changes: list[Change] = UnitTurn.set(f.id, action=action)
    if action == "recover":
        if stunned:
            changes += Stunned.set(f.id, stunned=False)
            text = f"{f.name} stands up again: Quality {f.stats.get('quality')} restored"
        else:
            text = f"{f.name} was not stunned; Recover changes nothing"
        roller.steps.append(Step("Recover", text + "; no shooting this activation"))
        trace = Trace(f"{f.name}: Recover", tuple(roller.steps), text)
        return Outcome("action", text, tuple(changes), trace)
    (walk, run), kind = move_pair(d, f)
    dist = {"hold": 0, "walk": walk, "run": run}[action]
    notes: list[str] = []
    if kind:
        notes.append(f'{kind}: walks {walk}", runs {run}"')
    flying = "flying" in f.skills
    if o.get("difficult") and dist > walk:
        if flying or "pathfinder" in f.skills:
            notes.append(("Flying" if flying else "Pathfinder") + ": difficult terrain ignored")
        else:
            dist = walk
            notes.append(f'difficult terrain: no more than the Walk distance ({walk}")')
    if t is not None:
        if t.side == f.side:
            raise UsageError(f"{t.name} is a friend; name an enemy to charge, or no target")
        if action != "run":
            raise UsageError("only Run may move into base contact with an enemy")
        # The unit it charged is the one its melee attack may strike (R-WS-P10).
        changes += UnitTurn.set(f.id, charged=t.id)
    shown = f"{dist}"
    if t is not None and "fear" in t.skills:
        shown = f"{dist / 2:g}"
        notes.append(f"{t.name} causes Fear: the move into contact is halved")
    # Only a unit with a Shooter rule is told it may shoot after Hold or Walk.
    shooter = any(s.startswith("shooter-") for s in f.skills)
    allowed = "may shoot" if a.shoot and shooter else "may attack in melee" if a.melee else ""
    text = f'{f.name} takes {a.label}: up to {shown}"' + (f", then {allowed}" if allowed else "")
    roller.steps.append(Step(a.label, text, notes=tuple(notes)))
    summary = text
    extra: list[Change] = []
    if o.get("dangerous"):
        extra, said = _dangerous_roll(state, f, roller)
        summary += "; " + said
    end = _end_if_over(state, f, extra)
    trace = Trace(f"{f.name}: {a.label}", tuple(roller.steps), summary)
    return Outcome("action", summary, tuple(changes + extra + end), trace)


def _end_if_over(state: GameState, f: FighterState, changes: list[Change]) -> list[Change]:
    died = any(c.key == f.id and c.field == "status" and c.value == "out" for c in changes)
    if not died:
        return []
    end = turns.end_changes(state, {f.id: replace(attack.Unit.of(f), dead=True)})
    return end or turns.finished_changes(state, [f.id])


def _dangerous_roll(state: GameState, f: FighterState, roller: Roller) -> tuple[list[Change], str]:
    """Dangerous terrain on `f`: its changes and what it came to, in words."""
    u = attack.Unit.of(f)
    if u.has("flying"):
        said = f"{f.name} flies over it: no roll"
        roller.steps.append(Step("Dangerous terrain", said))
        return [], said
    run = combat.Resolution(roller, {u.id: u})
    hit = roller.check(
        combat.own_roll("Dangerous terrain", f.name, 6, "a hit", "no harm", "dangerous terrain")
    )
    if hit:
        if u.has("pathfinder"):
            ignored = roller.check(
                combat.own_roll(
                    f"Pathfinder: {f.name}",
                    f.name,
                    4,
                    "the hit is ignored",
                    "the hit stands",
                    "Pathfinder",
                )
            )
            if ignored:
                return [], "the hit is ignored"
        run.hit(u.id, "dangerous terrain", "the terrain")
    after = run.units[u.id]
    said = f"{f.name}: {attack.result_of(u, after)}"
    roller.steps.append(Step("Result", said))
    return attack.unit_changes(u, after), said


def _dangerous(state: GameState, f: FighterState, roller: Roller) -> Outcome:
    if f.out:
        raise RefusedError(f"{f.name} is dead")
    changes, said = _dangerous_roll(state, f, roller)
    end = _end_if_over(state, f, changes)
    trace = Trace(f"{f.name} crosses dangerous terrain", tuple(roller.steps), said)
    return Outcome("action", f"{f.name} in dangerous terrain: {said}", tuple(changes + end), trace)


def _morale(state: GameState, f: FighterState, roller: Roller) -> Outcome:
    if f.out:
        raise RefusedError(f"{f.name} is dead")
    u = attack.Unit.of(f)
    run = combat.Resolution(roller, {u.id: u})
    result = run.morale(u.id, "a morale test called by the table")
    after = run.units[u.id]
    changes = attack.unit_changes(u, after)
    end = _end_if_over(state, f, changes)
    trace = Trace(f"Morale test: {f.name}", tuple(roller.steps), f"{f.name} {result}")
    return Outcome("morale", f"{f.name}'s morale test: {result}", tuple(changes + end), trace)


def _heal(state: GameState, f: FighterState, t: FighterState | None, roller: Roller) -> Outcome:
    turns.active_check(state, f, "heal")
    if "healer" not in f.skills:
        raise RefusedError(f"{f.name} is not a Healer")
    if t is None:
        raise UsageError("name the friendly unit to heal: companion act HEALER heal TARGET")
    if t.side != f.side:
        raise RefusedError(f"{t.name} is an enemy; a Healer heals friends")
    if t.out:
        raise RefusedError(f"{t.name} is dead")
    if not t.wounds and not Stunned.of(t).stunned:
        # Healing takes a wound off or stands a stunned unit up: on a unit with neither
        # it would spend the Healer's attack on nothing.
        raise RefusedError(f"{t.name} has no wound and is not stunned: nothing to heal")
    if Stunned.of(f).stunned:
        raise RefusedError(f"{f.name} is stunned: its action must be Recover")
    if UnitTurn.of(f).attacked:
        raise RefusedError(f"{f.name} has already attacked or healed this activation")
    if UnitTurn.of(f).action == "recover":
        raise RefusedError(f"{f.name} took Recover: no attack (or healing) this activation")
    healed = roller.check(
        combat.own_roll(
            f"Healer: heals {t.name}",
            f.name,
            4,
            "healed",
            "no effect",
            "healing",
            ("healing takes the place of the attack (R-WS-P10)",),
        )
    )
    changes: list[Change] = UnitTurn.set(f.id, attacked=True)
    if not UnitTurn.of(f).action:
        changes += UnitTurn.set(f.id, action="hold")
    if healed:
        parts = []
        if t.wounds:
            changes.append(set_fighter(t.id, "wounds", t.wounds - 1))
            parts.append(f"one wound off ({t.wounds - 1} left)")
        else:
            parts.append("no wound to remove")
        if Stunned.of(t).stunned:
            changes += Stunned.set(t.id, stunned=False)
            parts.append("it stands up at once (a free Recover)")
        else:
            parts.append("it may make a free Recover")
        roller.steps.append(Step("Healer: healed", f"{t.name}: " + ", ".join(parts)))
        summary = f"{f.name} heals {t.name}: " + ", ".join(parts)
    else:
        summary = f"{f.name} fails to heal {t.name}"
    trace = Trace(f"{f.name} heals {t.name}", tuple(roller.steps), summary)
    return Outcome("action", summary, tuple(changes), trace)


# The Leader rule rolls three dice, however many units the table means to command.
COMMAND_DICE = 3


def _command(state: GameState, f: FighterState, o: Mapping[str, Any], roller: Roller) -> Outcome:
    turns.active_check(state, f, "command")
    if "leader" not in f.skills:
        raise RefusedError(f"{f.name} is not a Leader")
    if UnitTurn.of(f).commanded:
        raise RefusedError(f"{f.name} has already given orders this activation")
    for k in o:
        if k != "units":
            raise UsageError(f"'{k}' is not a command option; known: units")
    cap = o.get("units", COMMAND_DICE)
    if not isinstance(cap, int) or not 1 <= cap <= COMMAND_DICE:
        raise UsageError("a Leader commands 1 to 3 units: --opt units=N")
    waiting = [
        x for x in state.side_fighters(f.side) if x.id != f.id and turns.can_activate(state, x)
    ]
    if not waiting:
        raise RefusedError(f"every other unit of {state.sides[f.side].name} has already activated")
    # Three dice whatever the cap: `units` only limits how many 4+s are used (R-WS-P12).
    dice = Check(
        "Leader: command dice",
        f.name,
        count=COMMAND_DICE,
        target=4,
        each=True,
        rulings=("R-WS-P12",),
        purpose=f"{f.name}'s command dice",
    )
    fours = int(roller.check(dice).total or 0)
    got = min(fours, cap, len(waiting))
    notes = [
        'each 4+ lets one friendly unit within 3" that has not activated act now, '
        "in any order, without passing the turn (R-WS-P08)",
    ]
    if got < fours:
        why = f"only {plural(len(waiting), 'unit')} left to activate"
        if len(waiting) >= cap:
            why = f"at most {cap} asked for (units={cap})"
        notes.append(f"{got} of the {fours} 4+s used: {why}")
    _tell_command(
        roller,
        dice,
        f"{fours} of {COMMAND_DICE} dice at 4+: {plural(got, 'unit')} may act now",
        notes,
    )
    changes: list[Change] = UnitTurn.set(f.id, commanded=True)
    if got:
        changes += Orders.set(f.side, commanded=got)
        # The Leader may finish its own activation after theirs (R-WS-P11).
        changes += Orders.set(f.side, leader=f.id)
    summary = f"{f.name} commands: {plural(got, 'unit')} may activate now"
    trace = Trace(f"{f.name} gives orders", tuple(roller.steps), summary)
    return Outcome("action", summary, tuple(changes), trace, data=freeze({"commanded": got}))


def _tell_command(roller: Roller, dice: Check, said: str, notes: list[str]) -> None:
    """The command dice's step as the table reads it: what the 4+s allow, and the chance
    of at least one 4+ on the three dice (not of each die, as a pool's step says), with
    every die shown; the roller's own step of the pool is reworded in place."""
    steps = roller.steps
    step = steps[-1] if steps else None
    if step is None or step.check is not dice or step.roll is None:
        return  # walked for the odds: no step to word
    r = step.roll
    fours = step.successes or 0
    steps[-1] = replace(
        step,
        outcome=said,
        roll=Roll(r.who, r.sides, r.count, None, 1, r.dice, tuple(range(r.count))),
        success=fours > 0,
        probability=1 - (1 - dice.chance()) ** dice.count,
        notes=tuple(notes),
    )
