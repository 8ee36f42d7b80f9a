"""What the record adds up to: each warband's wins, losses and draws (overall, per
scenario or per rule system), the solo games per OpFor profile and scenario, and the
fighters who took most out of action and who fell least."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from operator import add

from companion import TYPE_CHECKING
from companion.errors import UsageError
from companion.history.summary import GameSummary, Warbands
from companion.values import frozen

if TYPE_CHECKING:
    from typing import Any

BY = ("roster", "scenario", "system")
TOP = 5  # fighters shown in each list


@frozen
class Filters:
    system: str | None = None  # a rule system's id
    roster: str | None = None  # part of a warband's name, as it is now or was then
    scenario: str | None = None  # part of a scenario's id or name
    since: str | None = None  # YYYY-MM-DD, inclusive
    until: str | None = None


def day(text: str | None, option: str) -> str | None:
    """A date given on the command line, as YYYY-MM-DD; refused in one line otherwise."""
    if text is None:
        return None
    from datetime import date

    try:
        return date.fromisoformat(text.strip()).isoformat()
    except ValueError:
        raise UsageError(f"{option} takes a date such as 2026-05-01, not '{text}'") from None


def side_name(summary: GameSummary, i: int, rosters: Warbands) -> str:
    """A side's warband as it is called now (the name it had then, for a roster deleted
    since, or the OpFor profile's name)."""
    s = summary.sides[i]
    return rosters.name(s.key, s.name) if s.key else s.name


def matches(g: GameSummary, f: Filters, rosters: Warbands) -> bool:
    if f.system is not None and g.system != f.system:
        return False
    if f.scenario is not None:
        want = f.scenario.casefold()
        if want not in g.scenario.casefold() and want not in g.scenario_name.casefold():
            return False
    if f.since is not None and g.date < f.since:
        return False
    if f.until is not None and g.date > f.until:
        return False
    if f.roster is not None:
        want = f.roster.casefold()
        names = [side_name(g, i, rosters) for i in range(len(g.sides))]
        names += [s.roster for s in g.sides if s.key]
        if not any(want in n.casefold() for n in names):
            return False
    return True


def chosen(games: Iterable[GameSummary], f: Filters, rosters: Warbands) -> list[GameSummary]:
    """The games the filters let through, oldest first."""
    return sorted((g for g in games if matches(g, f, rosters)), key=lambda g: (g.created, g.name))


@frozen
class Row:
    """One warband's (or OpFor profile's) record within a group (a scenario, a system;
    "" when not grouped)."""

    group: str
    name: str
    system: str
    games: int
    won: int
    lost: int
    drawn: int
    running: int

    def to_dict(self) -> dict[str, Any]:
        return {k: getattr(self, k) for k in _ROW}


_ROW = ("group", "name", "system", "games", "won", "lost", "drawn", "running")


# The column of a finished game's outcome in a tally: won, lost, drawn (else played only).
_OUTCOME = {"win": 2, "loss": 3, "draw": 4}


def _tally(
    rows: dict[tuple[str, str], list[Any]], key: tuple[str, str], g: GameSummary, outcome: str
) -> None:
    """Count one game of a warband: played and how it went, or still running."""
    slot = rows.get(key)
    if slot is None:
        slot = rows[key] = [g.system_name, 0, 0, 0, 0, 0]
    if not g.finished:
        slot[5] += 1
        return
    slot[1] += 1
    column = _OUTCOME.get(outcome)
    if column is not None:
        slot[column] += 1


def standings(games: Sequence[GameSummary], by: str, rosters: Warbands) -> list[Row]:
    """Each warband's record, grouped `by` roster (one group), scenario or system; most
    wins first within each group."""
    if by not in BY:
        raise UsageError(f"--by takes roster, scenario or system, not '{by}'")
    rows: dict[tuple[str, str], list[Any]] = {}
    names: dict[str, str] = {}
    group = ""
    for g in games:
        if by == "system":
            group = g.system_name
        elif by == "scenario":
            group = f"{g.scenario_name} ({g.system_name})"
        for s in g.sides:
            if not s.key:
                continue
            key = rosters.key(s.key)
            names[key] = rosters.name(key, s.name)
            _tally(rows, (group, key), g, s.outcome)
    out = [Row(group, names[key], *slot) for (group, key), slot in rows.items()]
    return sorted(out, key=lambda r: (r.group, -r.won, r.lost, r.name.casefold()))


def solo_standings(games: Sequence[GameSummary]) -> list[Row]:
    """The player's record in solo games, per OpFor profile (the row's name) and scenario
    (its group)."""
    rows: dict[tuple[str, str], list[Any]] = {}
    for g in games:
        if g.solo and g.sides:
            _tally(rows, (g.scenario_name, g.profile or "default"), g, g.sides[0].outcome)
    out = [Row(group, name, *slot) for (group, name), slot in rows.items()]
    return sorted(out, key=lambda r: (r.name.casefold(), r.group.casefold()))


@frozen
class FighterRecord:
    name: str
    warband: str
    games: int
    took_out: int
    fell: int

    def to_dict(self) -> dict[str, Any]:
        return {k: getattr(self, k) for k in ("name", "warband", "games", "took_out", "fell")}


def fighters(
    games: Sequence[GameSummary], rosters: Warbands
) -> tuple[list[FighterRecord], list[FighterRecord]]:
    """Over finished games, the fighters of the players' warbands who took most enemies
    out of action, and those who fell least (of those in two games or more)."""
    # A side at a time (a long record holds tens of thousands of fighters): the games of
    # each warband with the same fighters, then each fighter of those.
    sides: dict[tuple[str, str], list[Any]] = {}  # (key, names): games, took, fell, warband
    for g in games:
        if not g.finished:
            continue
        for i, (s, (names, took_out, out)) in enumerate(zip(g.sides, g.fighters, strict=True)):
            if not s.key or not names:  # the OpFor, or a side no player plays
                continue
            slot = sides.get((rosters.key(s.key), names))
            if slot is None:
                slot = sides[rosters.key(s.key), names] = [
                    0,
                    [0] * len(out),
                    [0] * len(out),
                    side_name(g, i, rosters),
                ]
            slot[0] += 1
            if any(took_out):
                slot[1] = list(map(add, slot[1], took_out))
            if any(out):
                slot[2] = list(map(add, slot[2], out))
    acc: dict[tuple[str, str], list[Any]] = {}  # (key, name): warband, games, took, fell
    for (key, names), (played, took, fell, warband) in sides.items():
        for name, t, f in zip(names.split("\n"), took, fell, strict=True):
            mine = acc.get((key, name))
            if mine is None:
                mine = acc[key, name] = [warband, 0, 0, 0]
            mine[1] += played
            mine[2] += t
            mine[3] += f
    every = [FighterRecord(name, *slot) for (_, name), slot in acc.items()]
    most = sorted((r for r in every if r.took_out), key=lambda r: (-r.took_out, r.games, r.name))[
        :TOP
    ]
    least = sorted(
        (r for r in every if r.games >= 2),
        key=lambda r: (r.fell / r.games, -r.games, r.name),
    )[:TOP]
    return most, least
