"""A trace as styled lines (`companion.render.styled`), the same for Rich and without it.

The lines are built here once: `trace_view` turns them into Rich text, and
`trace_print` prints them without loading Rich, wrapped at their words as Rich wraps
them, unless only Rich can draw them (`styled` says when).
"""

from __future__ import annotations

from collections.abc import Callable

from companion.odds import fmt
from companion.render.styled import Span
from companion.trace import COMPARE_WORDS, Step, Trace

# Whether `extra` more cells fit on the last line the spans so far wrap to.
LinkFits = Callable[[list[Span], int], bool]


def step_spans(i: int, s: Step, topic: str | None, link_fits: LinkFits) -> list[Span]:
    """One step; `topic` is the id of the look-up topic that governs it, shown as
    "rules: ID" so `companion rules show SYSTEM ID` is one command away, on a line of its
    own when `link_fits` says it would be split by a wrap."""
    t: list[Span] = [(f"{i}. {s.title}: ", "bold")]
    if s.roll is not None:
        r = s.roll
        # "Initiative: Robyn's merry men: rolls D10", not the side's name twice.
        who = "" if s.title.endswith(r.who) else f"{r.who} "
        t.append((f"{who}rolls {r.spec()} → ", ""))
        for j, v in enumerate(r.dice):
            if j:
                t.append((" ", ""))
            t.append((str(v), "bold" if j in r.kept else "dim strike"))
        if r.count > 1 and r.keep:
            t.append((f" (keeps {r.value})", ""))
        for m in s.modifiers:
            t.append((f" {m.value:+d} {m.reason}", ""))
            if m.ruling:
                t.append((f" [{m.ruling}]", "dim"))
        if s.modifiers:
            t.append((f" = {s.total}", ""))
        elif r.count > 1 and r.keep is None and s.target is not None and s.successes is None:
            # A sum tested against a target (2D10 against Stamina); not a pool, nor dice
            # read one by one (a grid square, spawn dice).
            t.append((f" = {r.value}", ""))
        if s.target is not None and s.compare:
            t.append((f"; needs {COMPARE_WORDS.get(s.compare, s.compare)} {s.target}", ""))
        if not s.only_repeats_roll:
            t.append((" → ", ""))
    if not s.only_repeats_roll:
        t.append((s.outcome, "green" if s.success else "red" if s.success is False else ""))
    if s.outcome_chance is not None and s.outcome_chance != 1:  # a certain step: no odds
        t.append((f"  (chance {fmt(s.outcome_chance)})", "dim"))
    for ruling in s.rulings:
        t.append((f" [{ruling}]", "dim"))
    if topic:
        link = f"rules: {topic}"
        t.append(("  " if link_fits(t, 2 + len(link)) else "\n     ", ""))
        t.append((link, "dim cyan"))
    for note in s.notes:
        t.append((f"\n     {note}", "italic dim"))
    return t


def step_topic(system: str | None, title: str) -> str | None:
    """The topic governing a step of `system`, or None (no system given, or the topic
    file cannot be read: a trace is still worth showing without its links)."""
    if system is None:
        return None
    from companion.errors import CompanionError
    from companion.lookup.links import topic_of_step

    try:
        return topic_of_step(system, title)
    except CompanionError:
        return None


def trace_spans(trace: Trace, system: str | None, link_fits: LinkFits) -> list[list[Span]]:
    """The printed trace: its title, each step, the result and the odds (a printed line
    each; a step's spans may hold line breaks)."""
    out: list[list[Span]] = [[(trace.title, "bold underline")]]
    for i, s in enumerate(trace.steps, 1):
        out.append(step_spans(i, s, step_topic(system, s.title), link_fits))
    out.append([(f"Result: {trace.outcome}", "bold")])
    shown_steps = {(s.outcome, s.outcome_chance) for s in trace.steps}
    rows = trace.chances
    certain = all(p == 1 for _, p in rows)  # a line that would only say 100%
    if rows and not certain and not shown_steps.issuperset(rows):
        # Not when the steps said it already.
        odds = ", ".join(f"{k} {fmt(p)}" for k, p in rows)
        out.append([(f"Odds before the dice: {odds}", "dim")])
    return out
