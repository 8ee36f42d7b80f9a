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

from collections.abc import Sequence

from companion import TYPE_CHECKING
from companion.render.styled import Span
from companion.values import frozen

if TYPE_CHECKING:
    from typing import Any


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


def grid_lines(g: Grid, room: int) -> list[list[Span]] | None:
    """The table as lines of spans, as Rich draws it (`board_lines.table_lines`, which
    draws the board's tables too), or None where only Rich can."""
    from companion.render.board_lines import Column, RichOnly, plain_cell, table_lines

    if any(len(row) != len(g.headers) for row in g.rows):
        return None
    cols = []
    for i, header in enumerate(g.headers):
        col = Column(header)
        try:
            col.cells = [plain_cell(row[i]) for row in g.rows]
        except RichOnly:
            return None
        cols.append(col)
    try:
        return table_lines(cols, len(g.rows), room, g.title)
    except RichOnly:
        return None


def plain(parts: Sequence[Part]) -> str | None:
    """What Rich prints for the parts, or None when only Rich can say."""
    from companion.render.styled import render_each

    return render_each(parts, _part_lines)


def _part_lines(part: Part, room: int) -> list[list[Span]] | None:
    from companion.render import plain as printer

    if isinstance(part, Say):
        return [[(part.text, part.style)]] if printer.literal(part.text) else None
    return grid_lines(part, room)


def show(parts: Sequence[Part]) -> None:
    """Print the parts as Rich would, without Rich where it can."""
    from companion.render import plain as printer

    printer.show(plain(parts), lambda console: render_rich(console, parts))


def render_rich(console: Any, parts: Sequence[Part]) -> None:
    """The parts printed by Rich on `console`."""
    from rich.table import Table

    for part in parts:
        if isinstance(part, Say):
            console.print(part.text, style=part.style or None)
            continue
        t = Table(title=part.title or None, title_justify="left")
        for header in part.headers:
            t.add_column(header, overflow=part.overflow)  # type: ignore[arg-type]
        for row in part.rows:
            t.add_row(*row)
        console.print(t)
