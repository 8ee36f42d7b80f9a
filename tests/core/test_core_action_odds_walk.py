"""How the generic odds walk an action: a small walk at once, a long one stopped at its
bound even when the estimate missed it, and an outcome counted in several rows."""

from __future__ import annotations

from fractions import Fraction

import pytest

from companion.core.check import Check
from companion.core.counting import Counting, Row
from companion.core.roller import Roller
from companion.core.walk import MAX_WORK, table
from companion.odds import TooLargeError
from companion.systems.base import Outcome
from companion.trace import OddsRow


def test_a_long_fall_the_estimate_misses_is_stopped_at_the_bound():
    runs = 0

    def fall(r: Roller) -> Outcome:
        # 200 hits, each defended half the time, until two go undefended: most random
        # paths end early, but the tree holds about 20,000 long ones.
        nonlocal runs
        runs += 1
        wounds = 0
        for i in range(200):
            if not r.check(Check(f"hit {i + 1}", "Faller", 2, target=2)):
                wounds += 1
                if wounds == 2:
                    break
        return Outcome("fall", f"{wounds} wounds", ())

    with pytest.raises(TooLargeError, match=f"more than the {MAX_WORK:,} dice"):
        table(fall, "the fall")
    assert runs < 2_000, runs  # of about 20,000 leaves


def test_an_outcome_counts_in_each_row_it_names():
    def shot(r: Roller) -> Outcome:
        hit = r.check(Check("at the target", "Gunner", 2, target=2)).success
        near = r.check(Check("at the one nearby", "Gunner", 2, target=2)).success
        row = Row("hit" if hit else "miss", "hit" if hit else "miss", rank=0 if hit else 1)
        nearby = Row("nearby: hit" if near else "nearby: miss", "", rank=2 if near else 3)
        return Outcome("attack", "shot", (), counting=Counting(row, (nearby,)))

    half = Fraction(1, 2)
    rows = [("hit", half), ("miss", half), ("nearby: hit", half), ("nearby: miss", half)]
    effects = ["hit", "miss", None, None]
    assert table(shot) == tuple(
        OddsRow(text, p, effect) for (text, p), effect in zip(rows, effects, strict=True)
    )
