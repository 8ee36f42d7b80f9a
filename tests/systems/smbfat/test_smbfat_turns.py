"""The SMBFAT round, the Leader's extra turn, moves, skill rolls, rerolls, the end of the
game and the score, with fixed dice."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest
from smbfat_helpers import SMB, apply, fig, force, game, req, roll

from companion.dice import TypedDice
from companion.errors import RefusedError


def done(state):
    return apply(state, SMB.end_activation(state, TypedDice([])))


def turn(state, *dice):
    return apply(state, SMB.next_turn(state, TypedDice(list(dice))))


def _new(**opts):
    a = force("A", fig("Boss", "brawler", "leader"), *[fig(f"a {i}") for i in range(1, 7)])
    b = force("B", *[fig(f"b {i}") for i in range(1, 8)])
    return SMB.new_game([a, b], "battle", opts)


def test_each_round_starts_with_a_d6_roll_off_ties_rolled_again():
    state = _new()
    o = SMB.next_turn(state, TypedDice([3, 3, 2, 5]))
    assert [s.title for s in o.trace.steps][:3] == [
        "Roll to go first: A",
        "Roll to go first: B",
        "Tie",
    ]
    state = apply(state, o)
    assert (state.turn, state.initiative, SMB.next_side(state)) == (1, 1, 1)
    assert state.last_turn == 3


def test_one_force_takes_all_its_turns_then_the_other():
    state = turn(_new(), 6, 1)
    with pytest.raises(RefusedError, match="B of B must wait|must wait"):
        SMB.activate(state, "b-1")
    state = done(apply(state, SMB.activate(state, "a-1")))
    with pytest.raises(RefusedError, match="cannot activate again this round"):
        SMB.activate(state, "a-1")
    state = turn(state)  # A's turn is over: B's turn
    assert SMB.next_side(state) == 1 and state.turn == 1
    assert "turn taken" in SMB.fighter_flags(state.fighter("a-1"))
    state = turn(state, 2, 4)  # B's turn is over: round 2, B first
    assert (state.turn, state.initiative) == (2, 1)
    assert "turn taken" not in SMB.fighter_flags(state.fighter("a-1"))


def test_leader_gives_an_extra_turn_to_a_figure_that_already_had_one():
    state = turn(_new(), 6, 1)
    state = done(apply(state, SMB.activate(state, "a-1")))
    state = apply(state, SMB.activate(state, "boss"))
    o = SMB.end_activation(state, TypedDice([]))
    assert "may take a turn now" in o.summary
    state = apply(state, o)
    state = apply(state, SMB.activate(state, "a-1"))  # a second turn this round
    assert "extra turn" in SMB.fighter_flags(state.fighter("a-1"))
    state = done(state)
    with pytest.raises(RefusedError):  # R-SMB-P01: the extra turn grants no other
        SMB.activate(state, "a-1")


def _leader_then(second: str, **opts: str):
    """Round 1 with A first: the Leader's turn, then `second` takes the extra turn."""
    state = turn(_new(**opts), 6, 1)
    state = done(apply(state, SMB.activate(state, "boss")))
    return done(apply(state, SMB.activate(state, second)))


def test_the_leader_itself_may_take_the_extra_turn_but_it_does_not_chain():  # R-SMB-P01
    state = _leader_then("boss")
    assert state.flags.get("extra_turn") is None
    with pytest.raises(RefusedError):
        SMB.activate(state, "boss")


def test_option_leader_chain_lets_the_extra_turn_grant_another():
    state = _leader_then("boss", **{"leader-chain": "yes"})
    assert state.flags.get("extra_turn") == 0


def test_a_fresh_figure_taking_the_extra_turn_has_used_its_turn():  # R-SMB-P02
    state = _leader_then("a-2")
    with pytest.raises(RefusedError):
        SMB.activate(state, "a-2")


def test_option_extra_keeps_turn_leaves_the_fresh_figure_its_own_turn():
    state = _leader_then("a-2", **{"extra-keeps-turn": "yes"})
    state = apply(state, SMB.activate(state, "a-2"))
    assert state.active == "a-2"


def test_ending_the_side_turn_drops_an_unused_extra_turn():
    state = turn(_new(), 6, 1)
    state = done(apply(state, SMB.activate(state, "boss")))
    assert state.flags.get("extra_turn") == 0
    state = turn(state)
    assert state.flags.get("extra_turn") is None


def test_the_game_ends_after_round_3_with_the_score():  # R-SMB-04
    state = _new()
    for dice in ((6, 1), (), (6, 1), (), (6, 1), ()):
        state = turn(state, *dice)
    assert state.turn == 3
    state = replace(
        state,
        fighters=tuple(replace(f, status="out") if f.id == "b-1" else f for f in state.fighters),
    )
    o = SMB.next_turn(state, TypedDice([]))
    state = apply(state, o)
    assert state.phase == "ended"
    assert state.result.startswith("the game ends after round 3 — A win, A 3, B 0")
    with pytest.raises(RefusedError, match="the game is over"):
        SMB.next_turn(state, TypedDice([]))


def _last_one_standing():
    state = game([fig("X")], [fig("Y")], active="x")
    keep = {"x", "y"} | {f.id for f in state.fighters if f.side == 0}
    return replace(
        state,
        fighters=tuple(f if f.id in keep else replace(f, status="out") for f in state.fighters),
    )


def test_the_game_ends_at_once_when_a_force_has_no_figure_left():
    state = _last_one_standing()
    o = roll(state, req("attack", "x", "y"), 5, 1)
    after = apply(state, o)
    assert after.phase == "ended"
    assert "B have no figure left — A win, A 21, B 0" in after.result
    assert o.announcements and o.announcements[0].startswith("Game over")


def test_objectives_score_5_to_the_only_force_touching_each():  # R-SMB-04, R-SMB-P09
    state = apply(_last_one_standing(), roll(_last_one_standing(), req("attack", "x", "y"), 5, 1))
    o = SMB.resolve(
        state, req("objectives", "x", centre="X", left="X,a-1", right=""), TypedDice([])
    )
    after = apply(state, o)
    assert after.sides[0].vp == 21 + 5 + 5
    assert [s.outcome for s in o.trace.steps] == ["held by A", "held by A", "no figure touches it"]
    assert after.result == "B have no figure left — A win, A 31, B 0"


def test_objectives_contested_score_nothing_and_wait_for_the_end():
    state = game([fig("X")], [fig("Y")], active="x")
    with pytest.raises(RefusedError, match="objectives score at the end"):
        SMB.resolve(state, req("objectives", "x", centre="x"), TypedDice([]))
    state = replace(state, phase="ended", result="the game ends after round 3 — a draw, A 0, B 0")
    o = SMB.resolve(state, req("objectives", "x", centre="x,y", right="y"), TypedDice([]))
    after = apply(state, o)
    assert o.trace.steps[0].outcome == "contested: no one scores"
    assert (after.sides[0].vp, after.sides[1].vp) == (0, 5)
    assert after.result.startswith("the game ends after round 3 — B win, A 0, B 5")


def test_move_and_secondary_move_distances():
    state = game([fig("X"), fig("F", "brawler", "fast")], [fig("Y")], active="x")
    with pytest.raises(RefusedError, match='X moves up to 6", not 7"'):
        SMB.resolve(state, req("move", "x", inches=7), TypedDice([]))
    state = apply(state, SMB.resolve(state, req("move", "x", inches=6), TypedDice([])))
    with pytest.raises(RefusedError, match="already moved"):
        SMB.resolve(state, req("move", "x"), TypedDice([]))
    with pytest.raises(RefusedError, match='secondary move up to 3", not 4"'):
        SMB.resolve(state, req("secondary", "x", inches=4), TypedDice([]))
    state = apply(state, SMB.resolve(state, req("secondary", "x", inches=3), TypedDice([])))
    with pytest.raises(RefusedError, match="already made its secondary move"):
        roll(state, req("attack", "x", "y"), 6, 6)
    assert SMB.actions_for(state, state.fighter("x")) == []
    state = apply(done(state), SMB.activate(done(state), "f"))
    SMB.resolve(state, req("move", "f", inches=9), TypedDice([]))
    SMB.resolve(state, req("secondary", "f", inches=6), TypedDice([]))


def test_small_map_moves():
    state = game([fig("X"), fig("F", "brawler", "fast")], [fig("Y")], active="f", map="small")
    with pytest.raises(RefusedError, match='up to 5", not 6"'):
        SMB.resolve(state, req("move", "f", inches=6), TypedDice([]))
    with pytest.raises(RefusedError, match='up to 3", not 4"'):
        SMB.resolve(state, req("secondary", "f", inches=4), TypedDice([]))


def test_skill_roll_one_die_or_two_when_talented():  # R-SMB-01
    state = game([fig("X"), fig("T", "brawler", "talented")], [fig("Y")], active="x")
    assert roll(state, req("skill", "x", skill="open-door"), 3).summary.endswith("failure")
    state = apply(done(state), SMB.activate(done(state), "t"))
    o = roll(state, req("skill", "t"), 3, 4)
    assert o.summary.endswith("success") and o.trace.steps[0].roll.count == 2
    assert roll(state, req("skill", "t", roll=False)).summary.endswith("no skill roll needed.")


def test_menu_offers_the_actions_in_the_rules_order():
    state = game([fig("X")], [fig("Y")], active="x")
    assert SMB.actions_for(state, state.fighter("x")) == [
        "move", "secondary", "skill", "attack", "nothing",
    ]  # fmt: skip


def test_rerolls_spent_down_to_an_empty_pool():  # R-SMB-02
    state = game([fig("X", "shooter")], [fig("Y"), fig("Z")], active="x", rerolls=(2, 0))
    state = apply(state, roll(state, req("attack", "x", "y"), 2))
    assert "reroll" in SMB.actions_for(state, state.fighter("x"))
    assert "May be rerolled: 1: Attack roll against Y (failed)" in SMB.status_lines(state)
    o = roll(state, req("reroll", "x"), 3)
    state = apply(state, o)
    assert state.sides[0].flags["rerolls"] == 1 and not state.fighter("y").out
    # R-SMB-P05: the new roll stands.
    with pytest.raises(RefusedError, match="rerolled already"):
        roll(state, req("reroll", "x"), 6)
    state = apply(state, SMB.resolve(state, req("move", "x"), TypedDice([])))
    state = apply(done(state), SMB.activate(done(state), "a-1"))
    with pytest.raises(RefusedError, match="no roll to reroll"):
        roll(state, req("reroll", "a-1"), 6)
    state = apply(state, roll(state, req("attack", "a-1", "z"), 1, 1))
    state = apply(state, roll(state, req("reroll", "a-1"), 1, 4))
    assert state.sides[0].flags["rerolls"] == 0 and state.fighter("z").out
    assert state.sides[0].vp == 3
    assert "reroll" not in SMB.actions_for(state, state.fighter("a-1"))
    state = apply(done(state), SMB.activate(done(state), "a-2"))
    state = apply(state, roll(state, req("attack", "a-2", "y"), 1, 1))
    with pytest.raises(RefusedError, match="A have no rerolls left"):
        roll(state, req("reroll", "a-2"), 6)


def test_option_reroll_again():
    opts = {"reroll-again": "yes"}
    state = game([fig("X", "shooter")], [fig("Y")], active="x", rerolls=(2, 0), **opts)
    state = apply(state, roll(state, req("attack", "x", "y"), 2))
    state = apply(state, roll(state, req("reroll", "x"), 3))
    state = apply(state, roll(state, req("reroll", "x"), 6))
    assert state.fighter("y").out and state.sides[0].flags["rerolls"] == 0


def test_a_reroll_can_undo_a_defeat_and_reopen_the_game():
    state = _last_one_standing()
    state = replace(state, sides=(replace(state.sides[0], flags={"rerolls": 1}), state.sides[1]))
    state = apply(state, roll(state, req("attack", "x", "y"), 5, 1))
    assert state.phase == "ended"
    state = apply(state, roll(state, req("reroll", "x", roll=1), 1, 2))
    assert state.phase == "action" and not state.fighter("y").out and state.result is None
    assert state.sides[0].vp == 18  # the six others of B, defeated before


def test_rerolling_a_failed_fear_roll_makes_the_attack():  # R-SMB-P04
    state = game([fig("X")], [fig("Y", "brawler", "fear")], active="x", rerolls=(1, 0))
    state = apply(state, roll(state, req("attack", "x", "y"), 2))
    o = roll(state, req("reroll", "x", roll=1), 5, 4, 1)
    state = apply(state, o)
    assert [s.title for s in o.trace.steps[1:]] == ["Fear roll", "Attack roll"]
    assert state.fighter("y").out


def test_the_opponent_cannot_spend_rerolls_on_your_roll():  # R-SMB-P08
    state = game([fig("X")], [fig("Y")], active="x", rerolls=(0, 2))
    state = apply(state, roll(state, req("attack", "x", "y"), 5, 1))
    with pytest.raises(RefusedError, match="B have no roll to reroll"):
        roll(state, req("reroll", "y"), 1, 1)


def test_a_reroll_takes_the_last_failed_roll_unless_told():  # R-SMB-02
    a = [fig("X", "gunslinger", "spread")]
    b = [fig("Y"), fig("Z")]
    state = game(a, b, active="x", rerolls=(1, 0))
    state = apply(state, roll(state, req("attack", "x", "y", spread=True, near=("z",)), 2, 6))
    assert state.fighter("z").out and not state.fighter("y").out
    o = roll(state, req("reroll", "x"), 5)
    assert "roll 1" in o.trace.steps[0].outcome
    assert apply(state, o).fighter("y").out


def test_a_reroll_unasked_goes_to_the_last_roll_that_went_wrong():  # R-SMB-02
    # A Spread die that felled a friend went wrong for the force: it is the one rerolled.
    a = [fig("X", "gunslinger", "spread"), fig("Pal")]
    state = game(a, [fig("Y")], active="x", rerolls=(2, 0))
    caught = req("attack", "x", "y", spread=True, near=("pal",))
    hit_both = apply(state, roll(state, caught, 5, 6))
    assert (
        "May be rerolled: 1: Attack roll against Y (passed); 2: Attack roll against Pal "
        "(passed, a friend)" in SMB.status_lines(hit_both)
    )
    o = roll(hit_both, req("reroll", "x"), 1)
    assert "roll 2" in o.trace.steps[0].outcome
    after = apply(hit_both, o)
    # R-SMB-P06: Pal's fall had scored for B; taken back, B's 3 points go too.
    assert hit_both.sides[1].vp == 3
    assert after.fighter("y").out and not after.fighter("pal").out and after.sides[1].vp == 0
    # Nothing went wrong (Y felled, Pal spared): one unasked is refused, but a roll named
    # by its number may still be rerolled, so the legal actions (and play) hold it.
    good = apply(state, roll(state, caught, 5, 1))
    assert "reroll" in SMB.actions_for(good, good.fighter("x"))
    with pytest.raises(RefusedError, match="none of the latest rolls went wrong"):
        roll(good, req("reroll", "x"), 1)
    named = apply(good, roll(good, req("reroll", "x", roll=1), 1))
    assert not named.fighter("y").out and named.sides[0].flags["rerolls"] == 1


def test_reroll_odds_never_take_back_a_miss_on_a_friend():  # R-SMB-02
    from companion.systems.smbfat import attack as atk

    a = [fig("X", "gunslinger", "spread"), fig("Pal")]
    state = game(a, [fig("Y")], active="x", rerolls=(1, 0))
    spray = atk.build_attack(SMB.data, state, req("attack", "x", "y", spread=True, near=("pal",)))
    y, pal = atk.defeat_chances(spray, 1)
    # Y: 1/2 + 1/2 * 1/2 = 3/4 when its miss is rerolled first; Pal is felled 1/2 * 1/2 + ...
    assert y == Fraction(3, 4)
    # Pal is felled only if Y's die was good (no reroll spent) and Pal's two dice both hit,
    # or Y's die missed (reroll spent on Y) and Pal's one die hits: 1/2*1/4 + 1/2*1/2.
    assert pal == Fraction(3, 8)
