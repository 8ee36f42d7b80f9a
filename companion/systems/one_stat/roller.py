"""1ss resolves with the core roller (companion.core.roller); the names stay here for the
1ss modules that import them."""

from companion.core.roller import (
    Branches,
    DiceRoller,
    Preview,
    Roller,
    Tested,
    enumerate_outcomes,
)

__all__ = ["Branches", "DiceRoller", "Preview", "Roller", "Tested", "enumerate_outcomes"]
