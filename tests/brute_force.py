"""The brute-force cross-check of exact odds, one for every system: walk every sequence of
dice an action can ask for through its real dice path, each with its chance.

It shares no code with the odds it checks (the roller's branches, `core.action_odds`):
every die of every request branches on each of its faces, and the action runs again
from the start with one more die known.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any, TypeVar

from companion.dice import DiceRequest, DiceSource
from companion.game.state import GameState
from companion.systems.base import ActionRequest, Outcome, RuleSystem

K = TypeVar("K")


class Need(Exception):
    """The action asked for more dice than the prefix holds: `sides` of the next one."""

    def __init__(self, sides: int) -> None:
        super().__init__(sides)
        self.sides = sides


class PrefixDice(DiceSource):
    """Dice from a fixed list of values, taken die by die (a request for 2D10 takes two);
    asking past the end raises Need."""

    def __init__(self, values: Sequence[int]) -> None:
        super().__init__()
        self.values = list(values)
        self.used = 0

    def _values(self, request: DiceRequest) -> tuple[tuple[int, ...], bool]:
        if self.used + request.count > len(self.values):
            raise Need(request.sides)
        got = tuple(self.values[self.used : self.used + request.count])
        self.used += request.count
        return got, True


def brute_force(run: Callable[[DiceSource], K]) -> dict[K, Fraction]:
    """What `run` returns over every dice sequence it can ask for, with its chance."""
    out: dict[K, Fraction] = {}

    def go(prefix: list[int], p: Fraction) -> None:
        try:
            k = run(PrefixDice(prefix))
        except Need as n:
            for v in range(1, n.sides + 1):
                go(prefix + [v], p / n.sides)
            return
        out[k] = out.get(k, Fraction(0)) + p

    go([], Fraction(1))
    return out


def resolved(
    system: RuleSystem, state: GameState, req: ActionRequest, key: Callable[[Outcome], Any]
) -> dict[Any, Fraction]:
    """A system's resolution of one action over every dice sequence, keyed by `key` of
    the outcome."""
    return brute_force(lambda dice: key(system.resolve(state, req, dice)))
