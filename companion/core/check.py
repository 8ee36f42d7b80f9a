"""A roll as a value: everything the table needs to know about one roll, before it is made.

A `Check` names the dice (how many, which sides, which are kept), what they are compared
with, every modifier with its reason and ruling, the natural values that pass or fail
whatever the modifiers, and the words for each result. Rule code builds one and hands it
to a roller (`Roller.check`); the three rollers are three readings of the same value:

- `DiceRoller` rolls it (seeded or typed dice) and writes the step;
- `Branches` lists every outcome it can have, each with its exact chance (odds);
- `Preview` describes it with its chance, without rolling.

So the explanation, the odds and the replay of a roll read one value and cannot disagree.

A check is one of four kinds, by what it holds:
- a test (a `target`): the kept dice plus the modifiers against the target;
- a total (no target): the kept dice plus the modifiers, a value to use (a move, damage);
- a pool (`each=True`): every die against the target on its own, the passes counted;
- a pick (`options`): one of the options, each equally likely.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from companion import odds
from companion.trace import Modifier
from companion.values import frozen

TEST, TOTAL, POOL, PICK = "test", "total", "pool", "pick"


@frozen
class Check:
    title: str
    who: str
    sides: int = 6
    count: int = 1
    keep: str | None = None  # "h" keep highest, "l" keep lowest, None all (summed)
    keep_n: int = 1
    target: int | None = None
    compare: str = ">="
    modifiers: tuple[Modifier, ...] = ()
    auto_success: int | None = None  # a natural value that always passes
    auto_fail: int | None = None  # a natural value that always fails
    each: bool = False  # a pool: every die against the target, the passes counted
    options: tuple[str, ...] = ()  # a pick: one of these, equally likely
    # The test's values the rule code reads (`Tested.value`): every value, or these only.
    by_value: bool | tuple[int, ...] = False
    success_text: str = "success"
    failure_text: str = "failure"
    # The words of a total ({total}, {value}) or a pool ({n}, {count}).
    text: str = ""
    rulings: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    purpose: str | None = None  # what the die prompt asks for, when not the title

    @property
    def kind(self) -> str:
        if self.options:
            return PICK
        if self.each:
            return POOL
        return TOTAL if self.target is None else TEST

    @property
    def shift(self) -> int:
        """The modifiers added together."""
        return sum(m.value for m in self.modifiers)

    @property
    def spec(self) -> str:
        """How the roll is named: 'D8', '2D6' (summed), '3D6 keep lowest 2'."""
        return spec_text(self.count, self.sides, self.keep, self.keep_n)

    @property
    def asks(self) -> str:
        """What the die prompt says the roll is for."""
        return self.purpose or self.title

    def said(self, success: bool | None, total: int | None, value: int | None = None) -> str:
        """The words of a result: a test's success or failure text, a total's or a pool's
        `text` filled in (a pool's `total` is its number of passes)."""
        if self.target is not None and not self.each:
            return self.success_text if success else self.failure_text
        if self.each:
            count = max(self.count, 0)
            return (self.text or "{n} of {count} succeed").format(n=total, count=count)
        return (self.text or "{total}").format(total=total, value=value)

    def passes(self, value: int) -> bool:
        """Whether a natural kept value (a single die's, in a pool) passes: the natural
        automatic results first, then the comparison with the modifiers."""
        assert self.target is not None
        return passes(
            value, self.shift, self.compare, self.target, self.auto_success, self.auto_fail
        )

    def chance(self) -> Fraction:
        """The exact chance that a test passes, or that one die of a pool does."""
        assert self.target is not None
        if self.each:
            return test_chance(
                1, self.sides, None, 1, self.compare, self.target, self.shift,
                self.auto_success, self.auto_fail,
            )  # fmt: skip
        return test_chance(
            self.count, self.sides, self.keep, self.keep_n, self.compare, self.target,
            self.shift, self.auto_success, self.auto_fail,
        )  # fmt: skip

    def values(self) -> tuple[tuple[int, Fraction], ...]:
        """The exact distribution of the kept natural value, lowest first."""
        return value_dist(self.count, self.sides, self.keep, self.keep_n)


def spec_text(count: int, sides: int, keep: str | None, keep_n: int = 1) -> str:
    """How a roll is named: 'D8', '2D6' (summed), '3D6 keep lowest 2'."""
    if count == 1:
        return f"D{sides}"
    if keep is None or keep_n >= count:
        return f"{count}D{sides}"
    word = "highest" if keep == "h" else "lowest"
    return f"{count}D{sides} keep {word}" + (f" {keep_n}" if keep_n != 1 else "")


def passes(
    value: int,
    shift: int,
    compare: str,
    target: int,
    auto_success: int | None = None,
    auto_fail: int | None = None,
) -> bool:
    """Whether a natural value passes: natural automatic results first, then the comparison."""
    if auto_success is not None and value == auto_success:
        return True
    if auto_fail is not None and value == auto_fail:
        return False
    return odds.COMPARE[compare](value + shift, target)


@lru_cache(maxsize=1024)
def value_dist(
    count: int, sides: int, keep: str | None, keep_n: int
) -> tuple[tuple[int, Fraction], ...]:
    """The exact distribution of the kept total of a roll, lowest value first."""
    return tuple(sorted(odds.pool(count, sides, keep if count > 1 else None, keep_n).items()))


@lru_cache(maxsize=4096)
def test_chance(
    count: int,
    sides: int,
    keep: str | None,
    keep_n: int,
    compare: str,
    target: int,
    shift: int = 0,
    auto_success: int | None = None,
    auto_fail: int | None = None,
) -> Fraction:
    """The exact chance that a test passes, naturals included."""
    if auto_success is None and auto_fail is None and keep_n == 1:
        return odds.pass_chance(count, sides, keep, compare, target, shift)
    dist = value_dist(count, sides, keep, keep_n)
    ok = (p for v, p in dist if passes(v, shift, compare, target, auto_success, auto_fail))
    return sum(ok, Fraction(0))
