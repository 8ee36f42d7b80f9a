"""The facts the shared turn structures (`kit/turns.py`) keep, typed; every system that
uses a structure lists these classes among its own (`RuleSystem.fighter_state`, ...)."""

from __future__ import annotations

from companion.game.typed_state import FighterFlags, GameFlags
from companion.values import frozen


@frozen
class TurnOrder(GameFlags):
    """Whose go it is within a round."""

    #: the side that activated last (None: nobody yet this round)
    last_side: int | None = None
    #: SideTurns: which side of the round's order is acting (0: the first)
    side_turn: int = 0
    #: a fighter that must activate at once (SKIRMASHED's activation again)
    must_activate: str | None = None


@frozen
class LastChance(FighterFlags):
    """UntilExhausted: the fighter's final activation of the round is taken."""

    last_done: bool = False


@frozen
class Stunned(FighterFlags):
    """A fighter stunned by a hit (WarStuff, Monochrome): it must recover before it acts."""

    stunned: bool = False
