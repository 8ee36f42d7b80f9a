"""What SKIRMASHED keeps on a figure and the game, typed (besides the shared
`kit.state` classes it lists in `Skirmashed.fighter_state`, ...)."""

from __future__ import annotations

from companion.game.typed_state import FighterFlags, GameFlags
from companion.values import frozen


@frozen
class Activation(FighterFlags):
    """The parts of the figure's activation taken so far, in order ("move", "attack",
    "focus", "run"); cleared when the activation ends."""

    did: tuple[str, ...] = ()


@frozen
class SetUpRoll(GameFlags):
    """The side that won the set-up roll-off: it activates first in round 1 (R-SKM-P01)."""

    roll_off: int | None = None
