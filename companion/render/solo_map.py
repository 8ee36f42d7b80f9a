"""The solo battlefield drawn in the terminal: a grid of squares with inch labels.

The map is lines of styled spans (`map_lines`), printed without Rich where every line
fits the terminal (`print_map`), else by Rich (`render_map`) from the same lines.
"""

from __future__ import annotations

from companion import TYPE_CHECKING
from companion.render.styled import Span

if TYPE_CHECKING:
    from typing import Any

    from rich.console import Console

STYLE = {
    "spawnpoint": "bold red",
    "treasure": "bold yellow",
    "clue-x": "bold cyan",
    "clue-y": "bold cyan",
    "station": "bold magenta",
    "hostage": "bold green",
    "event": "bold magenta",
    "home": "bold blue",
    "start": "bold white",
}


def _cell_spans(items: list[dict[str, Any]], width: int) -> list[Span]:
    t: list[Span] = []
    used = 0
    for it in items:
        label = it["label"] + ("x" if it.get("shut") or it.get("state") == "shut" else "")
        if used + len(label) + (1 if used else 0) > width:
            t.append(("+", "dim"))
            used += 1
            break
        if used:
            t.append((" ", ""))
            used += 1
        style = "dim" if it.get("shut") or it.get("state") == "shut" else STYLE.get(it["kind"], "")
        t.append((label, style))
        used += len(label)
    pad = width - used
    left = pad // 2
    return [(" " * left, ""), *t, (" " * (pad - left), "")]


def map_lines(data: dict[str, Any], width: int) -> list[list[Span]]:
    """The map as lines of spans, its squares as wide as fit `width` cells."""
    grid = data["grid"]
    cells = {(c["col"], c["row"]): c["items"] for c in data["cells"]}
    lab_w = max(len(str(v)) for v in data["y_labels"]) + 1
    cell_w = 7
    for w in (7, 5, 3):
        cell_w = w
        if lab_w + grid * (w + 1) + 1 <= width:
            break
    compact = cell_w < 7
    sep = "+" + "+".join("-" * cell_w for _ in range(grid)) + "+"
    b = data["board_inches"]
    title = f'{b}"x{b}" battlefield, {grid}x{grid} squares of {data["square_inches"]}"'
    out: list[list[Span]] = [[(title, "bold")]]
    for row in range(grid, 0, -1):
        out.append([(str(data["y_labels"][row]).rjust(lab_w - 1) + " " + sep, "")])
        line: list[Span] = [(" " * lab_w + "|", "")]
        for col in range(1, grid + 1):
            line += _cell_spans(cells.get((col, row), []), cell_w)
            line.append(("|", ""))
        out.append(line)
    out.append([(str(data["y_labels"][0]).rjust(lab_w - 1) + " " + sep, "")])
    # x labels sit under the grid lines
    chars = [" "] * (lab_w + grid * (cell_w + 1) + 4)
    for i, v in enumerate(data["x_labels"]):
        s = str(v)
        pos = lab_w + i * (cell_w + 1)
        start = max(0, pos - len(s) // 2)
        for j, ch in enumerate(s):
            if start + j < len(chars):
                chars[start + j] = ch
    note = "(inches; row 1 is your edge)"
    labels = "".join(chars).rstrip()
    # The note and the legend go on lines of their own where one line would not fit.
    wide = not compact and len(labels) + 3 + len(note) <= width
    text = labels + ("   " if wide else "\n" + " " * lab_w) + note
    legend = [f"{k} {v}" for k, v in data["legend"].items()]
    wide = not compact and len("   ".join(legend)) <= width
    text += "\n" + ("   " if wide else "\n").join(legend)
    out += [[(part, "dim")] for part in text.split("\n")]
    return out + arrival_lines(data["spawnpoints"], width)


def when(turn: int | None) -> str:
    """The turn a fighter arrived in, as the map says it: the set-up's spawn or a turn."""
    if turn is None:
        return ""
    return "set-up" if turn == 0 else f"turn {turn}"


def arrival_lines(spawnpoints: list[dict[str, Any]], width: int) -> list[list[Span]]:
    """Who came from each spawnpoint and in which turn, a spawnpoint a line (wrapped
    between fighters, each fighter whole, under the first); the fighters taken out dim."""
    if not spawnpoints:
        return []
    out: list[list[Span]] = [[("Who came from each spawnpoint, and when:", "bold")]]
    marks = [f"{sp['number']}{'x' if sp.get('shut') else ''}:" for sp in spawnpoints]
    label_w = max(len(m) for m in marks) + 1
    for sp, mark in zip(spawnpoints, marks, strict=True):
        mark = mark.ljust(label_w)
        items: list[Span] = []
        for f in sp.get("fighters") or ():
            out_ = "out" if f.get("out") else ""
            said = ", ".join(x for x in (when(f.get("turn")), out_) if x)
            items.append((f["name"] + (f" ({said})" if said else ""), "dim" if out_ else ""))
        if not items:
            items = [("shut down, nobody came" if sp.get("shut") else "nobody yet", "dim")]
        elif sp.get("shut"):
            items.append(("shut down since", "dim"))
        out += flow([(mark, STYLE["spawnpoint"])], items, width)
    return out


def flow(head: list[Span], items: list[Span], width: int) -> list[list[Span]]:
    """`head`, then the items separated by commas, a new line (under the first item)
    before an item that would not fit; an item longer than a line breaks at its words."""
    indent = sum(len(t) for t, _ in head)
    room = max(1, width - indent)
    lines: list[list[Span]] = [list(head)]
    used = 0
    for n, (text, style) in enumerate(items):
        piece = text + ("," if n < len(items) - 1 else "")
        sep = 1 if used else 0
        if used and used + sep + len(piece) > room:
            lines.append([(" " * indent, "")])
            used, sep = 0, 0
        for k, word in enumerate(_words(piece, room)):
            if k:
                lines.append([(" " * indent, "")])
                used, sep = 0, 0
            if sep:
                lines[-1].append((" ", ""))
            lines[-1].append((word, style))
            used += sep + len(word)
    return lines


def _words(text: str, room: int) -> list[str]:
    """`text` in pieces of at most `room` cells, broken at spaces (a word longer than
    that is left whole: Rich prints the map's lines without wrapping them)."""
    parts: list[str] = []
    for word in text.split(" "):
        if parts and len(parts[-1]) + 1 + len(word) <= room:
            parts[-1] += " " + word
        else:
            parts.append(word)
    return parts


def render_map(console: Console, data: dict[str, Any]) -> None:
    from rich.text import Text

    out = Text()
    for i, line in enumerate(map_lines(data, console.width)):
        if i:
            out.append("\n")
        for text, style in line:
            out.append(text, style=style or None)
    console.print(out, soft_wrap=False, overflow="ignore", crop=False)


def print_map(data: dict[str, Any]) -> None:
    """Print the map as Rich would, without Rich where every line fits the terminal."""
    from companion.render import plain
    from companion.render.styled import render

    room = plain.width()
    text = None
    if room is not None:
        lines = map_lines(data, room)
        text = render(lines) if all(sum(len(t) for t, _ in ln) <= room for ln in lines) else None
    plain.show(text, lambda console: render_map(console, data))
