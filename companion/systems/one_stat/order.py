"""Whose side activates next in a 1ss turn: a question the board asks after every write,
kept apart from the turn sequence (`turns`) so that drawing the board does not compile it.
"""

from __future__ import annotations

from companion.game.state import GameState
from companion.systems.kit.state import TurnOrder
from companion.systems.one_stat import fighters as fx


def next_side(state: GameState) -> int | None:
    """The side whose fighter activates next; None between turns or when nobody can."""
    if state.options.get("solo"):  # the player, then the OpFor (R-1SS-S01)
        from companion.systems.one_stat.solo import game as solo

        return solo.next_side(state)
    if state.turn == 0 or state.phase == "ended":
        return None
    ready = [
        s
        for s in range(len(state.sides))
        if any(fx.can_activate(f) for f in state.side_fighters(s))
    ]
    if not ready:
        return None
    if len(ready) == 1:
        return ready[0]
    last = TurnOrder.of(state).last_side
    if last is None:
        return state.initiative if state.initiative in ready else ready[0]
    return next(s for s in ready if s != last)
