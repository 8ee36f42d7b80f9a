"""WarStuff attacks: the hit roll, the kill roll and every special rule that touches them.

Every die is a `Check` handed to the core roller: with dice it explains each die, over every
branch it gives the exact odds (the same code, so the two cannot disagree). The set-up is in
attack.py.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.core.check import Check
from companion.core.counting import Counting, Said, about
from companion.core.roller import Roller
from companion.game.state import GameState, freeze
from companion.names import fared, plural
from companion.systems.base import ActionRequest, Outcome
from companion.systems.warstuff import turns
from companion.systems.warstuff.attack import (
    RESULTS,
    Attack,
    Unit,
    build_attack,
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

    def morale(self, uid: str, why: str) -> str:
        """A morale test of `uid` (R-WS-P06); returns what it came to, in words."""
        u = self.units[uid]
        if u.dead:
            return "dead"
        if u.has("fearless"):
            self.steps.append(Step(f"Morale test: {u.name}", "passes: Fearless", notes=(why,)))
            return "passes: Fearless"
        fail = "killed: Undead fail no morale test" if u.has("undead") else "stunned"
        ok = self.roller.check(
            Check(
                f"Morale test: {u.name}",
                u.name,
                target=u.current,
                compare="<=",
                success_text="holds",
                failure_text=fail,
                rulings=("R-WS-P06",),
                notes=(why,) + (("stunned: counts as Quality 0",) if u.stunned else ()),
                purpose=f"{u.name}'s morale test",
            )
        )
        if ok:
            return "holds"
        self.units[uid] = replace(u, dead=True) if u.has("undead") else replace(u, stunned=True)
        return fail

    def hit(self, uid: str, source: str, by: str) -> None:
        u = self.units[uid]
        if u.dead:
            return
        if u.has("tough"):
            shrugged = self.roller.check(
                own_roll(
                    f"Tough: {u.name}",
                    u.name,
                    4,
                    "shrugs the hit off",
                    "the hit goes in",
                    "Tough",
                    (source,) if source else (),
                )
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
        killed = self.roller.check(
            Check(
                f"Kill roll on {u.name}",
                by,
                target=u.quality,
                compare=">",
                modifiers=mods,
                success_text="killed",
                failure_text=f"one more wound ({u.wounds + 1})",
                rulings=("R-WS-02",),
                notes=(source,) if source else (),
                purpose=f"the kill roll on {u.name}",
            )
        )
        if killed:
            self.kill(uid)
        else:
            self.units[uid] = replace(u, wounds=u.wounds + 1)

    def kill(self, uid: str) -> None:
        u = self.units[uid]
        if u.has("regeneration"):
            lives = f"survives with one more wound ({u.wounds + 1})"
            saved = self.roller.check(
                own_roll(f"Regeneration: {u.name}", u.name, 4, lives, "killed", "Regeneration")
            )
            if saved:
                self.units[uid] = replace(u, wounds=u.wounds + 1)
                return
        self.units[uid] = replace(u, dead=True)

    def d3(self, who: str, why: str, what: str) -> int:
        """Roll a D3; `what` words the result, e.g. '+{n} Quality' (R-WS-P09)."""
        rolled = self.roller.check(
            Check(
                why,
                who,
                sides=3,
                text=what.replace("{n}", "{total}"),
                rulings=("R-WS-P09",),
                purpose=f"{why} (D3)",
            )
        )
        return int(rolled.total or 0)


def own_roll(
    title: str, who: str, target: int, yes: str, no: str, rule: str, notes: tuple[str, ...] = ()
) -> Check:
    """A unit's own D6 for a special rule (Tough, Regeneration, Death Blow, Pathfinder,
    dangerous terrain, Healer): `target` or more does what `yes` says."""
    return Check(
        title,
        who,
        target=target,
        success_text=yes,
        failure_text=no,
        notes=notes,
        purpose=f"{who}'s {rule} roll",
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


def _death_blow(run: Resolution, uid: str, source: str) -> None:
    u = run.units[uid]
    if u.dead:
        return
    struck = run.roller.check(
        own_roll(
            f"Death Blow: {u.name}",
            u.name,
            6,
            "takes a hit",
            "escapes",
            "Death Blow",
            (f'{source} had Death Blow; enemies within 3" roll',),
        )
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
    s = run.roller.check(
        Check(
            "To hit",
            a.name,
            target=need,
            success_text="hit",
            failure_text="miss",
            rulings=("R-WS-01",),
            notes=(f"{aq} against {tq}: {why}",),
            by_value=(1, 6),
            purpose=f"{a.name}'s attack roll",
        )
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
    d: WarStuffData, state: GameState, req: ActionRequest, roller: Roller
) -> Outcome:
    """An attack on any roller: rolled, it is taken (checked against the activation,
    R-WS-P10, and recorded); walked over every branch for its odds, it is only asked
    what the dice can do, so the odds of an attack can be had at any time."""
    atk, setup = set_up(d, state, req)
    taken = roller.takes
    pre = turns.attack_preconditions(d, state, atk) if taken else []
    roller.steps.append(setup)
    run = run_attack(state, atk, roller)
    aid, tid = atk.attacker.id, atk.defender.id
    a, t = run.units[aid], run.units[tid]
    result = result_of(atk.defender, t)
    own = result_of(atk.attacker, a)
    verb = "shoots at" if atk.ranged else "attacks"
    summary = f"{a.name} {verb} {t.name}; {fared(t.name, result)}"
    if own != "no effect":
        summary += f"; {fared(a.name, own)}"
    notes: list[str] = []
    if atk.melee and not t.dead and not a.dead:
        notes.append(f'{a.name} did not kill: move it back 1" from {t.name}.')
    if atk.melee and a.has("hit-run") and not a.dead:
        notes.append(f'Hit & Run: {a.name} may now move up to 6", ending 3" or more from enemies.')
    if notes:
        roller.steps.append(Step("After the fight", " ".join(notes)))
    trace = Trace(f"{atk.attacker.name} {verb} {atk.defender.name}", tuple(run.steps), summary)
    data: dict[str, Any] = {"result": result, "attacker_result": own}
    # The odds table: one row per result of the defender, in the order of RESULTS.
    row = about(atk.defender.id, atk.defender.name, result, RESULTS.index(result))
    facets: tuple[tuple[str, Said], ...] = ()
    if own != "no effect":
        # The attacker's own risk (Counter-Attack, Trapper, Death Blow, Intimidating):
        # "killed" is counted within "hurt, stunned or killed".
        said = ("killed", HURT) if own == "killed" else (HURT,)
        facets = ((f"Risk to {atk.attacker.name}", said),)
    counting = Counting(row, facets=facets)
    if not taken:
        # Walked for the odds: read once and dropped, so neither recorded nor frozen.
        return Outcome("attack", summary, (), trace, data=data, counting=counting)
    changes = list(pre)
    for uid, after in run.units.items():
        changes += unit_changes(_before(state, atk, uid), after)
    # Any side (the attacker's too, through Death Blow) whose last units waiting to
    # activate were just killed has finished its activations (R-WS-P08).
    dead = [uid for uid, u in run.units.items() if u.dead and not state.fighter(uid).out]
    changes += turns.finished_changes(state, dead, state.fighter(tid).side)
    end = turns.end_changes(state, run.units)
    announcements: tuple[str, ...] = ()
    if end:
        changes += end
        announcements = (f"Game over: {end[-1].value}",)
    return Outcome(
        "attack",
        summary,
        tuple(changes),
        trace,
        data=freeze(data),
        announcements=announcements,
        counting=counting,
    )


# The last attack set up, with what it was set up from (held, so compared by identity):
# walking an attack's odds runs it once per branch on the same state and request.
_last: list[tuple[WarStuffData, GameState, ActionRequest, Attack, Step]] = []


def set_up(d: WarStuffData, state: GameState, req: ActionRequest) -> tuple[Attack, Step]:
    """The attack checked and its Qualities step, made once for every run of one walk."""
    if _last:
        ld, ls, lr, atk, step = _last[0]
        if ld is d and ls is state and lr is req:
            return atk, step
    atk = build_attack(d, state, req)
    step = setup_step(atk)
    _last[:] = [(d, state, req, atk, step)]
    return atk, step


# How the attacker's own risk is told beside "killed" (the two overlap).
HURT = "hurt, stunned or killed"


def _before(state: GameState, atk: Attack, uid: str) -> Unit:
    if uid == atk.attacker.id:
        return atk.attacker
    if uid == atk.defender.id:
        return atk.defender
    return Unit.of(state.fighter(uid))
