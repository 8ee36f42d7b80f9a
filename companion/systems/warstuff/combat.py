"""WarStuff attacks with dice: the hit roll, the kill roll and every special rule that
touches them, each die explained. The set-up is in attack.py, the exact odds in
chances.py (separate code, checked against each other by the tests)."""

from __future__ import annotations

from collections.abc import Mapping

from companion.dice import DiceSource
from companion.game.events import Change, set_game
from companion.game.state import GameState, freeze
from companion.systems.base import ActionRequest, Outcome
from companion.systems.warstuff.attack import (
    Attack,
    Unit,
    build_attack,
    need_to_hit,
    quality_note,
    result_of,
    setup_step,
    unit_changes,
)
from companion.systems.warstuff.chances import attack_dist, odds_table
from companion.systems.warstuff.data import WarStuffData
from companion.trace import Modifier, Step, Trace, roll_dice, roll_test
from companion.values import replace


class Resolution:
    """One attack being resolved: the live units, the steps so far, the dice."""

    def __init__(self, dice: DiceSource, units: Mapping[str, Unit]) -> None:
        self.dice = dice
        self.steps: list[Step] = []
        self.units: dict[str, Unit] = dict(units)
        self.announce: list[str] = []

    def morale(self, uid: str, why: str) -> None:
        u = self.units[uid]
        if u.dead:
            return
        if u.has("fearless"):
            self.steps.append(Step(f"Morale test: {u.name}", "passes: Fearless", notes=(why,)))
            return
        s = roll_test(
            self.dice,
            title=f"Morale test: {u.name}",
            who=u.name,
            sides=6,
            target=u.current,
            compare="<=",
            success_text="holds",
            failure_text="killed: Undead fail no morale test" if u.has("undead") else "stunned",
            rulings=("R-WS-P06",),
            notes=(why,) + (("stunned: counts as Quality 0",) if u.stunned else ()),
            purpose=f"{u.name}'s morale test",
        )
        self.steps.append(s)
        if not s.success:
            self.units[uid] = replace(u, dead=True) if u.has("undead") else replace(u, stunned=True)

    def hit(self, uid: str, source: str, by: str) -> None:
        u = self.units[uid]
        if u.dead:
            return
        if u.has("tough"):
            s = roll_test(
                self.dice,
                title=f"Tough: {u.name}",
                who=u.name,
                sides=6,
                target=4,
                compare=">=",
                success_text="shrugs the hit off",
                failure_text="the hit goes in",
                notes=(source,) if source else (),
                purpose=f"{u.name}'s Tough roll",
            )
            self.steps.append(s)
            if s.success:
                return
        mods = (Modifier(u.wounds, f"wounds on {u.name}", "R-WS-02"),) if u.wounds else ()
        s = roll_test(
            self.dice,
            title=f"Kill roll on {u.name}",
            who=by,
            sides=6,
            target=u.quality,
            compare=">",
            modifiers=mods,
            success_text="killed",
            failure_text=f"one more wound ({u.wounds + 1})",
            rulings=("R-WS-02",),
            notes=(source,) if source else (),
            purpose=f"the kill roll on {u.name}",
        )
        self.steps.append(s)
        if s.success:
            self.kill(uid)
        else:
            self.units[uid] = replace(u, wounds=u.wounds + 1)

    def kill(self, uid: str) -> None:
        u = self.units[uid]
        if u.has("regeneration"):
            s = roll_test(
                self.dice,
                title=f"Regeneration: {u.name}",
                who=u.name,
                sides=6,
                target=4,
                compare=">=",
                success_text=f"survives with one more wound ({u.wounds + 1})",
                failure_text="killed",
                purpose=f"{u.name}'s Regeneration roll",
            )
            self.steps.append(s)
            if s.success:
                self.units[uid] = replace(u, wounds=u.wounds + 1)
                return
        self.units[uid] = replace(u, dead=True)

    def d3(self, who: str, why: str, what: str) -> int:
        """Roll a D3; `what` words the result, e.g. '+{n} Quality' (R-WS-P09)."""
        r = roll_dice(self.dice, who, 3, purpose=f"{why} (D3)")
        self.steps.append(Step(why, what.format(n=r.value), roll=r, rulings=("R-WS-P09",)))
        return r.value


def resolve_attack(
    d: WarStuffData, state: GameState, atk: Attack, dice: DiceSource
) -> tuple[list[Change], Trace, dict[str, Unit]]:
    """Roll an attack: returns the unit changes, the trace and the units after it."""
    dist = attack_dist(atk)
    table = odds_table(atk, dist)
    units = {atk.attacker.id: atk.attacker, atk.defender.id: atk.defender}
    for uid in atk.brutal_targets + atk.deathblow_targets:
        units.setdefault(uid, Unit.of(state.fighter(uid)))
    run = Resolution(dice, units)
    aid, tid = atk.attacker.id, atk.defender.id
    run.steps.append(setup_step(atk))
    if atk.intimidated_defender:
        run.morale(tid, f"{atk.attacker.name} is Intimidating (R-WS-P05)")
    if atk.intimidated_attacker:
        run.morale(aid, f"{atk.defender.name} is Intimidating (R-WS-P05)")
    a, t = run.units[aid], run.units[tid]
    if not a.dead and not t.dead:
        _roll_attack(run, atk)
    t = run.units[tid]
    if atk.pinning and not t.dead:
        run.morale(tid, f"{atk.attacker.name}'s shot is Pinning (R-WS-P05)")
    a, t = run.units[aid], run.units[tid]
    if t.dead and atk.melee and a.has("brutal") and not a.dead:
        for uid in atk.brutal_targets:
            if uid != tid:
                run.morale(uid, f'{a.name} is Brutal: a kill in melee shakes enemies within 6"')
        if not atk.brutal_targets:
            run.steps.append(
                Step(
                    "Brutal",
                    'no units named: every enemy within 6" must take a morale test '
                    "(list them with --opt brutal=A,B)",
                )
            )
    if t.dead and atk.defender.has("death-blow"):
        near = atk.melee or aid in atk.deathblow_targets
        targets = ([aid] if near else []) + [x for x in atk.deathblow_targets if x != aid]
        for uid in targets:
            _death_blow(run, uid, atk.defender.name)
    if run.units[aid].dead and not atk.attacker.dead and atk.attacker.has("death-blow"):
        if not run.units[tid].dead:
            _death_blow(run, tid, atk.attacker.name)
    changes: list[Change] = []
    for uid, after in run.units.items():
        before = (
            atk.attacker
            if uid == aid
            else atk.defender
            if uid == tid
            else Unit.of(state.fighter(uid))
        )
        changes += unit_changes(before, after)
    a, t = run.units[aid], run.units[tid]
    outcome = result_of(atk.defender, t)
    verb = "shoots at" if atk.ranged else "attacks"
    summary = f"{a.name} {verb} {t.name}: {t.name} {outcome}"
    if a.dead:
        summary += f"; {a.name} killed"
    elif result_of(atk.attacker, a) != "no effect":
        summary += f"; {a.name} {result_of(atk.attacker, a)}"
    notes: list[str] = []
    if atk.melee and not t.dead and not a.dead:
        notes.append(f'{a.name} did not kill: move it back 1" from {t.name}.')
    if atk.melee and a.has("hit-run") and not a.dead:
        notes.append(f'Hit & Run: {a.name} may now move up to 6", ending 3" or more from enemies.')
    if notes:
        run.steps.append(Step("After the fight", " ".join(notes)))
    trace = Trace(
        f"{atk.attacker.name} {verb} {atk.defender.name}", tuple(run.steps), summary, table
    )
    return changes, trace, run.units


def _death_blow(run: Resolution, uid: str, source: str) -> None:
    u = run.units[uid]
    if u.dead:
        return
    s = roll_test(
        run.dice,
        title=f"Death Blow: {u.name}",
        who=u.name,
        sides=6,
        target=6,
        compare=">=",
        success_text="takes a hit",
        failure_text="escapes",
        notes=(f'{source} had Death Blow; enemies within 3" roll',),
        purpose=f"{u.name}'s Death Blow roll",
    )
    run.steps.append(s)
    if s.success:
        run.hit(uid, f"{source}'s Death Blow", u.name)


def _roll_attack(run: Resolution, atk: Attack) -> None:
    aid, tid = atk.attacker.id, atk.defender.id
    a, t = run.units[aid], run.units[tid]
    fr = run.d3(a.name, f"Frenzy: {a.name}", "+{n} Quality for this attack") if atk.frenzy else 0
    aq, an = quality_note(a, atk.att_mods, fr)
    tq, tn = quality_note(t, atk.def_mods)
    if atk.entangle:
        need, why = 4, "Entangle hits on 4+ whatever the qualities"
    else:
        need = need_to_hit(aq, tq)
        gap = tq - aq
        side = "defender" if gap > 0 else "attacker"
        why = "equal qualities" if gap == 0 else f"{side} {abs(gap)} ahead"
        if abs(gap) > 2:
            why += " (capped, R-WS-01)"
    s = roll_test(
        run.dice,
        title="To hit",
        who=a.name,
        sides=6,
        target=need,
        compare=">=",
        success_text="hit",
        failure_text="miss",
        rulings=("R-WS-01",),
        notes=(f"{aq} against {tq}: {why}",),
        purpose=f"{a.name}'s attack roll",
    )
    run.steps.append(s)
    assert s.roll is not None
    roll = s.roll.value
    if not s.success:
        if roll == 1 and atk.melee:
            if t.has("counter-attack"):
                run.steps.append(Step("Counter-Attack", f"{a.name} rolled a 1: it takes a hit"))
                run.hit(aid, f"{t.name}'s Counter-Attack", t.name)
            if t.has("trapper") and not run.units[aid].dead:
                run.units[aid] = replace(run.units[aid], stunned=True)
                run.steps.append(Step("Trapper", f"{a.name} rolled a 1: it is stunned"))
        return
    if atk.entangle:
        run.units[tid] = replace(t, stunned=True)
        run.steps.append(Step("Entangle", f"{t.name} is stunned (the web wounds no one)"))
        return
    hits = 1
    if roll == 6:
        if a.has("deadly"):
            run.steps.append(
                Step("Deadly", f"a 6: {t.name} is killed outright", rulings=("R-WS-P04",))
            )
            run.kill(tid)
            return
        if a.has("poison"):
            if t.has("undead"):
                run.steps.append(
                    Step("Poison", f"{t.name} is Undead: immune", rulings=("R-WS-P04",))
                )
            else:
                t = replace(run.units[tid], wounds=run.units[tid].wounds + 1)
                run.units[tid] = t
                run.steps.append(
                    Step(
                        "Poison", f"a 6: {t.name} takes a wound ({t.wounds})", rulings=("R-WS-P04",)
                    )
                )
        if a.has("sweep-attack"):
            run.units[tid] = replace(run.units[tid], stunned=True)
            run.steps.append(
                Step("Sweep Attack", f"a 6: {t.name} is stunned", rulings=("R-WS-P04",))
            )
        if a.has("fire"):
            hits += 1
            run.steps.append(Step("Fire", "a 6: one more hit", rulings=("R-WS-P04",)))
        if a.has("vicious"):
            hits += run.d3(a.name, "Vicious", "a 6: {n} more hit(s)")
    for i in range(hits):
        if run.units[tid].dead:
            run.steps.append(Step("Spare hits", f"{hits - i} hit(s) left over: {t.name} is dead"))
            break
        label = f"hit {i + 1} of {hits}" if hits > 1 else ""
        run.hit(tid, label, a.name)


def attack_outcome(
    d: WarStuffData, state: GameState, req: ActionRequest, dice: DiceSource
) -> Outcome:
    from companion.systems.warstuff import actions, turns

    atk = build_attack(d, state, req)
    pre = actions.attack_preconditions(d, state, atk)
    changes, trace, units = resolve_attack(d, state, atk, dice)
    all_changes = pre + changes
    # A side whose last units waiting to activate were just killed has finished too.
    if state.flags.get("first_done") is None and any(u.dead for u in units.values()):
        side = state.fighter(atk.defender.id).side
        waiting = [
            f
            for f in state.side_fighters(side)
            if turns.can_activate(state, f) and not (f.id in units and units[f.id].dead)
        ]
        if not waiting:
            all_changes.append(set_game("flags.first_done", side))
    end = turns.end_changes(state, units)
    announcements: tuple[str, ...] = ()
    if end:
        all_changes += end
        announcements = (f"Game over: {end[-1].value}",)
    return Outcome(
        "attack",
        trace.outcome,
        tuple(all_changes),
        trace,
        data=freeze(
            {
                "result": result_of(atk.defender, units[atk.defender.id]),
                "attacker_result": result_of(atk.attacker, units[atk.attacker.id]),
            }
        ),
        announcements=announcements,
    )
