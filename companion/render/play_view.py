"""The guided mode's screen: a header, the last step's result and the fighters that
matter now, sized so that, with the menu under it, everything fits the terminal.

A player looks up from the table and must see what just happened without scrolling, so
the last result gets the room first; the fighters' lines are dropped before it is cut.
A trace that does not fit keeps its title, its dice-rolling steps and its result, each
wrapped whole, and says how many steps it left out (the whole trace is one key away);
what a spawn brought, where, is then said in short under it.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Console
from rich.text import Text

from companion.render.trace_view import step_text
from companion.trace import Trace
from companion.values import frozen

MIN_RESULT = 3  # a title, one step or note, and the result line


@frozen
class Block:
    """Lines of the last result: a trace (shortened to fit) or plain lines.

    A `summary` block says in short what the trace before it says in full steps (who a
    spawn brought to which spawnpoint): it is shown only when that trace is shortened,
    its lines several to a screen line where they fit, each whole.
    """

    trace: Trace | None = None
    lines: tuple[Text, ...] = ()
    summary: bool = False


def full_trace_lines(trace: Trace) -> list[Text]:
    """Every line of a trace, one Text each (notes on their own lines)."""
    out = [Text(trace.title, style="bold underline")]
    out += [step_text(i, s) for i, s in enumerate(trace.steps, 1)]
    out.append(Text("Result: ", style="bold") + Text(trace.outcome))
    return out


def short_trace(trace: Trace, budget: int, width: int) -> list[Text]:
    """The trace in at most `budget` lines of `width` cells: title, steps, result.

    Each step is its first line, wrapped, never cut: a roll's dice, what they needed
    and what came of it stay whole. When the steps do not all fit, those without dice
    go first, then the earliest rolls, and a line says how many were left out (the
    whole trace is one key away).
    """
    title = Text(trace.title, style="bold underline")
    result = Text("Result: ", style="bold") + Text(trace.outcome)
    steps = [_one_line(step_text(i, s)) for i, s in enumerate(trace.steps, 1)]
    heights = [_wrap_count(t, width) for t in steps]
    room = max(0, budget - _wrap_count(title, width) - _wrap_count(result, width))
    if sum(heights) <= room:
        return [title, *steps, result]
    ranked = sorted(range(len(steps)), key=lambda i: (trace.steps[i].roll is None, -i))
    kept: list[int] = []
    used = 1  # the line saying what was left out
    for i in ranked:
        if used + heights[i] <= room:
            kept.append(i)
            used += heights[i]
    kept.sort()
    left = len(steps) - len(kept)
    more = Text(
        f"  ({left} more step{'s' if left != 1 else ''}: k shows the whole trace)",
        style="dim",
    )
    shown: list[Text] = [steps[i] for i in kept]
    # The note goes where the first left-out step was, so the order still reads.
    first_gap = next((i for i in range(len(steps)) if i not in kept), len(steps))
    shown.insert(sum(1 for i in kept if i < first_gap), more)
    return [title, *shown, result]


def _one_line(t: Text) -> Text:
    """A step's first line only (its notes and topic link sit on further lines)."""
    plain = t.plain
    cut = plain.find("\n")
    return t if cut < 0 else t[:cut]


def _cut(t: Text, width: int) -> Text:
    t = t.copy()
    t.truncate(width, overflow="ellipsis")
    return t


def _wrap_count(t: Text, width: int) -> int:
    return max(1, -(-t.cell_len // max(1, width)))


def packed(items: Sequence[Text], width: int) -> list[Text]:
    """The items on as few lines of `width` cells as they fit, " · " between two on a
    line; an item is never split between lines (one longer than a line wraps alone)."""
    out: list[Text] = []
    for item in items:
        if out and out[-1].cell_len + 3 + item.cell_len <= width:
            out[-1] = out[-1] + Text(" · ", style="dim") + item
        else:
            out.append(item.copy())
    return out


def _plain_lines(b: Block, width: int) -> list[Text]:
    return packed(b.lines, width) if b.summary else list(b.lines)


def _whole(blocks: Sequence[Block]) -> list[Block]:
    """The blocks shown when every trace is shown whole: without the summaries."""
    return [b for b in blocks if not b.summary]


def result_lines(blocks: Sequence[Block], budget: int, width: int) -> list[Text]:
    """The last step's blocks in `budget` lines: plain lines as they are, and the room
    left shared by the traces, the last (the step's own resolution) getting the most.
    A summary is shown only when the traces do not fit whole."""
    if _count(_all_lines(_whole(blocks), width), width) <= budget:
        blocks = _whole(blocks)
    fixed = sum(_count(_plain_lines(b, width), width) for b in blocks if b.trace is None)
    traces = [b for b in blocks if b.trace is not None]
    room = budget - fixed
    needs = [len(full_trace_lines(b.trace)) for b in traces if b.trace is not None]
    fits = sum(needs) <= room
    out: list[Text] = []
    for b in blocks:
        if b.trace is None:
            out += _plain_lines(b, width)
            continue
        # Short of room, earlier traces (an OpFor's decision before its attack) get their
        # title, dice and result, and the last, the step's own resolution, the rest; a
        # trace never gets fewer lines than its dice take (the screen scrolls its top
        # away rather than hide a roll).
        last = b is traces[-1]
        mine = room if last or fits else 0
        mine = max(mine, least(b.trace, width))
        room -= mine if not fits else len(full_trace_lines(b.trace))
        out += short_trace(b.trace, mine, width)
    return out


def least(trace: Trace, width: int) -> int:
    """The fewest lines `short_trace` shows the trace in with every dice-rolling step:
    its title, those steps, its result and the line saying what it left out."""
    steps = [_one_line(step_text(i, s)) for i, s in enumerate(trace.steps, 1)]
    rolls = [t for t, s in zip(steps, trace.steps, strict=True) if s.roll is not None]
    title = Text(trace.title, style="bold underline")
    result = Text("Result: ", style="bold") + Text(trace.outcome)
    n = _wrap_count(title, width) + _count(rolls, width) + _wrap_count(result, width)
    return n + (1 if len(rolls) < len(steps) else 0)


def render_screen(
    console: Console,
    header: Text,
    blocks: Sequence[Block],
    fighters: Sequence[Text],
    menu_lines: int,
) -> None:
    """Print the screen so that it and a menu of `menu_lines` lines fit the terminal."""
    width = console.width
    rows = console.size.height
    avail = max(MIN_RESULT + 1, rows - menu_lines - 1)
    body = avail - 1  # the header
    need = _count(_all_lines(_whole(blocks), width), width)
    want_f = _count(fighters, width)
    # The fighters give way to what the result must show: every roll and summary.
    least = min(body, least_lines(blocks, width))
    res_budget = min(need, max(MIN_RESULT, body - want_f, least)) if blocks else 0
    f_room = body - res_budget
    shown_f: list[Text] = []
    used = 0
    for t in fighters:
        n = _wrap_count(t, width)
        if used + n > f_room:
            break
        shown_f.append(t)
        used += n
    # The result sits just above the menu, where the eye is.
    lines = [_cut(header, width), *shown_f]
    if blocks:
        lines += result_lines(blocks, body - used, width)
    for t in lines:
        console.print(t, highlight=False, overflow="fold")


def least_lines(blocks: Sequence[Block], width: int) -> int:
    """The fewest lines the shortened result takes (`result_lines`) with every roll on
    screen: the plain lines and summaries, and each trace's `least`."""
    n = sum(_count(_plain_lines(b, width), width) for b in blocks if b.trace is None)
    return n + sum(least(b.trace, width) for b in blocks if b.trace is not None)


def _count(lines: Sequence[Text], width: int) -> int:
    return sum(_wrap_count(t, width) for t in lines)


def _all_lines(blocks: Sequence[Block], width: int) -> list[Text]:
    out: list[Text] = []
    for b in blocks:
        if b.trace is not None:
            out += [_one_line(t) for t in full_trace_lines(b.trace)]
        else:
            out += _plain_lines(b, width)
    return out
