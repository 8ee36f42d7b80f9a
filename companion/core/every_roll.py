"""Exact odds of any action, from its resolution alone.

A system's own odds code (an attack's steps, run over every branch by the roller) says
most; for every other action that rolls dice (a skill roll, a recovery, a morale test)
the chances come from running the system's `resolve` over every dice sequence it can
ask for, each with its probability, and adding up the outcomes by what they say. So a
new action has its odds the day it can be resolved, and they cannot disagree with it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Protocol, TypeVar

from companion.dice import DiceRequest, DiceSource
from companion.numbers import shown
from companion.odds import TooLargeError, fmt, most_likely
from companion.trace import Step, Trace

# Sequences walked at most: every roll of up to five D6 (7,776), of 2D10 and a D20, or
# of four D10 is within it, and the slowest walk stays well under half a second.
MAX_SEQUENCES = 20_000
# Dice handed out over the whole walk at most (each partial sequence is resolved again
# from its start, so a deep resolution costs its depth at every node): the work a second
# allows on a slow machine. Decided before the walk, from an estimate of the tree.
MAX_WORK = 60_000
# A distance in an outcome's words: 6".
_INCHES = re.compile(r'(\d+)"')
_Row = TypeVar("_Row")

# Paths followed to estimate the walk before it is made (Knuth's estimator).
PROBES = 32


class _Need(Exception):
    """The resolution asked for one die more than the sequence holds."""

    def __init__(self, sides: int) -> None:
        super().__init__(sides)
        self.sides = sides


class _Sequence(DiceSource):
    def __init__(self, values: list[int]) -> None:
        super().__init__()
        self.values = values
        self.used = 0

    def _values(self, request: DiceRequest) -> tuple[tuple[int, ...], bool]:
        if self.used + request.count > len(self.values):
            raise _Need(request.sides)
        got = tuple(self.values[self.used : self.used + request.count])
        self.used += request.count
        return got, False


class Resolved(Protocol):
    @property
    def summary(self) -> str: ...
    @property
    def trace(self) -> Trace | None: ...


def _deciding_step(outcome: Resolved) -> str:
    """The title of the first step that rolled (else the first step): what the outcome
    turns on, named as the resolution names it, so it links to the same rules topic."""
    steps = outcome.trace.steps if outcome.trace is not None else ()
    rolled = [s for s in steps if s.roll is not None] or list(steps)
    return rolled[0].title if rolled else "Outcome"


def outcome_odds(
    resolve: Callable[[DiceSource], Resolved], what: str = "this action"
) -> list[tuple[str, Fraction, str]]:
    """Each distinct outcome (by its summary) with its exact chance, most likely first,
    and the title of the step it turns on.

    Raises TooLargeError when the action can ask for more than MAX_SEQUENCES dice
    sequences or more work than MAX_WORK (both estimated before walking, and held to
    while walking), and whatever `resolve` raises when the action is refused."""
    leaves, work = _estimate(resolve)
    if leaves > MAX_SEQUENCES:
        raise _too_many(what)
    if work > MAX_WORK:
        raise _too_long(what, work)
    totals: dict[str, Fraction] = {}
    titles: dict[str, str] = {}
    stack: list[tuple[list[int], Fraction]] = [([], Fraction(1))]
    walked = 0
    done = 0
    while stack:
        prefix, p = stack.pop()
        done += len(prefix) + 1
        if done > 2 * MAX_WORK:  # the estimate was short: still refused within the bound
            raise _too_long(what, done)
        try:
            outcome = resolve(_Sequence(prefix))
        except _Need as need:
            stack.extend((prefix + [v], p / need.sides) for v in range(need.sides, 0, -1))
            continue
        walked += 1
        if walked > MAX_SEQUENCES:
            raise _too_many(what)
        totals[outcome.summary] = totals.get(outcome.summary, Fraction(0)) + p
        titles.setdefault(outcome.summary, _deciding_step(outcome))
    table = sorted(totals.items(), key=lambda kv: (-kv[1], kv[0]))
    return [(text, p, titles[text]) for text, p in table]


def _too_many(what: str) -> TooLargeError:
    return TooLargeError(
        f"{shown(what)} can roll more than {MAX_SEQUENCES:,} different ways: too "
        "many to count exactly; roll it, or ask for the odds of a smaller part"
    )


def _too_long(what: str, work: float) -> TooLargeError:
    return TooLargeError(
        f"{shown(what)} takes about {work:,.0f} dice to count exactly, more than the "
        f"{MAX_WORK:,} counted within a second; roll it, or ask for the odds of a smaller part"
    )


def _estimate(resolve: Callable[[DiceSource], Resolved]) -> tuple[float, float]:
    """The number of dice sequences a walk would end with and the dice it would hand
    out, estimated by following a few paths down the tree (Knuth): each path's branching
    factors, multiplied, stand for the width of the tree at each depth. A probe stops as
    soon as its estimate alone is past the limits, so a huge tree costs a few resolves."""
    leaves_sum = work_sum = 0.0
    pick = 12345  # a fixed linear congruential sequence: the same estimate every time
    for _ in range(PROBES):
        prefix: list[int] = []
        width, leaves, work = 1.0, 0.0, 0.0
        while True:
            work += width * (len(prefix) + 1)
            try:
                resolve(_Sequence(prefix))
            except _Need as need:
                width *= need.sides
                # Each value equally likely, as the estimator needs (not a rules roll).
                pick = (pick * 1103515245 + 12345) % 2**31
                prefix.append(1 + (pick >> 8) % need.sides)
                if width > MAX_SEQUENCES * PROBES or work > MAX_WORK * PROBES:
                    return width, work  # past the limits on this path alone
                continue
            leaves = width
            break
        leaves_sum += leaves
        work_sum += work
    return leaves_sum / PROBES, work_sum / PROBES


def by_distance(rows: Sequence[_Row], text: Callable[[_Row], str]) -> list[_Row]:
    """Outcomes that differ only in a distance (a move's roll: up to 6", up to 7", ...)
    in the order of that distance, read as a ruler; any others as they came."""
    said = [text(r) for r in rows]
    if len(rows) < 2 or len({_INCHES.sub("#", t) for t in said}) != 1:
        return list(rows)
    return [r for _, r in sorted(zip(said, rows, strict=True), key=lambda tr: _inches(tr[0]))]


def _inches(text: str) -> list[int]:
    return [int(n) for n in _INCHES.findall(text)]


def odds_trace(title: str, resolve: Callable[[DiceSource], Resolved]) -> Trace:
    """The odds of an action as a trace: one step per outcome with its chance, a move's
    distances shortest first."""
    likeliest = outcome_odds(resolve, title)
    best, p_best, _ = likeliest[0]
    rows = by_distance(likeliest, lambda r: r[0])
    table = tuple((text, p) for text, p, _ in rows)
    steps: tuple[Step, ...]
    if len(rows) == 1:
        note = "no die can change what happens" if p_best == 1 else ""
        steps = (Step(rows[0][2], best, probability=p_best, notes=(note,) if note else ()),)
    else:
        steps = tuple(Step(step, text, probability=p) for text, p, step in rows)
    if len(table) > 1 and all(p == p_best for _, p in table):
        said = f"{len(table)} outcomes, each {fmt(p_best)}"
    else:
        said = most_likely(best, p_best)
    return Trace(title, steps, said, table)
