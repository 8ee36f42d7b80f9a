"""Dice: where every die a rule uses comes from.

Rules never roll for themselves; they ask a :class:`DiceSource` for dice of a given size
and say what the dice are for. A source either rolls seeded digital dice or hands out
the dice the player rolled at the table and typed in. Either way it records every die it
hands out, so a trace can show them and an event can store them.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from companion.errors import DiceError, MissingDiceError, UsageError
from companion.names import plural
from companion.numbers import shown, whole_number
from companion.values import frozen

SUPPORTED_DICE = (4, 6, 8, 10, 12, 20, 100)
# Dice notation rolls at most this many dice: every pool it allows has exact odds in
# well under a second (see companion.odds), and no table rolls more.
MAX_NOTATION_DICE = 100


@frozen
class DiceRequest:
    """What a rule asks for: `count` dice with `sides` faces, and why."""

    sides: int
    count: int
    purpose: str
    need: str = ""  # what the die needs and its chance, where a test says so

    def describe(self) -> str:
        return f"{self.count} D{self.sides} for {self.purpose}"


@frozen
class Rolled:
    """Dice handed out for one request."""

    request: DiceRequest
    values: tuple[int, ...]
    typed: bool


class DiceSource:
    """Hands out dice and remembers them. Subclasses decide where values come from."""

    def __init__(self) -> None:
        self.history: list[Rolled] = []

    def roll(
        self, sides: int, count: int = 1, purpose: str = "a roll", need: str = ""
    ) -> tuple[int, ...]:
        if sides < 2:
            raise DiceError(f"a die needs at least 2 sides, not {sides}")
        if count < 1:
            raise DiceError(f"roll at least one die, not {count}")
        request = DiceRequest(sides, count, purpose, need)
        values, typed = self._values(request)
        self.history.append(Rolled(request, values, typed))
        return values

    def _values(self, request: DiceRequest) -> tuple[tuple[int, ...], bool]:
        raise NotImplementedError

    def finish(self) -> None:
        """Called when a resolution is complete; typed sources refuse unused dice."""

    @property
    def all_values(self) -> tuple[int, ...]:
        return tuple(v for r in self.history for v in r.values)


class SeededDice(DiceSource):
    """Digital dice; the same seed replays the same run."""

    def __init__(self, seed: int | None = None) -> None:
        super().__init__()
        import random  # here: typed dice, the usual case at a table, never need it

        if seed is None:
            seed = random.SystemRandom().randrange(2**32)
        self.seed = seed
        self._rng = random.Random(seed)

    def _values(self, request: DiceRequest) -> tuple[tuple[int, ...], bool]:
        return tuple(self._rng.randint(1, request.sides) for _ in range(request.count)), False

    def next_seed(self) -> int:
        """A seed drawn from this stream, for the dice of one step of a longer session."""
        return self._rng.randrange(2**32)


Prompter = Callable[[DiceRequest, int], int]


class TypedDice(DiceSource):
    """Dice the player rolled by hand, in roll order.

    Each value is checked against the die it is used for (a 9 on a D8 is an error; a 0
    typed for a D10 counts as 10, as on the common 0-9 ten-sided die). When the typed dice
    run out, `prompter` is asked for each missing die if there is one (an interactive
    terminal); otherwise the command fails, naming the dice it still needs.
    """

    def __init__(self, values: Sequence[int], prompter: Prompter | None = None) -> None:
        super().__init__()
        self._given = list(values)
        self._used = 0
        self._prompter = prompter

    def _values(self, request: DiceRequest) -> tuple[tuple[int, ...], bool]:
        out: list[int] = []
        for i in range(request.count):
            if self._used < len(self._given):
                raw = self._given[self._used]
                self._used += 1
            elif self._prompter is not None:
                raw = self._prompter(request, i)
            else:
                missing = request.count - i
                raise MissingDiceError(
                    f"not enough dice: {len(self._given)} given, but {missing} more "
                    f"D{request.sides} needed for {request.purpose} "
                    f"(pass them with --dice, in the order rolled)"
                )
            out.append(check_die(raw, request.sides, request.purpose))
        return tuple(out), True

    def finish(self) -> None:
        extra = len(self._given) - self._used
        if extra > 0:
            raise DiceError(
                f"{plural(len(self._given), 'die')} given but only {self._used} used; "
                f"remove the extra {extra} from --dice"
            )
        left = getattr(self._prompter, "pending", None)
        if left:
            raise DiceError(
                f"{plural(len(left), 'more die', 'more dice')} typed than the roll used "
                f"({', '.join(map(str, left))}); nothing was written"
            )


def dice_label(request: DiceRequest, index: int) -> str:
    """How a prompt names the die it asks for: 'D10 for Vex's block (1 of 3): needs
    above 4, 60%'."""
    label = f"D{request.sides} for {request.purpose}"
    if request.count > 1:
        label += f" ({index + 1} of {request.count})"
    return f"{label}: {request.need}" if request.need else label


def parse_dice_line(text: str, request: DiceRequest, index: int) -> list[int]:
    """Dice typed on one line at a prompt ('3,3,5' or '3 3 5'), checked as --dice is:
    whole numbers, and those for the die asked now faces of it (a later die is checked
    when a roll uses it)."""
    values = _dice_values(text, "")
    if not values:
        raise DiceError(f"type the number the D{request.sides} shows (several: 3,5,1)")
    for v in values[: request.count - index]:
        check_die(v, request.sides, request.purpose)
    return values


class LineDice:
    """A TypedDice prompter that takes several dice on one line: the first answers the
    die asked for, the rest answer the next dice of the same step, unasked.

    `read` asks for a line (given the prompt); `complain` shows why a line was refused,
    and the line is asked again, empty.
    """

    def __init__(self, read: Callable[[str], str], complain: Callable[[str], None]) -> None:
        self.read = read
        self.complain = complain
        self.pending: list[int] = []

    def __call__(self, request: DiceRequest, index: int) -> int:
        if self.pending:
            return self.pending.pop(0)
        while True:
            text = self.read(f"Roll {dice_label(request, index)}:")
            try:
                values = parse_dice_line(text, request, index)
            except DiceError as e:
                self.complain(str(e))
                continue
            self.pending = values[1:]
            return values[0]


def check_die(value: int, sides: int, purpose: str = "a roll") -> int:
    """Return the face a typed value means on a die of `sides` faces, or raise DiceError."""
    if sides == 10 and value == 0:
        return 10
    if sides == 100 and value == 0:
        return 100
    if not 1 <= value <= sides:
        raise DiceError(f"{value} is not a face of a D{sides} (1-{sides}) for {purpose}")
    return value


def _dice_values(text: str, where: str) -> list[int]:
    """Typed dice split at commas, semicolons or spaces, each a whole number; `where`
    says where they were typed (" in --dice"), for the error."""
    values: list[int] = []
    for p in re.split(r"[\s,;]+", text.strip()):
        if not p:
            continue
        if not re.fullmatch(r"\d{1,3}", p):
            raise DiceError(f"{shown(p)}{where} is not a die result; give whole numbers like 3,5,1")
        values.append(int(p))
    return values


def parse_dice_list(text: str) -> list[int]:
    """Parse '3,5 6' style lists of typed dice."""
    values = _dice_values(text, " in --dice")
    if not values:
        raise DiceError("--dice is empty; give the results in roll order, like 3,5,1")
    return values


@frozen
class Notation:
    """A parsed dice expression such as 2d6, 3d8kl1, d10+2, 4d6kh3."""

    count: int
    sides: int
    keep: str | None  # "h" or "l"
    keep_n: int
    modifier: int

    def __str__(self) -> str:
        keep = f"k{self.keep}{self.keep_n}" if self.keep else ""
        mod = f"{self.modifier:+d}" if self.modifier else ""
        return f"{self.count}d{self.sides}{keep}{mod}"


_NOTATION = re.compile(r"^\s*(\d*)\s*[dD]\s*(\d+)\s*(?:k([hl]?)(\d*))?\s*([+-]\s*\d+)?\s*$")


def parse_notation(text: str) -> Notation:
    """Parse dice notation: NdS, optional kh/kl N (keep highest/lowest), optional +M."""
    m = _NOTATION.match(text)
    if not m:
        raise UsageError(
            f"{shown(text)} is not dice notation; try 2d6, d10, 3d8kl1 (keep lowest 1) or 4d6kh3+1"
        )
    count = whole_number(m.group(1) or "1", "the number of dice", 1, MAX_NOTATION_DICE)
    sides = whole_number(m.group(2), "the sides of the die")
    keep = m.group(3)
    keep_n_text = m.group(4)
    has_keep = m.group(3) is not None or keep_n_text not in (None, "")
    keep_n = (
        whole_number(keep_n_text, "the dice kept") if keep_n_text else (1 if has_keep else count)
    )
    modifier = (
        whole_number(re.sub(r"\s", "", m.group(5)), "the modifier", -1000, 1000)
        if m.group(5)
        else 0
    )
    if sides not in SUPPORTED_DICE:
        raise UsageError(
            f"D{sides} is not a supported die; use one of "
            + ", ".join(f"D{s}" for s in SUPPORTED_DICE)
        )
    if has_keep:
        keep = keep or "h"
        if not 1 <= keep_n <= count:
            raise UsageError(f"cannot keep {keep_n} of {count} dice")
    else:
        keep = None
    return Notation(count, sides, keep, keep_n, modifier)


def kept_indices(values: Sequence[int], keep: str | None, n: int) -> tuple[int, ...]:
    """Indices of the dice kept: the n highest ('h') or lowest ('l'), earliest first on ties."""
    if keep is None:
        return tuple(range(len(values)))
    order = sorted(range(len(values)), key=lambda i: (-values[i] if keep == "h" else values[i], i))
    return tuple(sorted(order[:n]))
