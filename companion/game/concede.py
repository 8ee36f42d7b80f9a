"""Conceding: a player gives up, in any rule system.

A side that concedes stops playing; when at most one side is left that has neither
conceded nor lost every fighter, the game ends with that side as the winner.
"""

from __future__ import annotations

from companion.errors import RefusedError
from companion.game.events import Change, set_game
from companion.game.state import GameState
from companion.game.typed_state import SideFlags
from companion.values import frozen


@frozen
class Conceded(SideFlags):
    """A side that has given up (every system keeps it)."""

    conceded: bool = False


def standing_sides(state: GameState, conceding: int | None = None) -> list[int]:
    """Sides that still play: not conceded (nor conceding now), with a fighter left."""
    return [
        s
        for s, side in enumerate(state.sides)
        if s != conceding
        and not Conceded.of(side).conceded
        and any(not f.out for f in state.side_fighters(s))
    ]


def concede_changes(state: GameState, side: int) -> tuple[list[Change], str | None]:
    """The changes of `side` conceding, and the result if that ends the game."""
    if state.phase == "ended":
        raise RefusedError(f"the game is over: {state.result or 'ended'}")
    if not 0 <= side < len(state.sides):
        raise RefusedError(f"there is no side {side + 1}")
    if Conceded.of(state.sides[side]).conceded:
        raise RefusedError(f"{state.sides[side].name} have already conceded")
    changes: list[Change] = Conceded.set(side, conceded=True)
    left = standing_sides(state, side)
    result = None
    if len(left) <= 1:
        result = (
            f"{state.sides[left[0]].name} win: every other player conceded or was wiped out"
            if left
            else "no one is left playing"
        )
        changes += [set_game("phase", "ended"), set_game("result", result)]
    if state.active is not None and state.fighter(state.active).side == side:
        changes.append(set_game("active", None))
    return changes, result
