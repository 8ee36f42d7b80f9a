"""Print a trace without loading Rich when it can, else with Rich (`trace_view`).

Kept apart from `trace_lines`, which both printers build on, so that neither of the
two imports the other.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion import TYPE_CHECKING
from companion.render.styled import Span, render, split, wrap
from companion.render.trace_lines import trace_spans
from companion.trace import Trace

if TYPE_CHECKING:
    from rich.console import Console


class _RichOnly(Exception):
    """A line only Rich can wrap."""


def plain_trace(trace: Trace, system: str | None = None, after: Sequence[str] = ()) -> str | None:
    """What `print_trace` prints, when it can be written without Rich; else None."""
    from companion.render import plain

    room = plain.width()
    if room is None or not all(plain.fits(a) for a in after):  # markup Rich would read
        return None

    def fits(spans: list[Span], extra: int) -> bool:
        last = split(spans)[-1]
        wrapped = wrap(last, room)
        if wrapped is None:
            raise _RichOnly
        return sum(len(t) for t, _ in wrapped[-1]) + extra <= room

    try:
        lines = [line for spans in trace_spans(trace, system, fits) for line in split(spans)]
    except _RichOnly:
        return None
    return render([*lines, *([(a, "bold magenta")] for a in after)])


def print_trace(trace: Trace, system: str | None = None, after: Sequence[str] = ()) -> None:
    """Print a trace as `trace_view.render_trace` does, then the lines `after` (Rich
    markup, in bold magenta: what the game announces), without Rich when it can."""
    from companion.render.plain import show

    def rich(c: Console) -> None:
        from companion.render.trace_view import render_trace

        render_trace(c, trace, system)
        for a in after:
            c.print(a, style="bold magenta")

    show(plain_trace(trace, system, after), rich)
