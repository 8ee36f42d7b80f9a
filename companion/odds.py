"""Exact probabilities of dice rolls, as fractions.

Small pools are enumerated outright (cached); plain sums are convolved. The numbers are
exact so a trace can say "5/8" rather than "about 62%" and tests can pin them.
"""

from __future__ import annotations

import itertools
import operator
from collections.abc import Callable, Mapping
from fractions import Fraction
from functools import lru_cache

Dist = Mapping[int, Fraction]

COMPARE: dict[str, Callable[[int, int], bool]] = {
    "<=": operator.le,
    "<": operator.lt,
    ">=": operator.ge,
    ">": operator.gt,
    "==": operator.eq,
}


@lru_cache(maxsize=512)
def _pool(
    count: int, sides: int, keep: str | None, keep_n: int
) -> tuple[tuple[int, Fraction], ...]:
    if keep is None or keep_n >= count:
        dist: dict[int, Fraction] = {0: Fraction(1)}
        face = Fraction(1, sides)
        for _ in range(count):
            nxt: dict[int, Fraction] = {}
            for total, p in dist.items():
                for f in range(1, sides + 1):
                    nxt[total + f] = nxt.get(total + f, Fraction(0)) + p * face
            dist = nxt
        return tuple(sorted(dist.items()))
    if keep_n == 1:
        # The single highest (lowest) of n dice has a closed form.
        out = {}
        for k in range(1, sides + 1):
            if keep == "h":
                p = Fraction(k**count - (k - 1) ** count, sides**count)
            else:
                p = Fraction((sides - k + 1) ** count - (sides - k) ** count, sides**count)
            out[k] = p
        return tuple(sorted(out.items()))
    if sides**count > 2_000_000:
        raise ValueError(f"{count}d{sides} keep {keep_n} is too large to enumerate")
    counts: dict[int, int] = {}
    for faces in itertools.product(range(1, sides + 1), repeat=count):
        ordered = sorted(faces, reverse=(keep == "h"))
        total = sum(ordered[:keep_n])
        counts[total] = counts.get(total, 0) + 1
    n = sides**count
    return tuple(sorted((t, Fraction(c, n)) for t, c in counts.items()))


def pool(count: int, sides: int, keep: str | None = None, keep_n: int = 1) -> dict[int, Fraction]:
    """Distribution of the kept total of `count` dice with `sides` faces."""
    return dict(_pool(count, sides, keep, keep_n))


def chance(dist: Dist, compare: str, target: int, shift: int = 0) -> Fraction:
    """P(value + shift <compare> target) for a distribution of values."""
    op = COMPARE[compare]
    return sum((p for v, p in dist.items() if op(v + shift, target)), Fraction(0))


def pass_chance(
    count: int, sides: int, keep: str | None, compare: str, target: int, shift: int = 0
) -> Fraction:
    """The chance that the kept die of `count` dice, plus `shift`, passes `compare target`."""
    return chance(pool(count, sides, keep if count > 1 else None, 1), compare, target, shift)


def expected(dist: Dist) -> Fraction:
    return sum((v * p for v, p in dist.items()), Fraction(0))


def fmt(p: Fraction) -> str:
    """A probability as a person reads it: '62.5% (5/8)'."""
    pct = float(p) * 100
    text = f"{pct:.1f}%" if pct not in (0.0, 100.0) else f"{pct:.0f}%"
    return text if p.denominator == 1 else f"{text} ({p.numerator}/{p.denominator})"
