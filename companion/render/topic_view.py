"""A look-up topic as Rich text: in full, or as one line of a list."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from rich.console import Console
from rich.padding import Padding
from rich.text import Text

from companion.lookup.topics import RuleTopic
from companion.render.topic_lines import Block, line_spans, reflow, topic_blocks

if TYPE_CHECKING:
    from typing import Protocol

    from companion.game.state import GameState

    class Situation(Protocol):
        """What picks the situation's topic (play's `Phase` is one): declared here, where
        it is read, so the renderer need not know the layer that plays."""

        @property
        def kind(self) -> str: ...
        @property
        def fighter(self) -> str | None: ...
        @property
        def solo_opfor(self) -> bool: ...


__all__ = ["reflow", "render_blocks", "render_topic", "render_situation", "topic_line"]


def _padded(block: Block) -> Padding | Text:
    spans, left = block
    line = Text()
    for text, style in spans:
        line.append(text, style=style or None)
    return Padding(line, (0, 0, 0, left), expand=False) if left else line


def topic_line(t: RuleTopic, with_system: bool = False) -> Padding | Text:
    """One line of a list: title, [id] and the cheat-sheet line, indented as a block so a
    narrow terminal's wrapped lines stay under it."""
    return _padded(line_spans(t, with_system))


def render_blocks(c: Console, blocks: Sequence[Block]) -> None:
    for block in blocks:
        c.print(_padded(block))


def render_topic(c: Console, t: RuleTopic, ruling_titles: Mapping[str, str]) -> None:
    render_blocks(c, topic_blocks(t, ruling_titles))


def render_situation(c: Console, system_id: str, phase: Situation, state: GameState) -> None:
    """The topic for the situation of `play` in full, before the list of every topic."""
    from companion.lookup.situation import situation_topic
    from companion.systems import get

    status = state.fighter(phase.fighter).status if phase.fighter else None
    topic = situation_topic(system_id, phase.kind, status, phase.solo_opfor)
    if topic is not None:
        render_topic(c, topic, {r.id: r.title for r in get(system_id).rulings()})
        c.print()
