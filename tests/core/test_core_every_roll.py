"""Odds of any action from its resolution alone: every dice sequence walked, each outcome
summed by what it says."""

from __future__ import annotations

from fractions import Fraction

import pytest

from companion.core.every_roll import MAX_SEQUENCES, odds_trace, outcome_odds
from companion.dice import DiceSource
from companion.odds import TooLargeError
from companion.trace import Trace
from companion.values import frozen


@frozen
class Said:
    summary: str
    trace: Trace | None = None


def two_d6_at_least_8(dice: DiceSource) -> Said:
    a, b = dice.roll(6, 2, "test")
    return Said("pass" if a + b >= 8 else "fail")


def reroll_a_one(dice: DiceSource) -> Said:
    (v,) = dice.roll(6)
    if v == 1:
        (v,) = dice.roll(6)  # a second die only on the branch that asks for it
    return Said(f"kept {min(v, 3)}")


def test_a_pool_of_two_dice_is_walked_die_by_die():
    assert outcome_odds(two_d6_at_least_8) == [
        ("fail", Fraction(21, 36), "Outcome"),
        ("pass", Fraction(15, 36), "Outcome"),
    ]


def test_a_die_asked_only_on_one_branch_counts_on_that_branch_only():
    got = {text: p for text, p, _ in outcome_odds(reroll_a_one)}
    assert got == {
        "kept 3": Fraction(4, 6) + Fraction(1, 6) * Fraction(4, 6),
        "kept 2": Fraction(1, 6) + Fraction(1, 36),
        "kept 1": Fraction(1, 36),
    }
    assert sum(got.values()) == 1


def test_an_action_that_rolls_too_many_ways_is_refused_at_once():
    def ten_d10(dice: DiceSource) -> Said:
        return Said(str(sum(dice.roll(10, 10))))

    with pytest.raises(TooLargeError, match=f"{MAX_SEQUENCES:,}"):
        outcome_odds(ten_d10)


def test_equally_likely_outcomes_name_none_as_most_likely():
    def move(dice: DiceSource) -> Said:
        return Said(f'up to {dice.roll(6)[0]}"')

    trace = odds_trace("Odds: a move", move)
    assert trace.outcome == "6 outcomes, each 16.7% (1/6)"
    assert odds_trace("Odds", two_d6_at_least_8).outcome.startswith("most likely: fail")


def test_a_deep_walk_is_refused_from_its_estimate_before_it_is_walked():
    """A resolution that hands out many dice per sequence (a long fall) is refused from
    the estimated work, after a few probing resolves, never by walking it to a limit."""
    from companion.core.every_roll import MAX_WORK

    calls = 0

    def twelve_d4(dice: DiceSource) -> Said:
        nonlocal calls
        calls += 1
        return Said(str(sum(dice.roll(4, 12))))  # 4**12 sequences of 12 dice each

    with pytest.raises(TooLargeError):
        outcome_odds(twelve_d4)
    assert calls < 500

    calls = 0

    def seven_d4(dice: DiceSource) -> Said:  # 16,384 sequences: few enough, too much work
        nonlocal calls
        calls += 1
        return Said(str(sum(dice.roll(4, 7))))

    with pytest.raises(TooLargeError, match=f"more than the {MAX_WORK:,}"):
        outcome_odds(seven_d4)
    assert calls < 500


def test_a_fall_from_a_hundred_inches_is_refused_within_a_second(demo):
    # Each hit of a fall is defended or not (two branches, not a die's ten faces), so a
    # 6" fall counts exactly; 99 hits are too many, though few paths are long.
    assert demo("turn", "--seed", "3").code == 0
    r = demo("fall", "Robyn", "--inches", "100", "--odds")
    assert r.code == 2 and "to count exactly" in r.err and r.err.count("\n") == 1, r.err
    assert demo("fall", "Robyn", "--inches", "6", "--odds").code == 0
