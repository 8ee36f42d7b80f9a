"""What the guided mode's screen holds: whose game and turn, the last step's result, and
the few fighters that matter now (the active one and its foes, or each side in short).

The loop keeps the last step as blocks (`Block`) so every pass can draw it again above
the menu; `companion.render.play_view` fits them to the terminal.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.text import Text

from companion.game.events import Event
from companion.game.state import FighterState, GameState
from companion.play import phase as ph
from companion.render.play_view import Block
from companion.systems.base import RuleSystem
from companion.trace import Trace

STATUS_STYLE = {"upright": "green", "wounded": "yellow", "out": "dim red"}


def blocks_of(events: Sequence[Event], extra: Sequence[str] = ()) -> list[Block]:
    """A step's events as blocks: each trace, or the summary of an event without one,
    with who a spawn brought where in short under it; then the lines the step
    announced."""
    out: list[Block] = []
    for ev in events:
        if ev.trace:
            out.append(Block(Trace.from_dict(ev.trace)))
        else:
            out.append(Block(lines=(Text(ev.summary),)))
        spawned = arrivals(ev.data.get("spawned") or ())
        if spawned:
            out.append(Block(lines=tuple(spawned), summary=True))
    if extra:
        out.append(Block(lines=tuple(Text(a, style="bold magenta") for a in extra)))
    return out


def arrivals(spawned: Sequence[Any]) -> list[Text]:
    """Who a spawn brought, a line per spawnpoint in the order they arrived:
    "Spawnpoint 2: Grunt 3 (D6, stat 3), Grunt 4 (D6, stat 3)"."""
    by_point: dict[Any, list[str]] = {}
    for f in spawned:
        what = ", ".join(
            x for x in (f"D{f['die']}" if f.get("die") else "", _stat(f.get("stat"))) if x
        )
        by_point.setdefault(f.get("spawnpoint"), []).append(
            f"{f['name']} ({what})" if what else str(f["name"])
        )
    out = []
    for point, names in by_point.items():
        t = Text(f"Spawnpoint {point}: ", style="bold")
        t.append(", ".join(names))
        out.append(t)
    return out


def _stat(value: Any) -> str:
    return "" if value is None else f"stat {value}"


def header(system: RuleSystem, name: str, state: GameState) -> Text:
    t = Text()
    t.append(name, style="bold")
    t.append(f" · {system.info.name}")
    if state.turn:
        of = f"/{state.last_turn}" if state.last_turn else ""
        t.append(f" · turn {state.turn}{of}")
    return t


def brief(system: RuleSystem, f: FighterState) -> str:
    d = system.describe_fighter(f)
    parts = [d.get("rank", f"D{f.die}")]
    if "stat" in d:
        parts.append(f"stat {d['stat']}")
    if f.status != "upright":
        parts.append("prone" if f.status == "wounded" else f.status)
    return ", ".join(parts)


def fighter_lines(system: RuleSystem, state: GameState, p: ph.Phase) -> list[Text]:
    """The fighters that matter now, most important first (the screen keeps as many
    lines as fit): the active fighter with its gear, then its foes still in the game; in
    any other phase one line per side saying who is still to act."""
    lines: list[Text] = []
    if p.kind == "acting" and p.fighter is not None:
        f = state.fighter(p.fighter)
        line = Text("▶ ", style="cyan")
        line.append(f.name, style="bold")
        line.append(f"  {brief(system, f)}")
        flags = system.fighter_flags(f)
        if flags:
            line.append("  " + ", ".join(flags), style="italic")
        lines.append(line)
        d = system.describe_fighter(f)
        # A part with nothing in it ("-") is left out, not shown as a placeholder.
        parts = (d.get("equipment", ""), d.get("skills", ""))
        gear = " · ".join(x for x in parts if x.strip() not in ("", "-"))
        if gear:
            lines.append(Text(f"  {gear}", style="dim"))
        foes = [t for t in state.fighters if t.side != f.side and not t.out]
        if foes:
            lines.append(_names("  Foes: ", foes, system))
        # Each side in short comes last: a taller terminal has room for it.
        return lines + side_lines(system, state)
    return side_lines(system, state)


def side_lines(system: RuleSystem, state: GameState) -> list[Text]:
    """One line per side: victory points, who is in the game, down, out, still to act."""
    lines: list[Text] = []
    for i, side in enumerate(state.sides):
        fs = state.side_fighters(i)
        if not fs:
            continue
        live = [f for f in fs if not f.out]
        down = [f for f in live if f.status != "upright"]
        line = Text(f"{side.name}", style="bold")
        line.append(f" ({side.vp} VP)" if system.keeps_vp else "")
        line.append(f": {len(live)} in the game")
        if down:
            line.append(f", {len(down)} down", style="yellow")
        if len(fs) > len(live):
            line.append(f", {len(fs) - len(live)} out", style="dim red")
        if state.turn and state.phase != "ended":
            waiting = [f for f in live if system.can_activate(state, f)]
            if waiting:
                line.append(f"; {len(waiting)} still to act")
        lines.append(line)
    return lines


def _names(label: str, fighters: Sequence[FighterState], system: RuleSystem) -> Text:
    t = Text(label, style="dim")
    for n, f in enumerate(fighters):
        if n:
            t.append(", ")
        t.append(f.name)
        if f.status != "upright":
            word = "prone" if f.status == "wounded" else f.status
            t.append(f" ({word})", style=STATUS_STYLE.get(f.status, "yellow"))
    return t


def question_lines(message: str, instruction: str, width: int) -> int:
    """How many lines a menu's question takes ("? " + message + instruction)."""
    n = len(message) + len(instruction) + 3
    return max(1, -(-n // max(1, width)))


def menu_height(message: str, instruction: str, items: Sequence[Any], width: int) -> int:
    return question_lines(message, instruction, width) + sum(
        1 for it in items if not getattr(it, "hidden", False)
    )
