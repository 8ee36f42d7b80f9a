"""Luck across games: each warband's dice, per kind of roll, against their exact
expectation, summed over every game, and how unusual the total is.

The sums are the battle report's own (`report.luck`): each game keeps, per side and
kind of roll, its count, what it got, and the exact expectation and variance worked out
from the odds recorded before each roll. Those add up across games exactly, and a
total far from its expectation, in spreads (standard deviations), is rare: the chance of
a total at least as far off is the normal curve's two tails.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from companion.history.standings import side_name
from companion.history.summary import GameSummary, Warbands
from companion.report.luck import ALL_TESTS, Luck
from companion.values import frozen


@frozen
class LuckTotal:
    """One warband's kind of roll over many games (`luck`: the report's sums), and in how
    many games it was rolled."""

    luck: Luck
    games: int

    @property
    def z(self) -> float:
        """How far the total is from its expectation, in spreads (0 with no spread)."""
        sd = math.sqrt(self.luck.variance)
        return float(self.luck.got - self.luck.expected) / sd if sd else 0.0

    @property
    def chance(self) -> float:
        """The chance of a total at least this far from the expectation, either way."""
        return math.erfc(abs(self.z) / math.sqrt(2))

    @property
    def unusual(self) -> str:
        """In words: as expected (within a spread), or about one total in how many."""
        if self.luck.verdict == "too few to tell" or abs(self.z) <= 1:
            return self.luck.verdict
        return f"{self.luck.verdict}: about 1 in {_round(self.chance)}"

    def to_dict(self) -> dict[str, Any]:
        return {
            **self.luck.to_dict(),
            "games": self.games,
            "z": round(self.z, 3),
            "chance": round(self.chance, 6),
            "unusual": self.unusual,
        }


def _round(chance: float) -> str:
    """1 in 4, 1 in 30, 1 in 1,200: two figures are plenty."""
    if chance <= 1e-9:
        return "more than a billion"
    x = 1 / chance
    digits = max(0, len(str(int(x))) - 2)
    return f"{round(x, -digits):,.0f}"


def luck_totals(games: Sequence[GameSummary], rosters: Warbands) -> list[LuckTotal]:
    """Per warband (an OpFor by its profile) and kind of roll, the sums over the games;
    each warband with more than one kind of test has its tests summed as well."""
    acc: dict[tuple[str, str, bool], list[Any]] = {}
    names: dict[str, str] = {}
    tested: dict[str, set[str]] = {}  # the games in which each warband made a test
    for g in games:
        for row in g.luck_rows():
            if not 0 <= row.side < len(g.sides) or g.sides[row.side].neutral:
                continue
            side = g.sides[row.side]
            who = rosters.key(side.key) if side.key else f"opfor:{g.profile or side.name}"
            names[who] = side_name(g, row.side, rosters) if side.key else f"OpFor ({side.name})"
            slot = acc.setdefault((who, row.kind, row.tests), [0, Fraction(0), Fraction(0), 0, 0])
            slot[0] += row.rolls
            slot[1] += row.got
            slot[2] += row.expected
            slot[3] += row.variance
            slot[4] += 1
            if row.tests:
                tested.setdefault(who, set()).add(g.name)
    out: list[LuckTotal] = []
    for who in sorted(names, key=lambda k: names[k].casefold()):
        rows = sorted(
            (
                LuckTotal(Luck(names[who], kind, s[0], tests, s[1], s[2], s[3]), s[4])
                for (w, kind, tests), s in acc.items()
                if w == who
            ),
            key=lambda t: (not t.luck.tests, t.luck.kind),
        )
        out += rows
        tests = [t for t in rows if t.luck.tests]
        if len(tests) > 1:
            out.append(
                LuckTotal(
                    Luck(
                        names[who],
                        ALL_TESTS,
                        sum(t.luck.rolls for t in tests),
                        True,
                        sum((t.luck.got for t in tests), Fraction(0)),
                        sum((t.luck.expected for t in tests), Fraction(0)),
                        sum((t.luck.variance for t in tests), Fraction(0)),
                    ),
                    len(tested.get(who, ())),
                )
            )
    return out
