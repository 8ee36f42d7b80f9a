"""Exact odds from the rule code itself: the roller that walks every branch.

- `Branches` runs a rule system's code once per branch of every request, weighting each
  run by its exact probability; `enumerate_outcomes` sums the runs into the exact
  distribution of whatever the rule code returns.
- `Preview` walks the main line (every test passes) and writes each step's chance without
  rolling: the explanation shown above the final distribution of `odds`.

A test branches on pass/fail only, unless the rule code needs the die's value
(`by_value`), when it branches on every kept value or only on the values the code looks
at; a `roll` always branches on every value; a `pool` branches on the number of
successes. Kept apart from `companion.core.roller` so that a command that only rolls
(a turn's initiative) does not compile the enumeration at every start.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from fractions import Fraction
from functools import lru_cache

from companion import odds
from companion.core.check import PICK, POOL, TEST, TOTAL, Check
from companion.core.roller import Roller, Tested
from companion.trace import Step

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, without importing typing at start-up
if TYPE_CHECKING:
    from typing import Any, TypeVar

    K = TypeVar("K", bound=Hashable)


@lru_cache(maxsize=1024)
def successes_dist(count: int, p: Fraction) -> tuple[tuple[int, Fraction], ...]:
    """How many of `count` independent dice pass, each with chance `p`, most first."""
    return tuple(sorted(odds.successes(count, p).items(), reverse=True))


@lru_cache(maxsize=1024)
def _buckets(
    c: Check, values: tuple[int, ...]
) -> tuple[tuple[tuple[bool, int | None], Fraction], ...]:
    """A test's outcomes as (passed, the value if it is one of `values`), with chances."""
    out: dict[tuple[bool, int | None], Fraction] = {}
    for v, p in c.values()[::-1]:
        key = (c.passes(v), v if v in values else None)
        out[key] = out.get(key, Fraction(0)) + p
    return tuple(out.items())


@lru_cache(maxsize=64)
def _picks(n: int) -> tuple[tuple[int, Fraction], ...]:
    return tuple((i, Fraction(1, n)) for i in range(n))


@lru_cache(maxsize=1024)
def _pass_fail(p: Fraction) -> tuple[tuple[bool, Fraction], tuple[bool, Fraction]]:
    return ((True, p), (False, 1 - p))


class Branches(Roller):
    """Follows one path of choices through the rule code; records the branch points."""

    def __init__(self, path: list[int]) -> None:
        self.path = path
        self.depth = 0
        self.points: list[int] = []
        # The path's chance as a plain numerator and denominator: Fraction arithmetic at
        # every branch point costs more than the rule code itself.
        self.num = 1
        self.den = 1
        self.steps = []
        # The title of the first check on this path: what its outcome turns on.
        self.first_title: str | None = None
        # The title of the first step without dice: what an outcome that rolls nothing
        # turns on.
        self.first_info: str | None = None

    @property
    def prob(self) -> Fraction:
        return Fraction(self.num, self.den)

    def _branch(self, options: Sequence[tuple[Any, Fraction]]) -> Any:
        live = [o for o in options if o[1].numerator]
        self.points.append(len(live))
        i = self.path[self.depth] if self.depth < len(self.path) else 0
        self.depth += 1
        value, p = live[i]
        self.num *= p.numerator
        self.den *= p.denominator
        return value

    def check(self, c: Check) -> Tested:
        if self.first_title is None:
            self.first_title = c.title
        kind = c.kind
        if kind == TEST:
            return self._test(c)
        if kind == POOL:
            if c.count <= 0:
                return Tested(False, 0, None)
            n = int(self._branch(successes_dist(c.count, c.chance())))
            return Tested(n > 0, n, None)
        if kind == PICK:
            i = int(self._branch(_picks(len(c.options))))
            return Tested(True, i + 1, i + 1, c.options[i])
        v = int(self._branch(c.values()))
        return Tested(True, v + c.shift, v)

    def _test(self, c: Check) -> Tested:
        assert c.target is not None
        shift, by_value = c.shift, c.by_value
        if by_value is True:
            v = int(self._branch(c.values()[::-1]))
            return Tested(c.passes(v), v + shift, v)
        if by_value:
            ok, val = self._branch(_buckets(c, by_value))
            return Tested(ok, None if val is None else val + shift, val)
        return Tested(bool(self._branch(_pass_fail(c.chance()))), None, None)

    def info(
        self, title: str, outcome: str, rulings: Sequence[str] = (), notes: Sequence[str] = ()
    ) -> None:
        """Enumerating writes no trace; it keeps the first title only."""
        if self.first_info is None:
            self.first_info = title


class Preview(Branches):
    """Walks the main line (every test passes, every roll and pool takes its most
    favourable value) and writes each step with its chance, without rolling."""

    def __init__(self) -> None:
        super().__init__([])

    def check(self, c: Check) -> Tested:
        kind = c.kind
        if kind == TEST:
            self._say(c, f"{c.who} rolls {c.spec}, needs {c.compare} {c.target}: {c.success_text}")
        elif kind == POOL and c.count > 0:
            p = c.chance()
            self._say(
                c,
                f"{c.who} rolls {c.count}D{c.sides}, each needs {c.compare} {c.target}: "
                f"{float(p * c.count):.2f} expected",
                expected=p * c.count,
            )
        elif kind == TOTAL:
            dist = c.values()
            mean = odds.expected(dict(dist)) + c.shift
            lo, hi = dist[0][0] + c.shift, dist[-1][0] + c.shift
            self._say(c, f"{c.who} rolls {c.spec}: {lo} to {hi}, {float(mean):.1f} on average")
            # The main line takes a total's most favourable (highest) value.
            v = int(self._branch(dist[::-1]))
            return Tested(True, v + c.shift, v)
        return super().check(c)

    def _say(self, c: Check, outcome: str, expected: Fraction | None = None) -> None:
        tested = c.target is not None
        self.steps.append(
            Step(
                c.title,
                outcome,
                modifiers=c.modifiers,
                target=c.target,
                compare=c.compare if tested else None,
                probability=c.chance() if tested else None,
                expected=expected,
                rulings=c.rulings,
                notes=c.notes,
                check=c,
            )
        )

    def info(
        self, title: str, outcome: str, rulings: Sequence[str] = (), notes: Sequence[str] = ()
    ) -> None:
        self.steps.append(Step(title, outcome, rulings=tuple(rulings), notes=tuple(notes)))


class OverBudget(Exception):
    """A walk would answer more checks than it was allowed (`enumerate_outcomes`)."""


class Telling(Roller):
    """A walk's roller for rule code whose words are its plain steps' (the end of an
    activation says what its last step says): the checks go to the walk, the plain
    steps are kept."""

    def __init__(self, walk: Roller) -> None:
        self.walk = walk
        self.steps = []
        self.takes = walk.takes

    def check(self, c: Check) -> Tested:
        got = self.walk.check(c)
        said = str(got.chosen) if c.kind == PICK else c.said(got.success, got.total, got.value)
        self.steps.append(Step(c.title, said))
        return got


def enumerate_outcomes(run: Callable[[Roller], K], budget: int | None = None) -> dict[K, Fraction]:
    """The exact distribution of what `run` returns, over every branch of its requests.

    `run` is the rule code itself, taking a roller; it must be deterministic given the
    roller's answers (it may not read anything else that changes between runs). With a
    `budget`, the walk stops (OverBudget) once it has answered more checks than that.
    """
    out: dict[K, Fraction] = {}
    stack: list[list[int]] = [[]]
    while stack:
        path = stack.pop()
        b = Branches(path)
        label = run(b)
        if budget is not None:
            budget -= len(b.points) + 1
            if budget < 0:
                raise OverBudget
        out[label] = out.get(label, Fraction(0)) + b.prob
        for depth in range(len(path), len(b.points)):
            chosen = path[depth] if depth < len(path) else 0
            prefix = [path[i] if i < len(path) else 0 for i in range(depth)]
            for i in range(chosen + 1, b.points[depth]):
                stack.append(prefix + [i])
    return out


def distribution(
    run: Callable[[Roller], K], order: Sequence[K] | None = None
) -> tuple[tuple[K, Fraction], ...]:
    """`enumerate_outcomes` as an ordered table: in `order` where given (missing outcomes
    left out), else most likely first."""
    dist = enumerate_outcomes(run)
    if order is not None:
        return tuple((k, dist[k]) for k in order if dist.get(k))
    return tuple(sorted(dist.items(), key=lambda kv: -kv[1]))
