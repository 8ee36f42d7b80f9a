"""The explanation of a resolution: an immutable list of steps.

A step knows the roll (which die, how many, which were kept), each modifier with its
reason and ruling id, the target number and comparison, the outcome, and the exact chance
of success worked out before the dice fell. Renderers turn a trace into Rich text or JSON;
events store it as plain data (`to_dict`) and the log reads it back (`from_dict`).
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from functools import lru_cache

from companion import TYPE_CHECKING
from companion.dice import DiceSource, kept_indices
from companion.values import field, frozen

if TYPE_CHECKING:
    from typing import Any


@frozen
class Modifier:
    value: int
    reason: str
    ruling: str | None = None


@frozen
class Roll:
    who: str
    sides: int
    count: int
    keep: str | None  # "h" keep highest, "l" keep lowest, None all (summed)
    keep_n: int
    dice: tuple[int, ...]
    kept: tuple[int, ...]  # indices into dice

    @property
    def value(self) -> int:
        kept = self.kept
        if len(kept) == 1:  # most rolls: a long game's report asks this of every one
            return self.dice[kept[0]]
        return sum([self.dice[i] for i in kept])

    def spec(self) -> str:
        if self.count == 1:
            return f"D{self.sides}"
        if self.keep is None:
            return f"{self.count}D{self.sides}"
        word = "highest" if self.keep == "h" else "lowest"
        return f"{self.count}D{self.sides} keep {word}" + (
            f" {self.keep_n}" if self.keep_n != 1 else ""
        )


@frozen
class Who:
    """The fighter an odds row is about: its id and its name."""

    id: str
    name: str


@frozen
class OddsRow:
    """A row of an odds table with its exact chance: the sentence shown ("Robyn:
    killed"), the effect as a word ("killed") and the fighter it befalls, when the row
    is counted by effect (an attack's); an outcome told only by its sentence (a move's
    "up to 6\"") has neither."""

    text: str
    p: Fraction
    effect: str | None = None
    fighter: Who | None = None


@frozen
class Step:
    title: str
    outcome: str
    roll: Roll | None = None
    modifiers: tuple[Modifier, ...] = ()
    target: int | None = None
    compare: str | None = None
    success: bool | None = None
    probability: Fraction | None = None
    rulings: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    # A pool of dice each tested on its own: how many passed, and how many were expected.
    successes: int | None = None
    expected: Fraction | None = None
    # The roll as the rule code described it (`companion.core.check.Check`): kept with the
    # step so the explanation, the odds and a replay read one value. Not stored with the
    # event (its words are), and not compared.
    check: Any = field(default=None, repr=False, compare=False)
    # The chances a step tells (a spread of hits, each word of a risk), each value with
    # its exact chance, in the order the outcome says them.
    distribution: tuple[tuple[int | str, Fraction], ...] = ()

    @property
    def total(self) -> int | None:
        if self.roll is None:
            return None
        return self.roll.value + sum(m.value for m in self.modifiers)

    @property
    def only_repeats_roll(self) -> bool:
        """The outcome only says again what the dice showed ("rolled 7")."""
        if self.roll is None or self.target is not None or self.modifiers:
            return False
        said = self.outcome.removeprefix("rolled ").replace(",", " ").split()
        r = self.roll
        if len(said) == 1 and said[0] == str(r.value):
            return True
        return len(said) == len(r.dice) and said == [str(v) for v in r.dice]

    @property
    def outcome_chance(self) -> Fraction | None:
        """The chance of the outcome this step shows: `probability` is the chance of
        success, so a failed step shows the chance of failing."""
        if self.probability is None:
            return None
        return 1 - self.probability if self.success is False else self.probability


@frozen
class Trace:
    title: str
    steps: tuple[Step, ...]
    outcome: str
    odds: tuple[OddsRow, ...] = ()
    rulings: tuple[str, ...] = field(default=())

    @property
    def chances(self) -> tuple[tuple[str, Fraction], ...]:
        """The odds rows as (sentence, chance) pairs, as the terminal tells them."""
        return tuple((r.text, r.p) for r in self.odds)

    def to_dict(self) -> dict[str, Any]:
        return {
            "title": self.title,
            "outcome": self.outcome,
            "steps": [_step_dict(s) for s in self.steps],
            "odds": [_row_dict(r) for r in self.odds],
            "rulings": list(self.rulings),
        }

    @staticmethod
    def from_dict(d: Mapping[str, Any]) -> Trace:
        return Trace(
            title=d["title"],
            outcome=d["outcome"],
            steps=tuple(_step_from(s) for s in d.get("steps", ())),
            odds=tuple(_row_from(o) for o in d.get("odds", ())),
            rulings=tuple(d.get("rulings", ())),
        )


def _row_dict(r: OddsRow) -> dict[str, Any]:
    who = None if r.fighter is None else {"id": r.fighter.id, "name": r.fighter.name}
    return {"fighter": who, "effect": r.effect, "text": r.text, "p": _frac(r.p)}


def _row_from(d: Mapping[str, Any]) -> OddsRow:
    """A stored row: as written since the rows carry their fighter and effect, or as
    release 0.2 wrote it (its sentence alone, under "outcome")."""
    who = d.get("fighter")
    return OddsRow(
        d["text"] if "text" in d else d["outcome"],
        _fraction(d["p"]["fraction"]),
        d.get("effect"),
        None if who is None else Who(who["id"], who["name"]),
    )


def _told(values: tuple[tuple[int | str, Fraction], ...]) -> list[dict[str, Any]]:
    return [{"value": v, "p": _frac(p)} for v, p in values]


def _frac(p: Fraction | None) -> dict[str, Any] | None:
    if p is None:
        return None
    return {"fraction": f"{p.numerator}/{p.denominator}", "value": round(float(p), 6)}


@lru_cache(maxsize=512)
def _fraction(text: str) -> Fraction:
    """A stored chance ("3/5"): a game holds few distinct ones, read many times."""
    return Fraction(text)


def _step_dict(s: Step) -> dict[str, Any]:
    out: dict[str, Any] = {"title": s.title, "outcome": s.outcome}
    if s.roll is not None:
        r = s.roll
        out["roll"] = {
            "who": r.who,
            "die": f"D{r.sides}",
            "sides": r.sides,
            "count": r.count,
            "keep": r.keep,
            "keep_n": r.keep_n,
            "dice": list(r.dice),
            "kept": list(r.kept),
            "value": r.value,
            "spec": r.spec(),
        }
        out["total"] = s.total
    if s.modifiers:
        out["modifiers"] = [
            {"value": m.value, "reason": m.reason, "ruling": m.ruling} for m in s.modifiers
        ]
    for key in ("target", "compare", "success"):
        if getattr(s, key) is not None:
            out[key] = getattr(s, key)
    if s.probability is not None:
        out["probability"] = _frac(s.probability)
    if s.successes is not None:
        out["successes"] = s.successes
    if s.expected is not None:
        out["expected"] = _frac(s.expected)
    if s.rulings:
        out["rulings"] = list(s.rulings)
    if s.notes:
        out["notes"] = list(s.notes)
    if s.distribution:
        out["distribution"] = _told(s.distribution)
    return out


def _step_from(d: Mapping[str, Any]) -> Step:
    if len(d) == 2:  # a step that only says what happened: its title and outcome
        return Step(d["title"], d["outcome"])
    roll = None
    if "roll" in d:
        r = d["roll"]
        roll = Roll(
            r["who"],
            r["sides"],
            r["count"],
            r["keep"],
            r["keep_n"],
            tuple(r["dice"]),
            tuple(r["kept"]),
        )
    get = d.get
    mods, rulings, notes = get("modifiers"), get("rulings"), get("notes")
    p, e, told = get("probability"), get("expected"), get("distribution")
    # Every field in order: the quickest way to build a value (a long game's report reads
    # every step of every event), and nothing made for a field the step does not have.
    return Step(
        d["title"],
        d["outcome"],
        roll,
        tuple(Modifier(m["value"], m["reason"], m.get("ruling")) for m in mods) if mods else (),
        get("target"),
        get("compare"),
        get("success"),
        None if p is None else _fraction(p["fraction"]),
        tuple(rulings) if rulings else (),
        tuple(notes) if notes else (),
        get("successes"),
        None if e is None else _fraction(e["fraction"]),
        None,
        tuple((t["value"], _fraction(t["p"]["fraction"])) for t in told) if told else (),
    )


COMPARE_WORDS = {
    "<=": "at or below",
    "<": "below",
    ">=": "at or above",
    ">": "above",
    "==": "exactly",
}


def percent(p: Fraction) -> str:
    """A chance as a percentage alone (a dice prompt), in the form `odds.percent` gives."""
    from companion.odds import percent as said  # loaded only where a chance is told

    return said(p)


def roll_dice(
    dice: DiceSource,
    who: str,
    sides: int,
    count: int = 1,
    keep: str | None = None,
    keep_n: int = 1,
    purpose: str | None = None,
    need: str = "",
) -> Roll:
    """Take dice from the source and record which are kept."""
    values = dice.roll(sides, count, purpose or f"{who}'s roll", need)
    if count == 1:
        keep = None
    return Roll(who, sides, count, keep, keep_n, values, kept_indices(values, keep, keep_n))
