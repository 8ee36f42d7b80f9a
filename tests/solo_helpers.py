"""Shared pieces of the solo tests: a legal solo warband and a game built from it."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

from companion.game.events import Event, apply_event
from companion.game.state import FighterState, GameState, freeze
from companion.roster import Roster

WARBAND = {
    "name": "Outlaws",
    "system": "1ss",
    "fighters": [
        {
            "name": "Robyn",
            "rank": "boss",
            "stats": {"stat": 6},
            "equipment": ["melee-1h:sword"],
            "skills": ["command", "ranger"],
        },
        {
            "name": "John",
            "rank": "specialist",
            "stats": {"stat": 5},
            "equipment": ["melee-2h:staff"],
            "skills": ["warrior"],
        },
        {
            "name": "Marian",
            "rank": "specialist",
            "stats": {"stat": 5},
            "equipment": ["medium-shooter:bow"],
            "skills": ["sniper"],
        },
        {
            "name": "Tuck",
            "rank": "specialist",
            "stats": {"stat": 4},
            "equipment": ["melee-1h:club"],
            "skills": ["healer"],
        },
    ]
    + [
        {
            "name": n,
            "rank": "rookie",
            "stats": {"stat": 3},
            "equipment": ["melee-1h:axe"],
            "skills": ["allrounder"],
        }
        for n in ("Will", "Much", "Alan", "David", "Gilbert", "Arthur")
    ],
}
PLAYERS = ["Robyn", "John", "Marian", "Tuck", "Will", "Much", "Alan", "David", "Gilbert", "Arthur"]


def warband_file(tmp_path: Path, data: dict | None = None) -> str:
    p = tmp_path / "outlaws.json"
    p.write_text(json.dumps(data or WARBAND))
    return str(p)


def roster() -> Roster:
    return Roster.from_dict(WARBAND)


def solo_state(scenario: str = "skirmish", profile: str = "default") -> GameState:
    from companion.systems.one_stat.solo import profiles
    from companion.systems.one_stat.solo.game import choose, new_solo_game

    p = next(
        x
        for x in profiles.builtins()
        if x.name.casefold() == profile or profile == "default" and x.name == "OpFor"
    )
    return new_solo_game(roster(), p, choose(scenario, None, None))


def with_fighters(state: GameState, *fighters: FighterState) -> GameState:
    return replace(state, fighters=state.fighters + fighters)


def opfor(
    fid: str, rank: str, stat: int, equipment: tuple[str, ...] = ("melee-1h",), **flags: object
) -> FighterState:
    die = {"rookie": 6, "specialist": 8, "boss": 10}[rank]
    return FighterState(
        id=fid,
        side=1,
        name=fid.replace("-", " ").title(),
        rank=rank,
        die=die,
        stats=freeze({"stat": stat}),
        equipment=equipment,
        flags=freeze({"opfor": True, **flags}),
    )


def apply(state: GameState, outcome) -> GameState:  # type: ignore[no-untyped-def]
    return apply_event(state, Event(outcome.kind, outcome.summary, outcome.changes))


def solo_game(run, tmp_path, scenario: str, seed: int) -> str:
    """A 1ss solo game set up as 'companion solo new' sets it up (its first spawns too)."""
    if run("roster", "show", "Outlaws").code != 0:
        assert run("roster", "import", warband_file(tmp_path)).code == 0
    name = f"solo-{scenario}-{seed}"
    args = ("--scenario", scenario, "--seed", str(seed), "--name", name)
    r = run("solo", "new", "-r", "Outlaws", *args)
    assert r.code == 0, r.err
    return name
