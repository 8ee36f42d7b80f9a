"""What Monochrome keeps on a fighter, a side and the game, typed (besides the shared
`kit.state` classes it lists in `Monochrome.fighter_state`, ...)."""

from __future__ import annotations

from collections.abc import Mapping

from companion.game.state import JSON
from companion.game.typed_state import FighterFlags, GameFlags, SideFlags
from companion.values import field, freeze, frozen


@frozen
class MonoAction(FighterFlags):
    """A fighter's action: cleared when it activates again, and when its side's turn ends."""

    #: the action taken (None: none yet)
    action: str | None = None
    moved: bool = False
    attacked: bool = False
    #: inches charged
    charge: int | None = None


@frozen
class Defending(FighterFlags):
    """Defend lasts until the fighter activates again."""

    defend: bool = False


@frozen
class Supporting(FighterFlags):
    """The attack this fighter supports, and whether its support is spent; cleared when
    its side's turn ends."""

    support: str | None = None
    support_used: bool = False


@frozen
class MonoFighter(FighterFlags):
    """What a fighter is for the whole game."""

    #: points the fighter cost (what killing it scores)
    cost: int = 0
    #: the turn key of the turn it prowled
    prowled: str | None = None
    #: a neutral target: the objective it stands for
    objective: str | None = None


@frozen
class MonoSide(SideFlags):
    """A side's counts."""

    #: fate points left (None: none given)
    fate: int | None = None
    limit: int | None = None
    kills: int = 0
    lost: int = 0
    points_killed: int = 0
    morale_caused: int = 0
    claims: Mapping[str, JSON] = field(default_factory=freeze)
    #: the side of neutral targets
    neutral: bool = False


@frozen
class MonoGame(GameFlags):
    """The scenario and set-up."""

    first_player: int | None = None
    firsts: Mapping[str, JSON] = field(default_factory=freeze)
    objectives: tuple[str, ...] = ()
    progress: Mapping[str, JSON] = field(default_factory=freeze)
    vandalised: tuple[int, ...] = ()
    broke: int | None = None
    deploy: str | None = None
    setup_done: bool = False
