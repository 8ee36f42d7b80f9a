"""One roller for every rule system: the same rule code run with dice, or over every branch.

Rule code asks a `Roller` for what the table would roll: a test against a target
(`test`), a value to use (`roll`: a move, damage, a 2D6 total), a pool of dice counted
against a target (`pool`), a random pick (`pick`), and plain explained steps (`info`).

- `DiceRoller` takes real dice (seeded or typed by the player) and writes one trace step
  per request, with the exact chance of that step worked out before the dice fall.
- `Branches` and `Preview` (in `companion.core.branches`, loaded only where odds are
  worked out) run the same code over every branch, or along the main line without
  rolling: so `odds` is the very same code as the resolution and the two cannot drift
  apart, and a rule system writes no odds code of its own.

A test branches on pass/fail only, unless the rule code needs the die's value
(`by_value=True`, e.g. "a natural 6 also..."), when it branches on every kept value, or
only on the values the code looks at (`by_value=(1, 6)`: a 1, a 6, or any other pass or
fail, so the odds walk four branches instead of six). A
`roll` always branches on every value; a `pool` branches on the number of successes.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache

from companion import odds
from companion.dice import DiceSource
from companion.trace import Modifier, Roll, Step, roll_dice

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, without importing typing at start-up
if TYPE_CHECKING:
    from typing import Any


class Tested(tuple[bool, int | None]):
    """What a test decided. Unpacks as (success, total) for rule code that needs no more.

    `value` is the kept dice's natural value and `total` that value with the modifiers;
    both are None while enumerating a pass/fail branch (no single value was rolled).
    """

    value: int | None

    def __new__(cls, success: bool, total: int | None, value: int | None) -> Tested:
        obj = super().__new__(cls, (success, total))
        obj.value = value
        return obj

    @property
    def success(self) -> bool:
        return self[0]

    @property
    def total(self) -> int | None:
        return self[1]

    def __bool__(self) -> bool:
        return self[0]


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


class Roller:
    """The interface rule code uses; see the module docstring."""

    steps: list[Step]

    def test(
        self,
        *,
        title: str,
        who: str,
        sides: int,
        target: int,
        compare: str,
        count: int = 1,
        keep: str | None = None,
        keep_n: int = 1,
        modifiers: Sequence[Modifier] = (),
        auto_success: int | None = None,
        auto_fail: int | None = None,
        by_value: bool | tuple[int, ...] = False,
        success_text: str = "success",
        failure_text: str = "failure",
        rulings: Sequence[str] = (),
        notes: Sequence[str] = (),
        purpose: str | None = None,
    ) -> Tested:
        """Roll, keep, add the modifiers and compare with the target.

        `auto_success` / `auto_fail` are natural kept values that pass or fail whatever
        the modifiers (a natural 10 always hits). Set `by_value` when the rule code reads
        `Tested.value` (e.g. a natural 6 triggers a special rule): True for every value, or
        the values it tests for (`Tested.value` is then None for any other value).
        """
        raise NotImplementedError

    def roll(
        self,
        *,
        title: str,
        who: str,
        sides: int,
        count: int = 1,
        keep: str | None = None,
        keep_n: int = 1,
        modifiers: Sequence[Modifier] = (),
        text: str = "{total}",
        rulings: Sequence[str] = (),
        notes: Sequence[str] = (),
        purpose: str | None = None,
    ) -> int:
        """A value to use (a move, damage, a total): the kept dice plus the modifiers.
        `text` words the outcome; `{total}` and `{value}` are filled in."""
        raise NotImplementedError

    def pool(
        self,
        *,
        title: str,
        who: str,
        count: int,
        sides: int,
        target: int,
        compare: str,
        modifiers: Sequence[Modifier] = (),
        auto_success: int | None = None,
        auto_fail: int | None = None,
        text: str = "{n} of {count} succeed",
        rulings: Sequence[str] = (),
        notes: Sequence[str] = (),
        purpose: str | None = None,
    ) -> int:
        """Roll `count` dice and count those whose value (with the modifiers) passes the
        target, each on its own: e.g. 5 dice of D10, each hitting above 6."""
        raise NotImplementedError

    def pick(self, title: str, who: str, options: Sequence[str]) -> str:
        """One of `options`, each equally likely (a die numbers them in the order given)."""
        raise NotImplementedError

    def info(
        self, title: str, outcome: str, rulings: Sequence[str] = (), notes: Sequence[str] = ()
    ) -> None:
        """A step without dice (a rule applied, a reminder)."""
        self.steps.append(Step(title, outcome, rulings=tuple(rulings), notes=tuple(notes)))


def _fill(text: str, **values: Any) -> str:
    return text.format(**values)


class DiceRoller(Roller):
    """Rolls real dice and writes the trace."""

    def __init__(self, dice: DiceSource) -> None:
        self.dice = dice
        self.steps = []

    def test(
        self,
        *,
        title: str,
        who: str,
        sides: int,
        target: int,
        compare: str,
        count: int = 1,
        keep: str | None = None,
        keep_n: int = 1,
        modifiers: Sequence[Modifier] = (),
        auto_success: int | None = None,
        auto_fail: int | None = None,
        by_value: bool | tuple[int, ...] = False,
        success_text: str = "success",
        failure_text: str = "failure",
        rulings: Sequence[str] = (),
        notes: Sequence[str] = (),
        purpose: str | None = None,
    ) -> Tested:
        shift = sum(m.value for m in modifiers)
        p = test_chance(count, sides, keep, keep_n, compare, target, shift, auto_success, auto_fail)
        r = roll_dice(self.dice, who, sides, count, keep, keep_n, purpose or title)
        ok = passes(r.value, shift, compare, target, auto_success, auto_fail)
        extra: tuple[str, ...] = ()
        if r.value == auto_success and not odds.COMPARE[compare](r.value + shift, target):
            extra = (f"a natural {r.value} always succeeds",)
        elif r.value == auto_fail and odds.COMPARE[compare](r.value + shift, target):
            extra = (f"a natural {r.value} always fails",)
        self.steps.append(
            Step(
                title=title,
                outcome=success_text if ok else failure_text,
                roll=r,
                modifiers=tuple(modifiers),
                target=target,
                compare=compare,
                success=ok,
                probability=p,
                rulings=tuple(rulings),
                notes=tuple(notes) + extra,
            )
        )
        return Tested(ok, r.value + shift, r.value)

    def roll(
        self,
        *,
        title: str,
        who: str,
        sides: int,
        count: int = 1,
        keep: str | None = None,
        keep_n: int = 1,
        modifiers: Sequence[Modifier] = (),
        text: str = "{total}",
        rulings: Sequence[str] = (),
        notes: Sequence[str] = (),
        purpose: str | None = None,
    ) -> int:
        r = roll_dice(self.dice, who, sides, count, keep, keep_n, purpose or title)
        total = r.value + sum(m.value for m in modifiers)
        self.steps.append(
            Step(
                title,
                _fill(text, total=total, value=r.value),
                roll=r,
                modifiers=tuple(modifiers),
                rulings=tuple(rulings),
                notes=tuple(notes),
            )
        )
        return total

    def pool(
        self,
        *,
        title: str,
        who: str,
        count: int,
        sides: int,
        target: int,
        compare: str,
        modifiers: Sequence[Modifier] = (),
        auto_success: int | None = None,
        auto_fail: int | None = None,
        text: str = "{n} of {count} succeed",
        rulings: Sequence[str] = (),
        notes: Sequence[str] = (),
        purpose: str | None = None,
    ) -> int:
        if count <= 0:
            self.steps.append(Step(title, _fill(text, n=0, count=0), rulings=tuple(rulings)))
            return 0
        shift = sum(m.value for m in modifiers)
        p = test_chance(1, sides, None, 1, compare, target, shift, auto_success, auto_fail)
        values = self.dice.roll(sides, count, purpose or title)
        good = tuple(
            i
            for i, v in enumerate(values)
            if passes(v, shift, compare, target, auto_success, auto_fail)
        )
        r = Roll(who, sides, count, None, 1, values, good)
        n = len(good)
        self.steps.append(
            Step(
                title,
                _fill(text, n=n, count=count),
                roll=r,
                modifiers=tuple(modifiers),
                target=target,
                compare=compare,
                probability=p,
                successes=n,
                expected=p * count,
                rulings=tuple(rulings),
                notes=tuple(notes) + (f"each die {odds.fmt(p)}; {float(p * count):.2f} expected",),
            )
        )
        return n

    def pick(self, title: str, who: str, options: Sequence[str]) -> str:
        if len(options) == 1:
            self.steps.append(Step(title, f"{options[0]} (the only one)"))
            return options[0]
        r = roll_dice(self.dice, who, len(options), purpose=title)
        chosen = options[r.value - 1]
        self.steps.append(
            Step(
                title,
                chosen,
                roll=r,
                probability=Fraction(1, len(options)),
                notes=(
                    "numbered in the order given: "
                    + ", ".join(f"{i + 1} {o}" for i, o in enumerate(options)),
                ),
            )
        )
        return chosen
