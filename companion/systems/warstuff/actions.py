"""WarStuff actions other than attacks: Hold, Recover, Walk, Run, and the special rules
that are used as actions (Healer, Leader), plus morale tests and dangerous terrain."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.core.roller import DiceRoller
from companion.dice import DiceSource
from companion.errors import RefusedError, UsageError
from companion.game.events import Change, set_fighter, set_side
from companion.game.state import FighterState, GameState, freeze
from companion.names import plural
from companion.systems.base import ActionRequest, Outcome
from companion.systems.warstuff import attack, combat, turns
from companion.systems.warstuff.data import WarStuffData
from companion.trace import Step, Trace, roll_dice, roll_test
from companion.values import replace

MOVES = ("hold", "walk", "run", "recover")
ACTION_NAMES = ("hold", "walk", "run", "recover", "heal", "command", "morale", "dangerous")


def move_pair(d: WarStuffData, f: FighterState) -> tuple[tuple[int, int], str]:
    if "fast" in f.skills and "slow" not in f.skills:
        return d.moves["fast"], "Fast"
    if "slow" in f.skills and "fast" not in f.skills:
        return d.moves["slow"], "Slow"
    return d.moves["normal"], ""


def resolve(d: WarStuffData, state: GameState, req: ActionRequest, dice: DiceSource) -> Outcome:
    if req.action == "attack":
        return combat.attack_outcome(d, state, req, dice)
    if req.actor is None:
        raise UsageError(f"'{req.action}' needs a unit")
    f = state.fighter(req.actor)
    t = state.fighter(req.target) if req.target else None
    o = req.options
    if req.action in MOVES:
        return _move(d, state, f, t, req.action, o, dice)
    if req.action == "morale":
        return _morale(state, f, dice)
    if req.action == "heal":
        return _heal(state, f, t, dice)
    if req.action == "command":
        return _command(state, f, o, dice)
    if req.action == "dangerous":
        return _dangerous(state, f, dice)
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
    dice: DiceSource,
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
    if f.flags.get("action"):
        raise RefusedError(f"{f.name} has already taken {f.flags['action']} this activation")
    stunned = bool(f.flags.get("stunned"))
    if stunned and action != "recover":
        raise RefusedError(f"{f.name} is stunned: its action must be Recover")
    a = d.actions[action]
    changes: list[Change] = [set_fighter(f.id, "flags.action", action)]
    steps: list[Step] = []
    if action == "recover":
        if stunned:
            changes.append(set_fighter(f.id, "flags.stunned", None))
            text = f"{f.name} stands up again: Quality {f.stats.get('quality')} restored"
        else:
            text = f"{f.name} was not stunned; Recover changes nothing"
        steps.append(Step("Recover", text + "; no shooting this activation"))
        trace = Trace(f"{f.name}: Recover", tuple(steps), text)
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
    shown = f"{dist}"
    if t is not None and "fear" in t.skills:
        shown = f"{dist / 2:g}"
        notes.append(f"{t.name} causes Fear: the move into contact is halved")
    # Only a unit with a Shooter rule is told it may shoot after Hold or Walk.
    shooter = any(s.startswith("shooter-") for s in f.skills)
    allowed = "may shoot" if a.shoot and shooter else "may attack in melee" if a.melee else ""
    text = f'{f.name} takes {a.label}: up to {shown}"' + (f", then {allowed}" if allowed else "")
    steps.append(Step(a.label, text, notes=tuple(notes)))
    summary = text
    extra: list[Change] = []
    if o.get("dangerous"):
        out, dsteps = _dangerous_roll(state, f, dice)
        steps += dsteps
        extra = out
        summary += "; " + dsteps[-1].outcome
    end = _end_if_over(state, f, extra)
    trace = Trace(f"{f.name}: {a.label}", tuple(steps), summary)
    return Outcome("action", summary, tuple(changes + extra + end), trace)


def _end_if_over(state: GameState, f: FighterState, changes: list[Change]) -> list[Change]:
    died = any(c.key == f.id and c.field == "status" and c.value == "out" for c in changes)
    if not died:
        return []
    end = turns.end_changes(state, {f.id: replace(attack.Unit.of(f), dead=True)})
    return end or turns.finished_changes(state, [f.id])


def _dangerous_roll(
    state: GameState, f: FighterState, dice: DiceSource
) -> tuple[list[Change], list[Step]]:
    u = attack.Unit.of(f)
    if u.has("flying"):
        return [], [Step("Dangerous terrain", f"{f.name} flies over it: no roll")]
    run = combat.Resolution(DiceRoller(dice), {u.id: u})
    s = roll_test(
        dice,
        title="Dangerous terrain",
        who=f.name,
        sides=6,
        target=6,
        compare=">=",
        success_text="a hit",
        failure_text="no harm",
        purpose=f"{f.name}'s dangerous terrain roll",
    )
    run.steps.append(s)
    if s.success:
        if u.has("pathfinder"):
            p = roll_test(
                dice,
                title=f"Pathfinder: {f.name}",
                who=f.name,
                sides=6,
                target=4,
                compare=">=",
                success_text="the hit is ignored",
                failure_text="the hit stands",
                purpose=f"{f.name}'s Pathfinder roll",
            )
            run.steps.append(p)
            if p.success:
                return [], run.steps
        run.hit(u.id, "dangerous terrain", "the terrain")
    after = run.units[u.id]
    changes = attack.unit_changes(u, after)
    result = attack.result_of(u, after)
    run.steps.append(Step("Result", f"{f.name}: {result}"))
    return changes, run.steps


def _dangerous(state: GameState, f: FighterState, dice: DiceSource) -> Outcome:
    if f.out:
        raise RefusedError(f"{f.name} is dead")
    changes, steps = _dangerous_roll(state, f, dice)
    end = _end_if_over(state, f, changes)
    trace = Trace(f"{f.name} crosses dangerous terrain", tuple(steps), steps[-1].outcome)
    return Outcome(
        "action", f"{f.name} in dangerous terrain: {steps[-1].outcome}", tuple(changes + end), trace
    )


def _morale(state: GameState, f: FighterState, dice: DiceSource) -> Outcome:
    if f.out:
        raise RefusedError(f"{f.name} is dead")
    u = attack.Unit.of(f)
    run = combat.Resolution(DiceRoller(dice), {u.id: u})
    run.morale(u.id, "a morale test called by the table")
    after = run.units[u.id]
    changes = attack.unit_changes(u, after)
    end = _end_if_over(state, f, changes)
    result = run.steps[-1].outcome
    trace = Trace(f"Morale test: {f.name}", tuple(run.steps), f"{f.name} {result}")
    return Outcome("morale", f"{f.name}'s morale test: {result}", tuple(changes + end), trace)


def _heal(state: GameState, f: FighterState, t: FighterState | None, dice: DiceSource) -> Outcome:
    turns.active_check(state, f, "heal")
    if "healer" not in f.skills:
        raise RefusedError(f"{f.name} is not a Healer")
    if t is None:
        raise UsageError("name the friendly unit to heal: companion act HEALER heal TARGET")
    if t.side != f.side:
        raise RefusedError(f"{t.name} is an enemy; a Healer heals friends")
    if t.out:
        raise RefusedError(f"{t.name} is dead")
    if not t.wounds and not t.flags.get("stunned"):
        # Healing takes a wound off or stands a stunned unit up: on a unit with neither
        # it would spend the Healer's attack on nothing.
        raise RefusedError(f"{t.name} has no wound and is not stunned: nothing to heal")
    if f.flags.get("stunned"):
        raise RefusedError(f"{f.name} is stunned: its action must be Recover")
    if f.flags.get("attacked"):
        raise RefusedError(f"{f.name} has already attacked or healed this activation")
    if f.flags.get("action") == "recover":
        raise RefusedError(f"{f.name} took Recover: no attack (or healing) this activation")
    s = roll_test(
        dice,
        title=f"Healer: heals {t.name}",
        who=f.name,
        sides=6,
        target=4,
        compare=">=",
        success_text="healed",
        failure_text="no effect",
        notes=("healing takes the place of the attack (R-WS-P10)",),
        purpose=f"{f.name}'s healing roll",
    )
    changes: list[Change] = [set_fighter(f.id, "flags.attacked", True)]
    if not f.flags.get("action"):
        changes.append(set_fighter(f.id, "flags.action", "hold"))
    steps = [s]
    if s.success:
        parts = []
        if t.wounds:
            changes.append(set_fighter(t.id, "wounds", t.wounds - 1))
            parts.append(f"one wound off ({t.wounds - 1} left)")
        else:
            parts.append("no wound to remove")
        if t.flags.get("stunned"):
            changes.append(set_fighter(t.id, "flags.stunned", None))
            parts.append("it stands up at once (a free Recover)")
        else:
            parts.append("it may make a free Recover")
        steps.append(Step("Healer: healed", f"{t.name}: " + ", ".join(parts)))
        summary = f"{f.name} heals {t.name}: " + ", ".join(parts)
    else:
        summary = f"{f.name} fails to heal {t.name}"
    trace = Trace(f"{f.name} heals {t.name}", tuple(steps), summary)
    return Outcome("action", summary, tuple(changes), trace)


# The Leader rule rolls three dice, however many units the table means to command.
COMMAND_DICE = 3


def _command(state: GameState, f: FighterState, o: Mapping[str, Any], dice: DiceSource) -> Outcome:
    turns.active_check(state, f, "command")
    if "leader" not in f.skills:
        raise RefusedError(f"{f.name} is not a Leader")
    if f.flags.get("commanded"):
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
    r = roll_dice(dice, f.name, 6, COMMAND_DICE, purpose=f"{f.name}'s command dice")
    fours = sum(1 for v in r.dice if v >= 4)
    got = min(fours, cap, len(waiting))
    from companion import odds as odds_mod

    p_each = odds_mod.chance(odds_mod.pool(1, 6), ">=", 4)
    notes = [
        'each 4+ lets one friendly unit within 3" that has not activated act now, '
        "in any order, without passing the turn (R-WS-P08)",
    ]
    if got < fours:
        why = f"only {plural(len(waiting), 'unit')} left to activate"
        if len(waiting) >= cap:
            why = f"at most {cap} asked for (units={cap})"
        notes.append(f"{got} of the {fours} 4+s used: {why}")
    steps = [
        Step(
            "Leader: command dice",
            f"{fours} of {COMMAND_DICE} dice at 4+: {plural(got, 'unit')} may act now",
            roll=r,
            target=4,
            compare=">=",
            success=fours > 0,
            # The chance of at least one 4+ on the three dice.
            probability=1 - (1 - p_each) ** COMMAND_DICE,
            successes=fours,
            expected=p_each * COMMAND_DICE,
            rulings=("R-WS-P12",),
            notes=tuple(notes),
        )
    ]
    changes: list[Change] = [set_fighter(f.id, "flags.commanded", True)]
    if got:
        changes.append(set_side(f.side, "flags.commanded", got))
        # The Leader may finish its own activation after theirs (R-WS-P11).
        changes.append(set_side(f.side, "flags.leader", f.id))
    summary = f"{f.name} commands: {plural(got, 'unit')} may activate now"
    trace = Trace(f"{f.name} gives orders", tuple(steps), summary)
    return Outcome("action", summary, tuple(changes), trace, data=freeze({"commanded": got}))
