"""What a 1ss action hands back: its outcome (the changes, the trace with its rulings,
and the game's announcements)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.game.state import freeze
from companion.systems.base import Outcome
from companion.systems.one_stat.board import Board
from companion.systems.one_stat.roller import Roller
from companion.trace import Trace


def outcome(
    kind: str,
    title: str,
    summary: str,
    board: Board,
    roller: Roller,
    data: Mapping[str, Any] | None = None,
) -> Outcome:
    rulings = tuple(dict.fromkeys(r for s in roller.steps for r in s.rulings))
    trace = Trace(title, tuple(roller.steps), summary, (), rulings)
    return Outcome(
        kind, summary, board.changes(), trace, freeze(dict(data or {})), tuple(board.announcements)
    )
