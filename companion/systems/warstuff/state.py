"""What WarStuff keeps on a unit, a side and the game, typed (besides the shared
`kit.state` classes it lists in `WarStuff.fighter_state`, ...)."""

from __future__ import annotations

from companion.game.typed_state import FighterFlags, GameFlags, SideFlags
from companion.values import frozen


@frozen
class UnitTurn(FighterFlags):
    """A unit's activation: cleared when it ends, and at the end of the round."""

    #: the action taken: "hold", "walk", "run" or "recover" (None: none yet)
    action: str | None = None
    attacked: bool = False
    #: a Leader has given its orders this round
    commanded: bool = False
    healed: bool = False
    #: the id of the unit a Run charged (its melee strikes that one)
    charged: str | None = None


@frozen
class Orders(SideFlags):
    """A Leader's orders (R-WS-P08): units still to act on them, and the Leader."""

    commanded: int = 0
    leader: str | None = None


@frozen
class FirstDone(GameFlags):
    """The side that finished activating first this round (it goes first next round)."""

    first_done: int | None = None
