"""SMBFAT attacks worked by hand from the text: best of N dice, Armor, Brutal, Heavy, Spread,
Fear and Talented, with fixed dice; and the odds checked against brute force."""

from __future__ import annotations

from fractions import Fraction

import pytest
from brute_force import brute_force, resolved
from smbfat_helpers import SMB, apply, fig, game, req, roll

from companion.errors import RefusedError, UsageError


def _attack(a, b, *dice, actor="x", target="y", **o):
    state = game(a, b, active=actor)
    return state, roll(state, req("attack", actor, target, **o), *dice)


def test_attack_keeps_the_highest_die_and_4_defeats():  # R-SMB-01
    state, o = _attack([fig("X")], [fig("Y")], 3, 4)
    step = o.trace.steps[1]
    assert step.roll.dice == (3, 4) and step.roll.kept == (1,)
    assert step.target == 4 and step.probability == Fraction(3, 4)  # 1 - (1/2)^2
    after = apply(state, o)
    assert after.fighter("y").out
    assert o.summary == "X attacks Y; Y: defeated"


def test_attack_with_only_low_dice_misses():  # R-SMB-01
    state, o = _attack([fig("X")], [fig("Y")], 3, 2)
    assert not apply(state, o).fighter("y").out
    assert o.summary == "X attacks Y; Y: missed"


def test_armor_needs_a_5():  # R-SMB-01
    _, o = _attack([fig("X")], [fig("Y", "brawler", "armor")], 4, 4)
    assert o.summary.endswith("Y: missed")
    assert o.trace.steps[1].target == 5
    _, o = _attack([fig("X")], [fig("Y", "brawler", "armor")], 5, 1)
    assert o.summary.endswith("Y: defeated")


def test_brutal_adds_a_melee_die():
    _, o = _attack([fig("X", "brawler", "brutal")], [fig("Y")], 1, 2, 4)
    assert o.trace.steps[1].roll.dice == (1, 2, 4)
    assert o.summary.endswith("Y: defeated")


def test_brutal_does_not_help_at_range():
    _, o = _attack([fig("X", "warrior", "brutal")], [fig("Y")], 4, ranged=True, range=10)
    assert o.trace.steps[1].roll.count == 1


def test_heavy_adds_a_ranged_die_but_not_in_melee():
    _, o = _attack([fig("X", "gunslinger", "heavy")], [fig("Y")], 1, 1, 6, ranged=True)
    assert o.trace.steps[1].roll.count == 3
    _, o = _attack([fig("X", "gunslinger", "heavy")], [fig("Y")], 6)
    assert o.trace.steps[1].roll.count == 1


def test_a_brawler_has_no_ranged_attack():
    state = game([fig("X")], [fig("Y")], active="x")
    with pytest.raises(RefusedError, match="X has no ranged attack"):
        roll(state, req("attack", "x", "y", ranged=True))


def test_heavy_gives_a_brawler_a_one_die_ranged_attack():  # R-SMB-P03
    _, o = _attack([fig("X", "brawler", "heavy")], [fig("Y")], 5, ranged=True)
    assert o.trace.steps[1].roll.count == 1
    assert "R-SMB-P03" in o.trace.steps[0].rulings


def test_spread_is_a_brawlers_ranged_attack():  # R-SMB-P03
    _, o = _attack([fig("X", "brawler", "spread")], [fig("Y")], 4, ranged=True, range=8)
    assert "sprays" in o.summary and "R-SMB-P03" in o.trace.steps[0].rulings


def test_ranged_reach_and_sight_are_checked():
    state = game([fig("X", "shooter")], [fig("Y")], active="x")
    with pytest.raises(RefusedError, match='ranged attacks reach 15", not 16"'):
        roll(state, req("attack", "x", "y", range=16))
    with pytest.raises(RefusedError, match="must see at least half of Y"):
        roll(state, req("attack", "x", "y", ranged=True, visible=False))
    assert roll(state, req("attack", "x", "y", range=15), 4).summary.endswith("defeated")


def test_the_smaller_map_shortens_every_reach():
    state = game([fig("X", "shooter", "spread")], [fig("Y")], active="x", map="small")
    with pytest.raises(RefusedError, match='ranged attacks reach 8", not 9"'):
        roll(state, req("attack", "x", "y", range=9))
    with pytest.raises(RefusedError, match='a Spread weapon reaches 4", not 5"'):
        roll(state, req("attack", "x", "y", range=5, spread=True))
    o = roll(state, req("attack", "x", "y", range=4, spread=True), 4)
    assert "adjacent to the target" in " ".join(o.trace.steps[0].notes)


def test_spread_rolls_one_die_at_the_target_and_each_figure_near_it():
    a = [fig("X", "gunslinger", "spread"), fig("Pal")]
    b = [fig("Y"), fig("Z", "brawler", "armor")]
    state, o = _attack(a, b, 4, 4, 5, ranged=True, range=8, spread=True, near=("z", "pal"))
    rolls = [s for s in o.trace.steps if s.title == "Attack roll"]
    assert [s.roll.count for s in rolls] == [1, 1, 1]  # not the Gunslinger's 2 ranged dice
    assert [s.target for s in rolls] == [4, 5, 4]
    after = apply(state, o)
    assert after.fighter("y").out and not after.fighter("z").out and after.fighter("pal").out
    # R-SMB-P06: Pal fell to its own side's Spread: its 3 points go to B, Y's 3 to A.
    assert (after.sides[0].vp, after.sides[1].vp) == (3, 3)


def test_spread_never_catches_the_attacker():
    state = game([fig("X", "gunslinger", "spread")], [fig("Y")], active="x")
    with pytest.raises(RefusedError, match="never caught by its own Spread"):
        roll(state, req("attack", "x", "y", ranged=True, spread=True, near=("x",)))


def test_near_figures_need_a_spread_weapon():
    state = game([fig("X", "gunslinger", "spread")], [fig("Y"), fig("Z")], active="x")
    with pytest.raises(UsageError, match="only by a Spread weapon"):
        roll(state, req("attack", "x", "y", ranged=True, near=("z",)))


def test_fear_roll_failed_loses_the_attack_and_spends_the_action():  # R-SMB-03, R-SMB-P04
    state, o = _attack([fig("X")], [fig("Y", "brawler", "fear")], 3)
    assert o.trace.steps[1].title == "Fear roll" and not o.trace.steps[1].success
    after = apply(state, o)
    assert not after.fighter("y").out and after.fighter("x").flags["did"] == "attack"
    assert o.summary == "X attacks Y; Y: lost to Fear"
    with pytest.raises(RefusedError, match="already made its attack"):
        roll(after, req("attack", "x", "y"), 6)


def test_fear_roll_passed_then_the_attack_is_rolled():  # R-SMB-03
    _, o = _attack([fig("X")], [fig("Y", "brawler", "fear")], 4, 2, 5)
    assert [s.title for s in o.trace.steps[1:3]] == ["Fear roll", "Attack roll"]
    assert o.summary.endswith("Y: defeated")


def test_talented_rolls_two_dice_for_the_fear_roll():  # R-SMB-01
    _, o = _attack([fig("X", "brawler", "talented")], [fig("Y", "brawler", "fear")], 1, 4, 1, 1)
    fear = o.trace.steps[1]
    assert fear.roll.count == 2 and fear.success and fear.probability == Fraction(3, 4)
    assert o.summary.endswith("Y: missed")


def test_a_fear_figure_ignores_fear():  # R-SMB-03
    _, o = _attack([fig("X", "brawler", "fear")], [fig("Y", "brawler", "fear")], 5, 1)
    assert [s.title for s in o.trace.steps].count("Fear roll") == 0


def test_spread_rolls_fear_once_for_each_enemy_fear_figure():  # R-SMB-03, R-SMB-P04
    a = [fig("X", "gunslinger", "spread"), fig("Ghost", "brawler", "fear")]
    b = [fig("Y", "brawler", "fear"), fig("Z", "brawler", "fear"), fig("W")]
    # Y: fear 4 then attack 6; Z: fear 2 (lost); Ghost (a friend): no fear roll, attack 1;
    # W: attack 4.
    state, o = _attack(a, b, 4, 6, 2, 1, 4, ranged=True, spread=True, near=("z", "ghost", "w"))
    titles = [s.title for s in o.trace.steps if s.roll is not None]
    assert titles == ["Fear roll", "Attack roll", "Fear roll", "Attack roll", "Attack roll"]
    after = apply(state, o)
    assert [after.fighter(i).out for i in ("y", "z", "ghost", "w")] == [True, False, False, True]
    assert "Z: lost to Fear" in o.summary


def _defeated(state):
    return frozenset(f.id for f in state.fighters if f.out)


@pytest.mark.parametrize(
    ("a", "b", "opts"),
    [
        ([fig("X")], [fig("Y")], {}),
        ([fig("X", "elite", "brutal")], [fig("Y", "brawler", "armor")], {}),
        ([fig("X", "gunslinger", "heavy")], [fig("Y", "brawler", "armor")], {"ranged": True}),
        ([fig("X", "brawler", "talented")], [fig("Y", "brawler", "fear", "armor")], {}),
        (
            [fig("X", "shooter", "spread"), fig("P")],
            [fig("Y", "brawler", "fear"), fig("Z", "brawler", "armor")],
            {"ranged": True, "spread": True, "near": ("z", "p")},
        ),
    ],
)
def test_odds_equal_brute_force_over_every_die(a, b, opts):
    state = game(a, b, active="x")
    request = req("attack", "x", "y", **opts)
    brute = resolved(SMB, state, request, lambda o: _defeated(apply(state, o)))
    trace = SMB.odds(state, request)
    names = {f.id: f.name for f in state.fighters}
    if len(trace.odds) and "figures defeated" in trace.odds[0].text:
        by_n: dict[int, Fraction] = {}
        for k, p in brute.items():
            by_n[len(k)] = by_n.get(len(k), Fraction(0)) + p
        assert {int(label.split()[0]): p for label, p in trace.chances} == by_n
    else:
        won = sum((p for k, p in brute.items() if "y" in k), Fraction(0))
        assert dict(trace.chances)[f"{names['y']}: defeated"] == won
    assert sum(p for _, p in trace.chances) == 1


def test_odds_say_what_a_reroll_would_change():  # R-SMB-02
    state = game([fig("X")], [fig("Y")], active="x", rerolls=(2, 0))
    trace = SMB.odds(state, req("attack", "x", "y"))
    line = next(s for s in trace.steps if s.title == "With a reroll")
    # 2 dice at 4+: 3/4; with one reroll of a miss: 3/4 + 1/4 * 3/4 = 15/16.
    assert "75% (3/4) to 93.8% (15/16)" in line.outcome
    none = SMB.odds(game([fig("X")], [fig("Y")], active="x"), req("attack", "x", "y"))
    assert "no rerolls left" in next(s for s in none.steps if s.title == "With a reroll").outcome


def test_skill_odds_talented():  # R-SMB-01
    state = game([fig("X", "brawler", "talented")], [fig("Y")], active="x")
    trace = SMB.odds(state, req("skill", "x"))
    assert dict(trace.chances) == {"success": Fraction(3, 4), "failure": Fraction(1, 4)}


def test_skill_odds_are_the_count_of_the_rolled_skill_roll():  # R-SMB-01
    state = game([fig("X", "brawler", "talented")], [fig("Y")], active="x")
    request = req("skill", "x")
    brute = resolved(SMB, state, request, lambda o: str(o.counting.row.text))
    assert (
        dict(SMB.odds(state, request).chances)
        == brute
        == {
            "success": Fraction(3, 4),
            "failure": Fraction(1, 4),
        }
    )


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ([fig("X", "shooter")], [fig("Y")]),
        ([fig("X", "shooter")], [fig("Y", "brawler", "fear", "armor")]),
    ],
)
def test_reroll_odds_are_the_count_of_an_attack_then_its_reroll(a, b):  # R-SMB-02
    from companion.systems.smbfat.actions import rerollable
    from companion.systems.smbfat.attack import went_wrong

    # Every dice sequence through the real attack and, when a roll went wrong, the real
    # reroll the table would ask for: Y falls as often as the odds say it does with one.
    state = game(a, b, active="x", rerolls=(1, 0))
    attack = req("attack", "x", "y")

    def run(dice):
        after = apply(state, SMB.resolve(state, attack, dice))
        if any(went_wrong(r) for _, r in rerollable(after, 0)):
            after = apply(after, SMB.resolve(after, req("reroll", "x"), dice))
        return after.fighter("y").out

    with_one = brute_force(run)[True]
    step = next(s for s in SMB.odds(state, attack).steps if s.title == "With a reroll")
    assert step.probability == with_one


def test_odds_may_be_asked_out_of_turn_and_after_the_one_thing():
    from dataclasses import replace

    state = game([fig("X")], [fig("Y"), fig("Z")], active="x")
    done = apply(state, roll(state, req("attack", "x", "z"), 1, 1))
    # X has made its attack, and then it is nobody's turn, and then the game is over.
    for now in (done, replace(done, active=None), replace(done, phase="ended")):
        table = dict(SMB.odds(now, req("attack", "x", "y")).chances)
        assert table == {"Y: defeated": Fraction(3, 4), "Y: missed": Fraction(1, 4)}
        assert dict(SMB.odds(now, req("skill", "x")).chances)["success"] == Fraction(1, 2)
    with pytest.raises(RefusedError, match="already made its attack"):
        roll(done, req("attack", "x", "y"), 6, 6)
