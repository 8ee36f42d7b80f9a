"""One game in a few lines: when, which system and scenario, who played, how it ended,
who took whom out, and how each side's dice fell against their exact odds.

A summary is read from the game's setup and events in one pass, as the battle report
reads them (its luck tally and its headline are reused, so the record and the report
never disagree), and is kept as plain data apart: `to_row` all the list reads,
`kept_fighters` what the standings read besides (each side's fighters in three fields,
compact however many games), `kept_rolls` what only the luck reads; `from_row` checks
every field of a kept one, so a damaged summary is rebuilt, never trusted.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import product

from companion import TYPE_CHECKING
from companion.roster import legacy_key
from companion.values import frozen

if TYPE_CHECKING:
    from fractions import Fraction
    from typing import Any

    from companion.game.events import Event
    from companion.game.repo import GameFile
    from companion.game.state import GameState
    from companion.systems.base import RuleSystem

OPFOR = "OpFor"  # the roster name of a solo game's automatic opponent


@frozen
class SideSummary:
    name: str
    roster: str  # the roster's name when the game was played
    key: str  # what identifies the warband across renames; "" for the OpFor
    vp: int
    lost: int  # fighters out at the end
    fighters: int
    conceded: bool
    outcome: str  # win | loss | draw | "" (not finished, or no one won)
    neutral: bool = False  # a stand-in side no player plays (Monochrome's targets)


# A side's fighters in one game: their names, one a line (a name holds no control
# character), the enemies each took out while it was the active fighter, and whether each
# was out at the end. Three fields a side, not a value a fighter: a long record holds tens
# of thousands, and a warband that fields the same fighters game after game is added up a
# side at a time (`standings.fighters`).
SideFighters = tuple[str, tuple[int, ...], tuple[bool, ...]]


@frozen
class LuckRow:
    """One side's kind of roll in one game: exact sums, kept as fractions."""

    side: int
    kind: str
    tests: bool
    rolls: int
    got: Fraction
    expected: Fraction
    variance: Fraction


@frozen
class GameSummary:
    name: str
    system: str  # the rule system's id
    system_name: str
    scenario: str  # the scenario's id
    scenario_name: str
    created: str  # when the game was set up (UTC, ISO 8601)
    updated: str
    finished: bool
    result: str | None
    headline: str
    draw: bool
    winner: int | None
    turn: int
    keeps_vp: bool
    solo: bool
    profile: str | None  # a solo game's OpFor profile
    sides: tuple[SideSummary, ...]
    fighters: tuple[SideFighters, ...]  # each side's, in order
    # Each side's kinds of roll as kept: (side, kind, tests, rolls, got, expected,
    # variance), the sums as exact fractions written out; `luck_rows` reads them.
    luck: tuple[tuple[Any, ...], ...]

    def luck_rows(self) -> list[LuckRow]:
        from fractions import Fraction

        return [
            LuckRow(r[0], r[1], r[2], _count(r[3]), *(Fraction(x) for x in r[4:]))
            for r in self.luck
        ]

    @property
    def date(self) -> str:
        return self.created[:10]

    @property
    def score(self) -> str:
        """Victory points where the system keeps them, else the fighters each side lost."""
        playing = [s for s in self.sides if not s.neutral]
        if self.keeps_vp:
            return "–".join(str(s.vp) for s in playing)
        return "lost " + "–".join(str(s.lost) for s in playing)

    def to_row(self) -> list[Any]:
        """The summary as kept: its plain fields in order, then its sides'."""
        return [*(getattr(self, k) for k in _SCALARS), [_side_row(x) for x in self.sides]]

    def kept_fighters(self) -> list[list[Any]]:
        """What the standings read, kept apart: each side's fighters (`SideFighters`),
        compact however long the record."""
        return [[names, list(took), list(out)] for names, took, out in self.fighters]

    def kept_rolls(self) -> list[list[Any]]:
        """What only the luck reads, kept apart: the rolls."""
        return [list(r) for r in self.luck]

    @staticmethod
    def from_row(row: Any, fighters: Any = None, rolls: Any = None) -> GameSummary:
        """A kept summary, with its kept fighters (`kept_fighters`) and rolls
        (`kept_rolls`) where given, every field checked: a ValueError (or TypeError) says
        what is wrong."""
        if type(row) is not list or len(row) != _FIELDS + 1:
            raise ValueError("a summary is not a list of its fields")
        if tuple(map(type, row[:_FIELDS])) not in _SIGNATURES:
            raise ValueError("a field of a summary is of the wrong type")
        sides = tuple(_side_from(x) for x in _of_type(row[-1], list))
        winner = row[11]
        if winner is not None and not 0 <= winner < len(sides):
            raise ValueError("the winner is not a side")
        return GameSummary(  # type: ignore[call-arg]
            *row[:_FIELDS],
            sides,
            () if fighters is None else _fighters_from(fighters, len(sides)),
            () if rolls is None else _rolls_from(rolls, len(sides)),
        )


# The plain fields of a summary and of a side, with their types (None allowed where the
# type is a tuple holding NoneType).
_SCALARS: dict[str, Any] = {
    "name": str,
    "system": str,
    "system_name": str,
    "scenario": str,
    "scenario_name": str,
    "created": str,
    "updated": str,
    "finished": bool,
    "result": (str, type(None)),
    "headline": str,
    "draw": bool,
    "winner": (int, type(None)),
    "turn": int,
    "keeps_vp": bool,
    "solo": bool,
    "profile": (str, type(None)),
}
_SIDE: dict[str, Any] = {
    "name": str,
    "roster": str,
    "key": str,
    "vp": int,
    "lost": int,
    "fighters": int,
    "conceded": bool,
    "outcome": str,
    "neutral": bool,
}


_FIELDS = len(_SCALARS)
# The types the plain fields may have, in order, as every signature they may make (a
# bool is never taken for a number): one look-up checks them all.
_SIGNATURES = frozenset(
    product(*((k,) if isinstance(k, type) else tuple(k) for k in _SCALARS.values()))
)
_SIDE_TYPES = tuple(_SIDE.values())
_INT, _BOOL = frozenset({int}), frozenset({bool})
_LUCK = (int, str, bool, int, str, str, str)


def _side_row(side: SideSummary) -> list[Any]:
    return [getattr(side, k) for k in _SIDE]


def _side_from(row: list[Any]) -> SideSummary:
    if tuple(map(type, row)) != _SIDE_TYPES:
        raise ValueError("a side of a summary is damaged")
    return SideSummary(*row)


def _of_type(value: Any, kind: type) -> list[Any]:
    if type(value) is not list or not set(map(type, value)) <= {kind}:
        raise ValueError("a list of a summary is damaged")
    return value


def _fighters_from(kept: Any, sides: int) -> tuple[SideFighters, ...]:
    """Each side's fighters as kept, checked: names in a string, as many counts (none
    below nought) and flags as names."""
    if type(kept) is not list or len(kept) != sides:
        raise ValueError("the fighters of a summary are damaged")
    out: list[SideFighters] = []
    for side in kept:
        if type(side) is not list or len(side) != 3:
            raise ValueError("the fighters of a side are damaged")
        names, took, fell = side
        if type(names) is not str or type(took) is not list or type(fell) is not list:
            raise ValueError("the fighters of a side are damaged")
        n = names.count("\n") + 1 if names else 0
        if len(took) != n or len(fell) != n:
            raise ValueError("the fighters of a side are damaged")
        if n and not (_INT >= set(map(type, took)) and _BOOL >= set(map(type, fell))):
            raise ValueError("the fighters of a side are damaged")
        if n and min(took) < 0:
            raise ValueError("the fighters of a side are damaged")
        out.append((names, tuple(took), tuple(fell)))
    return tuple(out)


def _rolls_from(rows: Any, sides: int) -> tuple[tuple[Any, ...], ...]:
    """The rolls kept, checked row by row."""
    for r in _of_type(rows, list):
        if tuple(map(type, r)) != _LUCK or not -1 <= r[0] < sides:
            raise ValueError("a luck row of a summary is damaged")
    return tuple(map(tuple, rows))


def _count(value: Any) -> int:
    if type(value) is not int or value < 0:
        raise ValueError("a count is damaged")
    return value


# -- reading a game ----------------------------------------------------------------------


def summarize(system: RuleSystem, gf: GameFile, rosters: Sequence[Any] = ()) -> GameSummary:
    """The game's summary, from one pass over its events; `rosters` are the warband keys
    its file recorded for its sides (none in a game set up before they were kept)."""
    # Here, not above: a kept summary is read without the rules, the report or the log.
    from companion.game.events import Event, apply_event
    from companion.report.headline import headline
    from companion.report.luck import ALL_TESTS, Tally
    from companion.report.standing import standing
    from companion.report.words import plain
    from companion.trace import Trace

    state = gf.setup
    tally = Tally()
    took: dict[str, int] = {}
    for raw in (raw for chunk in gf.chunks() for raw in chunk):
        ev = Event.from_dict(raw)
        before, state = state, apply_event(state, ev)
        _count_takedowns(ev, before, state, took)
        if ev.trace:
            for step in Trace.from_dict(ev.trace).steps:
                tally.add(state, step)
    final = gf.state
    solo = bool(final.options.get("profile"))
    scored = any(s.vp for s in final.sides) or any(s.vp for s in gf.setup.sides)
    keeps_vp = system.keeps_vp and scored
    finished = final.phase == "ended"
    where = f"{system.round_word} {final.turn}" if final.turn else ""
    vps = [(s.name, s.vp) for s in final.sides]
    fighters = [final.side_fighters(i) for i in range(len(final.sides))]
    # The leader by the scenario's own score, named as the battle report's headline names it.
    score = standing(
        vps,
        keeps_vp,
        [plain(n) for n in system.status_lines(final)],
        [sum(1 for f in mine if f.out) for mine in fighters],
        [len(mine) for mine in fighters],
    )
    said = headline(final.result, finished, vps, keeps_vp, solo, where, score)
    winner, draw = _outcome(said, [s.name for s in final.sides]) if finished else (None, False)
    scen = {s.id: s for s in system.scenarios()}.get(final.scenario)
    meta = gf.db.docs("game")[0]
    return GameSummary(
        name=gf.name,
        system=system.info.id,
        system_name=system.info.name,
        scenario=final.scenario,
        scenario_name=str(final.options.get("label") or (scen.label if scen else final.scenario)),
        created=gf.created,
        updated=str(meta.get("updated") or gf.created),
        finished=finished,
        result=final.result,
        headline=said,
        draw=draw,
        winner=winner,
        turn=final.turn,
        keeps_vp=system.keeps_vp,
        solo=solo,
        profile=_profile_name(final.options.get("profile")) if solo else None,
        sides=tuple(
            _side_summary(final, i, rosters, winner, draw) for i in range(len(final.sides))
        ),
        fighters=tuple(
            (
                "\n".join(f.name for f in mine),
                tuple(took.get(f.id, 0) for f in mine),
                tuple(f.out for f in mine),
            )
            for mine in fighters
        ),
        luck=tuple(
            (
                next((i for i, s in enumerate(final.sides) if s.name == x.side), -1),
                x.kind,
                x.tests,
                x.rolls,
                str(x.got),
                str(x.expected),
                str(x.variance),
            )
            for x in tally.lines(final)
            if x.kind != ALL_TESTS  # summed again across games, from the kinds
        ),
    )


def _profile_name(profile: Any) -> str:
    """A solo game's OpFor profile by name (the game keeps the whole profile)."""
    if isinstance(profile, Mapping):
        return str(profile.get("name") or "OpFor")
    return str(profile)


def _side_summary(
    state: GameState, i: int, rosters: Sequence[Any], winner: int | None, draw: bool
) -> SideSummary:
    side = state.sides[i]
    opfor = bool(state.options.get("profile")) and side.roster == OPFOR and i > 0
    recorded = rosters[i] if i < len(rosters) and isinstance(rosters[i], str) else None
    key = "" if opfor else recorded or legacy_key(side.roster)
    fighters = state.side_fighters(i)
    outcome = "draw" if draw else "" if winner is None else "win" if winner == i else "loss"
    neutral = bool(side.flags.get("neutral"))
    if neutral:
        key, outcome = "", ""
    return SideSummary(
        side.name,
        side.roster,
        key,
        side.vp,
        sum(1 for f in fighters if f.out),
        len(fighters),
        bool(side.flags.get("conceded")) and not neutral,
        outcome,
        neutral,
    )


def _count_takedowns(ev: Event, before: GameState, after: GameState, took: dict[str, int]) -> None:
    """Credit the fighter whose activation took an enemy out (the active one)."""
    actor = before.active or after.active
    if actor is None:
        return
    for c in ev.changes:
        if c.target != "fighter" or c.field != "status" or c.value != "out":
            continue
        try:
            fallen, doer = before.fighter(str(c.key)), before.fighter(actor)
        except KeyError:
            continue
        if not fallen.out and fallen.side != doer.side:
            took[actor] = took.get(actor, 0) + 1


def _outcome(said: str, names: Sequence[str]) -> tuple[int | None, bool]:
    """The winning side and whether it was a draw, read from the report's headline (which
    words every system's result the same way: "X win...", "A draw...")."""
    low = said.casefold()
    if low.startswith("a draw"):
        return None, True
    for i in sorted(range(len(names)), key=lambda i: -len(names[i])):
        name = names[i].casefold()
        if low.startswith(name) and low[len(name) :].lstrip().startswith(("win", "triggered")):
            return i, False
    return None, False


class Warbands:
    """The warbands as they are now: each key's current name, and for a game that kept
    no keys (set up before they were, or by an older version), its side's roster name
    taken for the roster of that name."""

    def __init__(self, rosters: Sequence[Mapping[str, Any]] = ()) -> None:
        self.names: dict[str, str] = {}
        self.aliases: dict[str, str] = {}
        for r in rosters:
            name = r.get("name")
            if isinstance(name, str):
                key = str(r.get("id") or legacy_key(name))
                self.names[key] = name
                self.aliases.setdefault(legacy_key(name), key)

    def key(self, key: str) -> str:
        """The warband a recorded key stands for now."""
        return key if key in self.names else self.aliases.get(key, key)

    def name(self, key: str, then: str) -> str:
        """The warband's name now (`then`, the name it had in the game, for a roster
        deleted since)."""
        return self.names.get(self.key(key), then)
