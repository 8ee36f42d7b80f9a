"""The battle report as plain data, built from the setup and the event log alone.

Everything is read back from recorded events (summaries, dice, traces), so a report is
the same whichever version of the rules wrote the game, and a running game can be
reported as far as it has gone.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass, field
from fractions import Fraction
from typing import Any

from companion import odds
from companion.game.events import Event, apply_event
from companion.game.repo import GameFile
from companion.game.state import GameState
from companion.systems.base import RuleSystem
from companion.trace import Trace


@dataclass(frozen=True)
class FighterLine:
    name: str
    rank: str
    stats: str
    equipment: str
    skills: str
    end: str


@dataclass(frozen=True)
class SideLine:
    name: str
    vp: int
    fighters: tuple[FighterLine, ...]


@dataclass(frozen=True)
class Entry:
    """One event as the account tells it."""

    index: int
    kind: str
    summary: str
    dice: tuple[int, ...] = ()
    typed: bool = False


@dataclass(frozen=True)
class TurnAccount:
    turn: int
    entries: tuple[Entry, ...]
    vp: tuple[int, ...]  # each side's VP when the turn's last event was recorded


@dataclass(frozen=True)
class Casualty:
    name: str
    side: str
    turn: int
    how: str


@dataclass(frozen=True)
class Luck:
    """How one kind of roll fell for one side, against the exact expectation.

    Tests (rolls with a target) count successes against the sum of their chances;
    plain rolls (initiative) compare the total rolled with the expected total.
    """

    side: str
    kind: str
    rolls: int
    tests: bool
    got: Fraction
    expected: Fraction

    def sentence(self) -> str:
        if self.tests:
            got = f"{int(self.got)} of {self.rolls} succeeded"
            return f"{self.kind}: {got}, expected {_num(self.expected)}"
        avg = self.got / self.rolls
        exp = self.expected / self.rolls
        plural = "s" if self.rolls != 1 else ""
        return f"{self.kind}: {self.rolls} roll{plural} averaging {_num(avg)}, expected {_num(exp)}"

    @property
    def verdict(self) -> str:
        diff = self.got - self.expected
        if self.tests:
            if abs(diff) < Fraction(1, 2):
                return "as expected"
            return "luckier than expected" if diff > 0 else "unluckier than expected"
        avg = diff / self.rolls
        if abs(avg) < Fraction(1, 2):
            return "as expected"
        return "high" if avg > 0 else "low"


@dataclass(frozen=True)
class Report:
    game: str
    system: str
    scenario: str
    turn: int
    last_turn: int | None
    finished: bool
    result: str | None
    sides: tuple[SideLine, ...]
    setup: tuple[Entry, ...]
    turns: tuple[TurnAccount, ...]
    casualties: tuple[Casualty, ...]
    luck: tuple[Luck, ...]
    notes: tuple[str, ...] = field(default=())

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["luck"] = [
            {
                "side": x.side,
                "kind": x.kind,
                "rolls": x.rolls,
                "tests": x.tests,
                "got": float(x.got),
                "expected": round(float(x.expected), 4),
                "sentence": x.sentence(),
                "verdict": x.verdict,
            }
            for x in self.luck
        ]
        return d


def _num(x: Fraction) -> str:
    s = f"{float(x):.1f}"
    return s[:-2] if s.endswith(".0") else s


def build_report(system: RuleSystem, gf: GameFile) -> Report:
    events = gf.events
    state = gf.setup
    setup: list[Entry] = []
    turns: dict[int, list[Entry]] = {}
    vp_after: dict[int, tuple[int, ...]] = {}
    out_when: dict[str, tuple[int, str]] = {}
    luck: dict[LuckKey, list[Any]] = {}
    for i, ev in enumerate(events, 1):
        before = state
        state = apply_event(state, ev)
        entry = _entry(i, ev)
        if ev.turn == 0:
            setup.append(entry)
        else:
            turns.setdefault(ev.turn, []).append(entry)
            vp_after[ev.turn] = tuple(s.vp for s in state.sides)
        for f in state.fighters:
            was = _status(before, f.id)
            if f.status == "out" and was != "out":
                out_when[f.id] = (ev.turn, ev.summary)
        if ev.trace:
            _collect_luck(luck, before, Trace.from_dict(ev.trace))
    final = gf.state
    scen = {s.id: s for s in system.scenarios()}.get(final.scenario)
    sides = tuple(
        SideLine(
            s.name,
            s.vp,
            tuple(_fighter_line(system, final, f.id) for f in final.side_fighters(i)),
        )
        for i, s in enumerate(final.sides)
    )
    casualties = tuple(
        Casualty(f.name, final.sides[f.side].name, *out_when.get(f.id, (0, "set out by hand")))
        for f in final.fighters
        if f.out
    )
    accounts = []
    last_vp = tuple(s.vp for s in gf.setup.sides)
    for t in sorted(turns):
        last_vp = vp_after.get(t, last_vp)
        accounts.append(TurnAccount(t, tuple(turns[t]), last_vp))
    return Report(
        game=gf.name,
        system=system.info.name,
        scenario=scen.label if scen else final.scenario,
        turn=final.turn,
        last_turn=final.last_turn,
        finished=final.phase == "ended",
        result=final.result,
        sides=sides,
        setup=tuple(setup),
        turns=tuple(accounts),
        casualties=casualties,
        luck=_luck_lines(luck, final),
        notes=tuple(system.status_lines(final)),
    )


def _status(state: GameState, fid: str) -> str | None:
    try:
        return state.fighter(fid).status
    except KeyError:
        return None


def _entry(i: int, ev: Event) -> Entry:
    dice = ev.data.get("dice") or ()
    return Entry(i, ev.kind, ev.summary, tuple(dice), bool(ev.data.get("typed", False)))


def _fighter_line(system: RuleSystem, state: GameState, fid: str) -> FighterLine:
    f = state.fighter(fid)
    d = system.describe_fighter(f)
    stats = d.get("stat") or " ".join(f"{k} {v}" for k, v in f.stats.items())
    end = {"wounded": "wounded (prone)"}.get(f.status, f.status)
    if f.wounds:
        end += f", {f.wounds} wound{'s' if f.wounds != 1 else ''}"
    return FighterLine(
        f.name,
        d.get("rank", f"{f.rank} D{f.die}"),
        stats,
        d.get("equipment", ", ".join(f.equipment) or "-"),
        d.get("skills", ", ".join(f.skills) or "-"),
        end,
    )


_KIND_CLEAN = re.compile(r"\s*\((?:roll-off|re-?roll)[^)]*\)\s*$", re.IGNORECASE)


def kind_of(title: str) -> str:
    """The kind of roll a step is: its title without who rolled or which roll-off."""
    head = title.split(":", 1)[0]
    return _KIND_CLEAN.sub("", head).strip() or title


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


LuckKey = tuple[int | None, str, bool]


def _collect_luck(acc: dict[LuckKey, list[Any]], state: GameState, tr: Trace) -> None:
    for step in tr.steps:
        r = step.roll
        if r is None:
            continue
        test = step.probability is not None and step.success is not None
        slot = acc.setdefault(
            (side_of(state, r.who), kind_of(step.title), test), [0, Fraction(0), Fraction(0)]
        )
        slot[0] += 1
        if test:
            assert step.probability is not None
            slot[1] += 1 if step.success else 0
            slot[2] += step.probability
        else:
            slot[1] += r.value
            slot[2] += odds.expected(odds.pool(r.count, r.sides, r.keep, r.keep_n))


def _luck_lines(acc: dict[LuckKey, list[Any]], state: GameState) -> tuple[Luck, ...]:
    out = []
    for (side, kind, test), (n, got, exp) in sorted(
        acc.items(), key=lambda kv: (kv[0][0] if kv[0][0] is not None else 99, kv[0][1])
    ):
        name = state.sides[side].name if side is not None else "Unassigned rolls"
        out.append(Luck(name, kind, n, test, got, exp))
    return tuple(out)
