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
from companion.core.roller import Roller, Tested, passes, spec_text, test_chance, value_dist
from companion.trace import Modifier, Step

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
    count: int,
    sides: int,
    keep: str | None,
    keep_n: int,
    compare: str,
    target: int,
    shift: int,
    auto_success: int | None,
    auto_fail: int | None,
    values: tuple[int, ...],
) -> tuple[tuple[tuple[bool, int | None], Fraction], ...]:
    """A test's outcomes as (passed, the value if it is one of `values`), with chances."""
    out: dict[tuple[bool, int | None], Fraction] = {}
    for v, p in value_dist(count, sides, keep, keep_n)[::-1]:
        key = (
            passes(v, shift, compare, target, auto_success, auto_fail),
            v if v in values else None,
        )
        out[key] = out.get(key, Fraction(0)) + p
    return tuple(out.items())


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
        if by_value is True:
            v = int(self._branch(value_dist(count, sides, keep, keep_n)[::-1]))
            return Tested(passes(v, shift, compare, target, auto_success, auto_fail), v + shift, v)
        if by_value:
            buckets = _buckets(
                count,
                sides,
                keep,
                keep_n,
                compare,
                target,
                shift,
                auto_success,
                auto_fail,
                by_value,
            )
            ok, val = self._branch(buckets)
            return Tested(ok, None if val is None else val + shift, val)
        p = test_chance(count, sides, keep, keep_n, compare, target, shift, auto_success, auto_fail)
        return Tested(bool(self._branch(_pass_fail(p))), None, None)

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
        dist = value_dist(count, sides, keep, keep_n)
        return int(self._branch(dist)) + sum(m.value for m in modifiers)

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
            return 0
        shift = sum(m.value for m in modifiers)
        p = test_chance(1, sides, None, 1, compare, target, shift, auto_success, auto_fail)
        return int(self._branch(successes_dist(count, p)))

    def pick(self, title: str, who: str, options: Sequence[str]) -> str:
        return str(self._branch([(o, Fraction(1, len(options))) for o in options]))

    def info(
        self, title: str, outcome: str, rulings: Sequence[str] = (), notes: Sequence[str] = ()
    ) -> None:
        """Enumerating writes no trace."""


class Preview(Branches):
    """Walks the main line (every test passes, every roll and pool takes its most
    favourable value) and writes each step with its chance, without rolling."""

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
        spec = spec_text(count, sides, keep, keep_n)
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
        return super().test(
            title=title,
            who=who,
            sides=sides,
            target=target,
            compare=compare,
            count=count,
            keep=keep,
            keep_n=keep_n,
            modifiers=modifiers,
            auto_success=auto_success,
            auto_fail=auto_fail,
            by_value=by_value,
        )

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
        dist = value_dist(count, sides, keep, keep_n)
        shift = sum(m.value for m in modifiers)
        mean = odds.expected(dict(dist)) + shift
        lo, hi = dist[0][0] + shift, dist[-1][0] + shift
        self.steps.append(
            Step(
                title,
                f"{who} rolls {spec_text(count, sides, keep, keep_n)}: {lo} to {hi}, "
                f"{float(mean):.1f} on average",
                modifiers=tuple(modifiers),
                rulings=tuple(rulings),
                notes=tuple(notes),
            )
        )
        return int(self._branch(dist[::-1])) + shift

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
        shift = sum(m.value for m in modifiers)
        p = test_chance(1, sides, None, 1, compare, target, shift, auto_success, auto_fail)
        if count > 0:
            self.steps.append(
                Step(
                    title,
                    f"{who} rolls {count}D{sides}, each needs {compare} {target}: "
                    f"{float(p * count):.2f} expected",
                    modifiers=tuple(modifiers),
                    target=target,
                    compare=compare,
                    probability=p,
                    expected=p * count,
                    rulings=tuple(rulings),
                    notes=tuple(notes),
                )
            )
        return super().pool(
            title=title,
            who=who,
            count=count,
            sides=sides,
            target=target,
            compare=compare,
            modifiers=modifiers,
            auto_success=auto_success,
            auto_fail=auto_fail,
        )

    def info(
        self, title: str, outcome: str, rulings: Sequence[str] = (), notes: Sequence[str] = ()
    ) -> None:
        self.steps.append(Step(title, outcome, rulings=tuple(rulings), notes=tuple(notes)))


def enumerate_outcomes(run: Callable[[Roller], K]) -> dict[K, Fraction]:
    """The exact distribution of what `run` returns, over every branch of its requests.

    `run` is the rule code itself, taking a roller; it must be deterministic given the
    roller's answers (it may not read anything else that changes between runs).
    """
    out: dict[K, Fraction] = {}
    stack: list[list[int]] = [[]]
    while stack:
        path = stack.pop()
        b = Branches(path)
        label = run(b)
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
