"""A new 1 Stat Skirmish game: two legal warbands (or house rules), the band an action
scenario fields, the Treasure Hunt's joiners."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from companion.errors import RefusedError, UsageError
from companion.game.setup import fighters_from
from companion.game.state import GameState, SideState, freeze
from companion.roster import Roster
from companion.systems.one_stat.data import OneStatData
from companion.systems.one_stat.scenarios import ACTION_SCENARIOS
from companion.values import replace

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, without importing typing at start-up
if TYPE_CHECKING:
    from typing import Any


def new_game(
    d: OneStatData, rosters: Sequence[Roster], scenario: str, options: Mapping[str, Any]
) -> GameState:
    if scenario not in d.scenarios:
        raise UsageError(f"unknown 1ss scenario '{scenario}'; use one of {', '.join(d.scenarios)}")
    if len(rosters) != 2:
        raise UsageError("a two-player 1ss game needs two rosters")
    options = dict(options)
    rosters = _sitting_out(rosters, scenario, options)
    house = _house_rules(d, rosters, scenario, bool(options.pop("force", False)))
    if house:
        options["house_rules"] = house
    if scenario == "treasure-hunt":
        rosters = [_joined(d, r) for r in rosters]
    fighters = fighters_from(rosters, lambda rf: d.ranks[rf.rank].die)
    sc = d.scenarios[scenario]
    return GameState(
        system="1ss",
        scenario=scenario,
        sides=tuple(SideState(r.name, r.name) for r in rosters),
        fighters=tuple(fighters),
        last_turn=sc.last_turn,
        options=freeze(options),
    )


def _joined(d: OneStatData, r: Roster) -> Roster:
    """The Treasure Hunt expands each training warband by two fighters (R-1SS-P26)."""
    extra = d.joiners.get(r.name, ())
    have = {f.name for f in r.fighters}
    if not r.preset or not extra or any(f.name in have for f in extra):
        return r
    return replace(r, fighters=(*r.fighters, *extra))


def _sitting_out(
    rosters: Sequence[Roster], scenario: str, options: dict[str, Any]
) -> Sequence[Roster]:
    """An action scenario's band picked from bigger warbands: the fighters named in
    `sit_out` stay out of the game (R-1SS-P21); the game keeps their names."""
    given = options.pop("sit_out", None)
    if given is None:
        return rosters
    names = [n for n in str(given).split(",") if n.strip()] if isinstance(given, str) else []
    if not names:
        raise UsageError("--opt sit_out= takes the names of the fighters who sit out, A,B")
    if scenario not in ACTION_SCENARIOS:
        raise UsageError(
            "--opt sit_out= picks the band of an action scenario ("
            + ", ".join(ACTION_SCENARIOS)
            + "); other scenarios field the whole warband"
        )
    wanted = {str(n).strip().casefold(): str(n).strip() for n in names}
    kept: list[Roster] = []
    found: set[str] = set()
    for r in rosters:
        fighters = tuple(f for f in r.fighters if f.name.casefold() not in wanted)
        found |= {f.name.casefold() for f in r.fighters if f.name.casefold() in wanted}
        kept.append(replace(r, fighters=fighters))
    missing = [wanted[k] for k in wanted if k not in found]
    if missing:
        raise UsageError(
            f"--opt sit_out: no fighter called {', '.join(missing)} in "
            + " or ".join(r.name for r in rosters)
        )
    options["sat_out"] = sorted(wanted.values())
    return kept


def _house_rules(
    d: OneStatData, rosters: Sequence[Roster], scenario: str, force: bool
) -> list[str]:
    """Every warband-rule problem of the rosters (R-1SS-15): refused, or with `force`
    kept as house rules the game records and the board shows (R-1SS-P21)."""
    from companion.systems.one_stat.roster_rules import check_for_game

    action = scenario in ACTION_SCENARIOS
    problems = [f"{r.name}: {p.message}" for r in rosters for p in check_for_game(d, r, action)]
    if problems and not force:
        raise RefusedError(
            "a game starts only with legal warbands (R-1SS-15, R-1SS-P21): "
            + "; ".join(problems)
            + ". Fix the rosters ('companion roster check NAME'), or start it anyway as house "
            "rules with --force"
        )
    return problems
