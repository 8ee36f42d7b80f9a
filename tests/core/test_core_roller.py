"""The core roller: traces with dice and exact odds over every branch agree, for tests,
values, sums, keeps, pools and natural results, checked against brute force."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from fractions import Fraction

import pytest

from companion.core.branches import Preview, distribution, enumerate_outcomes
from companion.core.check import Check, spec_text
from companion.core.roller import DiceRoller, Roller
from companion.dice import TypedDice


def brute(run: Callable[[Roller], object], sides: int, n: int) -> dict[object, Fraction]:
    """Every sequence of `n` dice of `sides` faces through the dice path."""
    out: dict[object, Fraction] = {}
    for seq in itertools.product(range(1, sides + 1), repeat=n):
        dice = TypedDice(list(seq))
        label = run(DiceRoller(dice))
        used = len(dice.all_values)
        # Sequences that differ only in dice the run never read count once each.
        if any(seq[used:]):
            if any(v != 1 for v in seq[used:]):
                continue
        p = Fraction(1, sides**used)
        out[label] = out.get(label, Fraction(0)) + p
    return out


def skirmish_shot(r: Roller) -> tuple[int, int]:
    """Three D10 each hitting above 6, natural 10 hits and 1 misses; one block die per hit."""
    hits = r.check(
        Check(
            title="Hits",
            who="A",
            count=3,
            sides=10,
            target=6,
            compare=">",
            auto_success=10,
            auto_fail=1,
            each=True,
        )
    ).total
    blocks = r.check(
        Check(title="Blocks", who="B", count=hits, sides=10, target=7, compare=">", each=True)
    ).total
    return hits, hits - blocks


def two_d6_effect(r: Roller) -> str:
    t = r.check(
        Check(
            title="Attack",
            who="A",
            sides=6,
            count=2,
            target=7,
            compare="<=",
            auto_success=2,
            auto_fail=12,
            by_value=True,
        )
    )
    if not t.success:
        return "miss"
    assert t.value is not None
    return "killed" if t.value <= 3 else "stunned" if t.value <= 6 else "pushed"


def move_then_test(r: Roller) -> str:
    inches = r.check(Check(title="Move", who="A", sides=6, count=2)).total
    if inches < 6:
        return "short"
    ok, _ = r.check(Check(title="Save", who="A", sides=8, count=2, keep="l", target=4, compare=">"))
    return f"arrived {'safe' if ok else 'hurt'}"


@pytest.mark.parametrize(
    "run, sides, n",
    [(two_d6_effect, 6, 2), (move_then_test, 6, 2)],
)
def test_branches_equal_brute_force(run, sides, n):
    exact = enumerate_outcomes(run)
    assert sum(exact.values()) == 1
    if run is move_then_test:
        # Mixed dice (D6 then D8): brute force by hand over both.
        ref: dict[str, Fraction] = {}
        for a, b in itertools.product(range(1, 7), repeat=2):
            if a + b < 6:
                ref["short"] = ref.get("short", Fraction(0)) + Fraction(1, 36)
                continue
            for c, d in itertools.product(range(1, 9), repeat=2):
                k = "arrived safe" if min(c, d) > 4 else "arrived hurt"
                ref[k] = ref.get(k, Fraction(0)) + Fraction(1, 36 * 64)
        assert exact == ref
    else:
        assert exact == brute(run, sides, n)


def test_pools_equal_brute_force():
    ref: dict[tuple[int, int], Fraction] = {}
    for shot in itertools.product(range(1, 11), repeat=3):
        hits = sum(1 for v in shot if v == 10 or (v != 1 and v > 6))
        for block in itertools.product(range(1, 11), repeat=hits):
            key = (hits, hits - sum(1 for v in block if v > 7))
            ref[key] = ref.get(key, Fraction(0)) + Fraction(1, 10 ** (3 + hits))
    assert enumerate_outcomes(skirmish_shot) == ref


def test_naturals_override_the_modified_target():
    # A natural 2 passes even when 2 - 0 is above a target of 1; a 12 fails against 13.
    low = enumerate_outcomes(
        lambda r: (
            r.check(
                Check(title="t", who="A", sides=6, count=2, target=1, compare="<=", auto_success=2)
            ).success
        )
    )
    assert low[True] == Fraction(1, 36)
    high = enumerate_outcomes(
        lambda r: (
            r.check(
                Check(title="t", who="A", sides=6, count=2, target=13, compare="<=", auto_fail=12)
            ).success
        )
    )
    assert high[False] == Fraction(1, 36)


def test_trace_steps_with_dice():
    r = DiceRoller(TypedDice([10, 1, 8, 8]))
    hits = r.check(
        Check(
            title="Hits",
            who="A",
            count=3,
            sides=10,
            target=7,
            compare=">",
            auto_success=10,
            auto_fail=1,
            each=True,
        )
    ).total
    assert hits == 2  # the 10 always hits, the 1 never, the 8 beats 7
    step = r.steps[0]
    assert step.successes == 2 and step.roll is not None and step.roll.kept == (0, 2)
    assert step.probability == Fraction(3, 10) and step.expected == Fraction(9, 10)
    total = r.check(Check(title="Move", who="A", sides=10, text='moves {total}"')).total
    assert total == 8 and r.steps[1].outcome == 'moves 8"'


def test_sums_and_keeps_are_named_right():
    assert spec_text(2, 6, None) == "2D6"
    assert spec_text(2, 6, "l") == "2D6 keep lowest"
    assert spec_text(3, 6, "l", 2) == "3D6 keep lowest 2"
    assert spec_text(1, 10, "h") == "D10"
    p = Preview()
    p.check(Check(title="t", who="A", sides=6, count=2, target=7, compare="<="))
    assert "rolls 2D6," in p.steps[0].outcome


def test_keep_two_lowest_of_three_is_exact():
    dist = dict(
        distribution(
            lambda r: r.check(Check(title="r", who="A", sides=6, count=3, keep="l", keep_n=2)).total
        )
    )
    ref: dict[int, Fraction] = {}
    for faces in itertools.product(range(1, 7), repeat=3):
        v = sum(sorted(faces)[:2])
        ref[v] = ref.get(v, Fraction(0)) + Fraction(1, 216)
    assert dist == ref


def test_a_walk_with_a_budget_stops_once_its_checks_are_spent():
    from companion.core.branches import OverBudget
    from companion.core.check import Check

    def three_d6(r: Roller) -> int:
        return sum(int(r.check(Check("die", "x")).total or 0) for _ in range(3))

    # 216 branches of three checks each (four answers with the run's end): not within
    # 100, so the walk stops and says so; 864 is enough.
    with pytest.raises(OverBudget):
        enumerate_outcomes(three_d6, budget=100)
    whole = enumerate_outcomes(three_d6, budget=864)
    assert whole == enumerate_outcomes(three_d6) and whole[10] == Fraction(27, 216)


def test_a_guarded_walk_counts_a_small_action_and_refuses_a_large_one():
    from companion.core.check import Check
    from companion.core.walk import guarded_outcomes
    from companion.odds import TooLargeError

    def dice(n: int) -> Callable[[Roller], int]:
        return lambda r: sum(int(r.check(Check("die", "x")).total or 0) for _ in range(n))

    assert guarded_outcomes(dice(2), "two dice")[7] == Fraction(1, 6)
    # 6**6 = 46,656 ways: more than the walk allows, refused after the first runs.
    with pytest.raises(TooLargeError, match="can roll more than 20,000 different ways"):
        guarded_outcomes(dice(6), "six dice")
