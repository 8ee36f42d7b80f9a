"""Exact odds of any action, from the action itself.

An action is rule code that takes a roller and returns its outcome (a `Resolved`: a
summary and a trace). Its odds are that same code run over every branch of every check
it makes (`companion.core.branches.Branches`), each run weighted by its exact chance, the
outcomes added up by what they say; its explanation is the same code run once along the
main line by `Preview`. So an action has its odds the day it can be resolved, and they
cannot disagree with it: no rule system writes odds code of its own.

The walk itself, with its bounds (an action too large to count within a second is
refused before it is made), is `companion.core.walk`'s: a rolled attack's table needs
only that, not this module.
"""

from __future__ import annotations

import re
from fractions import Fraction

from companion.core.branches import Preview
from companion.core.roller import Roller
from companion.core.walk import rows_of, walked
from companion.odds import fmt, most_likely
from companion.trace import OddsRow, Step, Trace

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, without importing typing (a quick path)
if TYPE_CHECKING:
    from collections.abc import Callable, Hashable, Mapping, Sequence
    from typing import TypeVar

    _Row = TypeVar("_Row")
    K = TypeVar("K", bound=Hashable)

    from companion.core.counting import Said
    from companion.core.walk import Key, Resolved


# A distance in an outcome's words: 6" (compiled when first used, off the attack's path).
_INCHES = r'(\d+)"'


def outcome_odds(
    act: Callable[[Roller], Resolved], what: str = "this action"
) -> list[tuple[str, Fraction, str]]:
    """Each distinct outcome (by its summary) with its exact chance, most likely first,
    and the title of the check it turns on (the first one made on its way)."""
    return _by_summary(walked(act, what))


def _by_summary(dist: Mapping[Key, Fraction]) -> list[tuple[str, Fraction, str]]:
    totals: dict[str, Fraction] = {}
    titles: dict[str, str] = {}
    for (_, summary, title, _, _, _, _), p in dist.items():
        totals[summary] = totals.get(summary, Fraction(0)) + p
        titles.setdefault(summary, title)
    table = sorted(totals.items(), key=lambda kv: (-kv[1], kv[0]))
    return [(text, p, titles[text]) for text, p in table]


def _facet_steps(dist: Mapping[Key, Fraction]) -> list[Step]:
    by: dict[str, dict[str | int, Fraction]] = {}
    given = ""
    for (_, _, _, facets, if_, _, _), p in dist.items():
        given = given or if_
        for title, what in facets:
            row = by.setdefault(title, {})
            for said in _words(what):
                row[said] = row.get(said, Fraction(0)) + p
    return [_facet_step(title, row, given) for title, row in by.items()]


def _words(what: Said) -> tuple[str | int, ...]:
    return (what,) if isinstance(what, str | int) else what


def _facet_step(title: str, row: Mapping[str | int, Fraction], given: str) -> Step:
    """A facet with its chances (given the condition, when there is one): a number as
    a spread (lowest first), words likeliest first; each value with its exact chance
    on the step as well as in its words."""
    told = sum(row.values(), Fraction(0)) if given else Fraction(1)
    numbers = {k: p for k, p in row.items() if isinstance(k, int)}
    chances: list[tuple[int | str, Fraction]]
    if len(numbers) == len(row):
        chances = [(v, p / told) for v, p in sorted(numbers.items())]
        said = ", ".join(f"{v}: {fmt(p)}" for v, p in chances)
    else:
        words = sorted(((str(k), p) for k, p in row.items()), key=_likeliest)
        chances = [(k, p / told) for k, p in words]
        said = "; ".join(f"{k} {fmt(p)}" for k, p in chances)
    # One thing told on some outcomes only (a target among several defeated) is a chance,
    # and its step carries it.
    chance = next(iter(row.values())) / told if len(row) == 1 else None
    return Step(
        title,
        said + (f" ({given})" if told < 1 else ""),
        probability=chance,
        distribution=tuple(chances),
    )


def _likeliest(kv: tuple[str, Fraction]) -> tuple[Fraction, str]:
    return -kv[1], kv[0]


def _headline(dist: Mapping[Key, Fraction]) -> str | None:
    """The chance of what the outcomes name as the headline, when they name one."""
    what, p = None, Fraction(0)
    for (_, _, _, _, _, head, _), q in dist.items():
        if head is None:
            return None
        what = head.what
        p += q if head.counts else 0
    return None if what is None else f"{what}: {fmt(p)}"


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
    """The odds of an action as a trace. Outcomes counted by row (their `Counting`): the
    action's main line described (`Preview`), its facets, and the table. Otherwise one
    step per outcome with its chance, a move's distances shortest first."""
    dist = walked(act, title)
    if all(key[0] is not None for key in dist):
        rows = rows_of(dist)
        best = max(rows, key=lambda r: r.p)
        facets = _facet_steps(dist)
        # A facet told over every branch stands in for the main line's step of that name.
        told = {s.title for s in facets}
        steps = tuple(s for s in described(act) if s.title not in told) + tuple(facets)
        return Trace(title, steps, _headline(dist) or most_likely(best.text, best.p), rows)
    likeliest = _by_summary(dist)
    best_text, p_best, _ = likeliest[0]
    ruler = by_distance(likeliest, lambda r: r[0])
    rows = tuple(OddsRow(text, p) for text, p, _ in ruler)
    if len(ruler) == 1:
        note = "no die can change what happens" if p_best == 1 else ""
        only = Step(ruler[0][2], best_text, probability=p_best, notes=(note,) if note else ())
        return Trace(title, (only,), most_likely(best_text, p_best), rows)
    steps = tuple(Step(step, text, probability=p) for text, p, step in ruler)
    if all(r.p == p_best for r in rows):
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
