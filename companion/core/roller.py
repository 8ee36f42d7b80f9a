"""One roller for every rule system: the same rule code run with dice, or over every branch.

Rule code describes each roll as a value (`companion.core.check.Check`: a test against a
target, a total to use, a pool of dice counted against a target, a random pick) and
hands it to a `Roller`'s one method, `check`; plain explained steps go to `info`.

- `DiceRoller` rolls real dice (seeded or typed by the player) and writes one trace step
  per check, with the exact chance of that step worked out before the dice fall.
- `Branches` and `Preview` (in `companion.core.branches`, loaded only where odds are
  worked out) run the same code over every branch, or along the main line without
  rolling: so `odds` is the very same code as the resolution and the two cannot drift
  apart, and a rule system writes no odds code of its own.

A test branches on pass/fail only, unless the rule code needs the die's value
(`by_value=True`, e.g. "a natural 6 also..."), when it branches on every kept value, or
only on the values the code looks at (`by_value=(1, 6)`: a 1, a 6, or any other pass or
fail, so the odds walk four branches instead of six). A total always branches on every
value; a pool branches on the number of successes; a pick on each option.
"""

from __future__ import annotations

from fractions import Fraction

from companion import odds
from companion.core.check import PICK, POOL, TEST, Check
from companion.dice import DiceSource
from companion.trace import COMPARE_WORDS, Roll, Step, percent, roll_dice

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, without importing typing at start-up
if TYPE_CHECKING:
    from collections.abc import Sequence


class Tested(tuple[bool, int | None]):
    """What a check decided. Unpacks as (success, total) for rule code that needs no more.

    `value` is the kept dice's natural value and `total` that value with the modifiers;
    both are None while enumerating a pass/fail branch (no single value was rolled). A
    total's `total` is the value to use; a pool's `total` is the number of passes; a
    pick's `chosen` is the option picked.
    """

    value: int | None
    chosen: str | None

    def __new__(
        cls, success: bool, total: int | None, value: int | None, chosen: str | None = None
    ) -> Tested:
        obj = super().__new__(cls, (success, total))
        obj.value = value
        obj.chosen = chosen
        return obj

    @property
    def success(self) -> bool:
        return self[0]

    @property
    def total(self) -> int | None:
        return self[1]

    def __bool__(self) -> bool:
        return self[0]


class Roller:
    """The interface rule code uses; see the module docstring."""

    steps: list[Step]
    #: whether the dice really fall: the action is being taken, not counted for its odds
    #: or described. What only a taken action does (spend the activation, refuse an
    #: attack out of turn, end the game) reads this; no die depends on it.
    takes = False

    def check(self, c: Check) -> Tested:
        """Make the roll `c` describes and say what it decided (see `Tested`)."""
        raise NotImplementedError

    def info(
        self, title: str, outcome: str, rulings: Sequence[str] = (), notes: Sequence[str] = ()
    ) -> None:
        """A step without dice (a rule applied, a reminder)."""
        self.steps.append(Step(title, outcome, rulings=tuple(rulings), notes=tuple(notes)))


class DiceRoller(Roller):
    """Rolls real dice and writes the trace."""

    takes = True

    def __init__(self, dice: DiceSource) -> None:
        self.dice = dice
        self.steps = []

    def check(self, c: Check) -> Tested:
        kind = c.kind
        if kind == TEST:
            return self._test(c)
        if kind == POOL:
            return self._pool(c)
        if kind == PICK:
            return self._pick(c)
        return self._total(c)

    def _test(self, c: Check) -> Tested:
        assert c.target is not None
        shift, target, compare = c.shift, c.target, c.compare
        p = c.chance()
        # The die's prompt says what it needs and its chance, before it is rolled.
        which = "the kept die needs" if c.count > 1 and c.keep else "needs"
        need = f"{which} {COMPARE_WORDS[compare]} {target - shift}, {percent(p)}"
        r = roll_dice(self.dice, c.who, c.sides, c.count, c.keep, c.keep_n, c.asks, need)
        ok = c.passes(r.value)
        extra: tuple[str, ...] = ()
        if r.value == c.auto_success and not odds.COMPARE[compare](r.value + shift, target):
            extra = (f"a natural {r.value} always succeeds",)
        elif r.value == c.auto_fail and odds.COMPARE[compare](r.value + shift, target):
            extra = (f"a natural {r.value} always fails",)
        self.steps.append(
            Step(
                title=c.title,
                outcome=c.said(ok, None),
                roll=r,
                modifiers=c.modifiers,
                target=target,
                compare=compare,
                success=ok,
                probability=p,
                rulings=c.rulings,
                notes=c.notes + extra,
                check=c,
            )
        )
        return Tested(ok, r.value + shift, r.value)

    def _total(self, c: Check) -> Tested:
        r = roll_dice(self.dice, c.who, c.sides, c.count, c.keep, c.keep_n, c.asks)
        total = r.value + c.shift
        self.steps.append(
            Step(
                c.title,
                c.said(True, total, r.value),
                roll=r,
                modifiers=c.modifiers,
                rulings=c.rulings,
                notes=c.notes,
                check=c,
            )
        )
        return Tested(True, total, r.value)

    def _pool(self, c: Check) -> Tested:
        if c.count <= 0:
            self.steps.append(Step(c.title, c.said(False, 0), rulings=c.rulings, check=c))
            return Tested(False, 0, None)
        p = c.chance()
        # Each die's prompt says what it needs and its chance, as a test's does.
        need = ""
        if c.target is not None:
            need = f"each needs {COMPARE_WORDS[c.compare]} {c.target - c.shift}, {percent(p)}"
        values = self.dice.roll(c.sides, c.count, c.asks, need)
        good = tuple(i for i, v in enumerate(values) if c.passes(v))
        r = Roll(c.who, c.sides, c.count, None, 1, values, good)
        n = len(good)
        self.steps.append(
            Step(
                c.title,
                c.said(n > 0, n),
                roll=r,
                modifiers=c.modifiers,
                target=c.target,
                compare=c.compare,
                probability=p,
                successes=n,
                expected=p * c.count,
                rulings=c.rulings,
                notes=c.notes + (f"each die {odds.fmt(p)}; {float(p * c.count):.2f} expected",),
                check=c,
            )
        )
        return Tested(n > 0, n, None)

    def _pick(self, c: Check) -> Tested:
        options = c.options
        if len(options) == 1:
            self.steps.append(Step(c.title, f"{options[0]} (the only one)", check=c))
            return Tested(True, 1, 1, options[0])
        r = roll_dice(self.dice, c.who, len(options), purpose=c.title)
        chosen = options[r.value - 1]
        self.steps.append(
            Step(
                c.title,
                chosen,
                roll=r,
                probability=Fraction(1, len(options)),
                notes=(
                    "numbered in the order given: "
                    + ", ".join(f"{i + 1} {o}" for i, o in enumerate(options)),
                ),
                check=c,
            )
        )
        return Tested(True, r.value, r.value, chosen)
