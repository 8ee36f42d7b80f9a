"""Placing numbered spawnpoints and tokens on the grid of squares (R-1SS-12)."""

from __future__ import annotations

from collections.abc import Iterable

from companion.dice import DiceSource
from companion.errors import RefusedError
from companion.trace import Roll, Step
from companion.values import frozen

MAX_REROLLS = 50


@frozen
class Square:
    col: int  # 1 = left edge
    row: int  # 1 = bottom edge (the player's side)

    def inches(self, size: float) -> tuple[float, float, float, float]:
        """The square's x and y ranges in inches from the bottom-left corner."""
        return ((self.col - 1) * size, self.col * size, (self.row - 1) * size, self.row * size)

    def where(self, size: float) -> str:
        x0, x1, y0, y1 = self.inches(size)
        return (
            f'column {self.col}, row {self.row} ({_n(x0)}-{_n(x1)}" across, {_n(y0)}-{_n(y1)}" up)'
        )


def _n(v: float) -> str:
    return str(int(v)) if float(v).is_integer() else f"{v:.1f}"


def square_size(board: int, grid: int) -> float:
    """The grid scales with the board: board width / grid squares (R-1SS-12)."""
    return board / grid


def place(
    dice: DiceSource,
    labels: Iterable[str],
    grid: int,
    size: float,
    taken: Iterable[Square] = (),
) -> tuple[list[Square], list[Step]]:
    """One square per label, 1dN column then 1dN row, re-rolled when already used."""
    used = set(taken)
    squares: list[Square] = []
    steps: list[Step] = []
    for label in labels:
        for _attempt in range(MAX_REROLLS):
            col, row = dice.roll(grid, 2, purpose=f"{label}: column and row")
            sq = Square(col, row)
            roll = Roll("column, row", grid, 2, None, 2, (col, row), (0, 1))
            if sq in used:
                steps.append(
                    Step(
                        label,
                        f"column {col}, row {row} is taken: roll again",
                        roll=roll,
                        rulings=("R-1SS-12",),
                    )
                )
                continue
            used.add(sq)
            squares.append(sq)
            steps.append(Step(label, sq.where(size), roll=roll, rulings=("R-1SS-12",)))
            break
        else:
            raise RefusedError(f"{label}: {MAX_REROLLS} rolls in a row hit taken squares")
    return squares, steps
