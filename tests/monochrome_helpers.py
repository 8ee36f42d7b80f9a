"""Helpers for the Monochrome tests: small games built in code, and dice enumeration."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from companion import systems
from companion.dice import TypedDice
from companion.game.events import Event, apply_event
from companion.game.state import GameState, freeze
from companion.roster import Roster, RosterFighter
from companion.systems.base import ActionRequest, Outcome

MONO = systems.get("monochrome")
D = MONO.data


def fighter(name: str, cls: str, attack: int, defence: int) -> RosterFighter:
    return RosterFighter(name, cls, freeze({"attack": attack, "defence": defence}), (), (), "")


def game(
    side_a: Sequence[RosterFighter],
    side_b: Sequence[RosterFighter],
    active: str | None = None,
    scenario: str = "no-scenario",
    **options: Any,
) -> GameState:
    """A running round-1 game in side A's turn; `active` (a fighter id) is activating."""
    rosters = [Roster("A", "monochrome", tuple(side_a)), Roster("B", "monochrome", tuple(side_b))]
    # Small made-up warbands: played as house rules (R-MON-P15).
    state = MONO.new_game(rosters, scenario, {"force": True, **options})
    flags = {**state.flags, "first_player": 0, "setup_done": True}
    state = replace(state, turn=1, phase="action", initiative=0, flags=freeze(flags))
    if active is not None:
        fighters = tuple(replace(f, token=True) if f.id == active else f for f in state.fighters)
        state = replace(state, fighters=fighters, active=active)
    return state


def set_fighter(state: GameState, fid: str, **flags: Any) -> GameState:
    out = []
    for f in state.fighters:
        if f.id == fid:
            f = replace(f, flags=freeze({**f.flags, **flags}))
        out.append(f)
    return replace(state, fighters=tuple(out))


def set_side(state: GameState, side: int, **flags: Any) -> GameState:
    sides = list(state.sides)
    sides[side] = replace(sides[side], flags=freeze({**sides[side].flags, **flags}))
    return replace(state, sides=tuple(sides))


def apply(state: GameState, outcome: Outcome) -> GameState:
    return apply_event(state, Event(outcome.kind, outcome.summary, outcome.changes))


def req(action: str, actor: str, target: str | None = None, **options: Any) -> ActionRequest:
    return ActionRequest(action, actor, target, freeze(options))


def roll(state: GameState, request: ActionRequest, *dice: int) -> Outcome:
    src = TypedDice(list(dice))
    out = MONO.resolve(state, request, src)
    src.finish()
    return out


def cli_warband(run: Any, name: str, *fighters: tuple[str, str, int, int]) -> None:
    """A Monochrome roster built through the CLI: (name, class, Attack, Defence) each."""
    assert run("roster", "new", name, "--system", "monochrome").code == 0
    for fname, cls, at, df in fighters:
        r = run(
            "roster", "add", name, fname, "-r", cls, "--stat", f"attack={at}",
            "--stat", f"defence={df}",
        )  # fmt: skip
        assert r.code == 0, r.err


def setup_game(run, *extra: str):
    cli_warband(run, "Bears", ("Bear", "monster", 9, 3), ("Brave", "warrior", 5, 1))
    cli_warband(run, "Cops", ("Bob", "soldier", 5, 1), ("Tom", "soldier", 5, 1))
    # Dice: deployment 2 (side to side), roll-off Bears 6, Cops 1; objectives 1-4-4.
    r = run(
        "game", "new", "-r", "Bears", "-r", "Cops", "--dice", "2,6,1,1,4,4", "--name", "g", *extra
    )
    assert r.code == 0, r.err
    return r
