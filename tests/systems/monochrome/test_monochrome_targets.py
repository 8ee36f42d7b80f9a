"""Hunt and Exterminate: neutral targets placed at set-up, walked and fought (R-MON-P09)."""

from __future__ import annotations

import pytest
from brute_force import resolved
from monochrome_helpers import MONO, D, apply, fighter, game, req, roll, set_fighter

from companion.dice import TypedDice
from companion.errors import RefusedError, UsageError
from companion.names import fared
from companion.systems.monochrome import scoring

A = [
    fighter("Bob", "soldier", 5, 1),
    fighter("Sam", "soldier", 5, 1),
    fighter("Big", "mech", 12, 2),
]
B = [fighter("Brave", "warrior", 5, 1), fighter("Chief", "warrior", 7, 2)]


def test_hunt_places_the_target_monster():
    state = game(A, B, scenario="5-1-1")
    monster = state.fighter("target-monster")
    assert (monster.side, monster.stats["attack"], monster.stats["defence"]) == (2, 9, 4)
    assert MONO.next_side(state) == 0  # the targets' side never takes a turn


def test_exterminate_places_seven_target_warriors():
    state = game(A, B, scenario="6-1-1")
    warriors = [f for f in state.fighters if f.side == 2]
    assert len(warriors) == 7
    assert {(f.stats["attack"], f.stats["defence"]) for f in warriors} == {(5, 1)}


def test_the_monster_walks_to_the_closest_and_attacks():
    # Move a D6 toward Bob, then Attack 9 - Defence 1 = 8: a 4 stuns Bob.
    state = game(A, B, scenario="5-1-1", active="target-monster")
    out = roll(state, req("prowl", "target-monster", closest=("bob",), reach=True), 3, 2, 2)
    assert out.data["results"] == ("stunned",)
    assert 'up to 3"' in " ".join(s.outcome for s in out.trace.steps)
    after = apply(state, out)
    assert after.fighter("bob").flags["stunned"]
    with pytest.raises(RefusedError, match="already moved"):
        roll(after, req("prowl", "target-monster", closest=("bob",)), 1)


def test_targets_activate_once_the_side_has_activated_everyone():
    # R-MON-P09: the targets walk at the end of the turn; play offers them once the side
    # whose turn it is has no one left to activate, and the turn clears their tokens.
    state = game(A, B, scenario="5-1-1")
    for fid, action, dice in (("bob", "defend", ()), ("sam", "defend", ()), ("big", "walk", (2,))):
        state = apply(state, MONO.activate(state, fid))
        state = apply(state, roll(state, req(action, fid), *dice))
    assert MONO.next_side(state) == 2
    state = apply(state, MONO.activate(state, "target-monster"))
    monster = state.fighter("target-monster")
    assert MONO.actions_for(state, monster) == ("prowl",)
    state = apply(state, roll(state, req("prowl", "target-monster", closest=("bob",)), 4))
    assert MONO.actions_for(state, state.fighter("target-monster")) == ()
    assert MONO.next_side(state) is None
    with pytest.raises(RefusedError, match="cannot activate again"):
        MONO.activate(state, "target-monster")
    state = apply(state, MONO.next_turn(state, TypedDice([])))
    assert not any(f.token for f in state.fighters)
    assert MONO.next_side(state) == 1  # B's turn: the Monster waits for its end


def test_a_tie_for_closest_is_broken_with_a_die():
    state = game(A, B, scenario="5-1-1", active="target-monster")
    out = roll(
        state, req("prowl", "target-monster", closest=("bob", "brave"), reach=True), 4, 4, 1, 1
    )
    after = apply(state, out)
    # R-MON-P20: a D6, 1-3 the first named, 4-6 the second: the 4 picked Brave, the double
    # one killed it.
    assert after.fighter("brave").out
    # A target's kill is nobody's: no kill counted, no morale check owed.
    assert not after.sides[0].flags.get("kills") and not after.sides[1].flags.get("lost")


def test_a_targets_odds_are_its_move_walked_and_its_attack_shows_its_own():
    # The tie among two, the move and the attack: every way it ends, by what it says.
    state = game(A, B, scenario="5-1-1", active="target-monster")
    request = req("prowl", "target-monster", closest=("bob", "brave"), reach=True)
    brute = resolved(MONO, state, request, lambda o: o.summary)
    assert dict(MONO.odds(state, request).chances) == brute
    # A rolled attack shows the odds of its attack on the prey it picked.
    out = roll(state, request, 4, 4, 1, 1)
    alone = req("prowl", "target-monster", closest=("brave",), reach=True)
    on_brave = resolved(MONO, state, alone, lambda o: o.data["results"][0])
    assert dict(out.trace.chances) == {fared("Brave", k): p for k, p in on_brave.items()}


def test_a_target_that_cannot_reach_only_moves():
    state = game(A, B, scenario="5-1-1", active="target-monster")
    out = roll(state, req("prowl", "target-monster", closest=("sam",)), 6)
    assert "cannot reach" in out.summary
    assert "results" not in out.data


def test_prowl_is_for_targets_only_and_needs_the_closest():
    state = game(A, B, scenario="5-1-1", active="bob")
    with pytest.raises(RefusedError, match="not a neutral target"):
        roll(state, req("prowl", "bob", closest=("brave",)), 1)
    state = game(A, B, scenario="5-1-1", active="target-monster")
    with pytest.raises(UsageError, match="closest"):
        roll(state, req("prowl", "target-monster"), 1)


def test_killing_the_monster_scores_hunt():
    state = game(A, B, scenario="5-1-1", active="big")
    # Big (Attack 12) on the Monster (Defence 4): 8 or under; double one kills.
    after = apply(state, roll(state, req("shoot", "big", "target-monster"), 1, 1))
    assert after.fighter("target-monster").out
    assert scoring.score_one(after, D.objective("hunt")).side == 0
    assert not after.sides[0].flags.get("kills")  # not an enemy fighter


def test_exterminate_counts_each_side_kills():
    state = game(A, B, scenario="6-1-1", active="big")
    after = apply(state, roll(state, req("shoot", "big", "target-warrior-1"), 1, 1))
    assert after.sides[0].flags["claims"]["exterminate"] == 1
    assert scoring.score_one(after, D.objective("exterminate")).side == 0
    again = set_fighter(after, "big", attacked=None)
    after = apply(again, roll(again, req("shoot", "big", "target-warrior-2"), 1, 1))
    assert after.sides[0].flags["claims"]["exterminate"] == 2
