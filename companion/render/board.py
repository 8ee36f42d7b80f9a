"""The board as a person wants to see it: turn tracker, initiative, one table per side."""

from __future__ import annotations

from typing import Any

from rich.console import Console, Group
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

STATUS_STYLE = {"upright": "green", "wounded": "yellow", "out": "dim red"}
WIDE = 100  # below this many columns the board is a list, not a table
DEFAULT_COLUMNS = [
    ["rank", "Rank"],
    ["stat", "Stat"],
    ["equipment", "Equipment"],
    ["skills", "Skill / role"],
]


def turn_tracker(turn: int, last: int | None) -> Text:
    t = Text("Turn ")
    if last is None:
        t.append(f"{turn}" if turn else "not started", style="bold")
        return t
    for n in range(1, last + 1):
        if n == turn:
            t.append(f"[{n}]", style="bold reverse")
        elif n < turn:
            t.append(f" {n} ", style="dim")
        else:
            t.append(f" {n} ")
    if turn == 0:
        t.append("  (not started: 'companion turn' begins turn 1)", style="dim")
    return t


def render_board(console: Console, b: dict[str, Any], rows: int | None = None) -> None:
    """The board; given the terminal's `rows`, a narrow board that would not fit them
    leaves out the dim second line of each fighter (its gear), so it stays on screen."""
    head = Text()
    head.append(f"{b['game']}", style="bold")
    head.append(f"  {b['system_name']} · {b['scenario_name']}")
    lines: list[Any] = [head, turn_tracker(b["turn"], b["last_turn"])]
    if b["phase"] == "ended":
        lines.append(Text(f"Game over: {b['result']}", style="bold magenta"))
    else:
        info = Text()
        if b["initiative_side"]:
            info.append("Initiative: ")
            info.append(b["initiative_side"], style="bold")
        if b["next_side_name"]:
            info.append("   Next to activate: ")
            info.append(b["next_side_name"], style="bold cyan")
        elif b["turn"] > 0:
            info.append("   Everyone has activated: 'companion turn' runs upkeep")
        if info.plain:
            lines.append(info)
    for note in b["notes"]:
        lines.append(Text(note, style="italic"))
    console.print(Group(*lines))
    if console.width < WIDE:
        fighters = sum(len(s["fighters"]) for s in b["sides"])
        sides = sum(1 for s in b["sides"] if s["fighters"])
        full = len(lines) + sides + 2 * fighters
        _render_compact(console, b, details=rows is None or full < rows)
        return
    columns = b.get("columns") or DEFAULT_COLUMNS
    # A side with no fighters (a system's neutral side in a game that brings none) has no
    # table to show.
    for side in (s for s in b["sides"] if s["fighters"]):
        table = Table(
            title=f"{side['name']} — VP {side['vp']}",
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
    """Narrow terminals: one short line per fighter, details on a dim second line."""
    for side in (s for s in b["sides"] if s["fighters"]):
        console.print(Text(f"{side['name']} — VP {side['vp']}", style="bold underline"))
        for f in side["fighters"]:
            d = f["describe"]
            line = Text("● " if f["token"] else "· ")
            line.append(f["name"], style="bold" if f["active"] else "")
            if f["active"]:
                line.append(" ◀", style="cyan")
            stat = str(d.get("stat", ""))
            stat = f"stat {stat}" if stat.isdigit() else stat
            line.append(f"  {d.get('rank', f['die'])}, {stat}  ")
            line.append(f["status_text"], style=STATUS_STYLE.get(f["status"], ""))
            if f["flag_text"]:
                line.append("  " + ", ".join(f["flag_text"]), style="italic")
            console.print(line)
            extra = " · ".join(x for x in _details(d, b.get("columns") or ()) if x and x != "-")
            if extra and details:
                console.print(Padding(Text(extra, style="dim"), (0, 0, 0, 4)))


def _details(d: dict[str, Any], columns: Any) -> list[str]:
    """The dim second line: equipment and skills, then any other column a system adds
    (e.g. damage against Stamina), labelled, so a narrow board loses none of them."""
    out = [d.get("equipment", ""), d.get("skills", "")]
    for key, label in columns:
        if key not in ("rank", "stat", "equipment", "skills") and d.get(key):
            out.append(f"{label}: {d[key]}")
    return out
