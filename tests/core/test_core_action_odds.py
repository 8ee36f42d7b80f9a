"""A roll is one value read three ways (rolled, walked over every branch, described), and
the odds of any action come from walking the action itself over its checks."""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

import pytest

from companion.core.action_odds import odds_trace, outcome_odds
from companion.core.branches import Preview, enumerate_outcomes
from companion.core.check import Check
from companion.core.counting import Counting, Row
from companion.core.roller import DiceRoller, Roller
from companion.core.walk import MAX_SEQUENCES, MAX_WORK, table
from companion.dice import TypedDice
from companion.odds import TooLargeError
from companion.trace import Modifier, Trace, Who
from companion.values import field, frozen


@frozen
class Said:
    summary: str
    trace: Trace | None = None
    data: Mapping[str, Any] = field(default_factory=dict)
    counting: Counting | None = None


def d6(r: Roller, title: str = "die") -> int:
    return int(r.check(Check(title, "A", sides=6)).total or 0)


def two_d6_at_least_8(r: Roller) -> Said:
    return Said("pass" if d6(r, "first") + d6(r, "second") >= 8 else "fail")


def reroll_a_one(r: Roller) -> Said:
    v = d6(r)
    if v == 1:
        v = d6(r, "again")  # a second die only on the branch that asks for it
    return Said(f"kept {min(v, 3)}")


SHOT = Check(
    "Shot",
    "A",
    sides=10,
    count=2,
    keep="h",
    target=8,
    compare=">=",
    modifiers=(Modifier(1, "aimed"),),
    auto_fail=1,
    success_text="hit",
    failure_text="miss",
)


def test_the_three_readings_of_a_check_agree():
    # Rolled: every pair of D10 through the dice path, counted by hand.
    hits = 0
    for faces in itertools.product(range(1, 11), repeat=2):
        roller = DiceRoller(TypedDice(list(faces)))
        ok = roller.check(SHOT).success
        hits += ok
        step = roller.steps[0]
        assert step.check is SHOT and step.outcome == ("hit" if ok else "miss")
        assert step.probability == SHOT.chance()
    rolled = Fraction(hits, 100)
    # Walked: every branch with its exact chance.
    walked = enumerate_outcomes(lambda r: r.check(SHOT).success)[True]
    # Described: the chance written before any die.
    preview = Preview()
    preview.check(SHOT)
    assert rolled == walked == preview.steps[0].probability == SHOT.chance() == Fraction(16, 25)
    assert preview.steps[0].check is SHOT and "2D10 keep highest" in preview.steps[0].outcome


def test_a_step_with_its_check_still_equals_the_step_read_back_from_the_log():
    roller = DiceRoller(TypedDice([9, 3]))
    roller.check(SHOT)
    step = roller.steps[0]
    trace = Trace("t", (step,), "o")
    assert Trace.from_dict(trace.to_dict()) == trace


def test_a_die_asked_only_on_one_branch_counts_on_that_branch_only():
    got = {text: p for text, p, _ in outcome_odds(reroll_a_one)}
    assert got == {
        "kept 3": Fraction(4, 6) + Fraction(1, 6) * Fraction(4, 6),
        "kept 2": Fraction(1, 6) + Fraction(1, 36),
        "kept 1": Fraction(1, 36),
    }


def test_each_outcome_names_the_check_it_turns_on():
    assert outcome_odds(two_d6_at_least_8) == [
        ("fail", Fraction(21, 36), "first"),
        ("pass", Fraction(15, 36), "first"),
    ]


def test_an_action_that_rolls_too_many_ways_is_refused_at_once():
    def ten_d10(r: Roller) -> Said:
        return Said(str(sum(int(r.check(Check("d", "A", sides=10)).total or 0) for _ in range(10))))

    with pytest.raises(TooLargeError, match=f"{MAX_SEQUENCES:,}"):
        outcome_odds(ten_d10)


def test_a_sum_of_dice_as_one_check_is_one_branch_per_total():
    def ten_d10(r: Roller) -> Said:
        return Said(str(r.check(Check("d", "A", sides=10, count=10)).total))

    assert len(outcome_odds(ten_d10)) == 91


def test_a_deep_walk_is_refused_from_its_estimate_before_it_is_walked():
    calls = 0

    def seven_d4(r: Roller) -> Said:  # 16,384 branches: few enough, too much work
        nonlocal calls
        calls += 1
        return Said(str(sum(int(r.check(Check("d", "A", sides=4)).total or 0) for _ in range(7))))

    with pytest.raises(TooLargeError, match=f"more than the {MAX_WORK:,}"):
        outcome_odds(seven_d4)
    assert calls < 500


def test_equally_likely_outcomes_name_none_as_most_likely():
    def move(r: Roller) -> Said:
        return Said(f'up to {d6(r)}"')

    trace = odds_trace("Odds: a move", move)
    assert trace.outcome == "6 outcomes, each 16.7% (1/6)"
    assert [row for row, _ in trace.chances] == [f'up to {n}"' for n in range(1, 7)]
    assert odds_trace("Odds", two_d6_at_least_8).outcome.startswith("most likely: fail")


def attack(r: Roller) -> Said:
    """Rows named by the action's data, in the rules' order, with the attacker's risk."""
    hit = r.check(SHOT)
    if not hit:
        risk = "hurt" if d6(r, "Riposte") == 6 else "safe"
        row = Row("B: no effect", "no effect", Who("b", "B"), 2)
        return Said("B is missed", counting=Counting(row, facets=(("Risk to A", risk),)))
    dead = d6(r, "Wound") >= 4
    label, rank = ("B: killed", 0) if dead else ("B: wounded", 1)
    row = Row(label, label[3:], Who("b", "B"), rank)
    return Said(f"B is {label[3:]}", counting=Counting(row, facets=(("Risk to A", "safe"),)))


def test_rows_named_by_the_outcome_stand_in_the_order_of_their_rank():
    hit = Fraction(16, 25)
    assert tuple((r.text, r.p) for r in table(attack)) == (
        ("B: killed", hit / 2),
        ("B: wounded", hit / 2),
        ("B: no effect", 1 - hit),
    )
    trace = odds_trace("Odds: A attacks B", attack)
    assert trace.odds == table(attack)
    # The explanation is the action's main line, described check by check, then facets.
    titles = [s.title for s in trace.steps]
    assert titles == ["Shot", "Wound", "Risk to A"]
    assert trace.steps[0].probability == hit
    risk = trace.steps[-1].outcome
    assert risk.startswith("safe ") and "hurt 6% (3/50)" in risk


def test_a_fall_from_a_hundred_inches_is_refused_within_a_second(demo):
    # Each hit of a fall is defended or not (two branches, not a die's ten faces), so a
    # 6" fall counts exactly; 99 hits are too many, though few paths are long.
    assert demo("turn", "--seed", "3").code == 0
    r = demo("fall", "Robyn", "--inches", "100", "--odds")
    assert r.code == 2 and "to count exactly" in r.err and r.err.count("\n") == 1, r.err
    assert demo("fall", "Robyn", "--inches", "6", "--odds").code == 0
