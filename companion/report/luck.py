"""How the dice fell for each side, against the exact odds recorded before each roll.

Every trace step with a roll counts. A step that is a test (it carries `success` and
`probability`) adds one success or none against its chance; its variance is p(1 - p), so
the spread of a side's successes is exact for any mix of chances. A plain roll
(initiative, a spawn) adds its total against the expected total of its dice.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache
from typing import Any

from companion import odds
from companion.game.state import GameState
from companion.schemas import exact
from companion.trace import Step
from companion.values import frozen, thawed

ALL_TESTS = "All tests"
# Fewer rolls than this say nothing of luck: one miss at 80% is not a curse.
FEW = 3
SHORT = 4  # rows of a side's short luck table


@frozen
class Luck:
    """How one kind of roll fell for one side.

    For tests, `got` counts successes and `expected` sums their chances; for plain
    rolls both are totals of the kept dice. `variance` is the exact variance of `got`.
    """

    side: str
    kind: str
    rolls: int
    tests: bool
    got: Fraction
    expected: Fraction
    variance: Fraction

    @property
    def spread(self) -> float:
        """One standard deviation of `got` (for plain rolls: of the average roll)."""
        sd = math.sqrt(self.variance)
        return sd if self.tests else sd / self.rolls

    def sentence(self) -> str:
        if self.tests:
            got = f"{int(self.got)} of {self.rolls} succeeded"
            return f"{self.kind}: {got}, expected {_num(self.expected)} ± {_num(self.spread)}"
        avg = self.got / self.rolls
        exp = self.expected / self.rolls
        plural = "s" if self.rolls != 1 else ""
        return (
            f"{self.kind}: {self.rolls} roll{plural} averaging {_num(avg)}, "
            f"expected {_num(exp)} ± {_num(self.spread)}"
        )

    @property
    def result_text(self) -> str:
        if self.tests:
            return f"{int(self.got)} of {self.rolls}"
        return f"average {_num(self.got / self.rolls)}"

    @property
    def expected_text(self) -> str:
        exp = self.expected if self.tests else self.expected / self.rolls
        return f"{_num(exp)} ± {_num(self.spread)}"

    @property
    def verdict(self) -> str:
        """Within one spread of the expectation is 'as expected'; beyond, luck or its lack.

        Plain rolls have no side that a high total favours in every system, so they are
        only called high or low. Under FEW rolls, no verdict is given.
        """
        if self.rolls < FEW:
            return "too few to tell"
        diff = self.got - self.expected if self.tests else (self.got - self.expected) / self.rolls
        if abs(float(diff)) <= self.spread or diff == 0:
            return "as expected"
        if self.tests:
            return "luckier than expected" if diff > 0 else "unluckier than expected"
        return "high" if diff > 0 else "low"

    def to_dict(self) -> dict[str, Any]:
        return {
            **thawed(self, "side", "kind", "rolls", "tests"),
            "got": exact(self.got),
            "expected": exact(self.expected),
            "spread": round(self.spread, 4),
            "sentence": self.sentence(),
            "verdict": self.verdict,
        }


def _num(x: Fraction | float) -> str:
    s = f"{float(x):.1f}"
    return s[:-2] if s.endswith(".0") else s


_KIND_CLEAN = re.compile(r"\s*\((?:roll-off|re-?roll)[^)]*\)\s*$", re.IGNORECASE)


_LINK = r"(?:\s+(?:on|against|by|for|of|at|vs\.?|versus))?\s+"


def kind_of(title: str, names: Sequence[str] = ()) -> str:
    """The kind of roll a step is: its title without who rolled, at whom, or which roll-off.

    Systems name rolls "Attack: Robyn" or "Kill roll on Orc Warrior"; luck is summed per
    kind, so every fighter's or side's name (with the word that ties it on) is taken out.
    """
    head = _KIND_CLEAN.sub("", title.split(":", 1)[0]).strip()
    for name in sorted(names, key=len, reverse=True):
        if name and name.casefold() in head.casefold():
            head = re.sub(_LINK + re.escape(name) + r"(?:'s)?\b", "", head, flags=re.IGNORECASE)
            head = re.sub(r"^" + re.escape(name) + r"(?:'s)?\s+", "", head, flags=re.IGNORECASE)
    head = head.strip()
    return head[:1].upper() + head[1:] if head else title


def side_of(state: GameState, who: str) -> int | None:
    """The side of whoever rolled: a fighter's name, or a side's name."""
    key = who.strip().casefold()
    for f in state.fighters:
        if f.name.casefold() == key:
            return f.side
    for i, s in enumerate(state.sides):
        if s.name.casefold() == key:
            return i
    return None


Key = tuple[int | None, str, bool]


class Slot:
    """One (side, kind) of roll: how many, what they got, and how often each chance (for
    tests) or each kind of dice (for plain rolls) came up. Exact sums are worked out once
    per distinct chance at the end, not once per roll."""

    __slots__ = ("rolls", "got", "by_chance", "by_dice")

    def __init__(self) -> None:
        self.rolls = 0
        self.got = 0
        self.by_chance: dict[Fraction, int] = {}
        self.by_dice: dict[tuple[int, int, str | None, int], int] = {}

    def sums(self) -> tuple[Fraction, Fraction]:
        """The expected value of `got` and its variance."""
        exp, var = Fraction(0), Fraction(0)
        for p, n in self.by_chance.items():
            exp += n * p
            var += n * p * (1 - p)
        for spec, n in self.by_dice.items():
            mean, spread = _moments(*spec)
            exp += n * mean
            var += n * spread
        return exp, var


@lru_cache(maxsize=64)
def _moments(count: int, sides: int, keep: str | None, keep_n: int) -> tuple[Fraction, Fraction]:
    dist = odds.pool(count, sides, keep, keep_n)
    mean = odds.expected(dist)
    return mean, sum((p * (v - mean) ** 2 for v, p in dist.items()), Fraction(0))


class Tally:
    """Running counts per (side, kind, test or plain): one pass, constant memory per kind."""

    def __init__(self) -> None:
        self._acc: dict[Key, Slot] = {}
        self._kinds: dict[str, str] = {}
        # Whose side a name is on, for the fighters and sides of the state it was read
        # from: most events leave both as they were, so a long game reads them once.
        self._roster: tuple[object, object] | None = None
        self._sides: dict[str, int] = {}
        self._side_names: tuple[str, ...] = ()

    def _side_of(self, state: GameState, who: str) -> int | None:
        """`side_of`, from the names of the state's fighters and sides read once."""
        if self._roster is None or self._roster[0] is not state.fighters:
            self._read_names(state)
        elif self._roster[1] is not state.sides:
            # Most events change a side's VP, not its name: the names are read again only
            # when they changed.
            names = tuple(x.name for x in state.sides)
            if names != self._side_names:
                self._read_names(state)
            else:
                self._roster = (state.fighters, state.sides)
        return self._sides.get(who.strip().casefold())

    def _read_names(self, state: GameState) -> None:
        sides: dict[str, int] = {}
        for f in state.fighters:
            sides.setdefault(f.name.casefold(), f.side)
        for i, x in enumerate(state.sides):
            sides.setdefault(x.name.casefold(), i)
        self._roster, self._sides = (state.fighters, state.sides), sides
        self._side_names = tuple(x.name for x in state.sides)

    def add(self, state: GameState, step: Step) -> str | None:
        """Count the step's roll; its kind of roll (None: the step rolled nothing)."""
        r = step.roll
        if r is None:
            return None
        p = step.probability
        test = p is not None and step.success is not None
        kind = self._kinds.get(step.title)
        if kind is None:
            names = [f.name for f in state.fighters] + [x.name for x in state.sides]
            kind = self._kinds[step.title] = kind_of(step.title, names)
        key = (self._side_of(state, r.who), kind, test)
        slot = self._acc.get(key)
        if slot is None:
            slot = self._acc[key] = Slot()
        slot.rolls += 1
        if p is not None and test:
            slot.got += 1 if step.success else 0
            slot.by_chance[p] = slot.by_chance.get(p, 0) + 1
        else:
            slot.got += r.value
            spec = (r.count, r.sides, r.keep, r.keep_n)
            slot.by_dice[spec] = slot.by_dice.get(spec, 0) + 1
        return kind

    def lines(self, state: GameState) -> tuple[Luck, ...]:
        """Each side's kinds of roll (sides in order, unassigned rolls last), and for a side
        with more than one kind of test, its tests summed."""
        out: list[Luck] = []
        by_side: dict[int | None, list[Luck]] = {}
        for (side, kind, test), slot in self._acc.items():
            name = state.sides[side].name if side is not None else "Unassigned rolls"
            exp, var = slot.sums()
            luck = Luck(name, kind, slot.rolls, test, Fraction(slot.got), exp, var)
            by_side.setdefault(side, []).append(luck)
        for side in sorted(by_side, key=lambda s: 99 if s is None else s):
            rows = sorted(by_side[side], key=lambda x: (x.kind, not x.tests))
            out += rows
            tests = [x for x in rows if x.tests]
            if len(tests) > 1:
                out.append(
                    Luck(
                        tests[0].side,
                        ALL_TESTS,
                        sum(x.rolls for x in tests),
                        True,
                        sum((x.got for x in tests), Fraction(0)),
                        sum((x.expected for x in tests), Fraction(0)),
                        sum((x.variance for x in tests), Fraction(0)),
                    )
                )
        return tuple(out)


def short(rows: Sequence[Luck]) -> list[Luck]:
    """A side's luck in a few rows: its tests summed (or its one kind of test), then its
    most rolled kinds with enough rolls to tell, at most SHORT rows in all."""
    total = [x for x in rows if x.kind == ALL_TESTS]
    tests = [x for x in rows if x.tests and x.kind != ALL_TESTS]
    head = total or tests[:1]
    rest = sorted(
        (x for x in rows if x not in head and x.kind != ALL_TESTS and x.rolls >= FEW),
        key=lambda x: -x.rolls,
    )
    out = (head + rest)[:SHORT]
    return out or sorted(rows, key=lambda x: -x.rolls)[:1]
