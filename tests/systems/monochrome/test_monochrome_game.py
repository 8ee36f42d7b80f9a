"""Monochrome games: set-up and the 3D6 scenario, whole side turns, morale, and scoring."""

from __future__ import annotations

import itertools
from dataclasses import replace

import pytest
from monochrome_helpers import MONO, D, apply, fighter, game, req, roll, set_fighter, set_side

from companion.dice import TypedDice
from companion.errors import RefusedError, UsageError
from companion.game.state import freeze
from companion.roster import Roster
from companion.systems.monochrome import scoring
from companion.systems.monochrome.turns import fixed_objectives
from companion.systems.records import Question

BLOOD = ["Kill, Maim, Burn!", "Assassinate", "Priority Targets", "Attrition", "Hunt", "Exterminate"]
TURF = ["Breakthrough", "Take Ground", "Raid", "Loot", "Territorial", "Patrol"]
INFAMY = [
    "Vandalise",
    "Desecrate",
    "Sending a Message",
    "Killing Them Softly",
    "Special Delivery",
    "Seize",
]
A = [fighter("Bob", "soldier", 5, 1), fighter("Sam", "soldier", 5, 1)]
B = [
    fighter("Brave", "warrior", 5, 1),
    fighter("Chief", "warrior", 7, 2),
    fighter("Ed", "drone", 3, 0),
]


def rosters():
    return [Roster("A", "monochrome", tuple(A)), Roster("B", "monochrome", tuple(B))]


def turn(state, *dice):
    src = TypedDice(list(dice))
    out = MONO.next_turn(state, src)
    src.finish()
    return out


@pytest.mark.parametrize(("b", "t", "i"), list(itertools.product(range(1, 7), repeat=3)))
def test_scenario_generator_maps_all_216_rolls(b, t, i):
    # R-MON-P10: Exterminate is the sixth Blood entry; physical dice read Blood, Turf, Infamy.
    labels = [BLOOD[b - 1], TURF[t - 1], INFAMY[i - 1]]
    fixed = fixed_objectives(D, f"{b}-{t}-{i}")
    assert fixed is not None and [D.objective(o).label for o in fixed] == labels
    state = MONO.new_game(rosters(), "objectives", {})
    out = MONO.setup_roll(state, TypedDice([2, 6, 1, b, t, i]))
    after = apply(state, out)
    assert [o.label for o in scoring.objectives(D, after)] == labels


def test_setup_deployment_rolloff_and_fate():
    state = MONO.new_game(rosters(), "no-scenario", {})
    assert [s.flags["fate"] for s in state.sides[:2]] == [2, 3]  # one per fighter
    out = MONO.setup_roll(state, TypedDice([4, 3, 3, 2, 5]))  # tie, then B wins
    after = apply(state, out)
    assert after.flags["deploy"].startswith("corner to corner")
    assert after.flags["first_player"] == 1 and "objectives" not in after.flags
    assert (
        apply(state, MONO.setup_roll(state, TypedDice([3, 6, 1])))
        .flags["deploy"]
        .startswith("side to side")
    )


def test_unknown_scenario_is_refused():
    with pytest.raises(UsageError, match="5-3-6"):
        MONO.new_game(rosters(), "7-1-1", {})


def test_first_turn_without_setup_event_rolls_it():
    state = MONO.new_game(rosters(), "2-2-2", {})
    out = turn(state, 1, 2, 5)  # deployment, roll-off A 2, B 5
    after = apply(state, out)
    assert after.turn == 1 and after.initiative == 1 and after.flags["first_player"] == 1
    assert MONO.next_side(after) == 1


def test_side_turns_then_the_round():
    state = game(A, B)
    assert MONO.next_side(state) == 0
    with pytest.raises(RefusedError):
        MONO.activate(state, "brave")
    state = apply(state, MONO.activate(state, "bob"))
    state = apply(state, turn(state))  # A's turn ends, no kills: no morale check
    assert MONO.next_side(state) == 1 and not any(f.token for f in state.fighters)
    state = apply(state, MONO.activate(state, "brave"))
    state = apply(state, turn(state))  # B's turn ends, and the round
    assert state.turn == 2 and MONO.next_side(state) == 0


def test_the_next_activation_closes_a_finished_one():
    # One action per activation: after Bob's action, activating Sam ends Bob's activation;
    # a fighter that has taken no action yet must end it with 'done' first.
    state = apply(game(A, B), MONO.activate(game(A, B), "bob"))
    with pytest.raises(RefusedError, match="still activating"):
        MONO.activate(state, "sam")
    state = apply(state, roll(state, req("walk", "bob"), 3))
    state = apply(state, MONO.activate(state, "sam"))
    assert state.active == "sam" and state.fighter("bob").token
    with pytest.raises(RefusedError, match="cannot activate again"):
        MONO.activate(state, "bob")


def test_morale_equal_holds():
    # R-MON-05: B lost 1 and keeps 2: 4 x 1 against 2 x 2 is level: B holds.
    state = set_side(game(A, B), 1, lost=1)
    state = replace(
        state,
        fighters=tuple(replace(f, status="out") if f.id == "ed" else f for f in state.fighters),
    )
    out = turn(state, 4, 2)
    after = apply(state, out)
    assert after.phase == "action" and after.sides[0].flags["morale_caused"] == 1
    assert "hold" in " ".join(s.outcome for s in out.trace.steps)


def test_morale_higher_loss_breaks_and_ends_the_game():
    # R-MON-05, R-MON-P03: 5 x 1 against 2 x 2: B break and lose; A get one more objective.
    state = set_side(game(A, B, scenario="4-1-3"), 1, lost=1)
    state = replace(
        state,
        fighters=tuple(replace(f, status="out") if f.id == "ed" else f for f in state.fighters),
    )
    after = apply(state, turn(state, 5, 2))
    assert after.phase == "ended" and after.result.startswith("A win")
    # Attrition (2 left each), Breakthrough and Sending a Message are level: only the
    # extra objective for the break counts.
    assert scoring.totals(D, after) == [1, 0]
    assert (after.sides[0].vp, after.sides[1].vp) == (1, 0)
    with pytest.raises(RefusedError, match="over"):
        MONO.activate(after, "bob")


def test_no_morale_without_losses():
    state = game(A, B)
    out = turn(state)
    assert "no check" in " ".join(s.outcome for s in out.trace.steps)


def test_game_ends_after_six_rounds_with_points_killed():
    # R-MON-P12: no scenario: more enemy points killed wins.
    state = replace(game(A, B), turn=6, flags=freeze({"side_turn": 1, "first_player": 0}))
    state = set_side(state, 0, points_killed=15)
    after = apply(state, turn(state))
    assert after.phase == "ended" and after.result.startswith("A win")


def scored(state, oid):
    return scoring.score_one(state, D.objective(oid)).side


def test_scoring_of_the_counted_objectives():
    state = game(A, B, scenario="1-1-1")
    state = set_side(state, 0, kills=2, points_killed=10, morale_caused=1)
    state = set_side(state, 1, kills=1, points_killed=30, morale_caused=1)
    assert scored(state, "kill-maim-burn") == 0
    assert scored(state, "priority-targets") == 1
    assert scored(state, "killing-them-softly") is None  # level: nobody (R-MON-P08)
    assert scored(state, "attrition") == 1  # 3 left against 2
    stunned = set_fighter(set_fighter(state, "bob", stunned=True), "sam", stunned=True)
    assert scored(stunned, "sending-a-message") == 1  # A has more stunned: B scores


def test_scoring_of_first_and_defended_objectives():
    state = game(A, B, scenario="2-3-1")
    assert scored(state, "assassinate") is None
    assert scored(state, "vandalise") == 1  # the defender holds while nothing is destroyed
    state = apply(state, MONO.activate(state, "bob"))
    for _n in range(3):
        state = set_fighter(state, "bob", attacked=None)
        state = apply(state, roll(state, req("damage", "bob")))
    assert scored(state, "vandalise") == 0
    with pytest.raises(RefusedError, match="already destroyed"):
        roll(set_fighter(state, "bob", attacked=None), req("damage", "bob"))
    state = apply(state, roll(state, req("claim", "brave", objective="raid")))
    assert scored(state, "raid") == 1
    with pytest.raises(RefusedError, match="already scored"):
        roll(state, req("claim", "bob", objective="raid"))


def test_desecrate_needs_four_damage_by_the_attacker():
    state = game(A, B, scenario="1-1-2", active="bob")
    with pytest.raises(RefusedError, match="only the attacker"):
        roll(replace(state, active="brave"), req("damage", "brave"))
    for _ in range(3):
        state = apply(state, roll(state, req("damage", "bob")))
        state = set_fighter(state, "bob", attacked=None)
    assert scored(state, "desecrate") == 1
    state = apply(state, roll(state, req("damage", "bob")))
    assert scored(state, "desecrate") == 0


def test_claimed_counts_and_special_delivery():
    state = game(A, B, scenario="6-2-5")
    state = apply(state, roll(state, req("claim", "bob", objective="take-ground", count=2)))
    state = apply(state, roll(state, req("claim", "brave", objective="take-ground", count=1)))
    assert scored(state, "take-ground") == 0
    assert scored(state, "special-delivery") == 1
    with pytest.raises(RefusedError, match="only the attacker"):
        roll(state, req("claim", "brave", objective="special-delivery"))
    state = apply(state, roll(state, req("claim", "bob", objective="special-delivery")))
    assert scored(state, "special-delivery") == 0
    with pytest.raises(RefusedError, match="not an objective"):
        roll(state, req("claim", "bob", objective="seize"))


def test_result_by_objectives_then_points():
    # R-MON-P08: objectives first; level objectives go to more points killed.
    state = game(A, B, scenario="1-2-3")
    state = set_side(state, 0, kills=1, points_killed=5)
    assert scoring.result(D, state).startswith("A win: objectives 1 to 0")
    state = set_side(state, 1, kills=1, points_killed=9)
    assert scoring.result(D, state).startswith("B win: objectives 0 to 0")
    state = set_side(state, 1, points_killed=5)
    assert scoring.result(D, state).startswith("a draw")


def test_vandalise_markers_are_destroyed_once_each():
    state = game(A, B, scenario="1-1-1", active="bob")
    state = apply(state, roll(state, req("damage", "bob", marker=2)))
    assert state.flags["vandalised"] == (2,)
    again = set_fighter(state, "bob", attacked=None)
    with pytest.raises(RefusedError, match="marker 2 is already destroyed"):
        roll(again, req("damage", "bob", marker=2))
    state = apply(again, roll(again, req("damage", "bob")))
    assert state.flags["vandalised"] == (1, 2)


def test_moves_remind_that_markers_are_carried():
    state = game(A, B, scenario="1-3-1", active="bob")
    out = roll(state, req("walk", "bob"), 3)
    assert any("carries it along" in n for s in out.trace.steps for n in s.notes)


def test_the_last_round_turns_objectives_into_victory_points():
    state = replace(game(A, B, scenario="1-2-4"), turn=6)
    state = replace(state, flags=freeze({**state.flags, "side_turn": 1}))
    state = set_side(state, 0, kills=2, morale_caused=1)
    after = apply(state, turn(state))
    assert after.phase == "ended"
    assert (after.sides[0].vp, after.sides[1].vp) == (2, 0)
    assert after.result.startswith("A win: objectives 2 to 0")


def test_defend_outlasts_the_turn_but_actions_do_not():
    state = game(A, B)
    state = apply(state, MONO.activate(state, "bob"))
    state = apply(state, roll(state, req("defend", "bob")))
    state = apply(state, turn(state))
    bob = state.fighter("bob")
    assert bob.flags.get("defend") and "action" not in bob.flags


def _scenario_with(oid: str) -> str:
    o = D.objective(oid)
    rolls = {"blood": 1, "turf": 1, "infamy": 3}
    rolls[o.list] = o.roll
    return f"{rolls['blood']}-{rolls['turf']}-{rolls['infamy']}"


@pytest.mark.parametrize("oid", [o.id for o in D.objectives])
def test_every_objective_can_be_scored_by_the_first_side(oid):
    state = game(A, B, scenario=_scenario_with(oid), active="bob")
    o = D.objective(oid)
    if o.count in ("kills", "points_killed", "morale_caused"):
        state = set_side(state, 0, **{o.count: 1})
    elif o.count == "left":
        state = replace(
            state,
            fighters=tuple(replace(f, status="out") if f.id == "ed" else f for f in state.fighters),
        )
        state = replace(
            state,
            fighters=tuple(
                replace(f, status="out") if f.id == "chief" else f for f in state.fighters
            ),
        )
    elif o.count == "stunned":
        state = set_fighter(state, "brave", stunned=True)
    elif o.count == "assassinate":
        state = apply(state, roll(state, req("shoot", "bob", "chief"), 1, 1))
    elif oid in ("vandalise", "desecrate"):
        for _ in range(o.need):
            state = apply(state, roll(state, req("damage", "bob")))
            state = set_fighter(state, "bob", attacked=None)
    else:
        # Two: side A has two fighters, and a claim stays within them (R-MON-P17).
        state = apply(state, roll(state, req("claim", "bob", objective=oid, count=2)))
    assert scoring.score_one(state, o).side == 0, scoring.score_one(state, o)


def test_setup_shows_each_warband_against_the_games_points_limit():
    state = MONO.new_game(
        rosters(), "no-scenario", {**MONO.accept_game_options({"points": "30"}), "force": True}
    )
    out = MONO.setup_roll(state, TypedDice([1, 6, 1]))
    lines = {s.title: s.outcome for s in out.trace.steps}
    assert lines["Warband: A"] == "2 fighters, 30 of 30 points"
    assert lines["Warband: B"].startswith("3 fighters, 50 of 30 points: over the limit")
    with pytest.raises(UsageError):
        MONO.accept_game_options({"points": "0"})


def test_play_offers_only_the_objectives_in_play_to_claim():
    state = game(A, B, scenario="6-2-5")
    fact = MONO.declared_actions()["claim"].fact("objective")
    choices = MONO.fact_choices(state, state.fighter("bob"), fact)
    assert choices == [
        ("Exterminate", "exterminate"),
        ("Take Ground", "take-ground"),
        ("Special Delivery", "special-delivery"),
    ]


def test_damage_takes_the_place_of_an_attack():
    # Breakthrough (turf 1) is claimed by the table at any time: "claim" stays on the menu.
    state = game(A, B, scenario="1-1-2", active="bob")
    assert "damage" in MONO.actions_for(state, state.fighter("bob"))
    walked = apply(state, roll(state, req("walk", "bob"), 3))
    assert MONO.actions_for(walked, walked.fighter("bob")) == ("claim",)
    with pytest.raises(RefusedError, match="no attack to give up"):
        roll(walked, req("damage", "bob"))
    moved = apply(state, roll(state, req("assault", "bob"), 3))
    assert list(MONO.actions_for(moved, moved.fighter("bob"))) == ["attack", "damage", "claim"]
    done = apply(moved, roll(moved, req("damage", "bob")))
    assert MONO.actions_for(done, done.fighter("bob")) == ("claim",)
    # Without a scenario there is nothing to claim.
    plain = game(A, B, active="bob")
    assert "claim" not in MONO.actions_for(plain, plain.fighter("bob"))
    with pytest.raises(RefusedError, match="already"):
        roll(done, req("walk", "bob"), 3)


def test_seize_points_from_the_fighters_near_each_marker():
    # 1 per fighter at its own marker, 2 at the centre, 3 at the opponent's.
    state = game(A, B, scenario="1-1-6")
    state = apply(state, roll(state, req("claim", "bob", objective="seize", own=1, theirs=1)))
    state = apply(state, roll(state, req("claim", "brave", objective="seize", centre=2)))
    assert state.sides[0].flags["claims"]["seize"] == 4
    assert state.sides[1].flags["claims"]["seize"] == 4
    assert scored(state, "seize") is None
    count = MONO.declared_actions()["claim"].fact("count")
    assert not MONO.asks(Question(state, state.fighter("bob"), count, {"objective": "seize"}))


def test_damage_is_not_offered_once_every_marker_is_destroyed():
    """The long crawl found Damage offered with the markers gone, and then refused."""
    state = game(A, B, scenario="1-1-1", active="bob")
    assert "damage" in MONO.actions_for(state, state.fighter("bob"))
    for _ in range(3):
        state = apply(state, roll(state, req("damage", "bob")))
        state = set_fighter(state, "bob", attacked=None)
    assert state.flags["vandalised"] == (1, 2, 3)
    assert "damage" not in MONO.actions_for(state, state.fighter("bob"))
