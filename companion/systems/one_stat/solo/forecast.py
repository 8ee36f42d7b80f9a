"""What one spawn roll brings, exactly: every one of the 6^6 outcomes of the spawn dice."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import lru_cache
from itertools import combinations_with_replacement
from math import factorial, prod

from companion.systems.one_stat.solo.spawn import group, tally
from companion.values import frozen

RANKS = ("rookie", "specialist", "boss")
_ORDERINGS = factorial(6)


@frozen
class Forecast:
    outcomes: int
    hands: tuple[tuple[tuple[int, int, int], Fraction], ...]  # (rookies, specs, bosses)
    per_rank: dict[str, tuple[tuple[int, Fraction], ...]]
    expected: dict[str, Fraction]
    fighters: tuple[tuple[int, Fraction], ...]
    at_least_one_boss: Fraction

    @property
    def expected_total(self) -> Fraction:
        return sum(self.expected.values(), Fraction(0))

    def by_turn(self, turns: int, shut: int = 0) -> list[tuple[int, Fraction]]:
        """Expected OpFor fighters that have arrived by each turn: turn N has seen the
        set-up spawn and N-1 upkeep spawns; no one taken out is subtracted.

        With `shut` spawnpoints shut down, every face carries 1/6 of the expectation (the
        faces are symmetric), so each shut point removes a sixth.
        """
        per = self.expected_total * Fraction(6 - shut, 6)
        return [(t, per * t) for t in range(1, turns + 1)]


@lru_cache(maxsize=1)
def forecast() -> Forecast:
    # The spawn depends only on which faces came up how often, so each of the 462
    # multisets of six faces stands for all its orderings (its multinomial weight):
    # the same 6^6 outcomes, counted without listing them one by one.
    hands: Counter[tuple[int, int, int]] = Counter()
    for values in combinations_with_replacement(range(1, 7), 6):
        t = tally(group(values))
        weight = _ORDERINGS // prod(factorial(c) for c in Counter(values).values())
        hands[(t["rookie"], t["specialist"], t["boss"])] += weight
    n = 6**6
    hand_p = tuple(sorted(((h, Fraction(c, n)) for h, c in hands.items()), key=lambda x: -x[1]))
    per_rank: dict[str, tuple[tuple[int, Fraction], ...]] = {}
    expected: dict[str, Fraction] = {}
    for i, r in enumerate(RANKS):
        dist: Counter[int] = Counter()
        for h, c in hands.items():
            dist[h[i]] += c
        per_rank[r] = tuple(sorted((k, Fraction(c, n)) for k, c in dist.items()))
        expected[r] = sum((k * p for k, p in per_rank[r]), Fraction(0))
    sizes: Counter[int] = Counter()
    for h, c in hands.items():
        sizes[sum(h)] += c
    return Forecast(
        n,
        hand_p,
        per_rank,
        expected,
        tuple(sorted((k, Fraction(c, n)) for k, c in sizes.items())),
        1 - dict(per_rank["boss"]).get(0, Fraction(0)),
    )
