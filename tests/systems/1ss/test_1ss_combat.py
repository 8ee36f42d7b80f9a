"""1ss melee and ranged attacks with fixed dice: each rule changes the outcome."""

from __future__ import annotations

from fractions import Fraction

import pytest

from companion.errors import RefusedError, UsageError
from tests.onestat_helpers import again, attack, fighter, game, odds, step


def duel(a_kw=None, t_kw=None, **g):
    a = fighter("ann", 0, **(a_kw or {}))
    t = fighter("bob", 1, **(t_kw or {}))
    return game(a, t, **g)


def test_melee_hit_then_failed_defence_lays_a_specialist_prone():
    out, st = attack(duel(), "ann", "bob", [3, 2])
    assert step(out, "attacks").success is True
    assert step(out, "defends").success is False
    b = st.fighter("bob")
    assert b.status == "wounded" and b.wounds == 1
    # No move first: the attack was the second and last action (R-1SS-P16).
    assert st.fighter("ann").flags["actions"] == 0


def test_attack_hits_on_equal_stat_and_misses_above():
    out, _ = attack(duel(), "ann", "bob", [4, 8])
    assert step(out, "attacks").success is True
    out, st = attack(duel(), "ann", "bob", [5])
    assert step(out, "attacks").success is False and out.data["result"] == "miss"


def test_defence_needs_strictly_above_stat():
    out, st = attack(duel(), "ann", "bob", [1, 4])
    assert st.fighter("bob").status == "wounded"
    out, st = attack(duel(), "ann", "bob", [1, 5])
    assert st.fighter("bob").status == "upright" and out.data["result"] == "defended"


def test_ganging_up_lowers_the_attack_roll():
    out, _ = attack(duel(), "ann", "bob", [6, 8], ganging=2)
    s = step(out, "attacks")
    assert s.total == 4 and s.success is True
    assert any("ganging" in m.reason for m in s.modifiers)


def test_cover_keeps_the_higher_of_two_defence_dice():
    out, st = attack(duel(), "ann", "bob", [1, 2, 5], cover=True)
    s = step(out, "defends")
    assert s.roll.dice == (2, 5) and s.roll.value == 5 and s.success is True
    assert st.fighter("bob").status == "upright"


def test_shield_counts_as_cover():
    out, _ = attack(duel(t_kw={"gear": ("melee-1h", "shield")}), "ann", "bob", [1, 2, 5])
    assert step(out, "defends").roll.count == 2


def test_wounded_specialist_hit_again_is_out_without_a_defence_roll():
    st = duel(t_kw={"status": "wounded", "wounds": 1})
    out, st = attack(st, "ann", "bob", [1])
    assert st.fighter("bob").out
    assert "cannot defend" in step(out, "Bob").outcome or any(
        "cannot defend" in s.outcome for s in out.trace.steps
    )


def test_rookie_is_out_at_first_wound():
    out, st = attack(duel(t_kw={"rank": "rookie", "stat": 3}), "ann", "bob", [1, 2])
    assert st.fighter("bob").out and out.data["result"] == "out"


def test_boss_ignores_first_wound_each_turn_and_flag_resets_at_next_turn():
    from companion import systems
    from companion.dice import TypedDice
    from companion.game.events import apply_change

    st = duel(t_kw={"rank": "boss", "stat": 5})
    out, st = attack(st, "ann", "bob", [1, 2])
    b = st.fighter("bob")
    assert b.status == "upright" and b.flags["boss_wound_ignored"] is True
    assert out.data["result"] == "wound ignored (boss)"
    out, st2 = attack(again(st, "ann"), "ann", "bob", [1, 2])
    assert st2.fighter("bob").status == "wounded"
    nt = systems.get("1ss").next_turn(st, TypedDice([5, 3]))
    for c in nt.changes:
        st = apply_change(st, c)
    assert "boss_wound_ignored" not in st.fighter("bob").flags


def test_wounded_boss_still_ignores_first_wound_of_a_turn():
    st = duel(t_kw={"rank": "boss", "stat": 5, "status": "wounded", "wounds": 1})
    out, st = attack(st, "ann", "bob", [1])
    assert st.fighter("bob").status == "wounded"
    out, st = attack(again(st, "ann"), "ann", "bob", [1])
    assert st.fighter("bob").out


def test_no_weapon_attacks_with_two_dice_keep_higher():
    out, _ = attack(duel(a_kw={"gear": ()}), "ann", "bob", [2, 6])
    s = step(out, "attacks")
    assert s.roll.keep == "h" and s.roll.value == 6 and s.success is False


def test_two_one_handed_weapons_on_defender_make_attacker_keep_higher():
    out, _ = attack(duel(t_kw={"gear": ("melee-1h", "melee-1h")}), "ann", "bob", [1, 7])
    s = step(out, "attacks")
    assert s.roll.count == 2 and s.roll.value == 7 and not s.success
    assert "R-1SS-08" in "".join(s.notes)


def test_two_handed_weapon_forces_a_second_defence():
    st = duel(a_kw={"gear": ("melee-2h",)}, t_kw={"rank": "boss", "stat": 5})
    out, st = attack(st, "ann", "bob", [1, 2, 3])
    # first wound ignored by the boss, the second hit is defended and fails
    assert step(out, "second hit").success is False
    assert st.fighter("bob").status == "wounded"


def test_two_handed_second_hit_defended():
    st = duel(a_kw={"gear": ("melee-2h",)})
    out, st = attack(st, "ann", "bob", [1, 2, 7])
    assert st.fighter("bob").status == "wounded" and st.fighter("bob").wounds == 1


def test_push_back_when_defence_below_attack():
    out, _ = attack(duel(t_kw={"stat": 1}), "ann", "bob", [4, 3])
    assert any(s.title == "Push back" for s in out.trace.steps)
    out, _ = attack(duel(t_kw={"stat": 1}), "ann", "bob", [2, 3])
    assert not any(s.title == "Push back" for s in out.trace.steps)


def test_shooter_only_fighter_cannot_melee():
    with pytest.raises(RefusedError, match="no melee weapon"):
        attack(duel(a_kw={"gear": ("light-shooter",)}), "ann", "bob", [1])


def test_attack_needs_an_action_and_the_active_fighter():
    with pytest.raises(RefusedError, match="no action left"):
        attack(duel(actions=0), "ann", "bob", [1, 2])
    with pytest.raises(RefusedError, match="not the fighter"):
        attack(duel(active="bob"), "ann", "bob", [1, 2])
    out, st = attack(duel(active="bob"), "ann", "bob", [1, 2], free=True)
    assert st.fighter("bob").status == "wounded"


def test_prone_attacker_cannot_attack():
    with pytest.raises(RefusedError, match="Recover"):
        attack(duel(a_kw={"status": "wounded"}), "ann", "bob", [1])


# --- ranged ----------------------------------------------------------------------


def shooter(gear, rank="specialist", **kw):
    return duel(a_kw={"gear": gear, "rank": rank, **kw})


def test_rookies_rifle_is_a_light_shooter_and_cannot_reach_11_steps():
    st = shooter(("medium-shooter",), rank="rookie", stat=3)
    with pytest.raises(RefusedError, match="light shooter"):
        attack(st, "ann", "bob", [1], ranged=True, range=11)
    out, _ = attack(st, "ann", "bob", [1, 3, 2], ranged=True, range=7)
    s = step(out, "attacks")
    assert s.roll.count == 2 and s.roll.keep == "h" and s.roll.value == 3
    assert "rookie" in " ".join(s.notes)


def test_medium_shooter_bands():
    st = shooter(("medium-shooter",))
    out, _ = attack(st, "ann", "bob", [6, 2, 7], ranged=True, range=3)
    s = step(out, "attacks")
    assert (s.roll.count, s.roll.keep, s.roll.value) == (2, "l", 2)
    out, _ = attack(st, "ann", "bob", [5], ranged=True, range=8)
    assert step(out, "attacks").roll.count == 1
    out, _ = attack(st, "ann", "bob", [1, 5], ranged=True, range=15)
    s = step(out, "attacks")
    assert (s.roll.keep, s.roll.value, s.success) == ("h", 5, False)
    with pytest.raises(RefusedError):
        attack(st, "ann", "bob", [1], ranged=True, range=16)


def test_band_5_is_short_and_10_is_normal():
    st = shooter(("light-shooter",))
    out, _ = attack(st, "ann", "bob", [5], ranged=True, range=5)
    assert step(out, "attacks").roll.count == 1
    out, _ = attack(st, "ann", "bob", [5, 6], ranged=True, range=10)
    assert step(out, "attacks").roll.count == 2


def test_ranged_refused_within_one_step():
    with pytest.raises(RefusedError, match="at least 1 step"):
        attack(shooter(("light-shooter",)), "ann", "bob", [1], ranged=True, range=0)


def test_two_light_shooters_roll_one_die_at_normal_range():
    out, _ = attack(
        shooter(("light-shooter", "light-shooter")), "ann", "bob", [5], ranged=True, range=8
    )
    assert step(out, "attacks").roll.count == 1


def test_heavy_option_1_and_splash():
    a = fighter("ann", 0, gear=("heavy-shooter",))
    t = fighter("bob", 1, rank="rookie", stat=3)
    c = fighter("cid", 1, rank="rookie", stat=3)
    st = game(a, t, c, actions=1)
    with pytest.raises(RefusedError, match="normal range"):
        attack(st, "ann", "bob", [1], ranged=True, range=12)
    out, st2 = attack(st, "ann", "bob", [2, 1, 3, 2], ranged=True, range=4, splash=("cid",))
    assert st2.fighter("bob").out and st2.fighter("cid").out
    assert any("within 2" in k for k, _ in out.trace.chances)


def test_heavy_option_2_adds_a_wound():
    st = duel(a_kw={"gear": ("heavy-shooter",), "flags": {"heavy_option": 2}})
    out, st2 = attack(st, "ann", "bob", [1, 2, 3], ranged=True, range=12, heavy=2)
    assert step(out, "attacks").roll.keep == "h"
    assert st2.fighter("bob").out


def test_heavy_carrier_cannot_melee():
    with pytest.raises(RefusedError, match="heavy shooter"):
        attack(duel(a_kw={"gear": ("heavy-shooter",)}), "ann", "bob", [1])


def test_shooting_into_melee_can_hit_another_fighter():
    a = fighter("ann", 0, gear=("light-shooter",))
    t = fighter("bob", 1, rank="rookie", stat=3)
    c = fighter("cid", 0, rank="rookie", stat=3)
    st = game(a, t, c)
    out, st2 = attack(st, "ann", "bob", [5, 1, 2], ranged=True, range=3, near=("cid",))
    assert st2.fighter("cid").out and not st2.fighter("bob").out
    out, st2 = attack(st, "ann", "bob", [2, 1, 2], ranged=True, range=3, near=("cid",))
    assert st2.fighter("bob").out
    p = odds(st, "ann", "bob", ranged=True, range=3, near=("cid",))
    assert p["Cid hit instead: out"] == Fraction(1, 2) * Fraction(4, 8) * Fraction(3, 6)


def test_sniper_ignores_cover_and_random_target():
    a = fighter("ann", 0, gear=("medium-shooter",), skills=("sniper",))
    t = fighter("bob", 1, gear=("melee-1h", "shield"))
    c = fighter("cid", 0)
    out, _ = attack(game(a, t, c), "ann", "bob", [2, 3], ranged=True, range=8, near=("cid",))
    assert step(out, "defends").roll.count == 1
    assert "Sniper" in step(out, "into melee").outcome


def test_gunner_and_fighter_roles():
    out, _ = attack(duel(a_kw={"skills": ("fighter",), "rank": "rookie"}), "ann", "bob", [5, 2])
    assert step(out, "attacks").total == 4
    st = duel(
        a_kw={"gear": ("light-shooter",), "skills": ("gunner",)}, t_kw={"skills": ("fighter",)}
    )
    out, _ = attack(st, "ann", "bob", [5, 5], ranged=True, range=3)
    assert step(out, "attacks").total == 4
    assert step(out, "defends").total == 4 and not step(out, "defends").success
    out, _ = attack(duel(t_kw={"skills": ("gunner",)}), "ann", "bob", [1, 5])
    assert step(out, "defends").total == 4


def test_distraction_reminder():
    a = fighter("ann", 0)
    t = fighter("bob", 1)
    dd = fighter("dis", 1, rank="rookie", skills=("distraction",))
    out, _ = attack(game(a, t, dd), "ann", "bob", [7])
    assert step(out, "Distraction")


def test_melee_options_are_checked():
    with pytest.raises(UsageError):
        attack(duel(), "ann", "bob", [1], near=("bob",))
    with pytest.raises(UsageError):
        attack(shooter(("light-shooter",)), "ann", "bob", [1], ranged=True, range=3, ganging=1)
