"""WarStuff attacks: the hit roll, the kill roll and every special rule that touches them.

The rule code runs on the core roller: with dice it explains each die, over every branch it
gives the exact odds (the same code, so the two cannot disagree). The set-up is in attack.py.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from companion import odds
from companion.core.branches import enumerate_outcomes
from companion.core.roller import DiceRoller, Roller
from companion.dice import DiceSource
from companion.game.events import Change
from companion.game.state import GameState, freeze
from companion.names import fared, plural
from companion.systems.base import ActionRequest, Outcome
from companion.systems.warstuff import turns
from companion.systems.warstuff.attack import (
    RESULTS,
    Attack,
    Unit,
    build_attack,
    kill_chance,
    need_to_hit,
    quality_note,
    result_of,
    setup_step,
    unit_changes,
)
from companion.systems.warstuff.data import WarStuffData
from companion.trace import Modifier, Step, Trace
from companion.values import replace


class Resolution:
    """One attack being resolved: the live units and the roller."""

    def __init__(self, roller: Roller, units: Mapping[str, Unit]) -> None:
        self.roller = roller
        self.units: dict[str, Unit] = dict(units)

    @property
    def steps(self) -> list[Step]:
        return self.roller.steps

    def morale(self, uid: str, why: str) -> None:
        u = self.units[uid]
        if u.dead:
            return
        if u.has("fearless"):
            self.roller.info(f"Morale test: {u.name}", "passes: Fearless", notes=(why,))
            return
        ok = self.roller.test(
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
        if not ok:
            self.units[uid] = replace(u, dead=True) if u.has("undead") else replace(u, stunned=True)

    def hit(self, uid: str, source: str, by: str) -> None:
        u = self.units[uid]
        if u.dead:
            return
        if u.has("tough"):
            shrugged = self.roller.test(
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
            if shrugged:
                return
        mods = (
            (
                Modifier(
                    u.wounds, f"{'wound' if u.wounds == 1 else 'wounds'} on {u.name}", "R-WS-02"
                ),
            )
            if u.wounds
            else ()
        )
        killed = self.roller.test(
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
        if killed:
            self.kill(uid)
        else:
            self.units[uid] = replace(u, wounds=u.wounds + 1)

    def kill(self, uid: str) -> None:
        u = self.units[uid]
        if u.has("regeneration"):
            saved = self.roller.test(
                title=f"Regeneration: {u.name}",
                who=u.name,
                sides=6,
                target=4,
                compare=">=",
                success_text=f"survives with one more wound ({u.wounds + 1})",
                failure_text="killed",
                purpose=f"{u.name}'s Regeneration roll",
            )
            if saved:
                self.units[uid] = replace(u, wounds=u.wounds + 1)
                return
        self.units[uid] = replace(u, dead=True)

    def d3(self, who: str, why: str, what: str) -> int:
        """Roll a D3; `what` words the result, e.g. '+{n} Quality' (R-WS-P09)."""
        return self.roller.roll(
            title=why,
            who=who,
            sides=3,
            text=what.replace("{n}", "{total}"),
            rulings=("R-WS-P09",),
            purpose=f"{why} (D3)",
        )


def run_attack(state: GameState, atk: Attack, roller: Roller) -> Resolution:
    """The rules of one attack, on any roller: the units as the attack leaves them."""
    units = {atk.attacker.id: atk.attacker, atk.defender.id: atk.defender}
    for uid in atk.brutal_targets + atk.deathblow_targets:
        units.setdefault(uid, Unit.of(state.fighter(uid)))
    run = Resolution(roller, units)
    aid, tid = atk.attacker.id, atk.defender.id
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
    return run


def outcome_labels(atk: Attack, units: Mapping[str, Unit]) -> tuple[str, str]:
    """(what happened to the defender, what happened to the attacker)."""
    return (
        result_of(atk.defender, units[atk.defender.id]),
        result_of(atk.attacker, units[atk.attacker.id]),
    )


def attack_dist(state: GameState, atk: Attack) -> dict[tuple[str, str], Fraction]:
    """The exact distribution of (defender result, attacker result) of an attack."""
    return enumerate_outcomes(lambda r: outcome_labels(atk, run_attack(state, atk, r).units))


def odds_table(
    atk: Attack, dist: Mapping[tuple[str, str], Fraction]
) -> tuple[tuple[str, Fraction], ...]:
    by: dict[str, Fraction] = {}
    for (r, _), p in dist.items():
        by[r] = by.get(r, Fraction(0)) + p
    return tuple((fared(atk.defender.name, r), by[r]) for r in RESULTS if by.get(r))


def resolve_attack(
    d: WarStuffData, state: GameState, atk: Attack, dice: DiceSource
) -> tuple[list[Change], Trace, dict[str, Unit]]:
    """Roll an attack: returns the unit changes, the trace and the units after it."""
    table = odds_table(atk, attack_dist(state, atk))
    roller = DiceRoller(dice)
    roller.steps.append(setup_step(atk))
    run = run_attack(state, atk, roller)
    aid, tid = atk.attacker.id, atk.defender.id
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
    summary = f"{a.name} {verb} {t.name}; {fared(t.name, outcome)}"
    if a.dead:
        summary += f"; {fared(a.name, 'killed')}"
    elif result_of(atk.attacker, a) != "no effect":
        summary += f"; {fared(a.name, result_of(atk.attacker, a))}"
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
    struck = run.roller.test(
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
    if struck:
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
    s = run.roller.test(
        title="To hit",
        who=a.name,
        sides=6,
        target=need,
        compare=">=",
        success_text="hit",
        failure_text="miss",
        rulings=("R-WS-01",),
        notes=(f"{aq} against {tq}: {why}",),
        by_value=(1, 6),
        purpose=f"{a.name}'s attack roll",
    )
    roll = s.value
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
            run.steps.append(
                Step("Spare hits", f"{plural(hits - i, 'hit')} left over: {t.name} is dead")
            )
            break
        label = f"hit {i + 1} of {hits}" if hits > 1 else ""
        run.hit(tid, label, a.name)


def attack_outcome(
    d: WarStuffData, state: GameState, req: ActionRequest, dice: DiceSource
) -> Outcome:
    atk = build_attack(d, state, req)
    pre = turns.attack_preconditions(d, state, atk)
    changes, trace, units = resolve_attack(d, state, atk, dice)
    all_changes = pre + changes
    # Any side (the attacker's too, through Death Blow) whose last units waiting to
    # activate were just killed has finished its activations (R-WS-P08).
    dead = [uid for uid, u in units.items() if u.dead and not state.fighter(uid).out]
    all_changes += turns.finished_changes(state, dead, state.fighter(atk.defender.id).side)
    end = turns.end_changes(state, units)
    announcements: tuple[str, ...] = ()
    if end:
        all_changes += end
        announcements = (f"Game over: {end[-1].value}",)
    result = result_of(atk.defender, units[atk.defender.id])
    return Outcome(
        "attack",
        trace.outcome,
        tuple(all_changes),
        trace,
        data=freeze(
            {
                "result": result,
                "attacker_result": result_of(atk.attacker, units[atk.attacker.id]),
                "odds_label": fared(atk.defender.name, result),
            }
        ),
        announcements=announcements,
    )


def odds_trace(state: GameState, atk: Attack) -> Trace:
    """The exact chances of an attack as it stands: the same rule code over every branch."""
    dist = attack_dist(state, atk)
    table = odds_table(atk, dist)
    steps = [setup_step(atk)]
    aq, _ = quality_note(atk.attacker, atk.att_mods)
    tq, _ = quality_note(atk.defender, atk.def_mods)
    if atk.entangle:
        steps.append(
            Step("To hit", "Entangle hits on 4+ whatever the qualities", probability=Fraction(1, 2))
        )
    elif not atk.frenzy:
        need = need_to_hit(aq, tq)
        steps.append(
            Step(
                "To hit",
                f"needs {need}+ on a D6",
                target=need,
                compare=">=",
                probability=Fraction(7 - need, 6),
                rulings=("R-WS-01",),
            )
        )
    else:
        steps.append(
            Step(
                "To hit",
                "Frenzy adds D3 Quality: needs "
                + ", ".join(f"{need_to_hit(aq + k, tq)}+ with {k}" for k in (1, 2, 3)),
                rulings=("R-WS-01", "R-WS-P09"),
            )
        )
    if not atk.entangle and not atk.defender.dead:
        steps.append(
            Step(
                "Kill roll",
                f"a hit kills on D6 + {plural(atk.defender.wounds, 'wound')} above Quality "
                f"{atk.defender.quality}",
                probability=kill_chance(atk.defender.quality, atk.defender.wounds),
                rulings=("R-WS-02",),
            )
        )
    dead = sum((p for (_, a), p in dist.items() if a == "killed"), Fraction(0))
    hurt = sum((p for (_, a), p in dist.items() if a != "no effect"), Fraction(0))
    if hurt:
        steps.append(
            Step(
                f"Risk to {atk.attacker.name}",
                f"killed {odds.fmt(dead)}; hurt, stunned or killed {odds.fmt(hurt)}",
            )
        )
    best = max(table, key=lambda kv: kv[1])
    return Trace(
        f"Odds: {atk.attacker.name} {'shoots at' if atk.ranged else 'attacks'} {atk.defender.name}",
        tuple(steps),
        odds.most_likely(best[0], best[1]),
        table,
    )
