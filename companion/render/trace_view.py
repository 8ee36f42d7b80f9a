"""A trace as readable steps: dice, kept dice, modifiers and why, target, outcome, odds."""

from __future__ import annotations

from rich.console import Console
from rich.text import Text

from companion.odds import fmt
from companion.trace import Step, Trace

COMPARE_WORDS = {
    "<=": "at or below",
    "<": "below",
    ">=": "at or above",
    ">": "above",
    "==": "exactly",
}


def step_text(i: int, s: Step, topic: str | None = None, console: Console | None = None) -> Text:
    """One step; `topic` is the id of the look-up topic that governs it, shown as
    "rules: ID" so `companion rules show SYSTEM ID` is one command away. Given the
    console, the link goes on a line of its own rather than be split by a wrap."""
    t = Text()
    t.append(f"{i}. {s.title}: ", style="bold")
    if s.roll is not None:
        r = s.roll
        # "Initiative: Robyn's merry men: rolls D10", not the side's name twice.
        who = "" if s.title.endswith(r.who) else f"{r.who} "
        t.append(f"{who}rolls {r.spec()} → ")
        for j, v in enumerate(r.dice):
            if j:
                t.append(" ")
            t.append(str(v), style="bold" if j in r.kept else "dim strike")
        if r.count > 1 and r.keep:
            t.append(f" (keeps {r.value})")
        for m in s.modifiers:
            t.append(f" {m.value:+d} {m.reason}")
            if m.ruling:
                t.append(f" [{m.ruling}]", style="dim")
        if s.modifiers:
            t.append(f" = {s.total}")
        elif r.count > 1 and r.keep is None and s.target is not None and s.successes is None:
            # A sum tested against a target (2D10 against Stamina); not a pool, nor dice
            # read one by one (a grid square, spawn dice).
            t.append(f" = {r.value}")
        if s.target is not None and s.compare:
            t.append(f"; needs {COMPARE_WORDS.get(s.compare, s.compare)} {s.target}")
        if not s.only_repeats_roll:
            t.append(" → ")
    style = "green" if s.success else "red" if s.success is False else ""
    if not s.only_repeats_roll:
        t.append(s.outcome, style=style)
    if s.outcome_chance is not None:
        t.append(f"  (chance {fmt(s.outcome_chance)})", style="dim")
    for ruling in s.rulings:
        t.append(f" [{ruling}]", style="dim")
    if topic:
        link = f"rules: {topic}"
        t.append("  " if _fits(t, 2 + len(link), console) else "\n     ")
        t.append(link, style="dim cyan")
    for note in s.notes:
        t.append(f"\n     {note}", style="italic dim")
    return t


def _fits(t: Text, extra: int, console: Console | None) -> bool:
    """Whether `extra` more cells fit on the last line `t` wraps to."""
    if console is None:
        return True
    room = console.width - extra
    if "\n" not in t.plain and t.cell_len <= room:
        return True  # one short line: no need for the slower real wrap
    return t.wrap(console, console.width)[-1].cell_len <= room


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


def render_trace(console: Console, trace: Trace, system: str | None = None) -> None:
    """Print a trace; with the game's `system`, each step names its look-up topic."""
    console.print(Text(trace.title, style="bold underline"))
    for i, s in enumerate(trace.steps, 1):
        console.print(step_text(i, s, step_topic(system, s.title), console))
    console.print(Text("Result: ", style="bold") + Text(trace.outcome))
    shown_steps = {(s.outcome, s.outcome_chance) for s in trace.steps}
    if trace.odds and not shown_steps.issuperset(trace.odds):  # not when the steps said it
        odds = ", ".join(f"{k} {fmt(p)}" for k, p in trace.odds)
        console.print(Text(f"Odds before the dice: {odds}", style="dim"))
