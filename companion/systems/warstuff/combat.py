"""WarStuff attacks: the hit table, the kill roll, and every special rule that touches them.

`resolve_attack` rolls the dice and explains each one; `attack_odds` works out the exact
chance of every result without dice. The two are separate code (one walks one path, the
other every path at once), so the tests check the odds against enumerating the dice.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import lru_cache
from typing import Any

from companion import odds
from companion.dice import DiceSource
from companion.errors import RefusedError, UsageError
from companion.game.events import Change, set_fighter
from companion.game.state import FighterState, GameState, freeze
from companion.names import match
from companion.systems.base import ActionRequest, Outcome
from companion.systems.warstuff.data import WarStuffData
from companion.trace import Modifier, Step, Trace, roll_dice, roll_test

SIX = Fraction(1, 6)
THIRD = Fraction(1, 3)

# What each final result of an attack is called, in the order odds are shown.
RESULTS = ("killed", "wounded and stunned", "wounded", "stunned", "no effect")


def need_to_hit(attacker_q: int, defender_q: int) -> int:
    """The D6 score needed to hit: 4+ at equal Quality, one step per point (R-WS-01)."""
    return max(2, min(6, 4 + defender_q - attacker_q))


def kill_chance(quality: int, wounds: int) -> Fraction:
    """P(D6 + wounds > the defender's own Quality) (R-WS-02)."""
    return Fraction(sum(1 for f in range(1, 7) if f + wounds > quality), 6)


@dataclass(frozen=True)
class Unit:
    """A unit as a resolution sees it, and as it changes during one."""

    id: str
    name: str
    quality: int  # its own Quality, unmodified
    rules: frozenset[str]
    wounds: int = 0
    stunned: bool = False
    dead: bool = False

    def has(self, rule: str) -> bool:
        return rule in self.rules

    @property
    def current(self) -> int:
        """Quality as it stands: a stunned unit counts as Quality 0."""
        return 0 if self.stunned else self.quality

    @staticmethod
    def of(f: FighterState) -> Unit:
        return Unit(
            f.id,
            f.name,
            int(f.stats.get("quality", 0)),
            frozenset(f.skills),
            f.wounds,
            bool(f.flags.get("stunned")),
            f.out,
        )


def unit_changes(before: Unit, after: Unit) -> list[Change]:
    out: list[Change] = []
    if after.wounds != before.wounds:
        out.append(set_fighter(after.id, "wounds", after.wounds))
    if after.stunned != before.stunned and not after.dead:
        out.append(set_fighter(after.id, "flags.stunned", True if after.stunned else None))
    if after.dead and not before.dead:
        out.append(set_fighter(after.id, "status", "out"))
        if before.stunned:
            out.append(set_fighter(after.id, "flags.stunned", None))
    return out


# --- the set-up of an attack -------------------------------------------------------------


@dataclass(frozen=True)
class Attack:
    attacker: Unit
    defender: Unit
    ranged: bool
    entangle: bool
    cover: bool
    att_mods: tuple[Modifier, ...]
    def_mods: tuple[Modifier, ...]
    range_: int | None
    brutal_targets: tuple[str, ...] = ()
    deathblow_targets: tuple[str, ...] = ()

    @property
    def melee(self) -> bool:
        return not self.ranged

    @property
    def intimidated_defender(self) -> bool:
        return (
            self.melee
            and self.attacker.has("intimidating")
            and not self.defender.has("intimidating")
        )

    @property
    def intimidated_attacker(self) -> bool:
        return (
            self.melee
            and self.defender.has("intimidating")
            and not self.attacker.has("intimidating")
        )

    @property
    def frenzy(self) -> bool:
        return self.melee and self.attacker.has("frenzy")

    @property
    def pinning(self) -> bool:
        return self.ranged and not self.entangle and self.attacker.has("pinning")


def shooting_range(d: WarStuffData, u: Unit, entangle: bool) -> int | None:
    if entangle:
        return d.rules["entangle"].range
    ranges = [d.rules[r].range for r in u.rules if r.startswith("shooter-") and r in d.rules]
    return max((r for r in ranges if r is not None), default=None)


def quality_mods(
    d: WarStuffData, a: Unit, t: Unit, ranged: bool, cover: bool
) -> tuple[list[Modifier], list[Modifier]]:
    """Fixed Quality modifiers of attacker and defender (Frenzy's D3 comes later)."""
    am: list[Modifier] = []
    dm: list[Modifier] = []
    if t.has("armored"):
        dm.append(Modifier(1, f"{t.name} is Armored", "R-WS-01"))
    if ranged:
        if a.has("power-shot"):
            am.append(Modifier(1, f"{a.name}'s Power Shot", "R-WS-01"))
        if t.has("large"):
            am.append(Modifier(1, f"shooting at Large {t.name}", "R-WS-01"))
        if t.has("small"):
            dm.append(Modifier(1, f"{t.name} is Small and shot at", "R-WS-01"))
        in_cover = cover or t.has("camouflaged")
        if in_cover:
            if t.has("stealthy"):
                dm.append(Modifier(3, f"{t.name} is Stealthy in cover", "R-WS-P07"))
            elif t.has("camouflaged"):
                why = "in cover" if cover else "always counts as in cover"
                dm.append(Modifier(2, f"{t.name} is Camouflaged, {why}", "R-WS-P07"))
            else:
                dm.append(Modifier(1, f"{t.name} is in cover", "R-WS-01"))
    else:
        if a.has("power-strike"):
            am.append(Modifier(1, f"{a.name}'s Power Strike", "R-WS-01"))
        if a.has("large") and not t.has("large"):
            am.append(Modifier(1, f"{a.name} is Large in melee", "R-WS-01"))
        if t.has("large") and not a.has("large"):
            dm.append(Modifier(1, f"{t.name} is Large in melee", "R-WS-01"))
        if t.has("small") and not a.has("small"):
            am.append(Modifier(1, f"{t.name} is Small: melee against it", "R-WS-01"))
        if a.has("small") and not t.has("small"):
            dm.append(Modifier(1, f"{a.name} is Small: melee against it", "R-WS-01"))
    return am, dm


def _names(state: GameState, value: Any, what: str) -> tuple[str, ...]:
    if value in (None, "", False):
        return ()
    if isinstance(value, list | tuple):
        parts = [str(v) for v in value]
    else:
        parts = [p for p in str(value).split(",") if p.strip()]
    out = []
    for p in parts:
        by_id = [f for f in state.fighters if f.id == p.strip().casefold()]
        f = by_id[0] if by_id else match(p, state.fighters, lambda x: x.name, what)
        out.append(f.id)
    return tuple(out)


KNOWN_OPTIONS = {"ranged", "range", "cover", "ganging", "entangle", "brutal", "deathblow"}


def build_attack(d: WarStuffData, state: GameState, req: ActionRequest) -> Attack:
    """Check an attack against the rules and work out its fixed modifiers."""
    o = req.options
    unknown = sorted(k for k in o if k not in KNOWN_OPTIONS)
    for k in unknown:
        if k in ("near", "splash"):
            raise UsageError(
                "WarStuff has no shooting-into-melee or splash rule; list the units caught by "
                "Brutal or Death Blow with --opt brutal=A,B or --opt deathblow=A,B"
            )
        if k == "band":
            raise UsageError("WarStuff measures ranges in inches: give --range N")
        raise UsageError(
            f"'{k}' is not a WarStuff attack option; known: entangle, brutal, deathblow"
        )
    if o.get("ganging"):
        raise UsageError("WarStuff has no ganging-up bonus; leave out --ganging")
    if req.actor is None or req.target is None:
        raise UsageError("an attack needs an attacker and a target")
    fa, ft = state.fighter(req.actor), state.fighter(req.target)
    a, t = Unit.of(fa), Unit.of(ft)
    if a.dead:
        raise RefusedError(f"{a.name} is dead and cannot attack")
    if t.dead:
        raise RefusedError(f"{t.name} is already dead")
    if fa.side == ft.side:
        raise RefusedError(f"{a.name} and {t.name} are on the same side")
    entangle = bool(o.get("entangle"))
    ranged = bool(o.get("ranged")) or entangle
    if entangle and not a.has("entangle"):
        raise RefusedError(f"{a.name} does not have Entangle")
    rng = o.get("range")
    range_ = int(rng) if rng is not None else None
    if ranged:
        reach = shooting_range(d, a, entangle)
        if reach is None:
            raise RefusedError(
                f"{a.name} has no Shooter rule and cannot shoot"
                + (" (Entangle: add --opt entangle=true)" if a.has("entangle") else "")
            )
        if range_ is not None and range_ > reach:
            raise RefusedError(f'{t.name} is {range_}" away, beyond {a.name}\'s {reach}" range')
    cover = bool(o.get("cover"))
    if cover and not ranged:
        raise UsageError("cover only counts against shooting; leave out --cover in melee")
    am, dm = quality_mods(d, a, t, ranged, cover)
    brutal = _names(state, o.get("brutal"), "unit")
    deathblow = _names(state, o.get("deathblow"), "unit")
    for uid in brutal:
        if state.fighter(uid).side == fa.side:
            raise UsageError(f"Brutal shakes enemies only; {state.fighter(uid).name} is a friend")
    for uid in deathblow:
        if state.fighter(uid).side == ft.side:
            raise UsageError(
                f"Death Blow strikes enemies only; {state.fighter(uid).name} is on {t.name}'s side"
            )
    return Attack(a, t, ranged, entangle, cover, tuple(am), tuple(dm), range_, brutal, deathblow)


def _quality_note(u: Unit, mods: Sequence[Modifier], extra: int = 0) -> tuple[int, str]:
    base = u.current
    total = base + sum(m.value for m in mods) + extra
    parts = [f"{u.name} Quality {u.quality}" + (" counted as 0 (stunned)" if u.stunned else "")]
    parts += [f"{m.value:+d} {m.reason}" for m in mods]
    if extra:
        parts.append(f"{extra:+d} Frenzy")
    return total, " ".join(parts) + (f" = {total}" if mods or extra or u.stunned else "")


# --- exact odds --------------------------------------------------------------------------

Pair = tuple[Unit, Unit]
Dist = dict[Pair, Fraction]


def _add(dist: Dist, key: Pair, p: Fraction) -> None:
    if p:
        dist[key] = dist.get(key, Fraction(0)) + p


@lru_cache(maxsize=4096)
def hit_dist(u: Unit, hits: int) -> dict[Unit, Fraction]:
    """Distribution of a unit after `hits` hits: Tough, kill roll, Regeneration each."""
    dist = {u: Fraction(1)}
    for _ in range(hits):
        nxt: dict[Unit, Fraction] = {}
        for v, p in dist.items():
            if v.dead:
                nxt[v] = nxt.get(v, Fraction(0)) + p
                continue
            for w, q in one_hit(v).items():
                nxt[w] = nxt.get(w, Fraction(0)) + p * q
        dist = nxt
    return dist


@lru_cache(maxsize=4096)
def one_hit(u: Unit) -> dict[Unit, Fraction]:
    out: dict[Unit, Fraction] = {}
    p_take = Fraction(1, 2) if u.has("tough") else Fraction(1)
    if p_take < 1:
        out[u] = 1 - p_take
    pk = kill_chance(u.quality, u.wounds)
    wounded = replace(u, wounds=u.wounds + 1)
    for v, p in ((wounded, p_take * (1 - pk)),):
        if p:
            out[v] = out.get(v, Fraction(0)) + p
    for v, p in killed(u).items():
        out[v] = out.get(v, Fraction(0)) + p_take * pk * p
    return out


@lru_cache(maxsize=4096)
def killed(u: Unit) -> dict[Unit, Fraction]:
    """A unit that would be killed: Regeneration turns it into a wound on 4+."""
    dead = replace(u, dead=True)
    if u.has("regeneration"):
        return {replace(u, wounds=u.wounds + 1): Fraction(1, 2), dead: Fraction(1, 2)}
    return {dead: Fraction(1)}


@lru_cache(maxsize=4096)
def morale_dist(u: Unit) -> dict[Unit, Fraction]:
    if u.has("fearless") or u.dead:
        return {u: Fraction(1)}
    p_pass = Fraction(max(0, min(6, u.current)), 6)
    fail = replace(u, dead=True) if u.has("undead") else replace(u, stunned=True)
    out = {u: p_pass}
    out[fail] = out.get(fail, Fraction(0)) + (1 - p_pass)
    return {k: v for k, v in out.items() if v}


def attack_dist(atk: Attack) -> Dist:
    """Every final (attacker, defender) pair of an attack, with its exact chance."""
    start: Dist = {(atk.attacker, atk.defender): Fraction(1)}
    if atk.intimidated_defender:
        start = _map_def(start, morale_dist)
    if atk.intimidated_attacker:
        start = _map_att(start, morale_dist)
    out: Dist = {}
    for (a, t), p in start.items():
        if a.dead or t.dead:
            _add(out, (a, t), p)
            continue
        frenzy = [(k, THIRD) for k in (1, 2, 3)] if atk.frenzy else [(0, Fraction(1))]
        for fr, pf in frenzy:
            aq = a.current + sum(m.value for m in atk.att_mods) + fr
            tq = t.current + sum(m.value for m in atk.def_mods)
            need = 4 if atk.entangle else need_to_hit(aq, tq)
            for roll in range(1, 7):
                for key, q in _after_roll(atk, a, t, roll, need).items():
                    _add(out, key, p * pf * SIX * q)
    if atk.pinning:
        out = _map_def(out, morale_dist)
    # Death Blow reaches the other fighter of the pair when it is within 3": always in
    # melee (base contact), and when shooting only if the table lists the shooter.
    near = atk.melee or atk.attacker.id in atk.deathblow_targets
    if near and (atk.defender.has("death-blow") or atk.attacker.has("death-blow")):
        nxt: Dist = {}
        for (a, t), p in out.items():
            if t.dead and not a.dead and atk.defender.has("death-blow"):
                _add(nxt, (a, t), p * Fraction(5, 6))
                for a2, q in one_hit(a).items():
                    _add(nxt, (a2, t), p * SIX * q)
            elif a.dead and not t.dead and atk.attacker.has("death-blow") and atk.melee:
                _add(nxt, (a, t), p * Fraction(5, 6))
                for t2, q in one_hit(t).items():
                    _add(nxt, (a, t2), p * SIX * q)
            else:
                _add(nxt, (a, t), p)
        out = nxt
    return out


def _map_def(dist: Dist, fn: Any) -> Dist:
    out: Dist = {}
    for (a, t), p in dist.items():
        if t.dead:
            _add(out, (a, t), p)
            continue
        for t2, q in fn(t).items():
            _add(out, (a, t2), p * q)
    return out


def _map_att(dist: Dist, fn: Any) -> Dist:
    out: Dist = {}
    for (a, t), p in dist.items():
        if a.dead or t.dead:
            _add(out, (a, t), p)
            continue
        for a2, q in fn(a).items():
            _add(out, (a2, t), p * q)
    return out


def _after_roll(atk: Attack, a: Unit, t: Unit, roll: int, need: int) -> Dist:
    out: Dist = {}
    if roll < need:
        if roll == 1 and atk.melee:
            after_a = {a: Fraction(1)}
            if t.has("counter-attack"):
                after_a = one_hit(a)
            if t.has("trapper"):
                trapped: dict[Unit, Fraction] = {}
                for x, p in after_a.items():
                    y = x if x.dead else replace(x, stunned=True)
                    trapped[y] = trapped.get(y, Fraction(0)) + p
                after_a = trapped
            for a2, p in after_a.items():
                _add(out, (a2, t), p)
            return out
        return {(a, t): Fraction(1)}
    if atk.entangle:
        return {(a, replace(t, stunned=True)): Fraction(1)}
    if roll == 6 and a.has("deadly"):
        for t2, p in killed(t).items():
            _add(out, (a, t2), p)
        return out
    t1 = t
    extra: list[tuple[int, Fraction]] = [(0, Fraction(1))]
    if roll == 6:
        if a.has("poison") and not t.has("undead"):
            t1 = replace(t1, wounds=t1.wounds + 1)
        if a.has("sweep-attack"):
            t1 = replace(t1, stunned=True)
        base = 1 if a.has("fire") else 0
        if a.has("vicious"):
            extra = [(base + k, THIRD) for k in (1, 2, 3)]
        else:
            extra = [(base, Fraction(1))]
    for n, pn in extra:
        for t2, p in hit_dist(t1, 1 + n).items():
            _add(out, (a, t2), pn * p)
    return out


def result_of(before: Unit, after: Unit) -> str:
    if after.dead:
        return "killed"
    wounded = after.wounds > before.wounds
    stunned = after.stunned and not before.stunned
    if wounded and stunned:
        return "wounded and stunned"
    if wounded:
        return "wounded"
    if stunned:
        return "stunned"
    return "no effect"


def odds_table(atk: Attack, dist: Dist | None = None) -> tuple[tuple[str, Fraction], ...]:
    dist = dist if dist is not None else attack_dist(atk)
    by: dict[str, Fraction] = {}
    for (_a, t), p in dist.items():
        r = result_of(atk.defender, t)
        by[r] = by.get(r, Fraction(0)) + p
    return tuple((f"{atk.defender.name} {r}", by[r]) for r in RESULTS if by.get(r))


def attacker_risk(atk: Attack, dist: Dist) -> tuple[Fraction, Fraction]:
    """(P attacker killed, P attacker hurt or stunned at all) over the attack."""
    dead = sum((p for (a, _t), p in dist.items() if a.dead and not atk.attacker.dead), Fraction(0))
    hurt = sum(
        (p for (a, _t), p in dist.items() if result_of(atk.attacker, a) != "no effect"),
        Fraction(0),
    )
    return dead, hurt


def odds_trace(d: WarStuffData, atk: Attack) -> Trace:
    dist = attack_dist(atk)
    table = odds_table(atk, dist)
    steps = [_setup_step(atk)]
    aq, _ = _quality_note(atk.attacker, atk.att_mods)
    tq, _ = _quality_note(atk.defender, atk.def_mods)
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
                f"a hit kills on D6 + {atk.defender.wounds} wounds above Quality "
                f"{atk.defender.quality}",
                probability=kill_chance(atk.defender.quality, atk.defender.wounds),
                rulings=("R-WS-02",),
            )
        )
    dead, hurt = attacker_risk(atk, dist)
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
        f"most likely: {best[0]} ({odds.fmt(best[1])})",
        table,
    )


def _setup_step(atk: Attack) -> Step:
    aq, an = _quality_note(atk.attacker, atk.att_mods)
    tq, tn = _quality_note(atk.defender, atk.def_mods)
    kind = "shooting" if atk.ranged else "melee"
    if atk.entangle:
        kind = "Entangle shot"
    rng = f' at {atk.range_}"' if atk.range_ is not None else ""
    notes = [an, tn]
    if atk.intimidated_defender:
        notes.append(f"{atk.defender.name} first takes a morale test (Intimidating, R-WS-P05)")
    if atk.intimidated_attacker:
        notes.append(f"{atk.attacker.name} first takes a morale test (Intimidating, R-WS-P05)")
    return Step(
        "Qualities",
        f"{kind}{rng}: {atk.attacker.name} {aq} against {atk.defender.name} {tq}",
        notes=tuple(notes),
        rulings=("R-WS-01",),
    )


# --- resolution with dice ----------------------------------------------------------------


class _Run:
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

    def d3(self, who: str, why: str) -> int:
        r = roll_dice(self.dice, who, 3, purpose=f"{why} (D3)")
        self.steps.append(Step(why, f"D3 → {r.value}", roll=r, rulings=("R-WS-P09",)))
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
    run = _Run(dice, units)
    aid, tid = atk.attacker.id, atk.defender.id
    run.steps.append(_setup_step(atk))
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


def _death_blow(run: _Run, uid: str, source: str) -> None:
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


def _roll_attack(run: _Run, atk: Attack) -> None:
    aid, tid = atk.attacker.id, atk.defender.id
    a, t = run.units[aid], run.units[tid]
    fr = run.d3(a.name, f"Frenzy: {a.name}") if atk.frenzy else 0
    aq, an = _quality_note(a, atk.att_mods, fr)
    tq, tn = _quality_note(t, atk.def_mods)
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
                run.hit(aid, f"{t.name}'s Counter-Attack", a.name)
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
            hits += run.d3(a.name, "Vicious: extra hits")
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
