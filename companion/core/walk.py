"""The walk of an action over every branch of its checks, and the table it counts.

An action is rule code that takes a roller and returns its outcome (a `Resolved`: a
summary, a trace and, when it is counted by row, a `Counting` saying how). `table` runs
it over every branch of every check it makes (`companion.core.branches.Branches`), each
run weighted by its exact chance, and adds the outcomes up by the row they fall in: what
a rolled attack shows under its trace. The odds as a trace, with their explanation, are
built on it in `companion.core.action_odds`.

A walk of a few branches (most actions) is made at once. A larger one is first
estimated by following a few random paths (Knuth's estimator): an action too large to
count within a second is refused with a `TooLargeError` saying so, before the walk; one
whose rare long paths the estimate missed is stopped at the same bound while walking.
"""

from __future__ import annotations

from fractions import Fraction

from companion.core.branches import Branches, OverBudget, enumerate_outcomes
from companion.core.roller import Roller
from companion.numbers import shown
from companion.odds import TooLargeError
from companion.trace import OddsRow

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, without importing typing (a quick path)
if TYPE_CHECKING:
    from collections.abc import Callable, Hashable, Mapping, Sequence
    from typing import Protocol, TypeVar

    from companion.core.counting import Counting, Headline, Row, Said
    from companion.trace import Trace

    K = TypeVar("K", bound=Hashable)

    # How one run of an action is counted: its row (None: its summary is the row), its
    # summary, the title of the check it turned on, its facets, the condition they are
    # told under, its headline, and any further rows.
    Key = tuple[
        Row | None, str, str, tuple[tuple[str, Said], ...], str, Headline | None, tuple[Row, ...]
    ]

    class Resolved(Protocol):
        """What an action returns, as far as its odds read it (a system's `Outcome`):
        its summary, its trace, and, for an outcome counted by row (an attack), how it
        is counted (`companion.core.counting.Counting`). Without it, the summary is the
        row."""

        @property
        def summary(self) -> str: ...
        @property
        def trace(self) -> Trace | None: ...
        @property
        def counting(self) -> Counting | None: ...


# Branches walked at most: every roll of up to five D6 (7,776), of 2D10 and a D20, or of
# four D10 is within it, and the slowest walk stays well under half a second.
MAX_SEQUENCES = 20_000
# Checks answered over the whole walk at most (each branch runs the action again from
# its start, so a deep action costs its depth at every leaf): the work a second allows on
# a slow machine. Decided before the walk, from an estimate of the tree.
MAX_WORK = 60_000
# Paths followed to estimate the walk before it is made.
PROBES = 32
# Checks answered at most by a walk made before any estimate (a small action's whole
# walk costs less than the estimate's probes); past it, the estimate decides.
QUICK_WORK = 2_000


class _Probe(Branches):
    """Follows one random path (a fixed sequence: the same estimate every time)."""

    def __init__(self, seed: int) -> None:
        super().__init__([])
        self.seed = seed

    def _branch(self, options: Sequence[tuple[object, Fraction]]) -> object:
        live = [o for o in options if o[1].numerator]
        self.points.append(len(live))
        self.seed = (self.seed * 1103515245 + 12345) % 2**31
        # Each branch equally likely, as the estimator needs (not a rules roll).
        return live[(self.seed >> 8) % len(live)][0]


def estimate(run: Callable[[Roller], object]) -> tuple[float, float]:
    """The number of branches a walk of `run` would end with, and the checks it would
    answer, estimated from PROBES random paths: each path's branching factors,
    multiplied, stand for the width of the tree at each depth."""
    leaves_sum = work_sum = 0.0
    seed = 12345
    for _ in range(PROBES):
        probe = _Probe(seed)
        run(probe)
        seed = probe.seed
        width = 1.0
        for n in probe.points:
            width *= n
        leaves_sum += width
        work_sum += width * (len(probe.points) + 1)
    return leaves_sum / PROBES, work_sum / PROBES


def guarded_outcomes(run: Callable[[Roller], K], what: str) -> dict[K, Fraction]:
    """`enumerate_outcomes` over `run`, refused up front (TooLargeError) when its walk
    would be too large to count within a second. A small walk is simply made: the
    estimate would cost more than the walk itself."""
    try:
        return enumerate_outcomes(run, budget=QUICK_WORK)
    except OverBudget:
        pass
    leaves, work = estimate(run)
    if leaves > MAX_SEQUENCES:
        raise too_many(what)
    if work > MAX_WORK:
        raise too_long(what, work)
    try:
        # A tree whose rare long paths the probes missed (a long fall, each hit defended
        # until the faller is out) stops at the same bound.
        return enumerate_outcomes(run, budget=MAX_WORK)
    except OverBudget:
        raise too_long(what, None) from None


def walked(act: Callable[[Roller], Resolved], what: str) -> dict[Key, Fraction]:
    def run(r: Roller) -> Key:
        out = act(r)
        first = (
            getattr(r, "first_title", None) or getattr(r, "first_info", None) or _first_step(out)
        )
        c = out.counting
        if c is None:
            return None, out.summary, first, (), "", None, ()
        return c.row, out.summary, first, c.facets, c.given, c.headline, c.also

    return guarded_outcomes(run, what)


def rows_of(dist: Mapping[Key, Fraction]) -> tuple[OddsRow, ...]:
    """The rows the outcomes fall in, each with its chance: in rank order, rows of equal
    rank most likely first. An outcome without a row is counted under its summary."""
    by: dict[Row, Fraction] = {}
    for (row, summary, _, _, _, _, also), p in dist.items():
        for key in (row or _plain(summary), *also):
            by[key] = by.get(key, Fraction(0)) + p
    ordered = sorted(by.items(), key=lambda kv: (kv[0].rank, -kv[1], kv[0].text))
    return tuple(OddsRow(r.text, p, r.effect or None, r.fighter) for r, p in ordered)


def _plain(summary: str) -> Row:
    from companion.core.counting import Row

    return Row(summary, "")


def table(act: Callable[[Roller], Resolved], what: str = "this action") -> tuple[OddsRow, ...]:
    """The odds table of an action: each row (its counting's, else its summary) with
    its exact chance, in rank order."""
    return rows_of(walked(act, what))


def _first_step(outcome: Resolved) -> str:
    steps = outcome.trace.steps if outcome.trace is not None else ()
    return steps[0].title if steps else "Outcome"


def too_many(what: str) -> TooLargeError:
    return TooLargeError(
        f"{shown(what)} can roll more than {MAX_SEQUENCES:,} different ways: too "
        "many to count exactly; roll it, or ask for the odds of a smaller part"
    )


def too_long(what: str, work: float | None) -> TooLargeError:
    """Refused for its work: as estimated, or (None) found while walking."""
    takes = (
        f"more than the {MAX_WORK:,} dice counted within a second to count exactly"
        if work is None
        else f"about {work:,.0f} dice to count exactly, more than the {MAX_WORK:,} counted "
        "within a second"
    )
    return TooLargeError(
        f"{shown(what)} takes {takes}; roll it, or ask for the odds of a smaller part"
    )
