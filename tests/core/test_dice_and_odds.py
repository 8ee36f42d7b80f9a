"""Dice checking and exact odds, checked against brute force."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import pytest

from companion import odds
from companion.dice import SeededDice, TypedDice, check_die, kept_indices, parse_notation
from companion.errors import DiceError, MissingDiceError


def test_check_die():
    assert check_die(0, 10) == 10
    assert check_die(8, 8) == 8
    with pytest.raises(DiceError, match="not a face of a D8"):
        check_die(9, 8)
    with pytest.raises(DiceError):
        check_die(0, 6)
    with pytest.raises(DiceError):
        check_die(7, 6)


def test_typed_dice_missing_and_extra():
    d = TypedDice([3])
    assert d.roll(6) == (3,)
    with pytest.raises(MissingDiceError, match="D8 needed for defence"):
        d.roll(8, 1, "defence")
    d = TypedDice([3, 4])
    d.roll(6)
    with pytest.raises(DiceError, match="only 1 used"):
        d.finish()


def test_typed_dice_prompt_for_missing():
    asked = []
    d = TypedDice([2], prompter=lambda req, i: asked.append(req.sides) or 5)
    assert d.roll(8, 2) == (2, 5)
    assert asked == [8]


def test_seeded_dice_are_repeatable():
    assert SeededDice(5).roll(10, 5) == SeededDice(5).roll(10, 5)


def test_notation():
    n = parse_notation("3d8kl1")
    assert (n.count, n.sides, n.keep, n.keep_n) == (3, 8, "l", 1)
    n = parse_notation("4d6kh3+1")
    assert (n.keep, n.keep_n, n.modifier) == ("h", 3, 1)
    assert parse_notation("d10").count == 1
    for bad in ("2d7", "0d6", "3d6k4", "dd", ""):
        with pytest.raises(DiceError.__mro__[1]):
            parse_notation(bad)


def test_kept_indices_prefer_the_first_on_ties():
    assert kept_indices([2, 5], "h", 1) == (1,)
    assert kept_indices([4, 4], "l", 1) == (0,)
    assert kept_indices([1, 6, 3, 6], "h", 2) == (1, 3)


@pytest.mark.parametrize(
    "count,sides,keep,keep_n",
    [
        (2, 6, "h", 1),
        (2, 8, "l", 1),
        (3, 10, "h", 1),
        (2, 6, None, 2),
        (4, 6, "h", 3),
        (3, 6, "l", 2),
        (1, 12, None, 1),
    ],
)
def test_pool_matches_brute_force(count, sides, keep, keep_n):
    brute: dict[int, Fraction] = {}
    for faces in itertools.product(range(1, sides + 1), repeat=count):
        ordered = sorted(faces, reverse=(keep != "l"))
        total = sum(ordered[:keep_n]) if keep else sum(faces)
        brute[total] = brute.get(total, Fraction(0)) + Fraction(1, sides**count)
    assert odds.pool(count, sides, keep, keep_n) == brute


def test_chance_and_fmt():
    d6 = odds.pool(1, 6)
    assert odds.chance(d6, "<=", 4) == Fraction(2, 3)
    assert odds.chance(d6, ">", 4, shift=1) == Fraction(1, 2)
    assert odds.fmt(Fraction(5, 8)) == "62.5% (5/8)"


@pytest.mark.parametrize(
    ("p", "said"),
    [
        (Fraction(1, 4), "25% (1/4)"),  # whole per cents lose their ".0"
        (Fraction(21, 50), "42% (21/50)"),  # a fraction of up to five characters is kept
        (Fraction(1, 3), "33.3% (1/3)"),
        (Fraction(125, 216), "57.9%"),  # a longer fraction is left out
        (Fraction(2938976328556359, 12500000000000000), "23.5%"),
        (Fraction(1, 46656), "under 0.1%"),  # possible, so never "0%"
        (Fraction(46655, 46656), "over 99.9%"),  # not certain, so never "100%"
        (Fraction(0), "0%"),
        (Fraction(1), "100%"),
    ],
)
def test_a_chance_is_printed_one_way(p: Fraction, said: str) -> None:
    assert odds.fmt(p) == said
    assert odds.percent(p) == said.split(" (")[0]


def test_a_certain_outcome_is_the_result_alone():
    assert odds.most_likely("hit", Fraction(1)) == "hit"
    assert odds.most_likely("hit", Fraction(3, 5)) == "most likely: hit (60% (3/5))"


@pytest.mark.parametrize("count,sides", [(5, 6), (4, 8), (3, 10), (6, 4)])
@pytest.mark.parametrize("keep", ["h", "l"])
def test_every_keep_of_a_pool_matches_brute_force(count, sides, keep):
    rolls = list(itertools.product(range(1, sides + 1), repeat=count))
    for keep_n in range(1, count + 1):
        brute: dict[int, int] = {}
        for faces in rolls:
            total = sum(sorted(faces, reverse=(keep == "h"))[:keep_n])
            brute[total] = brute.get(total, 0) + 1
        assert dict(odds.pool_counts(count, sides, keep, keep_n)) == brute


def test_large_pools_are_exact():
    # How long they take is timed by bench/limits.py, not asserted here.
    hundred = odds.pool(100, 100)
    three = odds.pool(50, 6, "h", 3)
    twenty = odds.pool(20, 20)
    for dist in (hundred, three, twenty):
        assert sum(dist.values()) == 1
    assert odds.expected(hundred) == 5050 and odds.expected(twenty) == 210
    # Only one roll of 100 D100 totals 100, and one totals 10,000.
    assert hundred[100] == hundred[10_000] == Fraction(1, 100**100)
    # 18 needs three sixes among fifty dice: 1 - P(at most two sixes).
    p_two = sum(Fraction(math.comb(50, k) * 5 ** (50 - k), 6**50) for k in range(3))
    assert three[18] == 1 - p_two


def test_pools_beyond_the_limits_are_refused_at_once():
    from companion.errors import UsageError

    for args in [(1001, 6, None, 1), (10, 1001, None, 1), (1000, 1000, None, 1)]:
        with pytest.raises(UsageError, match="dice|sides|too large"):
            odds.pool(*args)
    with pytest.raises(odds.TooLargeError, match="100d100 keeping 50"):
        odds.pool(100, 100, "h", 50)


def test_successes_counts_the_dice_that_pass():
    # 3 D6 at 5+: each passes 1/3 of the time.
    dist = odds.successes_of(3, 6, ">=", 5)
    assert dist == {
        0: Fraction(8, 27),
        1: Fraction(12, 27),
        2: Fraction(6, 27),
        3: Fraction(1, 27),
    }
    brute: dict[int, Fraction] = {}
    for faces in itertools.product(range(1, 7), repeat=3):
        k = sum(f >= 5 for f in faces)
        brute[k] = brute.get(k, Fraction(0)) + Fraction(1, 216)
    assert dist == brute


def test_notation_numbers_go_through_the_shared_parser():
    from companion.errors import UsageError

    for bad, why in [
        ("9" * 5000 + "d6", "digits"),
        ("2d" + "9" * 5000, "digits"),
        ("101d6", "from 1 to 100"),
        ("2d6+" + "1" * 30, "digits"),
        ("x" * 100_000, "characters"),
    ]:
        with pytest.raises(UsageError, match=why) as e:
            parse_notation(bad)
        assert len(str(e.value)) < 200
