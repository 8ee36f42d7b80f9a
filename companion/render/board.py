"""The board as a person wants to see it: turn tracker, initiative, one table per side."""

from __future__ import annotations

from typing import Any

from rich.console import Console, Group
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from companion.render.board_lines import (
    DEFAULT_COLUMNS,
    STATUS_STYLE,
    WIDE,
    compact_spans,
    header_lines,
    side_title,
    tables_fit,
    tracker_spans,
)
from companion.render.styled import Span

__all__ = ["DEFAULT_COLUMNS", "STATUS_STYLE", "WIDE", "render_board", "turn_tracker"]


def _text(spans: list[Span]) -> Text:
    t = Text()
    for text, style in spans:
        t.append(text, style=style or None)
    return t


def turn_tracker(turn: int, last: int | None, word: str = "Turn") -> Text:
    return _text(tracker_spans(turn, last, word))


def render_board(console: Console, b: dict[str, Any], rows: int | None = None) -> None:
    """The board with Rich (`board_lines` draws the same without Rich where it can): a
    table per side where every word fits its column (`tables_fit`), else the list; given
    the terminal's `rows`, a list that would not fit them leaves out the dim line of
    each fighter (its gear), so it stays on screen."""
    lines = [_text(spans) for spans in header_lines(b)]
    console.print(Group(*lines))
    if not tables_fit(b, console.width):
        full = len(lines) + len(compact_spans(b, console.width))
        _render_compact(console, b, details=rows is None or full < rows)
        return
    columns = b.get("columns") or DEFAULT_COLUMNS
    # A side with no fighters (a system's neutral side in a game that brings none) has no
    # table to show.
    for side in (s for s in b["sides"] if s["fighters"]):
        table = Table(
            title=side_title(b, side),
            title_justify="left",
            expand=False,
            show_lines=False,
            pad_edge=False,
        )
        table.add_column("Fighter", overflow="fold", min_width=8)
        for key, label in columns:
            if key == "stat":
                table.add_column(label, justify="right")
            else:
                table.add_column(label, overflow="fold")
        table.add_column("State", no_wrap=True)
        table.add_column("Token", justify="center")
        table.add_column("Flags", overflow="fold")
        for f in side["fighters"]:
            d = f["describe"]
            name = Text(f["name"], style="bold" if f["active"] else "")
            if f["active"]:
                name.append(" ◀", style="cyan")
            table.add_row(
                name,
                *(d.get(key, "") for key, _ in columns),
                Text(f["status_text"], style=STATUS_STYLE.get(f["status"], "")),
                "●" if f["token"] else "·",
                ", ".join(f["flag_text"]),
            )
        console.print(table)


def _render_compact(console: Console, b: dict[str, Any], details: bool = True) -> None:
    """Narrow terminals: a short line per fighter (more where it does not fit), its
    details on a dim line under it."""
    for spans, indent in compact_spans(b, console.width):
        if indent:
            if details:
                console.print(Padding(_text(spans), (0, 0, 0, indent)))
        else:
            console.print(_text(spans))
