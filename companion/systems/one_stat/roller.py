"""1ss resolves with the core roller (companion.core.roller); the names stay here for the
1ss modules that import them. The exact-odds rollers are in companion.core.branches."""

from companion.core.roller import DiceRoller, Roller, Tested

__all__ = ["DiceRoller", "Roller", "Tested"]
