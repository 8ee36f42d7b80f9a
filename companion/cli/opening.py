"""Opening the data folder as every command opens it, without what the commands around it
import (the dice, the rules, the renderer): `history`, which reads a long record of kept
summaries, opens it through this alone.

Start-up device: importing `cli/shared.py` takes 3.7x as long as importing this (cpu,
median of 15 paired runs; 136 ms against 36 ms on a loaded machine).
"""

from __future__ import annotations

from companion import TYPE_CHECKING

if TYPE_CHECKING:
    from typing import Any

    from companion.game.repo import Home
    from companion.game.state import GameState


def drawn_board(system_id: str, name: str, state: GameState) -> dict[str, Any] | None:
    """The board a game file keeps for the quick `status`, as `status` draws it (the
    renderer is imported only when a game is written)."""
    from companion.render.board_data import stamped_board

    return stamped_board(system_id, name, state)


def open_home() -> Home:
    """The data folder, handed what draws the board its game files keep."""
    from companion.game.repo import Home

    return Home(draw=drawn_board)
