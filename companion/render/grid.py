"""Tables and lines printed as Rich prints them, without loading Rich where it can.

Loading Rich's console and table costs a look-up command (a roster, the unit library,
the solo odds) more than all its own work. What those commands print is a few tables of
short cells (Rich's `Table`, heavy head, left-justified columns) with a line or two of
text around them. When every column fits the terminal at its widest cell, Rich lays the
table out plainly (each column as wide as its widest cell, one space either side) and
`plain` writes the same bytes here; anything else (a table Rich must wrap, markup, a wide
character) is printed by Rich itself from the same values.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from companion.render.styled import Span
from companion.values import frozen


@frozen
class Grid:
    """A table: its title (above it, on the left) and header, and rows of text cells;
    `overflow` is what Rich does with a word too long for its column (fold, ellipsis)."""

    headers: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    title: str = ""
    overflow: str = "fold"


@frozen
class Say:
    """A line of text (Rich markup) in a style."""

    text: str
    style: str = ""


Part = Grid | Say


def _cell(text: str) -> bool:
    from companion.cli import plain

    return text == text.strip() and plain.literal(text) and plain.cells(text) == len(text)


def _ratio_reduce(
    total: int, ratios: list[int], maximums: list[int], values: list[int]
) -> list[int]:
    """Rich's `ratio_reduce`: take `total` off the values in proportion to the ratios."""
    ratios = [r if m else 0 for r, m in zip(ratios, maximums, strict=True)]
    total_ratio = sum(ratios)
    if not total_ratio:
        return values[:]
    remaining = total
    out: list[int] = []
    for ratio, maximum, value in zip(ratios, maximums, values, strict=True):
        if ratio and total_ratio > 0:
            taken = min(maximum, round(ratio * remaining / total_ratio))
            out.append(value - taken)
            remaining -= taken
            total_ratio -= ratio
        else:
            out.append(value)
    return out


def _collapse(widths: list[int], room: int) -> list[int]:
    """Rich's `Table._collapse_widths`: narrow the widest columns first until they fit."""
    total = sum(widths)
    excess = total - room
    while total and excess > 0:
        widest = max(widths)
        second = max((w for w in widths if w != widest), default=0)
        ratios = [1 if w == widest else 0 for w in widths]
        if not widest - second:
            break
        widths = _ratio_reduce(excess, ratios, [min(excess, widest - second)] * len(widths), widths)
        total = sum(widths)
        excess = total - room
    return widths


def column_widths(columns: list[list[str]], room: int) -> list[int]:
    """Each column's width with its padding, as Rich's `Table` lays it out in `room` cells
    (borders apart): its widest cell, or narrower where the table would not fit."""
    widths = [min(max(len(c) for c in col) + 2, room) or 1 for col in columns]
    if sum(widths) > room:
        widths = _collapse(widths, room)
        if sum(widths) > room:
            widths = _ratio_reduce(sum(widths) - room, [1] * len(widths), widths, widths)
        widths = [
            max(min(len(c) + 2, w) for c in col) for col, w in zip(columns, widths, strict=True)
        ]
    return widths


def grid_lines(g: Grid, room: int) -> list[list[Span]] | None:
    """The table as lines of spans, as Rich draws it, or None where only Rich can."""
    from companion.render.styled import wrap

    cells = [g.headers, *g.rows]
    if g.title and not _cell(g.title):
        return None
    if not all(_cell(c) for row in cells for c in row) or any(
        len(r) != len(g.headers) for r in cells
    ):
        return None
    n = len(g.headers)
    widths = column_widths([[row[i] for row in cells] for i in range(n)], room - n - 1)
    total = sum(widths) + n + 1
    if min(widths) < 3 or len(g.title) > total:
        return None

    def rule(left: str, line: str, cross: str, right: str) -> list[Span]:
        return [(left + cross.join(line * w for w in widths) + right, "")]

    def lines(row: tuple[str, ...]) -> list[list[str]] | None:
        """Each cell's lines, wrapped to its column as Rich wraps them, filled to its width."""
        out = []
        for text, w in zip(row, widths, strict=True):
            parts = wrap([(text, "")], w - 2) if text else [[("", "")]]
            if parts is None:
                return None
            out.append(["".join(t for t, _ in p).ljust(w - 2) for p in parts])
        return out

    out: list[list[Span]] = []
    if g.title:
        out.append([(g.title.ljust(total), "italic")])
    out.append(rule("┏", "━", "┳", "┓"))
    head = lines(g.headers)
    if head is None or any(len(c) > 1 for c in head):
        return None
    spans: list[Span] = [("┃", "")]
    for [text] in head:
        spans += [(" ", "bold"), (text, "bold"), (" ", "bold"), ("┃", "")]
    out.append(spans)
    out.append(rule("┡", "━", "╇", "┩"))
    for row in g.rows:
        body = lines(row)
        if body is None:
            return None
        for i in range(max(len(c) for c in body)):
            texts = [
                c[i] if i < len(c) else " " * (w - 2) for c, w in zip(body, widths, strict=True)
            ]
            out.append([("│" + "│".join(f" {t} " for t in texts) + "│", "")])
    out.append(rule("└", "─", "┴", "┘"))
    return out


def plain(parts: Sequence[Part]) -> str | None:
    """What Rich prints for the parts, or None when only Rich can say."""
    from companion.cli import plain as edge
    from companion.render.styled import render

    room = edge.width()
    if room is None:
        return None
    lines: list[list[Span]] = []
    for part in parts:
        if isinstance(part, Say):
            if not edge.literal(part.text):
                return None
            lines.append([(part.text, part.style)])
            continue
        drawn = grid_lines(part, room)
        if drawn is None:
            return None
        lines += drawn
    return render(lines)


def show(parts: Sequence[Part]) -> None:
    """Print the parts as Rich would, without Rich where it can."""
    text = plain(parts)
    if text is not None:
        sys.stdout.write(text)
        sys.stdout.flush()
        return
    from rich.table import Table

    from companion.render.console import make_console

    c = make_console()
    for part in parts:
        if isinstance(part, Say):
            c.print(part.text, style=part.style or None)
            continue
        t = Table(title=part.title or None, title_justify="left")
        for header in part.headers:
            t.add_column(header, overflow=part.overflow)  # type: ignore[arg-type]
        for row in part.rows:
            t.add_row(*row)
        c.print(t)
