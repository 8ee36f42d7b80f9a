"""A look-up topic as Rich text: in full, or as one line of a list."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING

from rich.console import Console
from rich.padding import Padding
from rich.text import Text

from companion.lookup.topics import RuleTopic

if TYPE_CHECKING:
    from companion.game.state import GameState
    from companion.play.phase import Phase

_ITEM = re.compile(r"^(- |\* |\d+[.)] )")


def reflow(text: str) -> list[str]:
    """The text as lines for a terminal to wrap: a paragraph's lines joined, list items
    ("- ...", "1. ...") kept on lines of their own."""
    out: list[str] = []
    for para in text.strip().split("\n\n"):
        lines: list[str] = []
        for raw in para.splitlines():
            line = raw.strip()
            if not line:
                continue
            if lines and not _ITEM.match(line):
                lines[-1] += " " + line
            else:
                lines.append(line)
        if out:
            out.append("")
        out += lines
    return out


def topic_line(t: RuleTopic, with_system: bool = False) -> Padding:
    """One line of a list: title, [id] and the cheat-sheet line, indented as a block so a
    narrow terminal's wrapped lines stay under it."""
    where = f"{t.system} {t.id}" if with_system else t.id
    line = Text(t.title, style="bold")
    line.append(f" [{where}]", style="dim")
    line.append(f": {t.sheet}")
    return Padding(line, (0, 0, 0, 2), expand=False)


def render_topic(c: Console, t: RuleTopic, ruling_titles: Mapping[str, str]) -> None:
    head = Text(t.title, style="bold underline")
    head.append(f"  ({t.system}, {t.section}, {t.id})", style="dim")
    c.print(head)
    for line in reflow(t.text):
        c.print(Text(line), highlight=False)
    for ruling in t.rulings:
        cite = Text(ruling, style="bold")
        cite.append(f" {ruling_titles.get(ruling, '')}".rstrip())
        cite.append(f"  (companion rules rulings {t.system})", style="dim")
        c.print(Padding(cite, (0, 0, 0, 2), expand=False))


def render_situation(c: Console, system_id: str, phase: Phase, state: GameState) -> None:
    """The topic for the situation of `play` in full, before the list of every topic."""
    from companion.lookup.situation import situation_topic
    from companion.systems import get

    status = state.fighter(phase.fighter).status if phase.fighter else None
    topic = situation_topic(system_id, phase.kind, status, phase.solo_opfor)
    if topic is not None:
        render_topic(c, topic, {r.id: r.title for r in get(system_id).rulings()})
        c.print()
