"""Two ways to run the same rules: with dice (a trace) or over every branch (exact odds).

Resolution code asks a `Roller` for tests ("roll 2D8 keep highest, +1, above 5?") and
random picks. `DiceRoller` takes real dice and writes trace steps with the chance of each
step computed before the roll. `Branches` runs the resolution again for every branch of
every test, weighting each run by its exact probability, so `odds` is the very same rule
code without dice and cannot drift from what `attack` does.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

from companion import odds
from companion.dice import DiceSource
from companion.trace import Modifier, Step, roll_dice, roll_test


class Roller:
    """The interface resolution code uses."""

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
        modifiers: Sequence[Modifier] = (),
        success_text: str = "success",
        failure_text: str = "failure",
        rulings: Sequence[str] = (),
        notes: Sequence[str] = (),
    ) -> tuple[bool, int | None]:
        """Roll and compare; returns (success, modified total or None when enumerating)."""
        raise NotImplementedError

    def pick(self, title: str, who: str, options: Sequence[str]) -> str:
        """One of `options`, each equally likely."""
        raise NotImplementedError

    def info(
        self, title: str, outcome: str, rulings: Sequence[str] = (), notes: Sequence[str] = ()
    ) -> None:
        """A step without dice (a rule applied, a reminder)."""


class DiceRoller(Roller):
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
        modifiers: Sequence[Modifier] = (),
        success_text: str = "success",
        failure_text: str = "failure",
        rulings: Sequence[str] = (),
        notes: Sequence[str] = (),
    ) -> tuple[bool, int | None]:
        step = roll_test(
            self.dice,
            title=title,
            who=who,
            sides=sides,
            target=target,
            compare=compare,
            count=count,
            keep=keep,
            modifiers=modifiers,
            success_text=success_text,
            failure_text=failure_text,
            rulings=rulings,
            notes=notes,
        )
        self.steps.append(step)
        return bool(step.success), step.total

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

    def info(
        self, title: str, outcome: str, rulings: Sequence[str] = (), notes: Sequence[str] = ()
    ) -> None:
        self.steps.append(Step(title, outcome, rulings=tuple(rulings), notes=tuple(notes)))


class Branches(Roller):
    """Follows one path of choices; records the branch points it meets."""

    def __init__(self, path: list[int]) -> None:
        self.path = path
        self.depth = 0
        self.points: list[list[tuple[Any, Fraction]]] = []
        self.prob = Fraction(1)
        self.steps = []

    def _branch(self, options: list[tuple[Any, Fraction]]) -> Any:
        options = [o for o in options if o[1] > 0]
        self.points.append(options)
        i = self.path[self.depth] if self.depth < len(self.path) else 0
        self.depth += 1
        value, p = options[i]
        self.prob *= p
        return value

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
        modifiers: Sequence[Modifier] = (),
        success_text: str = "success",
        failure_text: str = "failure",
        rulings: Sequence[str] = (),
        notes: Sequence[str] = (),
    ) -> tuple[bool, int | None]:
        shift = sum(m.value for m in modifiers)
        p = odds.pass_chance(count, sides, keep, compare, target, shift)
        return bool(self._branch([(True, p), (False, 1 - p)])), None

    def pick(self, title: str, who: str, options: Sequence[str]) -> str:
        return str(self._branch([(o, Fraction(1, len(options))) for o in options]))


class Preview(Branches):
    """Walks the main line (every test succeeds) and writes each step's chance without
    rolling: what `odds` shows before the final distribution."""

    def __init__(self) -> None:
        super().__init__([])

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
        modifiers: Sequence[Modifier] = (),
        success_text: str = "success",
        failure_text: str = "failure",
        rulings: Sequence[str] = (),
        notes: Sequence[str] = (),
    ) -> tuple[bool, int | None]:
        shift = sum(m.value for m in modifiers)
        p = odds.pass_chance(count, sides, keep, compare, target, shift)
        spec = (
            f"D{sides}"
            if count == 1
            else (f"{count}D{sides} keep {'highest' if keep == 'h' else 'lowest'}")
        )
        self.steps.append(
            Step(
                title,
                f"{who} rolls {spec}, needs {compare} {target}: {success_text}",
                modifiers=tuple(modifiers),
                target=target,
                compare=compare,
                probability=p,
                rulings=tuple(rulings),
                notes=tuple(notes),
            )
        )
        return bool(self._branch([(True, p), (False, 1 - p)])), None

    def info(
        self, title: str, outcome: str, rulings: Sequence[str] = (), notes: Sequence[str] = ()
    ) -> None:
        self.steps.append(Step(title, outcome, rulings=tuple(rulings), notes=tuple(notes)))


def enumerate_outcomes(run: Callable[[Roller], str]) -> dict[str, Fraction]:
    """Exact distribution of `run`'s result labels over every branch of its tests."""
    out: dict[str, Fraction] = {}
    stack: list[list[int]] = [[]]
    while stack:
        path = stack.pop()
        b = Branches(path)
        label = run(b)
        out[label] = out.get(label, Fraction(0)) + b.prob
        for depth in range(len(path), len(b.points)):
            chosen = path[depth] if depth < len(path) else 0
            prefix = [path[i] if i < len(path) else 0 for i in range(depth)]
            for i in range(chosen + 1, len(b.points[depth])):
                stack.append(prefix + [i])
    return out
