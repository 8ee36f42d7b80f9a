"""Cover in every defence (R-1SS-P19) and falling as written (R-1SS-P18)."""

from __future__ import annotations

import pytest

from companion import systems
from companion.errors import RefusedError, UsageError
from companion.systems.records import Question
from tests.onestat_helpers import attack, fighter, game, resolve, step


def test_melee_defence_in_cover_rolls_two_dice_and_play_asks_it():
    st = game(fighter("ann", 0), fighter("bob", 1))
    out, st2 = attack(st, "ann", "bob", [1, 2, 5], cover=True)
    assert step(out, "defends").roll.count == 2 and st2.fighter("bob").status == "upright"
    sys1 = systems.get("1ss")
    cover = next(f for f in sys1.declared_actions()["attack"].facts if f.key == "cover")
    assert sys1.asks(Question(st, st.fighter("ann"), cover, {"ranged": False}))


def test_no_cover_never_removes_a_shield_or_a_meat_shield():
    shield = game(fighter("ann", 0), fighter("bob", 1, gear=("melee-1h", "shield")))
    out, _ = attack(shield, "ann", "bob", [1, 2, 5], cover=False)
    assert step(out, "defends").roll.count == 2
    meat = fighter("bob", 1, rank="rookie", stat=3, skills=("meat-shield",))
    out, _ = attack(game(fighter("ann", 0), meat), "ann", "bob", [1, 2, 5], cover=False)
    assert step(out, "defends").roll.count == 2
    out, _ = attack(game(fighter("ann", 0), meat), "ann", "bob", [1, 2], meat_shield=False)
    assert step(out, "defends").roll.count == 1


def test_sniper_removes_shield_cover_but_not_the_tanks_dice():
    sniper = fighter("ann", 0, gear=("medium-shooter",), skills=("sniper",))
    shield = fighter("bob", 1, gear=("melee-1h", "shield"))
    out, _ = attack(game(sniper, shield), "ann", "bob", [1, 2], ranged=True, range=7)
    assert step(out, "defends").roll.count == 1
    tank = fighter("bob", 1, gear=("melee-1h", "shield"), skills=("tank",))
    out, _ = attack(game(sniper, tank), "ann", "bob", [1, 2, 5], ranged=True, range=7)
    d = step(out, "defends")
    assert d.roll.count == 2 and "Tank" in " ".join(d.notes)


def test_a_started_inch_is_a_hit_and_each_is_defended_with_one_die():
    st = game(fighter("ann", 0, stat=4), fighter("bob", 1))
    out, st2 = resolve(st, "fall", "ann", None, [5, 6], inches="2.5")
    assert "2 hits" in out.summary and st2.fighter("ann").status == "upright"
    out, _ = resolve(st, "fall", "ann", None, [5], inches="1.5")
    assert "1 hit" in out.summary
    out, _ = resolve(st, "fall", "ann", None, [], inches="1")
    assert "0 hits" in out.summary
    tank = game(fighter("ann", 0, stat=4, skills=("tank",), gear=("shield",)), fighter("bob", 1))
    out, st3 = resolve(tank, "fall", "ann", None, [3], inches="2")
    assert step(out, "falling hit").roll.count == 1 and st3.fighter("ann").status == "wounded"
    with pytest.raises(UsageError):
        resolve(st, "fall", "ann", None, [], inches="high")


def test_fall_command_takes_half_inches(demo):
    assert demo("turn", "--dice", "7,3").code == 0
    r = demo("fall", "John", "--inches", "2.5", "--dice", "6,7")
    assert r.code == 0, r.err
    assert "2 hits" in r.out


def test_jump_needs_a_run_up_and_reaches_the_stat():
    st = game(fighter("ann", 0, stat=4), fighter("bob", 1))
    out, _ = resolve(st, "move", "ann", None, [], inches=2, jump=2)
    assert "R-1SS-P27" in step(out, "Jump").rulings
    with pytest.raises(RefusedError, match="run-up"):
        resolve(st, "move", "ann", None, [], inches=1, jump=2)
    with pytest.raises(RefusedError, match="at most"):
        resolve(
            game(fighter("ann", 0, stat=2), fighter("bob", 1)),
            "move",
            "ann",
            None,
            [],
            inches=2,
            jump=3,
        )


def test_climb_costs_twice_its_height():
    st = game(fighter("ann", 0, stat=4), fighter("bob", 1))
    out, _ = resolve(st, "move", "ann", None, [], inches=2, climb=1)
    assert "costing 2" in step(out, "Climb").outcome
    with pytest.raises(RefusedError, match="foot"):
        resolve(st, "move", "ann", None, [], inches=3, climb=1)
