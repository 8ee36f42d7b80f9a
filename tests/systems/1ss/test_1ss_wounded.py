"""A fighter already lying wounded cannot defend, against either hit of a two-handed
weapon too (R-1SS-05, R-1SS-P07)."""

from __future__ import annotations

from tests.onestat_helpers import attack, fighter, game


def test_wounded_boss_cannot_defend_the_two_handed_weapons_second_hit():
    boss = fighter("bob", 1, rank="boss", stat=5, status="wounded", wounds=1)
    st = game(fighter("ann", 0, gear=("melee-2h",)), boss)
    # the hit: no defence, his first wound this turn is ignored; the second hit: no
    # defence either, so the second wound removes him (one die only: the attack)
    out, st = attack(st, "ann", "bob", [1])
    titles = [s.title for s in out.trace.steps]
    assert not any(s.roll is not None and "defends" in s.title for s in out.trace.steps)
    assert sum("cannot defend" in s.outcome for s in out.trace.steps) == 2, titles
    assert st.fighter("bob").out


def test_heavy_shooter_extra_wound_reads_the_same_way():
    boss = fighter("bob", 1, rank="boss", stat=5, status="wounded", wounds=1)
    heavy = fighter("ann", 0, gear=("heavy-shooter",), flags={"heavy_option": 2})
    st = game(heavy, boss, actions=1)
    out, st = attack(st, "ann", "bob", [1, 1], ranged=True, range=4)
    assert st.fighter("bob").out


def test_fighter_put_down_by_the_first_hit_still_defends_the_second():
    st = game(fighter("ann", 0, gear=("melee-2h",)), fighter("bob", 1, stat=4))
    out, st = attack(st, "ann", "bob", [1, 2, 7])
    second = next(s for s in out.trace.steps if "second hit" in s.title)
    assert second.roll is not None and second.success
    assert st.fighter("bob").status == "wounded"
