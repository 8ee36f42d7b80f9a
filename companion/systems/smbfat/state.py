"""What SMBFAT keeps on a figure, a side and the game, typed (besides the shared
`kit.state` classes it lists in `Smbfat.fighter_state`, ...)."""

from __future__ import annotations

from collections.abc import Mapping

from companion.game.state import JSON
from companion.game.typed_state import FighterFlags, GameFlags, SideFlags
from companion.values import field, freeze, frozen


@frozen
class FigureTurn(FighterFlags):
    """A figure's turn: cleared when it ends."""

    moved: bool = False
    #: the action taken (None: none yet)
    did: str | None = None
    #: the figure is taking an extra turn
    extra: bool = False


@frozen
class Turned(FighterFlags):
    """The figure has had its turn this round (cleared when the round ends)."""

    turned: bool = False


@frozen
class SmbSide(SideFlags):
    #: re-rolls left in the side's pool (kept when it is down to 0; None: no pool given)
    rerolls: int | None = None
    #: objectives held when they were scored
    objectives: int = 0

    @property
    def pool(self) -> int:
        """The re-rolls left (none where no pool was given)."""
        return self.rerolls or 0


@frozen
class SmbGame(GameFlags):
    #: the side owed an extra turn
    extra_turn: int | None = None
    #: the last figure's rolls a re-roll may change ({"side": ..., "list": [...]})
    rolls: Mapping[str, JSON] | None = None
    #: option reroll-any: this round's rolls by side
    round_rolls: Mapping[str, JSON] = field(default_factory=freeze)
    objectives_scored: bool = False
    #: what ended the game early ("wipe-out")
    ended_by: str | None = None
