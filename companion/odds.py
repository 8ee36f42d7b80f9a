"""Exact probabilities of dice rolls, as fractions.

Distributions are built from whole-number counts of outcomes (how many of the `sides ** count`
equally likely rolls give each total), then divided once: a plain sum by polynomial
convolution with a sliding window, a keep-highest/lowest pool by a walk over the faces from
the best down. So 100d100 or 50d6kh3 take milliseconds, not minutes. The numbers are exact
so a trace can say "5/8" rather than "about 62%" and tests can pin them.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Mapping
from fractions import Fraction
from functools import lru_cache
from math import comb

from companion.errors import UsageError

Dist = Mapping[int, Fraction]

COMPARE: dict[str, Callable[[int, int], bool]] = {
    "<=": operator.le,
    "<": operator.lt,
    ">=": operator.ge,
    ">": operator.gt,
    "==": operator.eq,
}

# Beyond these a pool is refused at once rather than worked out for minutes. The work
# limits keep the slowest pool allowed under a quarter of a second (141d100, 100d100kh12);
# the largest pool any rule system rolls today costs a few hundred steps.
MAX_DICE = 1000
MAX_SIDES = 1000
MAX_SUM_WORK = 2_000_000
MAX_KEEP_WORK = 20_000_000


class TooLargeError(UsageError):
    """A pool whose exact odds would take too long to work out."""


def pool_work(count: int, sides: int, keep: str | None = None, keep_n: int = 1) -> int:
    """A rough count of the steps `pool` takes: compare with the MAX_*_WORK limits."""
    if keep is None or keep_n >= count:
        return count * count * sides
    if keep_n == 1:
        return sides
    return sides * sides * keep_n**3


def check_pool(count: int, sides: int, keep: str | None = None, keep_n: int = 1) -> None:
    """Raise TooLargeError (a usage error) for a pool beyond the limits, at once."""
    if not 1 <= count <= MAX_DICE:
        raise TooLargeError(f"exact odds take 1 to {MAX_DICE} dice, not {count}")
    if not 2 <= sides <= MAX_SIDES:
        raise TooLargeError(f"exact odds take dice of 2 to {MAX_SIDES} sides, not {sides}")
    limit = MAX_SUM_WORK if keep is None or keep_n >= count else MAX_KEEP_WORK
    if pool_work(count, sides, keep, keep_n) > limit:
        what = f"{count}d{sides}" + (f" keeping {keep_n}" if keep and keep_n < count else "")
        raise TooLargeError(f"{what} is too large a pool to work out exact odds for")


def sum_counts(count: int, sides: int) -> list[int]:
    """ways[t] = how many of the sides**count rolls total `count + t` (t = 0 .. count*(sides-1))."""
    ways = [1]
    for _ in range(count):
        # Multiplying by 1 + x + ... + x^(sides-1) is a window sum over the previous counts.
        nxt = []
        window = 0
        n = len(ways)
        for t in range(n + sides - 1):
            if t < n:
                window += ways[t]
            if t >= sides:
                window -= ways[t - sides]
            nxt.append(window)
        ways = nxt
    return ways


def _keep_counts(count: int, sides: int, keep_n: int) -> dict[int, int]:
    """How many rolls give each total of the keep_n highest of `count` dice.

    Faces are visited from the highest down, deciding how many dice show each. With `used`
    dice placed so far (all on higher faces) the kept total is fixed once keep_n are placed:
    the rest show any lower face, (face - 1) ** rest ways, and are summed in one step.
    """
    out: dict[int, int] = {}
    # level[used][total]: ways to place `used` (< keep_n) dice on the faces seen so far.
    level: list[dict[int, int]] = [{0: 1}] + [{} for _ in range(keep_n - 1)]
    for face in range(sides, 0, -1):
        nxt: list[dict[int, int]] = [{} for _ in range(keep_n)]
        for used, totals in enumerate(level):
            if not totals:
                continue
            rest = count - used
            for j in range(keep_n - used):  # still short of keep_n after this face
                w = comb(rest, j)
                row = nxt[used + j]
                for total, ways in totals.items():
                    t = total + j * face
                    row[t] = row.get(t, 0) + ways * w
            # keep_n or more show this face: the kept total is complete.
            need = keep_n - used
            done = sum(comb(rest, j) * (face - 1) ** (rest - j) for j in range(need, rest + 1))
            if done:
                add = need * face
                for total, ways in totals.items():
                    out[total + add] = out.get(total + add, 0) + ways * done
        level = nxt
    return out


@lru_cache(maxsize=128)
def pool_counts(
    count: int, sides: int, keep: str | None, keep_n: int
) -> tuple[tuple[int, int], ...]:
    """(kept total, how many of the sides**count equally likely rolls give it), sorted."""
    check_pool(count, sides, keep, keep_n)
    if keep is None or keep_n >= count:
        return tuple((count + t, w) for t, w in enumerate(sum_counts(count, sides)) if w)
    counts = _keep_counts(count, sides, keep_n)
    if keep == "l":
        # The lowest dice of a roll are the highest of the mirrored roll (face -> sides+1-face).
        counts = {keep_n * (sides + 1) - t: w for t, w in counts.items()}
    return tuple(sorted(counts.items()))


@lru_cache(maxsize=128)
def _pool(
    count: int, sides: int, keep: str | None, keep_n: int
) -> tuple[tuple[int, Fraction], ...]:
    n = sides**count
    return tuple((t, Fraction(w, n)) for t, w in pool_counts(count, sides, keep, keep_n))


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


def successes(count: int, p: Fraction) -> dict[int, Fraction]:
    """How many of `count` independent dice pass, each with chance `p`: 0..count."""
    if not 0 <= count <= MAX_DICE:
        raise TooLargeError(f"count successes of 0 to {MAX_DICE} dice, not {count}")
    q = 1 - p
    return {k: comb(count, k) * p**k * q ** (count - k) for k in range(count + 1)}


def successes_of(count: int, sides: int, compare: str, target: int) -> dict[int, Fraction]:
    """How many of `count` dice with `sides` faces roll `compare target` (e.g. 5+ on D6)."""
    return successes(count, chance(pool(1, sides), compare, target))


def expected(dist: Dist) -> Fraction:
    return sum((v * p for v, p in dist.items()), Fraction(0))


def percent(p: Fraction) -> str:
    """A chance as a whole percentage where it is one ('60%'), else to a tenth; a chance
    that is neither none nor certain never reads as 0% or 100%."""
    pct = float(p) * 100
    if 0 < pct < 0.05:
        return "under 0.1%"
    if 99.95 <= pct < 100:
        return "over 99.9%"
    return f"{pct:.0f}%" if abs(pct - round(pct)) < 1e-9 else f"{pct:.1f}%"


def fmt(p: Fraction) -> str:
    """A chance as people read it, everywhere one is printed for them: the percentage, with
    the exact fraction only where it is short ('62.5% (5/8)', '42% (21/50)', but '57.9%'
    for 125/216). JSON output keeps the exact fraction."""
    frac = f"{p.numerator}/{p.denominator}"
    return percent(p) if p.denominator == 1 or len(frac) > 5 else f"{percent(p)} ({frac})"


def most_likely(what: str, p: Fraction) -> str:
    """An odds summary: the likeliest outcome and its chance, or the outcome alone when it
    is certain (no line that only says 100%)."""
    return what if p == 1 else f"most likely: {what} ({fmt(p)})"
