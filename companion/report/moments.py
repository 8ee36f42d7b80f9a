"""The key moments of a game, gathered in the report's one pass over the events: the least
likely roll that succeeded and held (a hit then defended is no moment), the first fighter
taken out, and who took most opponents out.

Who took a fighter out is read from what was recorded: the fighter activated when it
fell, or else the first fighter of the other side whose roll the event holds. A fighter
set out by hand with no one activated is nobody's.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from companion.game.state import GameState
from companion.report.headline import sentence
from companion.schemas import exact
from companion.trace import Step, Trace
from companion.values import frozen


@frozen
class Moment:
    title: str  # "Least likely success"
    text: str  # a sentence, with the fighter and what happened
    turn: int
    chance: str  # "16%", or "" where no roll decided it
    p: Fraction | None = None  # that chance exactly

    def to_dict(self) -> dict[str, Any]:
        exact_p = None if self.p is None else exact(self.p)
        return {
            "title": self.title,
            "text": self.text,
            "turn": self.turn,
            "chance": self.chance,
            "p": exact_p,
        }


def percent(p: Fraction | float) -> str:
    """A chance for a reader: whole per cents, with the small ones kept readable."""
    x = float(p) * 100
    if 0 < x < 1:
        return "under 1%"
    if 99 < x < 100:
        return "over 99%"
    return f"{x:.0f}%"


def chance_of(trace: Trace | None) -> Fraction | None:
    """The chance of the outcomes a trace shows: its tests' chances multiplied."""
    if trace is None:
        return None
    p: Fraction | None = None
    for s in trace.steps:
        c = s.outcome_chance
        if c is not None:
            p = c if p is None else p * c
    return p


def held(steps: Sequence[Step], n: int) -> bool:
    """Whether step `n`'s success stood: the next roll of the trace, where someone else
    rolls it, did not succeed against it (a hit then defended, blocked or saved did not
    hold)."""
    step = steps[n]
    if step.success is not True or step.roll is None:
        return step.success is True
    who = step.roll.who.strip().casefold()
    for later in steps[n + 1 :]:
        if later.roll is None or later.success is None:
            continue
        other = later.roll.who.strip().casefold()
        answers = _ANSWER.search(f"{later.title} {later.outcome}") is not None
        return not (other and other != who and later.success and answers)
    return True


# The roll that answers a success: a defence, a block, a save, a dodge.
_ANSWER = re.compile(r"defen[cds]|block|sav(e|ed|ing)\b|parr|dodg|evad", re.IGNORECASE)


class Moments:
    """Running record of the moments, one event at a time."""

    def __init__(self) -> None:
        self._luckiest: tuple[Fraction, int, str, str] | None = None  # p, turn, what, kind
        self._first: tuple[int, str, str, str, Fraction | None] | None = None
        self._takers: dict[str, list[tuple[int, str, Fraction | None]]] = {}
        self._order: list[str] = []

    def step(self, turn: int, step: Step, summary: str, kind: str) -> None:
        """A step of an event whose summary is `summary`; `kind`: its kind of roll."""
        p = step.probability
        if p is None or step.success is not True or p >= 1:
            return
        if self._luckiest is None or p < self._luckiest[0]:
            self._luckiest = (p, turn, summary, kind)

    def fell(
        self, turn: int, before: GameState, fid: str, side_name: str, trace: Trace | None
    ) -> None:
        """Fighter `fid` was taken out by this event (`before`: the state it found)."""
        victim = before.fighter(fid)
        chance = chance_of(trace)
        by = _taker(before, victim.side, trace)
        if self._first is None:
            self._first = (turn, victim.name, side_name, by or "", chance)
        if by:
            if by not in self._takers:
                self._order.append(by)
            self._takers.setdefault(by, []).append((turn, victim.name, chance))

    def moments(self, round_word: str) -> tuple[Moment, ...]:
        out: list[Moment] = []
        if self._luckiest is not None:
            p, turn, what, kind = self._luckiest
            out.append(
                Moment(
                    "Least likely success",
                    f"{sentence(what)} {kind}: a {percent(p)} chance of success.",
                    turn,
                    percent(p),
                    p,
                )
            )
        if self._first is not None:
            turn, name, side, by, chance = self._first
            how = f", taken out by {by}" if by else ""
            odds = f"; the dice gave that a {percent(chance)} chance" if chance is not None else ""
            out.append(
                Moment(
                    "First fighter out",
                    f"{name} ({side}) fell first{how}{odds}.",
                    turn,
                    _p(chance),
                    chance,
                )
            )
        if self._takers:
            most = max(len(v) for v in self._takers.values())
            best = next(n for n in self._order if len(self._takers[n]) == most)
            falls = self._takers[best]
            names = ", ".join(v for _, v, _ in falls)
            turns = sorted({t for t, _, _ in falls})
            when = ", ".join(str(t) for t in turns)
            word = round_word + ("s" if len(turns) > 1 else "")
            chances = [c for _, _, c in falls if c is not None]
            rarest = min(chances) if chances else None
            odds = f"; the least likely at {percent(rarest)}" if rarest is not None else ""
            out.append(
                Moment(
                    "Most opponents out",
                    f"{best} took {most} out ({names}), in {word} {when}{odds}.",
                    turns[0],
                    _p(rarest),
                    rarest,
                )
            )
        return tuple(out)


def _p(p: Fraction | None) -> str:
    return percent(p) if p is not None else ""


def _taker(before: GameState, victim_side: int, trace: Trace | None) -> str | None:
    """The fighter of another side who took the victim out, as far as the record tells."""
    if before.active is not None:
        try:
            actor = before.fighter(before.active)
        except KeyError:
            actor = None
        if actor is not None and actor.side != victim_side:
            return actor.name
    if trace is not None:
        names = {f.name.casefold(): f for f in before.fighters}
        for s in trace.steps:
            f = names.get(s.roll.who.strip().casefold()) if s.roll is not None else None
            if f is not None and f.side != victim_side:
                return f.name
    return None
