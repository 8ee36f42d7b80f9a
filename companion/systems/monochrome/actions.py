"""Monochrome actions: the moves, Defend, every attack, and the objective actions.

Each takes the state, the request and a roller, and returns an Outcome; the attack rolls
themselves are in attack.py. An attack's odds are its first roll walked over every
branch (`first_roll`), the very code the attack rolls.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from companion.core.check import Check
from companion.core.counting import Counting, Row, about
from companion.core.roller import Roller
from companion.errors import RefusedError, UsageError
from companion.game.events import Change, set_fighter
from companion.game.state import FighterState, GameState, freeze
from companion.names import fared, plural
from companion.odds import fmt
from companion.systems.base import ActionRequest, Outcome
from companion.systems.kit.plugin import no_shot
from companion.systems.kit.state import Stunned
from companion.systems.kit.turns import refuse_unless_running
from companion.systems.monochrome import attack, scoring, targets
from companion.systems.monochrome.data import Action, MonoData, Objective
from companion.systems.monochrome.state import (
    Defending,
    MonoAction,
    MonoFighter,
    MonoGame,
    MonoSide,
    Supporting,
)
from companion.trace import Step, Trace
from companion.values import frozen


def fate_left(state: GameState, side: int) -> int:
    return MonoSide.of(state.sides[side]).fate or 0


def running(state: GameState) -> None:
    refuse_unless_running(state, "the game has not started: 'companion turn' begins round 1")


def active(state: GameState, f: FighterState) -> None:
    running(state)
    if f.out:
        raise RefusedError(f"{f.name} is dead")
    if state.active != f.id:
        raise RefusedError(f"{f.name} is not activating; 'companion activate {f.name}' first")


def allowed(d: MonoData, f: FighterState, action: str) -> Action:
    a = d.actions.get(action)
    if a is None:
        raise UsageError(f"'{action}' is not a Monochrome action; known: {', '.join(d.actions)}")
    if action not in f.skills:
        labels = ", ".join(d.actions[x].label for x in f.skills if x in d.actions)
        raise RefusedError(f"a {f.rank} cannot {a.label}; {f.name} may: {labels} (R-MON-02)")
    return a


def move(
    roller: Roller,
    d: MonoData,
    f: FighterState,
    a: Action,
    need: int,
    fate: int,
    carry: tuple[str, ...] = (),
) -> tuple[str, int, int]:
    """The move of an action: its distance in words, the fate spent (R-MON-P11) and the
    inches (0: no move)."""
    if not a.move:
        return "", 0, 0
    if not a.move_dice:
        roller.info(f"{a.label}: move", f'{f.name} moves up to {a.move}" (no dice)')
        return f'up to {a.move}"', 0, int(a.move)

    def once(attempt: str) -> int:
        c = Check(
            f"{a.label}: move{attempt}",
            f.name,
            count=a.move_dice,
            text='up to {total}"',
            purpose=f"{f.name}'s {a.label} move",
        )
        return int(roller.check(c).total or 0)

    inches = once("")
    spent = 0
    if need and inches < need and fate > 0:
        roller.info("Fate", f'short of {need}": a fate token rerolls the move', ("R-MON-P11",))
        inches, spent = once(" (fate reroll)"), 1
    roller.info("Move", f'{f.name} moves up to {inches}"; never through enemies', notes=carry)
    return f'up to {inches}"', spent, inches


def carry_note(state: GameState) -> tuple[str, ...]:
    """A reminder on every move when the scenario has markers that fighters carry."""
    objs = set(MonoGame.of(state).objectives)
    if objs & {"raid", "loot", "special-delivery"}:
        return ("a fighter touching a marker it may move as this move starts carries it along",)
    return ()


def _fate_change(state: GameState, side: int, spent: int) -> list[Change]:
    if not spent:
        return []
    return MonoSide.set(side, fate=fate_left(state, side) - spent)


def take_action(
    d: MonoData,
    state: GameState,
    f: FighterState,
    a: Action,
    o: Mapping[str, Any],
    roller: Roller,
) -> Outcome:
    """A move, Defend or a support action (an attacking action with no target too)."""
    if MonoAction.of(f).action or MonoAction.of(f).attacked:
        taken = d.actions.get(str(MonoAction.of(f).action))
        done = taken.label if taken else "its action"
        raise RefusedError(f"{f.name} has already taken {done} this activation")
    text, spent, inches = move(
        roller, d, f, a, int(o.get("move") or 0), fate_left(state, f.side), carry_note(state)
    )
    changes: list[Change] = [
        *MonoAction.set(f.id, action=a.id),
        *MonoAction.set(f.id, moved=True),
    ]
    if a.charges:
        # Kept for the attack that follows: a distance told then is read against it.
        changes += MonoAction.set(f.id, charge=inches)
    changes += _fate_change(state, f.side, spent)
    if a.id == "defend":
        changes += Defending.set(f.id, defend=True)
        roller.info("Defend", f"{f.name}: Defence +{d.defend_bonus} until it activates again")
        text = f"Defence +{d.defend_bonus}"
    if a.support:
        changes += Supporting.set(f.id, support=a.support)
        kind = (
            "shooter it touches" if a.support == "ranged" else "melee attack on a target it touches"
        )
        roller.info("Support", f"{f.name} may support a {kind} later this turn")
    if a.charges:
        # Whether the move reached is the table's to say, now that it is known (R-MON-P21).
        roller.info(
            "Attack next",
            f"if {f.name} now touches its target, it attacks: 'companion attack {f.name} "
            "TARGET'; if the move fell short, add --opt reached=no and the charge ends there",
            ("R-MON-P21",),
        )
    elif a.attack:
        roller.info("Attack next", f"{f.name} then attacks: 'companion attack {f.name} TARGET'")
    summary = f"{f.name}: {a.label}" + (f", {text}" if text else "")
    return Outcome("action", summary, tuple(changes), Trace(summary, tuple(roller.steps), summary))


def attack_action(d: MonoData, f: FighterState, o: Mapping[str, Any], named: str | None) -> Action:
    """The attacking action in play: the one taken, the one named, or the class default."""
    taken = MonoAction.of(f).action
    if taken:
        a = d.actions[str(taken)]
        if not a.attack:
            raise RefusedError(f"{f.name} took {a.label}, which makes no attack")
        if named and named != a.id:
            raise RefusedError(f"{f.name} already took {a.label} this activation")
        return fits(a, o)
    if named:
        a = allowed(d, f, named)
        if not a.attack:
            raise UsageError(f"{a.label} makes no attack")
        return fits(a, o)
    kind = "ranged" if o.get("ranged") else "melee"
    # Without a named action: the class's simplest attack of that kind.
    order = (
        ("shoot", "assault", "snipe", "blast")
        if kind == "ranged"
        else ("strike", "charge", "butt", "rip")
    )
    for x in order:
        if x in f.skills:
            return d.actions[x]
    if kind == "ranged":
        raise no_shot(f.name, f"a {f.rank} takes no shooting action, R-MON-02")
    raise RefusedError(f"a {f.rank} has no {kind} attack (R-MON-02)")


def fits(a: Action, o: Mapping[str, Any]) -> Action:
    """The attacking action, refused when the player also said melee or ranged the other
    way: the attack is what the player says, never one of the two dropped unseen."""
    if "ranged" in o and bool(o["ranged"]) != (a.attack == "ranged"):
        said = "a shot (--ranged or a distance)" if o["ranged"] else "melee (--opt ranged=no)"
        # --range is a shot's distance here; a charge's is a fact of its own (R-MON-P21).
        hint = "; the inches a charge must cover are --opt distance=N" if a.charges else ""
        raise UsageError(
            f"{a.label} is a {a.attack} attack, but this attack was given as {said}: "
            f"leave one of them out{hint}"
        )
    return a


def plan_roll(
    d: MonoData,
    state: GameState,
    f: FighterState,
    t: FighterState,
    a: Action,
    o: Mapping[str, Any],
    supports: int,
    first: bool,
) -> attack.Roll:
    """The modified stat of one attack roll (R-MON-03)."""
    at = f.stats["attack"]
    notes: list[str] = []
    if a.halve:
        notes.append(f"Butt: Attack {at} halved to {at // 2} (R-MON-04)")
        at //= 2
    df = t.stats["defence"]
    if Defending.of(t).defend:
        df += d.defend_bonus
        notes.append(f"{t.name} defends: Defence +{d.defend_bonus}")
    stat = at - df
    notes.insert(0, f"Attack {at} - Defence {df} = {stat}")
    mods: list[tuple[int, str]] = []
    # Blast's extra rolls reach fighters wherever they stand: no closest or visibility
    # modifier for them (R-MON-P05).
    if first and not o.get("closest", True):
        mods.append((-1, "not the closest enemy"))
    if first and o.get("view", "all") == "part":
        mods.append((-1, "not entirely visible"))
    # Several means two or more (R-MON-P06).
    if int(o.get("crowd") or 0) >= 2:
        mods.append((-1, "several enemies touch the attacker (R-MON-P06)"))
    # A melee supporter is in base contact with the target by the text's own rule, so the
    # supports count among the friends touching it without being told again (R-MON-P16).
    touching = int(o.get("ganging") or 0)
    if a.attack == "melee" and max(touching, supports) >= 2:
        why = "" if touching >= 2 else f", its {supports} supports (R-MON-P16)"
        mods.append((1, f"several friends touch the target (R-MON-P06{why})"))
    for v, why in mods:
        stat += v
        notes.append(f"{v:+d} {why}")
    if mods:
        notes.append(f"roll {stat} or under")
    stuck = set(o.get("stuck") or ())
    pushable = bool(o.get("pushable", True)) if first else t.id not in stuck
    # A fate policy is said for hurting enemies: a Blast roll on a friend is never rerolled
    # by it, or "unless it kills" would spend a token to try again at killing a friend
    # (R-MON-P11).
    fate = "never" if t.side == f.side else str(o.get("fate") or "never")
    return attack.Roll(
        f.name,
        t.name,
        stat,
        tuple(notes),
        supports,
        a.dice == 3,
        Stunned.of(t).stunned,
        pushable,
        fate,
        bool(state.options.get("low-roll-hits")),
    )


def support_ids(
    d: MonoData, state: GameState, f: FighterState, a: Action, o: Mapping[str, Any]
) -> tuple[str, ...]:
    ids = tuple(dict.fromkeys(o.get("supports") or ()))
    if len(ids) > d.max_supports:
        raise RefusedError(f"at most {d.max_supports} fighters support an attack, not {len(ids)}")
    kind = "Support Shot" if a.attack == "ranged" else "Support Strike"
    for sid in ids:
        s = state.fighter(sid)
        if s.id == f.id or s.side != f.side or s.out:
            raise RefusedError(f"{s.name} cannot support {f.name}'s attack")
        if Supporting.of(s).support != a.attack:
            raise RefusedError(f"{s.name} has not taken {kind} this turn")
        if Supporting.of(s).support_used:
            raise RefusedError(f"{s.name} has already supported an attack this turn")
    return ids


class Tally:
    """Casualties of one resolution, turned into changes at the end."""

    def __init__(self, state: GameState) -> None:
        self.state = state
        self.changes: list[Change] = []
        self.sides: dict[int, dict[str, int]] = {}

    def add(self, side: int, key: str, n: int) -> None:
        cur = self.sides.setdefault(side, {})
        base = int(getattr(MonoSide.of(self.state.sides[side]), key))
        cur[key] = cur.get(key, base) + n

    def hit(self, by: FighterState, t: FighterState, result: str) -> None:
        if result == "stunned":
            self.changes += Stunned.set(t.id, stunned=True)
        if result != "killed":
            return
        self.changes += [
            set_fighter(t.id, "status", "out"),
            *Stunned.set(t.id, stunned=False),
        ]
        if targets.is_neutral(t):
            self.neutral(by, t)
            return
        self.add(t.side, "lost", 1)
        if t.side == by.side:
            return
        self.add(by.side, "kills", 1)
        self.add(by.side, "points_killed", MonoFighter.of(t).cost)
        # Any fighter of the warband's top cost is its highest-valued one (R-MON-P14).
        top = max(MonoFighter.of(x).cost for x in self.state.side_fighters(t.side))
        firsts = dict(MonoGame.of(self.state).firsts)
        if MonoFighter.of(t).cost == top and "assassinate" not in firsts:
            firsts["assassinate"] = by.side
            self.changes += MonoGame.set(firsts=firsts)

    def neutral(self, by: FighterState, t: FighterState) -> None:
        """A player's kill of a neutral target scores Hunt or counts for Exterminate."""
        if MonoFighter.of(t).objective == "hunt":
            firsts = dict(MonoGame.of(self.state).firsts)
            firsts.setdefault("hunt", by.side)
            self.changes += MonoGame.set(firsts=firsts)
        else:
            claims = dict(MonoSide.of(self.state.sides[by.side]).claims)
            claims["exterminate"] = int(claims.get("exterminate") or 0) + 1
            self.changes += MonoSide.set(by.side, claims=claims)

    def all(self) -> list[Change]:
        out = list(self.changes)
        for side, keys in self.sides.items():
            # the counters `add` names: fields of MonoSide (`set` refuses any other name)
            out += MonoSide.set(side, **keys)  # type: ignore[arg-type]
        return out


@frozen
class Plan:
    """An attack as the table describes it, before any dice."""

    attacker: FighterState
    target: FighterState
    action: Action
    supports: tuple[str, ...]
    targets: tuple[FighterState, ...]
    rolls: tuple[attack.Roll, ...]


def plan(
    d: MonoData, state: GameState, req: ActionRequest, named: str | None, check: bool = True
) -> Plan:
    if req.actor is None or req.target is None:
        raise UsageError("an attack names the attacker and its target")
    f, t = state.fighter(req.actor), state.fighter(req.target)
    o = req.options
    if check:
        active(state, f)
        if MonoAction.of(f).attacked:
            raise RefusedError(f"{f.name} has already attacked this activation")
    if t.side == f.side:
        raise RefusedError(f"{t.name} is a friend; the first target is an enemy")
    if t.out:
        raise RefusedError(f"{t.name} is dead")
    a = attack_action(d, f, o, named)
    if a.attack == "ranged":
        if int(o.get("crowd") or 0) >= 1:
            raise RefusedError(f"{f.name} touches an enemy and must attack in melee")
        if o.get("view") == "none":
            raise RefusedError(f"{f.name} must see at least part of {t.name} to shoot at it")
    sup = support_ids(d, state, f, a, o)
    targets = [t] + (
        [
            state.fighter(x)
            for x in (o.get("caught") or ())
            if x not in (t.id, f.id) and not state.fighter(x).out
        ]
        if a.blast
        else []
    )
    rolls = [plan_roll(d, state, f, x, a, o, len(sup), i == 0) for i, x in enumerate(targets)]
    p = Plan(f, t, a, sup, tuple(targets), tuple(rolls))
    charge_facts(p, o)
    return p


def do_attack(
    d: MonoData, state: GameState, req: ActionRequest, roller: Roller, named: str | None
) -> Outcome:
    p = plan(d, state, req, named)
    f, t, a, o = p.attacker, p.target, p.action, req.options
    spent = 0
    changes: list[Change] = [
        *MonoAction.set(f.id, action=a.id),
        *MonoAction.set(f.id, attacked=True),
    ]
    inches = MonoAction.of(f).charge
    if not MonoAction.of(f).moved:
        _, spent, inches = move(
            roller, d, f, a, int(o.get("move") or 0), fate_left(state, f.side), carry_note(state)
        )
        changes += MonoAction.set(f.id, moved=True)
        if a.charges:
            changes += MonoAction.set(f.id, charge=inches)
    if a.charges and not reaches(roller, p, o, inches):
        # The action is spent on the move alone: no roll, no support used (R-MON-P21).
        changes += _fate_change(state, f.side, spent)
        summary = f"{f.name} ({a.label}) {SHORT} {t.name}: no attack"
        trace = Trace(f"{f.name}: {a.label} on {t.name}", tuple(roller.steps), summary)
        # A reach the dice decided shows the table it was rolled against; one the table
        # told leaves no chance to show.
        counting = Counting(short_row(t)) if o.get("distance") else None
        return Outcome("action", summary, tuple(changes), trace, counting=counting)
    changes += [c for s in p.supports for c in Supporting.set(s, support_used=True)]
    if a.blast and len(p.targets) > 1:
        roller.info(
            "Blast",
            f'{plural(len(p.targets) - 1, "more fighter")} within 2" of {t.name}: attacked too',
            ("R-MON-P05",),
        )
    results, used = attack.run(roller, p.rolls, fate_left(state, f.side) - spent)
    spent += used
    tally = Tally(state)
    for x, res in zip(p.targets, results, strict=True):
        tally.hit(f, x, res)
    changes += tally.all() + _fate_change(state, f.side, spent)
    parts = [fared(x.name, res) for x, res in zip(p.targets, results, strict=True)]
    summary = f"{f.name} ({a.label}) attacks; " + ", ".join(parts)
    trace = Trace(f"{f.name}: {a.label} on {t.name}", tuple(roller.steps), summary)
    data = {"results": list(results)}
    counting = counted(t, results[0])
    return Outcome("attack", summary, tuple(changes), trace, freeze(data), counting=counting)


def counted(t: FighterState, result: str) -> Counting:
    """How an attack's outcome counts in its odds table: the effect on its (first)
    target, the rows in the order the rules list the effects."""
    return Counting(about(t.id, t.name, result, attack.RESULTS.index(result)))


# How a charge that does not reach is said: "Bear (Charge) falls short of Brave".
SHORT = "falls short of"


def short_row(t: FighterState) -> Row:
    """The row of a charge that did not reach in its odds table: before every effect,
    as the move comes before the roll."""
    return about(t.id, t.name, NOT_REACHED, -1, f"{t.name}: not reached, no attack")


# The effect of a charge that does not reach, as its odds row says it.
NOT_REACHED = "not reached"


def reach_told(o: Mapping[str, Any]) -> list[str]:
    """Which of `reached` and `distance` were told (a distance of 0 is none measured)."""
    return [k for k in ("reached", "distance") if o.get(k) is not None and (k == "reached" or o[k])]


def charge_facts(p: Plan, o: Mapping[str, Any]) -> None:
    """Refuse `reached` and `distance` where they mean nothing: on an attack that does
    not follow a rolled move, or both at once (the table's word, or the dice's)."""
    told = reach_told(o)
    if not told:
        return
    a = p.action
    if not a.charges:
        raise UsageError(
            f"'{told[0]}' is for a melee attack after a rolled move (Charge, Rip); "
            f"{p.attacker.name}'s {a.label} has none"
        )
    if len(told) == 2:
        raise UsageError(
            "'reached' says what the table saw, 'distance' lets the move's dice decide: "
            "leave one of them out"
        )


def reaches(roller: Roller, p: Plan, o: Mapping[str, Any], inches: Any) -> bool:
    """Whether a charge's move brought the attacker to its target (R-MON-P21): as the
    table says, else as a distance measured before the move says, else taken as so."""
    f, t = p.attacker.name, p.target.name
    if "reached" in o:
        ok = bool(o["reached"])
        said = f"{f} touches {t}" if ok else f"{f}'s move ends short of {t}: no attack"
        roller.info("Reach", f"{said} (the table's word)", ("R-MON-P21",))
        return ok
    # The inches are those rolled now, or kept by the move taken first (None: not kept).
    known = isinstance(inches, int) and not isinstance(inches, bool)
    need = int(o.get("distance") or 0)
    if need:
        if not known:
            raise RefusedError(
                f"the length of {f}'s move was not kept: say whether it reached {t} "
                "with --opt reached=yes or no"
            )
        ok = int(inches) >= need
        said = "reaches" if ok else "ends short of"
        roller.info(
            "Reach", f'{f} moved up to {inches}" of the {need}" to {t}: {said} it', ("R-MON-P21",)
        )
        return ok
    if known or roller.takes:
        moved = f"{f}'s move of up to {inches}\"" if known else f"{f}'s move"
        said = f"{moved} is taken to touch {t} (if it fell short, --opt reached=no ends "
        said += "the charge without an attack)"
    else:
        # Odds asked before the move: without a distance they cannot count it.
        said = f"taken as reaching {t}: these odds leave the 2D6 move out (--opt distance=N "
        said += "counts the chance that it gets there)"
    roller.info("Reach", said, ("R-MON-P21",))
    return True


def attack_plan(d: MonoData, state: GameState, req: ActionRequest) -> Plan:
    """The attack whose odds are asked, as it stands: the fighter need not be activating."""
    named = req.options.get("action")
    if req.action in d.actions:
        named = req.action
    return plan(d, state, req, str(named) if named else None, check=False)


def first_roll(d: MonoData, state: GameState, req: ActionRequest) -> Callable[[Roller], Outcome]:
    """The part of an attack its odds count: the roll on the first target, fate
    included (R-MON-P11), as `do_attack` makes it. A Blast's later rolls cannot change
    that roll's effect, nor can the move before it, so they are left out of the walk;
    except a charge's move still to roll toward a target at a told distance, which
    decides whether the roll is made at all (R-MON-P21)."""
    p = attack_plan(d, state, req)
    f, a, o = p.attacker, p.action, req.options
    fate = fate_left(state, f.side)
    said = {
        k: Outcome("attack", fared(p.target.name, k), (), counting=counted(p.target, k))
        for k in attack.RESULTS
    }
    short = Outcome("action", SHORT, (), counting=Counting(short_row(p.target)))
    moves = a.charges and not MonoAction.of(f).moved and bool(o.get("distance"))
    need = int(o.get("move") or 0)

    def run(roller: Roller) -> Outcome:
        spent, inches = 0, MonoAction.of(f).charge
        if moves:
            _, spent, inches = move(roller, d, f, a, need, fate)
        if a.charges and not reaches(roller, p, o, inches):
            return short
        (result,), _ = attack.run(roller, p.rolls[:1], fate - spent)
        return said[result]

    return run


def odds_title(d: MonoData, state: GameState, req: ActionRequest) -> str:
    p = attack_plan(d, state, req)
    return f"Odds: {p.attacker.name} ({p.action.label}) on {p.target.name}"


def fate_choices(d: MonoData, state: GameState, req: ActionRequest) -> tuple[Step, ...]:
    """What each fate policy would make of the attack, for a side with fate left that
    has not said one (R-MON-P11): the same attack walked with each policy."""
    from companion.core.walk import table

    p = attack_plan(d, state, req)
    if not fate_left(state, p.attacker.side) or p.rolls[0].fate != "never":
        return ()
    steps = []
    for policy in ("miss", "unless-kill"):
        alt = ActionRequest(
            req.action, req.actor, req.target, freeze({**req.options, "fate": policy})
        )
        rows = table(first_roll(d, state, alt), req.action)
        told = tuple(("no attack" if r.effect == NOT_REACHED else str(r.effect), r.p) for r in rows)
        text = ", ".join(f"{k} {fmt(pr)}" for k, pr in told)
        steps.append(
            Step(
                f"With a fate reroll ({policy})",
                text,
                rulings=("R-MON-P11",),
                distribution=told,
            )
        )
    return tuple(steps)


def damage(d: MonoData, state: GameState, f: FighterState, opts: Mapping[str, Any]) -> Outcome:
    """Vandalise or Desecrate: damage the objective instead of attacking."""
    active(state, f)
    objs = {o.id for o in scoring.objectives(d, state)}
    which = [x for x in ("vandalise", "desecrate") if x in objs]
    if not which:
        raise RefusedError("only Vandalise and Desecrate have markers to damage")
    if f.side != scoring.attacker(state):
        raise RefusedError(
            f"{state.sides[f.side].name} defend the markers; only the attacker damages them"
        )
    if MonoAction.of(f).attacked:
        raise RefusedError(f"{f.name} has already attacked this activation")
    taken = d.actions.get(str(MonoAction.of(f).action))
    if taken is not None and not taken.attack:
        raise RefusedError(f"{f.name} took {taken.label}: it has no attack to give up for this")
    o = d.objective(which[0])
    progress = dict(MonoGame.of(state).progress)
    done = int(progress.get(o.id) or 0)
    if done >= o.need:
        raise RefusedError(f"the {o.label} objective is already destroyed")
    progress[o.id] = done + 1
    text = f"{f.name} damages the {o.label} objective: {done + 1} of {o.need}"
    changes = [*MonoAction.set(f.id, attacked=True), *MonoGame.set(progress=progress)]
    if o.id == "vandalise":
        # Three markers, each destroyed once: the table says which one this fighter touches.
        gone = list(MonoGame.of(state).vandalised)
        marker = int(opts.get("marker") or next(m for m in (1, 2, 3) if m not in gone))
        if marker in gone:
            raise RefusedError(f"Vandalise marker {marker} is already destroyed")
        changes += MonoGame.set(vandalised=tuple(sorted([*gone, marker])))
        text = f"{f.name} destroys Vandalise marker {marker}: {done + 1} of {o.need}"
    step = Step(o.label, text, notes=("taken instead of an attack",))
    return Outcome("action", text, tuple(changes), Trace(text, (step,), text))


def claim(d: MonoData, state: GameState, f: FighterState, o: Mapping[str, Any]) -> Outcome:
    """What only the table sees for an objective, recorded for the fighter's side."""
    running(state)
    oid = o.get("objective")
    if not oid:
        raise UsageError("name the objective: --opt objective=ID")
    objs = {x.id: x for x in scoring.objectives(d, state)}
    if oid not in objs:
        known = ", ".join(objs) or "none (no scenario)"
        raise RefusedError(f"{oid} is not an objective of this game; in play: {known}")
    ob = objs[str(oid)]
    side = state.sides[f.side].name
    if ob.score == "first":
        firsts = dict(MonoGame.of(state).firsts)
        if ob.count in firsts:
            raise RefusedError(
                f"{ob.label} is already scored by {state.sides[int(firsts[ob.count])].name}"
            )
        firsts[ob.count] = f.side
        text = f"{side} score {ob.label} (first)"
        change = MonoGame.set(firsts=firsts)
    elif ob.score == "defended":
        if f.side != scoring.attacker(state):
            raise RefusedError(f"only the attacker scores {ob.label}")
        progress = dict(MonoGame.of(state).progress)
        progress[ob.id] = ob.need
        text = f"{side} complete {ob.label}"
        change = MonoGame.set(progress=progress)
    else:
        n = int(o.get("count", 1))
        if ob.id == "seize" and {"own", "centre", "theirs"} & set(o):
            # 1 point per fighter near its own marker, 2 at the centre, 3 at the enemy's.
            n = (
                int(o.get("own") or 0)
                + 2 * int(o.get("centre") or 0)
                + 3 * int(o.get("theirs") or 0)
            )
        claims = dict(MonoSide.of(state.sides[f.side]).claims)
        bounded(state, f.side, ob, n, o)
        claims[ob.count] = n
        text = f"{side} count {n} for {ob.label}"
        change = MonoSide.set(f.side, claims=claims)
    return Outcome("claim", text, tuple(change), Trace(text, (Step(ob.label, text),), text))


def bounded(state: GameState, side: int, ob: Objective, n: int, o: Mapping[str, Any]) -> None:
    """Refuse a count the objective cannot reach (R-MON-P17): more edges than a board
    has, more fighters than the side has in play, more markers or targets than the
    scenario brings (both sides' counts together)."""
    if not ob.at_most:
        return
    name = state.sides[side].name
    if ob.at_most == "fighters":
        most = sum(1 for x in state.side_fighters(side) if not x.out)
        what = f"{name} have {plural(most, 'fighter')} in play"
        if ob.id == "seize":
            placed = sum(int(o.get(k) or 0) for k in ("own", "centre", "theirs"))
            if placed > most:
                raise RefusedError(f"{placed} fighters near the markers, but {what}")
            most *= 3  # each counts 3 at most, near the enemy's marker
            what += ", each worth 3 at most"
    else:
        most = int(ob.at_most)
        what = f"{ob.label} counts {most} at most"
        if ob.shared:
            other = int(MonoSide.of(state.sides[1 - side]).claims.get(ob.count) or 0)
            what += f" between both sides ({state.sides[1 - side].name} count {other})"
            most -= other
    if n > most:
        raise RefusedError(f"{name} cannot count {n} for {ob.label}: {what}")


def act(d: MonoData, state: GameState, req: ActionRequest, roller: Roller) -> Outcome:
    if req.actor is None:
        raise UsageError(f"'{req.action}' needs a fighter")
    f = state.fighter(req.actor)
    if req.action == "claim":
        return claim(d, state, f, req.options)
    if req.action == "attack":
        return do_attack(d, state, req, roller, req.options.get("action"))
    if req.action == "damage":
        return damage(d, state, f, req.options)
    if req.action == "prowl":
        return targets.prowl(d, state, f, req.options, roller)
    if req.action not in d.actions:
        raise UsageError(
            f"'{req.action}' is not a Monochrome action; known: attack, "
            + ", ".join(d.actions)
            + ", damage, claim, prowl"
        )
    active(state, f)
    a = allowed(d, f, req.action)
    if a.attack and req.target is not None:
        return do_attack(d, state, req, roller, a.id)
    told = reach_told(req.options)
    if told and a.charges:
        raise UsageError(
            f"'{told[0]}' is about reaching a target: name it ('companion act {f.name} "
            f"{a.id} TARGET'), or tell it with the attack after the move"
        )
    return take_action(d, state, f, a, req.options, roller)
