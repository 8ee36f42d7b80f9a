"""SKIRMASHED rules, hand-worked from the text with fixed dice: every hit and block
modifier, naturals, the armour-piercing step, damage, killing and the stamina check."""

from __future__ import annotations

import pytest
from brute_force import PrefixDice
from skirmashed_helpers import SKM, apply, attack, fig, game, set_fig

from companion.errors import RefusedError, UsageError
from companion.systems.base import ActionRequest
from companion.systems.records import Question
from companion.systems.skirmashed.attack import Attack, Figure, armour_piercing, block_target
from companion.systems.skirmashed.data import load
from companion.values import replace

D = load()


def shoot(state, dice, actor="a", target="b", **opts):
    """Resolve a ranged attack with fixed dice; returns (outcome, state after)."""
    o = SKM.resolve(state, attack(actor, target, ranged=True, **opts), PrefixDice(dice))
    return o, apply(state, o)


def hit_step(outcome):
    return next(s for s in outcome.trace.steps if s.title.startswith("To hit"))


def block_step(outcome):
    return next(s for s in outcome.trace.steps if s.title == "Block")


def duel(a=None, b=None, **kw):
    return game([a or fig("A")], [b or fig("B")], active="a", **kw)


def moved(state, fid="a"):
    """The active figure after a move: only a move or a run makes a charge (R-SKM-P13)."""
    return apply(state, SKM.resolve(state, ActionRequest("move", fid), PrefixDice([1])))


# --- hitting -------------------------------------------------------------------------


def test_ranged_hit_needs_above_boom():
    o, _ = shoot(duel(a=fig("A", fp=2, boom=5)), [6, 5, 1, 1])
    assert hit_step(o).target == 5 and hit_step(o).successes == 1


def test_focus_takes_one_off_boom():
    state = duel(a=fig("A", fp=2, boom=5))
    state = apply(state, SKM.resolve(state, ActionRequest("focus", "a"), PrefixDice([])))
    o, _ = shoot(state, [5, 4, 1])
    assert hit_step(o).target == 4 and hit_step(o).successes == 1


@pytest.mark.parametrize(
    ("inches", "need"),
    [(0, 4), (6, 4), (7, 5), (24, 5), (25, 6)],
)
def test_range_bands_move_boom(inches, need):
    # Exactly 6" is within 6"; exactly 24" is not outside 24" (R-SKM-P09).
    o, _ = shoot(duel(a=fig("A", fp=1, boom=5)), [2], range=inches)
    assert hit_step(o).target == need


@pytest.mark.parametrize(("band", "need"), [("short", 4), ("normal", 5), ("long", 6)])
def test_range_band_instead_of_inches(band, need):
    o, _ = shoot(duel(a=fig("A", fp=1, boom=5)), [2], band=band)
    assert hit_step(o).target == need


def test_inches_and_band_together_are_refused():
    with pytest.raises(UsageError, match="not both"):
        shoot(duel(), [2], band="short", range=3)


def test_no_range_given_means_no_range_modifier():
    o, _ = shoot(duel(a=fig("A", fp=1, boom=5)), [2])
    assert hit_step(o).target == 5


def test_natural_ten_always_hits_and_one_always_misses():
    # Boom 9 +1 beyond 24" = 10: only a natural 10 hits (R-SKM-03).
    o, _ = shoot(duel(a=fig("A", fp=3, boom=9), b=fig("B", man=9)), [10, 9, 9, 1], range=30)
    assert hit_step(o).target == 10 and hit_step(o).successes == 1
    # Melee Hack 1 for a charging fighter: 1 -2 -2 = -3, yet a natural 1 misses.
    a = fig("A", fight=2, hack=1, rank="fighter")
    state = duel(a=a, b=fig("B", man=9))
    o = SKM.resolve(moved(state), attack("a", "b", charging=True), PrefixDice([1, 2, 9]))
    assert hit_step(o).target == -3 and hit_step(o).successes == 1


def test_melee_hit_modifiers_fighter_focus_charging():
    a = fig("A", fight=1, hack=7, rank="fighter")
    state = duel(a=a)
    o = SKM.resolve(moved(state), attack("a", "b", charging=True), PrefixDice([3]))
    # Hack 7 -2 fighter -2 charging = 3: a 3 misses.
    assert hit_step(o).target == 3 and hit_step(o).successes == 0
    state = apply(state, SKM.resolve(state, ActionRequest("focus", "a"), PrefixDice([])))
    o = SKM.resolve(state, attack("a", "b"), PrefixDice([5, 1]))
    # Hack 7 -2 fighter -1 focused = 4: a 5 hits. A focus gives up the move, so it
    # never comes with a charge (R-SKM-P13).
    assert hit_step(o).target == 4 and hit_step(o).successes == 1


def test_a_run_makes_the_melee_a_charge():
    # R-SKM-P10: after a run the melee attack is a charge, -2 to Hack.
    state = duel(a=fig("A", fight=1, hack=6))
    state = apply(state, SKM.resolve(state, ActionRequest("run", "a"), PrefixDice([3, 4])))
    o = SKM.resolve(state, attack("a", "b"), PrefixDice([5, 1]))
    assert hit_step(o).target == 4


def test_shooter_modifiers_do_not_apply_to_melee():
    o = SKM.resolve(duel(a=fig("A", fight=1, hack=6)), attack("a", "b"), PrefixDice([6]))
    assert hit_step(o).target == 6 and hit_step(o).successes == 0


# --- blocking ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("power", "manoeuvre", "bonus"),
    [(6, 5, 0), (5, 5, 1), (4, 5, 2), (3, 6, 3), (2, 6, 3), (4, 9, 3), (5, 9, 2)],
)
def test_armour_piercing_takes_the_one_best_fit(power, manoeuvre, bonus):
    # R-SKM-02: equal +1, less +2, half or less +3, never added together.
    assert armour_piercing(D, power, manoeuvre)[0] == bonus


def test_block_modifiers_add_exhausted_cover_and_active_block():
    a = Figure("a", "A", {"firepower": 9, "fight": 9}, False)
    t = Figure("t", "T", {"manoeuvre": 6}, False, exhausted=True)
    base = Attack(a, t, ranged=True)
    assert block_target(D, base, t)[0] == 7  # +1 exhausted
    assert block_target(D, Attack(a, t, ranged=True, cover="soft"), t)[0] == 5
    assert block_target(D, Attack(a, t, ranged=True, cover="hard"), t)[0] == 3
    assert block_target(D, Attack(a, t, ranged=True, blocking=True), t)[0] == 5
    # Cover does not count in melee.
    assert block_target(D, Attack(a, t, ranged=False, cover="hard"), t)[0] == 7


def test_block_needs_above_modified_manoeuvre():
    # FP 2 against Manoeuvre 2: +1 (equal), so blocks need above 3.
    o, after = shoot(duel(a=fig("A", fp=2, boom=5), b=fig("B", man=2)), [9, 9, 4, 3])
    assert block_step(o).target == 3 and block_step(o).successes == 1
    assert after.fighter("b").wounds == 5


def test_block_impossible_at_ten_and_automatic_at_zero():
    # R-SKM-03: no natural results on block dice. Manoeuvre 9 +3 (FP 1 is half or less) = 12.
    # No block die could change that, so none is asked for.
    o, after = shoot(duel(a=fig("A", fp=1, boom=2), b=fig("B", man=9)), [9])
    assert block_step(o).roll is None and "no block dice rolled" in block_step(o).outcome
    assert "= 12: 12 or more on a D10" in block_step(o).notes[0]
    assert after.fighter("b").wounds == 2
    # Manoeuvre 2 -2 actively blocking = 0 (FP 3 is above it): any die, a 1 too, blocks,
    # so again no block die; then the blocker's stamina check (3+3).
    o, after = shoot(duel(a=fig("A", fp=3, boom=2), b=fig("B", man=2)), [9, 1, 1, 3, 3], block=True)
    assert (
        block_step(o).roll is None
        and "every hit is blocked (1 of 1 blocked)" in block_step(o).outcome
    )
    assert hit_step(o).successes == 1 and after.fighter("b").wounds == 0


def test_active_block_needs_a_fresh_target_and_then_checks_stamina():
    state = set_fig(duel(), "b", token=True)
    with pytest.raises(RefusedError, match="exhausted"):
        SKM.resolve(state, attack("a", "b", ranged=True, block=True), PrefixDice([]))
    # Fresh: Manoeuvre 5 -2 blocking = 3 (FP 6 is above it); then its stamina check:
    # 5+5 = 10, at or below Stamina 10: exhausted.
    o, after = shoot(duel(a=fig("A", fp=6)), [6, 1, 1, 1, 1, 1, 4, 5, 5], block=True)
    assert block_step(o).target == 3 and block_step(o).successes == 1
    assert after.fighter("b").token is True
    assert [s.title for s in o.trace.steps][-1] == "Stamina check"


# --- damage and killing ----------------------------------------------------------------


def test_each_unblocked_shot_does_unmodified_boom():
    # R-SKM-05: Boom 4 within 6" hits above 3, but each hit still does 4.
    o, after = shoot(
        duel(a=fig("A", fp=2, boom=4), b=fig("B", man=2, sta=12)), [4, 4, 1, 1], range=3
    )
    assert hit_step(o).target == 3 and o.data["damage"] == 8
    assert after.fighter("b").wounds == 8 and not after.fighter("b").out


def test_damage_reaching_stamina_kills_and_one_less_does_not():
    state = set_fig(duel(a=fig("A", fp=1, boom=5), b=fig("B", man=2, sta=10)), "b", wounds=4)
    _, after = shoot(state, [9, 1])
    assert after.fighter("b").wounds == 9 and not after.fighter("b").out
    state = set_fig(state, "b", wounds=5)
    o, after = shoot(state, [9, 1])
    assert after.fighter("b").out and o.data["killed"] is True


def test_melee_damage_is_hack_unless_the_literal_option():
    # R-SKM-01: Hack by default; melee-damage-boom plays the text's Boom!.
    state = duel(a=fig("A", fight=1, hack=3, boom=7), b=fig("B", man=1, sta=19))
    o = SKM.resolve(state, attack("a", "b"), PrefixDice([9, 1]))
    assert o.data["damage"] == 3
    o = SKM.resolve(state, attack("a", "b", melee_damage_boom=True), PrefixDice([9, 1]))
    assert o.data["damage"] == 7


def test_a_side_wiped_out_ends_the_game():
    # R-SKM-P08: no casualty can change once a side is gone.
    o, after = shoot(duel(a=fig("A", fp=1, boom=5), b=fig("B", man=2, sta=5)), [9, 1])
    assert after.phase == "ended" and after.result == "A win: B took more casualties (A 0, B 1)"


# --- who may attack whom ------------------------------------------------------------------


def test_a_fighter_cannot_shoot_at_all():
    state = duel(a=fig("A", rank="fighter"))
    with pytest.raises(RefusedError, match="no ranged attack"):
        SKM.resolve(state, attack("a", "b", ranged=True), PrefixDice([]))


def test_no_shooting_with_an_enemy_in_base_contact():
    with pytest.raises(RefusedError, match="base contact"):
        SKM.resolve(duel(), attack("a", "b", ranged=True, engaged=True), PrefixDice([]))


def test_unknown_facts_are_refused_with_the_known_list():
    with pytest.raises(UsageError, match="known: ranged, range, band, cover"):
        SKM.resolve(duel(), attack("a", "b", splash="x"), PrefixDice([]))


def test_activation_orders():
    # R-SKM-P05: move then attack, attack then move, focus then attack, run then melee.
    state = duel()
    assert SKM.actions_for(state, state.fighter("a")) == ("move", "attack", "focus", "run")
    ran = apply(state, SKM.resolve(state, ActionRequest("run", "a"), PrefixDice([1, 1])))
    assert SKM.actions_for(ran, ran.fighter("a")) == ("attack",)
    with pytest.raises(RefusedError, match="melee"):
        SKM.resolve(ran, attack("a", "b", ranged=True), PrefixDice([]))
    focused = apply(state, SKM.resolve(state, ActionRequest("focus", "a"), PrefixDice([])))
    with pytest.raises(RefusedError, match="gives up its move"):
        SKM.resolve(focused, ActionRequest("move", "a"), PrefixDice([3]))
    shot = apply(state, SKM.resolve(state, attack("a", "b", ranged=True), PrefixDice([1] * 5)))
    assert SKM.actions_for(shot, shot.fighter("a")) == ("move",)
    moved = apply(shot, SKM.resolve(shot, ActionRequest("move", "a"), PrefixDice([3])))
    assert SKM.actions_for(moved, moved.fighter("a")) == ()
    with pytest.raises(RefusedError, match="complete"):
        SKM.resolve(moved, attack("a", "b", ranged=True), PrefixDice([]))


def test_move_and_run_distances():
    state = duel(a=fig("A", man=4))
    o = SKM.resolve(state, ActionRequest("move", "a"), PrefixDice([7]))
    assert o.data["inches"] == 11
    o = SKM.resolve(state, ActionRequest("run", "a"), PrefixDice([7, 9]))
    assert o.data["inches"] == 20


def test_only_the_active_figure_acts():
    state = game([fig("A"), fig("C")], [fig("B")], active="a")
    with pytest.raises(RefusedError, match="not activating"):
        SKM.resolve(state, ActionRequest("move", "c"), PrefixDice([3]))


# --- shooting a charger --------------------------------------------------------------------


def test_charged_figure_shoots_first_unmodified_then_checks_stamina():
    # R-SKM-P06: Boom 5 with no modifiers even within 6"; the charger has no cover.
    a = fig("A", man=5, fight=1, hack=5, sta=10)
    b = fig("B", man=5, fp=1, boom=5, sta=10)
    state = duel(a=a, b=b)
    dice = [6, 1, 6, 6, 9, 1]  # shot hits, not blocked; 6+6 = 12 > 10 fresh; blow hits
    o = SKM.resolve(
        moved(state), attack("a", "b", charging=True, shoot_first=True), PrefixDice(dice)
    )
    titles = [s.title for s in o.trace.steps]
    assert titles == ["Shooting the charger", "To hit (shooting)", "Block", "Damage"] + [
        "Stamina check",
        "To hit (melee)",
        "Block",
        "Damage",
    ]
    steps = o.trace.steps
    assert steps[1].target == 5 and steps[2].target == 8  # Man 5 +3: FP 1 is half or less
    after = apply(state, o)
    assert after.fighter("a").wounds == 5 and after.fighter("b").wounds == 5


def test_a_charger_shot_down_never_strikes():
    state = duel(a=fig("A", sta=5), b=fig("B", fp=1, boom=5))
    o = SKM.resolve(
        moved(state), attack("a", "b", charging=True, shoot_first=True), PrefixDice([9, 1, 6, 6])
    )
    after = apply(state, o)
    assert after.fighter("a").out and after.fighter("b").wounds == 0
    assert "shot down" in o.summary


def test_an_exhausted_shooter_blocks_worse():
    # The shooter's check exhausts it (3+3 <= 10): +1 to its blocks against the charge.
    state = duel(a=fig("A", fight=1, hack=5), b=fig("B", man=5, fp=1, boom=5))
    o = SKM.resolve(
        moved(state),
        attack("a", "b", charging=True, shoot_first=True),
        PrefixDice([2, 3, 3, 9, 9]),
    )
    block = [s for s in o.trace.steps if s.title == "Block"][-1]
    assert block.target == 5 + 3 + 1  # Fight 1 is half or less of 5: +3; exhausted +1
    assert apply(state, o).fighter("b").token is True


def test_only_a_fresh_non_fighter_may_shoot_a_charger():
    state = duel(b=fig("B", rank="fighter"))
    with pytest.raises(RefusedError, match="fighter"):
        SKM.resolve(moved(state), attack("a", "b", charging=True, shoot_first=True), PrefixDice([]))
    state = set_fig(duel(), "b", token=True)
    with pytest.raises(RefusedError, match="exhausted"):
        SKM.resolve(moved(state), attack("a", "b", charging=True, shoot_first=True), PrefixDice([]))
    req = attack("a", "b", charging=True, shoot_first=True, target_engaged=True)
    with pytest.raises(RefusedError, match="another enemy in base contact"):
        SKM.resolve(moved(duel()), req, PrefixDice([]))


def test_a_charger_may_actively_block_the_shot_and_checks_at_once():
    # R-SKM-P11: -2 to its blocks against the shot, its check straight after, then the charge.
    a = fig("A", man=5, fight=1, hack=5, sta=10)
    b = fig("B", man=5, fp=6, boom=5, sta=10)
    state = duel(a=a, b=b)
    # Shot: one hit (6) and five misses; the charger blocks above 5 -2 = 3 with a 4. Its
    # check 2+2 <= 10: exhausted. The shooter's check 9+9: fresh. The blow: 1 misses.
    dice = [6, 1, 1, 1, 1, 1, 4, 2, 2, 9, 9, 1]
    req = attack("a", "b", charging=True, shoot_first=True, charger_blocks=True)
    o = SKM.resolve(moved(state), req, PrefixDice(dice))
    blocks = [s for s in o.trace.steps if s.title == "Block"]
    assert blocks[0].target == 3 and blocks[0].successes == 1
    checks = [s for s in o.trace.steps if s.title == "Stamina check"]
    assert [c.roll.who for c in checks] == ["A", "B"]
    after = apply(state, o)
    assert after.fighter("a").token is True and not after.fighter("b").token
    # Its own end-of-activation check is not taken again.
    end = SKM.end_activation(after, PrefixDice([]))
    assert "already exhausted" in end.trace.steps[0].outcome


def test_play_asks_only_what_applies_to_the_figure():
    spec = SKM.declared_actions()["attack"]
    state = moved(duel(a=fig("A", rank="fighter")))
    asked = [f.key for f in spec.facts if SKM.asks(Question(state, state.fighter("a"), f, {}))]
    assert "ranged" not in asked and "cover" not in asked and "charging" in asked
    state = duel()
    state = apply(state, SKM.resolve(state, ActionRequest("run", "a"), PrefixDice([1, 1])))
    a = state.fighter("a")
    asked = [f.key for f in spec.facts if SKM.asks(Question(state, a, f, {}))]
    assert "ranged" not in asked and "charging" not in asked and "shoot_first" in asked


def test_play_does_not_ask_what_the_target_cannot_do():
    # An exhausted target neither blocks actively nor shoots a charger, and a fighter
    # has no shot: play leaves those questions out once the target is chosen.
    spec = SKM.declared_actions()["attack"]
    state = duel()
    state = apply(state, SKM.resolve(state, ActionRequest("run", "a"), PrefixDice([1, 1])))
    a, b = state.fighter("a"), state.fighter("b")

    def asked(target):
        return [f.key for f in spec.facts if SKM.asks(Question(state, a, f, {}, target))]

    assert {"block", "shoot_first"} <= set(asked(b))
    tired = replace(b, token=True)
    assert "block" not in asked(tired) and "shoot_first" not in asked(tired)
    brawler = replace(b, rank="fighter")
    assert "block" in asked(brawler) and "shoot_first" not in asked(brawler)
