"""The solo battlefield drawn in the terminal: a grid of squares with inch labels."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.text import Text

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


def _cell_text(items: list[dict[str, Any]], width: int) -> Text:
    t = Text()
    used = 0
    for it in items:
        label = it["label"] + ("x" if it.get("shut") or it.get("state") == "shut" else "")
        if used + len(label) + (1 if used else 0) > width:
            t.append("+", style="dim")
            used += 1
            break
        if used:
            t.append(" ")
            used += 1
        style = "dim" if it.get("shut") or it.get("state") == "shut" else STYLE.get(it["kind"], "")
        t.append(label, style=style)
        used += len(label)
    pad = width - used
    left = pad // 2
    return Text(" " * left) + t + Text(" " * (pad - left))


def render_map(console: Console, data: dict[str, Any]) -> None:
    grid = data["grid"]
    cells = {(c["col"], c["row"]): c["items"] for c in data["cells"]}
    lab_w = max(len(str(v)) for v in data["y_labels"]) + 1
    width = console.width
    cell_w = 7
    for w in (7, 5, 3):
        cell_w = w
        if lab_w + grid * (w + 1) + 1 <= width:
            break
    compact = cell_w < 7
    sep = "+" + "+".join("-" * cell_w for _ in range(grid)) + "+"
    out = Text()
    b = data["board_inches"]
    title = f'{b}"x{b}" battlefield, {grid}x{grid} squares of {data["square_inches"]}"'
    out.append(title + "\n", style="bold")
    for row in range(grid, 0, -1):
        out.append(str(data["y_labels"][row]).rjust(lab_w - 1) + " " + sep + "\n")
        line = Text(" " * lab_w + "|")
        for col in range(1, grid + 1):
            line += _cell_text(cells.get((col, row), []), cell_w)
            line.append("|")
        out += line
        out.append("\n")
    out.append(str(data["y_labels"][0]).rjust(lab_w - 1) + " " + sep + "\n")
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
    gap = "\n" + " " * lab_w if compact else "   "
    out.append("".join(chars).rstrip() + gap + note + "\n", style="dim")
    legend = data["legend"]
    sep_l = "\n" if compact else "   "
    out.append(sep_l.join(f"{k} {v}" for k, v in legend.items()), style="dim")
    console.print(out, soft_wrap=False, overflow="ignore", crop=False)
