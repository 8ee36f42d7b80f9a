"""Exact odds of any action, from the action itself.

An action is rule code that takes a roller and returns its outcome (a `Resolved`: a
summary and a trace). Its odds are that same code run over every branch of every check
it makes (`companion.core.branches.Branches`), each run weighted by its exact chance, the
outcomes added up by what they say; its explanation is the same code run once along the
main line by `Preview`. So an action has its odds the day it can be resolved, and they
cannot disagree with it: no rule system writes odds code of its own.

A walk of a few branches (most actions) is made at once. A larger one is first
estimated by following a few random paths (Knuth's estimator): an action too large to
count within a second is refused with a `TooLargeError` saying so, before the walk; one
whose rare long paths the estimate missed is stopped at the same bound while walking.
"""

from __future__ import annotations

import re
from fractions import Fraction

from companion.core.branches import Branches, OverBudget, Preview, enumerate_outcomes
from companion.core.roller import Roller
from companion.numbers import shown
from companion.odds import TooLargeError, fmt, most_likely
from companion.trace import Step, Trace

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, without importing typing (a quick path)
if TYPE_CHECKING:
    from collections.abc import Callable, Hashable, Mapping, Sequence
    from typing import Any, Protocol, TypeVar

    _Row = TypeVar("_Row")
    K = TypeVar("K", bound=Hashable)

    class Resolved(Protocol):
        """What an action returns, as far as its odds read it (a system's `Outcome`).

        Its `data` may say how the outcome is counted:
        - `odds_label`: the row of the odds table it falls in (an attack's "B: wounded"),
          where rows are fewer than the outcomes' summaries; without it, the summary is
          the row;
        - `odds_rank`: where that row stands in the table (rows in the order the rules list
          results); rows of equal rank stand most likely first;
        - `odds_facets`: other things the table wants told with their chances, as
          {title: what happened} (the attacker's own risk), each shown as one step. What
          happened may be several words the outcome counts under, each told with its own
          chance (nested ones: "killed" within "hurt or killed"); a number (hits, damage)
          is told as a spread, lowest first. Outcomes that name a condition
          (`odds_facets_given`: "if A lives to strike") have their facets told given that
          condition: the outcomes that leave the facets out do not count;
        - `odds_headline`: [what, counts]: the odds' headline is the chance of `what`, the
          outcomes that count toward it added up (a kill, whatever else happens), instead
          of the likeliest row.
          A facet told on some outcomes only, always in the same words, is a chance (one
          target defeated among several), and its step carries it as its probability;
        - `odds_also`: further rows the same outcome falls in, as (label, rank) pairs, for
          an action with more than one thing to count (each fighter nearby that a shot
          also attacks: one set of rows per fighter, so such a table sums to more than 1).
        """

        @property
        def summary(self) -> str: ...
        @property
        def trace(self) -> Trace | None: ...
        @property
        def data(self) -> Mapping[str, Any]: ...


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
# A distance in an outcome's words: 6" (compiled when first used, off the attack's path).
_INCHES = r'(\d+)"'


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


# What one run of an action tells besides its row: its facets, the condition they are
# told under, and its headline (what, whether this run counts toward it).
_Told = tuple[tuple[tuple[str, str | int], ...], str, tuple[str, bool] | None]
# How one run of an action is counted: its row, the row's rank, its summary, the title
# of the check it turned on, what else it tells, and any further rows (odds_also).
_Key = tuple[str | None, int, str, str, _Told, tuple[tuple[str, int], ...]]


def _walk(act: Callable[[Roller], Resolved], what: str) -> dict[_Key, Fraction]:
    def run(r: Roller) -> _Key:
        out = act(r)
        data = out.data
        first = (
            getattr(r, "first_title", None) or getattr(r, "first_info", None) or _first_step(out)
        )
        head = data.get("odds_headline")
        told = (
            tuple(data.get("odds_facets", {}).items()),
            data.get("odds_facets_given", ""),
            None if head is None else (str(head[0]), bool(head[1])),
        )
        also = tuple((str(lab), int(rank)) for lab, rank in data.get("odds_also", ()))
        label, rank = data.get("odds_label"), data.get("odds_rank", 0)
        return label, rank, out.summary, first, told, also

    return guarded_outcomes(run, what)


def outcome_odds(
    act: Callable[[Roller], Resolved], what: str = "this action"
) -> list[tuple[str, Fraction, str]]:
    """Each distinct outcome (by its summary) with its exact chance, most likely first,
    and the title of the check it turns on (the first one made on its way)."""
    return _by_summary(_walk(act, what))


def _by_summary(dist: Mapping[_Key, Fraction]) -> list[tuple[str, Fraction, str]]:
    totals: dict[str, Fraction] = {}
    titles: dict[str, str] = {}
    for (_, _, summary, title, _, _), p in dist.items():
        totals[summary] = totals.get(summary, Fraction(0)) + p
        titles.setdefault(summary, title)
    table = sorted(totals.items(), key=lambda kv: (-kv[1], kv[0]))
    return [(text, p, titles[text]) for text, p in table]


def _rows(dist: Mapping[_Key, Fraction]) -> tuple[tuple[str, Fraction], ...]:
    by: dict[tuple[int, str], Fraction] = {}
    for (label, rank, summary, _, _, also), p in dist.items():
        for key in ((rank, label if label is not None else summary), *((r, la) for la, r in also)):
            by[key] = by.get(key, Fraction(0)) + p
    ordered = sorted(by.items(), key=lambda kv: (kv[0][0], -kv[1], kv[0][1]))
    return tuple((label, p) for (_, label), p in ordered)


def table(
    act: Callable[[Roller], Resolved], what: str = "this action"
) -> tuple[tuple[str, Fraction], ...]:
    """The odds table of an action: each row (its `odds_label`, else its summary) with
    its exact chance, in rank order."""
    return _rows(_walk(act, what))


def _facet_steps(dist: Mapping[_Key, Fraction]) -> list[Step]:
    by: dict[str, dict[str | int, Fraction]] = {}
    given = ""
    for (_, _, _, _, (facets, if_, _), _), p in dist.items():
        given = given or if_
        for title, what in facets:
            row = by.setdefault(title, {})
            for said in (what,) if isinstance(what, str | int) else what:
                row[said] = row.get(said, Fraction(0)) + p
    return [_facet_step(title, row, given) for title, row in by.items()]


def _facet_step(title: str, row: Mapping[str | int, Fraction], given: str) -> Step:
    """A facet with its chances (given the condition, when there is one): a number as
    a spread (lowest first), words likeliest first."""
    told = sum(row.values(), Fraction(0)) if given else Fraction(1)
    numbers = {k: p for k, p in row.items() if isinstance(k, int)}
    if len(numbers) == len(row):
        said = ", ".join(f"{v}: {fmt(p / told)}" for v, p in sorted(numbers.items()))
    else:
        ranked = sorted(((str(k), p) for k, p in row.items()), key=_likeliest)
        said = "; ".join(f"{k} {fmt(p / told)}" for k, p in ranked)
    # One thing told on some outcomes only (a target among several defeated) is a chance,
    # and its step carries it.
    chance = next(iter(row.values())) / told if len(row) == 1 else None
    return Step(title, said + (f" ({given})" if told < 1 else ""), probability=chance)


def _likeliest(kv: tuple[str, Fraction]) -> tuple[Fraction, str]:
    return -kv[1], kv[0]


def _headline(dist: Mapping[_Key, Fraction]) -> str | None:
    """The chance of what the outcomes name as the headline, when they name one."""
    what, p = None, Fraction(0)
    for (_, _, _, _, (_, _, head), _), q in dist.items():
        if head is None:
            return None
        what = head[0]
        p += q if head[1] else 0
    return None if what is None else f"{what}: {fmt(p)}"


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


def by_distance(rows: Sequence[_Row], text: Callable[[_Row], str]) -> list[_Row]:
    """Outcomes that differ only in a distance (a move's roll: up to 6", up to 7", ...)
    in the order of that distance, read as a ruler; any others as they came."""
    said = [text(r) for r in rows]
    if len(rows) < 2 or len({re.sub(_INCHES, "#", t) for t in said}) != 1:
        return list(rows)
    return [r for _, r in sorted(zip(said, rows, strict=True), key=lambda tr: _inches(tr[0]))]


def _inches(text: str) -> list[int]:
    return [int(n) for n in re.findall(_INCHES, text)]


def odds_trace(title: str, act: Callable[[Roller], Resolved]) -> Trace:
    """The odds of an action as a trace. Outcomes counted by row (`odds_label`): the
    action's main line described (`Preview`), its facets, and the table. Otherwise one
    step per outcome with its chance, a move's distances shortest first."""
    dist = _walk(act, title)
    if all(key[0] is not None for key in dist):
        rows = _rows(dist)
        best = max(rows, key=lambda kv: kv[1])
        facets = _facet_steps(dist)
        # A facet told over every branch stands in for the main line's step of that name.
        told = {s.title for s in facets}
        steps = tuple(s for s in described(act) if s.title not in told) + tuple(facets)
        return Trace(title, steps, _headline(dist) or most_likely(*best), rows)
    likeliest = _by_summary(dist)
    best_text, p_best, _ = likeliest[0]
    ruler = by_distance(likeliest, lambda r: r[0])
    rows = tuple((text, p) for text, p, _ in ruler)
    if len(ruler) == 1:
        note = "no die can change what happens" if p_best == 1 else ""
        only = Step(ruler[0][2], best_text, probability=p_best, notes=(note,) if note else ())
        return Trace(title, (only,), most_likely(best_text, p_best), rows)
    steps = tuple(Step(step, text, probability=p) for text, p, step in ruler)
    if all(p == p_best for _, p in rows):
        said = f"{len(rows)} outcomes, each {fmt(p_best)}"
    else:
        said = most_likely(best_text, p_best)
    return Trace(title, steps, said, rows)


def described(act: Callable[[Roller], object]) -> tuple[Step, ...]:
    """The action's steps along its main line (every test passes), each check with its
    chance, nothing rolled: what an odds trace shows above its table."""
    preview = Preview()
    act(preview)
    return tuple(preview.steps)
