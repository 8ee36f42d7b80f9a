"""Exact odds of a WarStuff attack: every path of the dice at once, as fractions.

This is separate code from the resolution with dice (combat.py), so the tests check one
against the other by enumerating every dice sequence on small cases.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import Any

from companion import odds
from companion.systems.warstuff.attack import (
    RESULTS,
    Attack,
    Unit,
    kill_chance,
    need_to_hit,
    quality_note,
    result_of,
    setup_step,
)
from companion.systems.warstuff.data import WarStuffData
from companion.trace import Step, Trace
from companion.values import replace

SIX = Fraction(1, 6)
THIRD = Fraction(1, 3)


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
