"""1ss resolves with the core roller (companion.core.roller); the names stay here for the
1ss modules that import them. The exact-odds rollers are in companion.core.branches."""

from __future__ import annotations

from companion.core.check import Check
from companion.core.roller import DiceRoller, Roller, Tested
from companion.dice import DiceRequest, DiceSource

__all__ = ["CheckedDice", "DiceRoller", "Roller", "Tested"]


class CheckedDice(DiceSource):
    """Dice for a procedure that words its own steps from several dice at once (a square's
    column and row): every die it asks for is a one-die check handed to `roller`, so
    rolling, the odds walk and typed or seeded dice all go through the roller's one
    method; the procedure's step stands for the checks' own."""

    def __init__(self, roller: Roller, who: str) -> None:
        super().__init__()
        self.roller = roller
        self.who = who

    def _values(self, request: DiceRequest) -> tuple[tuple[int, ...], bool]:
        values = []
        for i in range(request.count):
            # Each die is asked for as before, numbered when the request holds several.
            n = f" ({i + 1} of {request.count})" if request.count > 1 else ""
            c = Check(request.purpose, self.who, request.sides, purpose=request.purpose + n)
            values.append(int(self.roller.check(c).value or 0))
            if self.roller.steps and self.roller.steps[-1].check is c:
                self.roller.steps.pop()
        return tuple(values), False
