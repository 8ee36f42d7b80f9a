"""The generic odds of an action: facets that name nested words, and small walks made at once."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import pytest

from companion.core import action_odds, walk
from companion.core.check import Check
from companion.core.counting import Counting, Row
from companion.core.roller import Roller
from companion.odds import TooLargeError, fmt
from companion.trace import Trace


@dataclass(frozen=True)
class Out:
    summary: str
    trace: Trace | None = None
    counting: Counting | None = None


def duel(r: Roller) -> Out:
    """A 4+ to hit; on a miss, a 5+ back at the attacker that kills on a 6 (by value)."""
    if r.check(Check("To hit", "A", target=4)):
        return Out("hit", counting=Counting(Row("B: hit", "hit")))
    back = r.check(Check("Strike back", "B", target=5, by_value=(6,)))
    row = Row("B: no effect", "no effect", rank=1)
    if back:
        risk = ("killed", "hurt") if back.value == 6 else ("hurt",)
        return Out("miss", counting=Counting(row, facets=(("Risk to A", risk),)))
    return Out("miss", counting=Counting(row))


def test_a_facet_of_several_words_counts_the_outcome_under_each():
    trace = action_odds.odds_trace("Odds: duel", duel)
    assert trace.chances == (("B: hit", Fraction(1, 2)), ("B: no effect", Fraction(1, 2)))
    risk = [s.outcome for s in trace.steps if s.title == "Risk to A"]
    # hurt: a miss (1/2) then 5+ (1/3); killed: a miss then a 6 (1/6), counted in both.
    assert risk == [f"hurt {fmt(Fraction(1, 6))}; killed {fmt(Fraction(1, 12))}"]


def test_a_small_walk_is_made_without_probing_it_first():
    runs = 0

    def counted(r: Roller) -> Out:
        nonlocal runs
        runs += 1
        return duel(r)

    walk.table(counted)
    # One run per branch: a hit; a miss struck back with a 6, with a 5, or not struck.
    assert runs == 4


def test_a_walk_past_the_probes_is_still_estimated_and_refused_when_too_large():
    def many(r: Roller) -> Out:
        total = sum(int(r.check(Check("d", "A", sides=10)).total or 0) for _ in range(6))
        return Out(str(total))

    with pytest.raises(TooLargeError):
        walk.table(many)
