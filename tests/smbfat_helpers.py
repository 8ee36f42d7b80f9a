"""Helpers for the SMBFAT tests: small games built in code, fixed dice, brute force."""

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

SMB = systems.get("smbfat")
D = SMB.data
DICE = {k: (t.melee, t.ranged) for k, t in D.types.items()}


def fig(name: str, kind: str = "brawler", *traits: str) -> RosterFighter:
    melee, ranged = DICE[kind]
    return RosterFighter(name, kind, freeze({"melee": melee, "ranged": ranged}), (), traits, "")


def force(name: str, *figures: RosterFighter, rerolls: int = 0, **opts: str) -> Roster:
    return Roster(name, "smbfat", tuple(figures), "", False, freeze({"rerolls": rerolls, **opts}))


def filler(prefix: str, n: int) -> list[RosterFighter]:
    """Plain Brawlers to bring a force within its points."""
    return [fig(f"{prefix} {i}") for i in range(1, n + 1)]


def game(
    a: Sequence[RosterFighter],
    b: Sequence[RosterFighter],
    active: str | None = None,
    rerolls: tuple[int, int] = (0, 0),
    scenario: str = "battle",
    **options: Any,
) -> GameState:
    """A running round-1 game with side A acting; `active` is the figure taking its turn."""
    ra = force("A", *a, *filler("a", max(0, 7 - len(a))), rerolls=rerolls[0])
    rb = force("B", *b, *filler("b", max(0, 7 - len(b))), rerolls=rerolls[1])
    state = SMB.new_game([ra, rb], scenario, options)
    state = replace(state, turn=1, phase="action", initiative=0)
    if active is not None:
        state = apply(state, SMB.activate(state, active))
    return state


def apply(state: GameState, outcome: Outcome) -> GameState:
    return apply_event(state, Event(outcome.kind, outcome.summary, outcome.changes))


def req(action: str, actor: str | None, target: str | None = None, **o: Any) -> ActionRequest:
    return ActionRequest(action, actor, target, freeze(o))


def roll(state: GameState, request: ActionRequest, *dice: int) -> Outcome:
    """Resolve with typed dice; every die must be used."""
    src = TypedDice(list(dice))
    out = SMB.resolve(state, request, src)
    src.finish()
    return out


def ended(run) -> None:
    assert run("game", "new", "--system", "smbfat", "--name", "f").code == 0
    for _ in range(7):  # three rounds of two force turns, then the end
        if run("status", "--json").json()["phase"] == "ended":
            break
        assert run("turn", "--seed", "1", "--force").code == 0
    assert run("status", "--json").json()["phase"] == "ended"
