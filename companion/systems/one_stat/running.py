"""Whether a 1ss game is running: the one question the action count and the OpFor's
procedure both ask first (companion.systems.one_stat.permissions, .solo.legal)."""

from __future__ import annotations

from companion.game.state import GameState


def not_running(state: GameState) -> str | None:
    """Why nothing can be done in the game now (over, or not begun), or None."""
    if state.phase == "ended":
        return f"the game is over: {state.result or 'ended'}"
    if state.turn == 0:
        return "the game has not started; 'companion turn' counts turn 1 and rolls initiative"
    return None
