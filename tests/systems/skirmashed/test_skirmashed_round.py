"""The SKIRMASHED round with fixed dice: the stamina check at each boundary and the 20, a
whole round with one side exhausted first, the next round's first player, set-up and the
end of the game."""

from __future__ import annotations

from dataclasses import replace

import pytest
from brute_force import PrefixDice
from skirmashed_helpers import SKM, apply, attack, fig, game, set_fig

from companion.errors import RefusedError
from companion.systems.base import ActionRequest


def activate_and_end(state, fid, check):
    """Activate `fid`, then end its activation with the stamina-check dice `check`."""
    state = apply(state, SKM.activate(state, fid))
    return apply(state, SKM.end_activation(state, PrefixDice(check)))


@pytest.mark.parametrize(
    ("stamina", "dice", "exhausted", "again"),
    [
        (10, [5, 5], True, False),  # equal to Stamina: exhausted
        (10, [5, 4], True, False),  # below
        (10, [5, 6], False, False),  # above: may activate again
        (10, [10, 10], False, True),  # a 20: again at once (R-SKM-04)
        (19, [9, 10], True, False),
        (19, [10, 10], False, True),
        (2, [1, 1], True, False),
        (2, [1, 2], False, False),
    ],
)
def test_stamina_check_boundaries(stamina, dice, exhausted, again):
    state = game([fig("A", sta=stamina), fig("C")], [fig("B")])
    after = activate_and_end(state, "a", dice)
    assert after.fighter("a").token is exhausted
    assert (after.flags.get("must_activate") == "a") is again
    assert after.active is None


def test_a_20_activates_the_figure_again_at_once():
    state = game([fig("A"), fig("C")], [fig("B")])
    state = activate_and_end(state, "a", [10, 10])
    assert SKM.next_side(state) == 0
    assert not SKM.can_activate(state, state.fighter("c"))
    # ... or lets that activation go (R-SKM-P12), which the refusal says how to do.
    with pytest.raises(RefusedError, match=r"activates again at once.*'companion act A pass'"):
        SKM.activate(state, "c")
    state = apply(state, SKM.activate(state, "a"))
    assert state.flags.get("must_activate") is None
    state = apply(state, SKM.end_activation(state, PrefixDice([6, 6])))
    assert SKM.next_side(state) == 1


def test_the_extra_activation_may_be_let_go():
    # R-SKM-P12: pass clears it; the other side is next and the figure is still fresh.
    state = game([fig("A"), fig("C")], [fig("B")])
    state = activate_and_end(state, "a", [10, 10])
    assert SKM.actions_for(state, state.fighter("a")) == ("pass",)
    state = apply(state, SKM.resolve(state, ActionRequest("pass", "a"), PrefixDice([])))
    assert "must_activate" not in state.flags and SKM.next_side(state) == 1
    assert SKM.turns.can_activate(state, state.fighter("a"))


def test_a_20_after_an_active_block_only_leaves_the_figure_fresh():
    # R-SKM-P04: no activation in the middle of the enemy's.
    state = game([fig("A", fp=1)], [fig("B", man=5)], active="a")
    o = SKM.resolve(state, attack("a", "b", ranged=True, block=True), PrefixDice([1, 10, 10]))
    after = apply(state, o)
    assert not after.fighter("b").token and "must_activate" not in after.flags
    assert any(s.rulings == ("R-SKM-P04",) for s in o.trace.steps)


def test_a_whole_round_one_side_exhausted_first():
    state = game([fig("A1"), fig("A2")], [fig("B1"), fig("B2")])
    assert SKM.next_side(state) == 0
    state = activate_and_end(state, "a1", [2, 2])  # exhausted
    assert SKM.next_side(state) == 1
    state = activate_and_end(state, "b1", [9, 9])  # fresh
    assert SKM.next_side(state) == 0
    with pytest.raises(RefusedError, match="cannot activate again"):
        SKM.activate(state, "a1")
    state = activate_and_end(state, "a2", [1, 1])  # exhausted: side A is done
    # Side B's fresh figures each activate once more (or pass); then the round is over.
    assert SKM.next_side(state) == 1
    assert SKM.actions_for(state, state.fighter("b2")) == ("pass",)
    state = activate_and_end(state, "b1", [9, 9])  # fresh, but its last activation is taken
    with pytest.raises(RefusedError, match="cannot activate again"):
        SKM.activate(state, "b1")
    state = apply(state, SKM.resolve(state, ActionRequest("pass", "b2"), PrefixDice([])))
    assert SKM.next_side(state) is None
    # Round 2: B activated last, so A goes first; every token is off.
    o = SKM.next_turn(state, PrefixDice([]))
    state = apply(state, o)
    assert state.turn == 2 and state.initiative == 0
    assert not any(f.token or f.flags for f in state.fighters)


def test_a_20_on_a_final_activation_gives_one_more():
    # R-SKM-P07.
    state = game([fig("A1")], [fig("B1"), fig("B2")])
    state = activate_and_end(state, "a1", [1, 1])
    state = activate_and_end(state, "b1", [10, 10])
    assert state.flags.get("must_activate") == "b1"
    state = activate_and_end(state, "b1", [9, 9])
    with pytest.raises(RefusedError):
        SKM.activate(state, "b1")


def test_the_dead_count_as_exhausted():
    # R-SKM-P02: A's only living figure exhausted, the other dead: B takes final activations.
    state = set_fig(game([fig("A1"), fig("A2")], [fig("B1")]), "a2", status="out")
    state = activate_and_end(state, "a1", [1, 1])
    assert SKM.turns.last_chance_side(state) == 1


def test_round_one_first_player_from_the_setup_roll_off_ties_rolled_again():
    rosters = SKM.sample_rosters()
    state = SKM.new_game(rosters, "skirmish", {})
    o = SKM.setup_roll(state, PrefixDice([7, 7, 3, 8]))  # tie, then B wins (R-SKM-P01)
    assert o.data["first"] == 1 and o.data["board"] == "2'x2'"
    assert [s.title for s in o.trace.steps].count("Tie") == 1
    state = apply(state, o)
    o = SKM.next_turn(state, PrefixDice([]))
    assert o.data["initiative"] == 1


def test_board_grows_with_the_warband():
    rosters = [replace(r, fighters=r.fighters * 2) for r in SKM.sample_rosters()]
    state = SKM.new_game(rosters, "skirmish", {})
    o = SKM.setup_roll(state, PrefixDice([1, 2]))
    assert o.data["board"] == "4'x2'" and "long edge" in o.trace.steps[0].outcome


def test_without_a_setup_roll_round_one_rolls_a_d10_off():
    state = SKM.new_game(SKM.sample_rosters(), "skirmish", {})
    o = SKM.next_turn(state, PrefixDice([10, 9]))
    assert o.data["initiative"] == 0


def end_of_game(dead_a, dead_b):
    state = game([fig("A1"), fig("A2")], [fig("B1"), fig("B2")])
    for fid in dead_a + dead_b:
        state = set_fig(state, fid, status="out")
    state = replace(state, turn=4)
    return apply(state, SKM.next_turn(state, PrefixDice([])))


def test_after_round_four_more_casualties_lose():
    after = end_of_game(["a1"], ["b1", "b2"])
    assert after.phase == "ended" and after.result == "A win: B took more casualties (A 1, B 2)"
    assert "Casualties: A 1, B 2" in SKM.status_lines(after)


def test_equal_casualties_draw():
    # R-SKM-P03.
    after = end_of_game(["a1"], ["b1"])
    assert after.result == "draw: both sides took 1 casualty"


def test_the_game_does_not_end_before_round_four():
    state = replace(game([fig("A")], [fig("B")]), turn=3)
    after = apply(state, SKM.next_turn(state, PrefixDice([])))
    assert after.phase == "action" and after.turn == 4


def test_last_round_clears_exhaustion():
    state = set_fig(replace(game([fig("A")], [fig("B")]), turn=4), "a", token=True)
    after = apply(state, SKM.next_turn(state, PrefixDice([])))
    assert after.phase == "ended" and not after.fighter("a").token


def test_a_20_after_shooting_a_charger_only_leaves_the_shooter_fresh():
    # R-SKM-P04: the charge goes on; the shooter does not activate in the middle of it.
    state = game([fig("A", fight=1, sta=19)], [fig("B", fp=1, boom=9)], active="a")
    state = apply(state, SKM.resolve(state, ActionRequest("move", "a"), PrefixDice([1])))
    req = attack("a", "b", charging=True, shoot_first=True)
    o = SKM.resolve(state, req, PrefixDice([2, 10, 10, 1]))  # miss; 20; the blow misses
    after = apply(state, o)
    assert not after.fighter("b").token and "must_activate" not in after.flags
    assert [s.title for s in o.trace.steps][:4] == [
        "Shooting the charger",
        "To hit (shooting)",
        "Block",
        "Damage",
    ]
    assert "A 20" in [s.title for s in o.trace.steps]


def test_no_stamina_check_once_the_game_is_over():
    # R-SKM-P08: the shot that wipes out the last enemy ends the game mid-activation.
    state = game([fig("A", fp=1, boom=5)], [fig("B", man=2, sta=5)], active="a")
    state = apply(state, SKM.resolve(state, attack("a", "b", ranged=True), PrefixDice([9, 1])))
    assert state.phase == "ended"
    end = SKM.end_activation(state, PrefixDice([]))
    assert "game is over" in end.trace.steps[0].outcome
