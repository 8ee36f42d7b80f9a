"""A trace as readable steps: dice, kept dice, modifiers and why, target, outcome, odds.

The lines are built by `trace_lines` (which prints them without Rich when it can);
here they become Rich text, wrapped to the console.
"""

from __future__ import annotations

from rich.console import Console
from rich.text import Text

from companion.render.styled import Span
from companion.render.trace_lines import (
    LinkFits,
    step_spans,
    step_topic,
    trace_spans,
)
from companion.trace import COMPARE_WORDS, Step, Trace

__all__ = ["COMPARE_WORDS", "render_trace", "step_text", "step_topic"]


def _text(spans: list[Span]) -> Text:
    t = Text()
    for text, style in spans:
        t.append(text, style=style or None)
    return t


def _link_fits(console: Console | None) -> LinkFits:
    def fits(spans: list[Span], extra: int) -> bool:
        """Whether `extra` more cells fit on the last line the spans wrap to."""
        if console is None:
            return True
        t = _text(spans)
        room = console.width - extra
        if "\n" not in t.plain and t.cell_len <= room:
            return True  # one short line: no need for the slower real wrap
        return t.wrap(console, console.width)[-1].cell_len <= room

    return fits


def step_text(i: int, s: Step, topic: str | None = None, console: Console | None = None) -> Text:
    """One step; `topic` is the id of the look-up topic that governs it, shown as
    "rules: ID" so `companion rules show SYSTEM ID` is one command away. Given the
    console, the link goes on a line of its own rather than be split by a wrap."""
    return _text(step_spans(i, s, topic, _link_fits(console)))


def render_trace(console: Console, trace: Trace, system: str | None = None) -> None:
    """Print a trace; with the game's `system`, each step names its look-up topic."""
    for spans in trace_spans(trace, system, _link_fits(console)):
        console.print(_text(spans))
