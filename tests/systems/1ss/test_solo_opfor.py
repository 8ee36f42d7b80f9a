"""The OpFor decision procedure: every branch, the question it asks and its instruction."""

from __future__ import annotations

import pytest

from companion.dice import TypedDice
from companion.errors import UsageError
from companion.systems.one_stat.solo.opfor import Facts, clock, decide, next_question
from tests.solo_helpers import opfor, solo_state, with_fighters


def state_with(*fighters):
    return with_fighters(solo_state(), *fighters)


def test_can_attack_in_cover_stays_and_attacks_the_closest():
    s = state_with(opfor("grunt-1", "rookie", 3))
    facts = Facts(can_attack=True, in_cover=True, target="robyn")
    assert next_question(s, "grunt-1", facts) is None
    d = decide(s, "grunt-1", facts, TypedDice([]))
    assert d.branch == "attack-from-cover"
    assert d.instruction == "stay in cover and attack Robyn, the closest of your fighters"
    assert (d.request.action, d.request.actor, d.request.target) == ("attack", "grunt-1", "robyn")
    assert dict(d.request.options) == {"ranged": False, "ganging": 0}
    assert [s.title for s in d.trace.steps] == ["Can it attack?", "Is it in cover?", "Instruction"]


def test_can_attack_in_the_open_moves_to_cover_first():
    s = state_with(opfor("grunt-1", "rookie", 3))
    facts = Facts(can_attack=True, in_cover=False, engaged=False, target="john")
    d = decide(s, "grunt-1", facts, TypedDice([]))
    assert d.branch == "cover-then-attack"
    assert (
        d.instruction
        == "move to the nearest cover, then attack John, the closest of your fighters from there"
    )
    assert d.request.target == "john"


def test_a_shooter_asks_for_the_range_and_builds_a_ranged_request():
    s = state_with(opfor("gunner", "specialist", 5, ("medium-shooter",)))
    facts = Facts(can_attack=True, in_cover=True, target="marian")
    q = next_question(s, "gunner", facts)
    assert q is not None and q.key == "range" and q.flag == "--range N"
    facts = facts.with_(range=7, target_cover=True, ganging=1)
    d = decide(s, "gunner", facts, TypedDice([]))
    assert d.instruction == "stay in cover and shoot Marian, the closest of your fighters"
    # Ganging up is a melee modifier: the shot's request counts none, as the 1ss attack
    # refuses ganging on a shot (R-1SS-01).
    assert dict(d.request.options) == {"ranged": True, "range": 7, "cover": True, "ganging": 0}


def test_a_fighter_with_both_asks_melee_or_ranged():
    s = state_with(opfor("guard", "rookie", 3, ("melee-1h", "light-shooter")))
    facts = Facts(can_attack=True, in_cover=False, engaged=False, target="robyn")
    q = next_question(s, "guard", facts)
    assert q is not None and q.key == "ranged"
    d = decide(s, "guard", facts.with_(ranged=False), TypedDice([]))
    assert d.request.options["ranged"] is False


def test_cannot_attack_but_sees_a_fighter_closes_in():
    s = state_with(opfor("grunt-1", "rookie", 4))
    q = next_question(s, "grunt-1", Facts(can_attack=False))
    assert q is not None and q.key == "los"
    d = decide(s, "grunt-1", Facts(can_attack=False, los=True, target="tuck"), TypedDice([]))
    assert d.branch == "close-in"
    assert d.instruction == 'move 4" toward Tuck, staying in cover as well as possible'
    assert d.request is None


def test_no_sight_follows_a_higher_ranked_friend_within_15():
    s = state_with(opfor("grunt-1", "rookie", 4), opfor("the-boss", "boss", 7))
    q = next_question(s, "grunt-1", Facts(can_attack=False, los=False))
    assert q is not None and q.key == "leader" and "The Boss" in q.choices and "none" in q.choices
    d = decide(s, "grunt-1", Facts(can_attack=False, los=False, leader="the-boss"), TypedDice([]))
    assert d.branch == "follow-leader"
    assert d.instruction == 'move 4" toward The Boss'


def test_no_friend_near_rolls_the_direction():
    s = state_with(opfor("grunt-1", "rookie", 4), opfor("the-boss", "boss", 7))
    d = decide(s, "grunt-1", Facts(can_attack=False, los=False, leader="none"), TypedDice([7]))
    assert d.branch == "wander"
    assert d.instruction == "roll for direction: D10 = 7, move 4\" toward 8 o'clock"
    assert d.data["degrees"] == 252


def test_a_boss_has_no_one_to_follow_and_is_not_asked():
    s = state_with(opfor("the-boss", "boss", 7), opfor("grunt-1", "rookie", 3))
    assert next_question(s, "the-boss", Facts(can_attack=False, los=False)) is None
    d = decide(s, "the-boss", Facts(can_attack=False, los=False), TypedDice([10]))
    assert d.instruction == "roll for direction: D10 = 10, move 7\" toward 12 o'clock"
    assert "no OpFor fighter that outranks it" in d.trace.steps[2].outcome


@pytest.mark.parametrize(
    ("face", "hour"),
    [(1, 1), (2, 2), (3, 4), (4, 5), (5, 6), (6, 7), (7, 8), (8, 10), (9, 11), (10, 12)],
)
def test_direction_clock(face, hour):
    assert clock(face) == (face * 36, hour)


def test_a_prone_fighter_recovers_first():
    from dataclasses import replace

    s = state_with(replace(opfor("grunt-1", "specialist", 5), status="wounded"))
    assert next_question(s, "grunt-1", Facts()) is None
    d = decide(s, "grunt-1", Facts(), TypedDice([]))
    assert d.branch == "recover" and "Recover" in d.instruction


def test_the_trek_marches_until_attacked():
    from dataclasses import replace

    from companion.game.state import freeze

    s = state_with(opfor("trek-grunt", "rookie", 3, trek=True))
    d = decide(s, "trek-grunt", Facts(engaged=False), TypedDice([]))
    assert d.branch == "trek-march"
    attacked = replace(s, flags=freeze({"trek_attacked": True}))
    assert next_question(attacked, "trek-grunt", Facts()).key == "can_attack"


def test_missing_answers_are_refused_naming_the_flag():
    s = state_with(opfor("grunt-1", "rookie", 3))
    with pytest.raises(UsageError, match="--can-attack/--cannot-attack"):
        decide(s, "grunt-1", Facts(), TypedDice([]))
