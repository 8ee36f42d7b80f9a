"""One simulation runs against every registered rule system through the public API.

Sample rosters, many seeded random turns with activations and (where the system has
them) resolved actions, and the invariants every tracker must keep: no negative wounds,
no activation tokens after a turn begins, undo gives the exact previous state, and saving
and reloading gives the same state.
"""

from __future__ import annotations

import random

import pytest

from companion import systems
from companion.cli.shared import drawn_board
from companion.dice import SeededDice
from companion.errors import CompanionError
from companion.game.events import replay
from companion.game.repo import Home, event_for
from companion.systems.base import ActionRequest


def _try_action(system, state, rng: random.Random, seed: int):
    """Some legal-looking action for the active fighter, resolved with seeded dice."""
    if state.active is None or not system.action_names():
        return None
    actor = state.fighter(state.active)
    enemies = [f for f in state.fighters if f.side != actor.side and not f.out]
    if not enemies:
        return None
    action = rng.choice(list(system.action_names()))
    target = rng.choice(enemies).id if action == "attack" else None
    options = {"ranged": False, "ganging": 0} if action == "attack" else {}
    try:
        return system.resolve(
            state, ActionRequest(action, actor.id, target, options), SeededDice(seed)
        )
    except CompanionError:
        return None


@pytest.mark.parametrize("system_id", systems.ids())
def test_random_seeded_games_keep_the_invariants(system_id, tmp_path):
    system = systems.get(system_id)
    rosters = list(system.sample_rosters())[:2]
    assert len(rosters) == 2, f"{system_id} needs two sample rosters"
    for problem in (p for r in rosters for p in system.check_roster(r)):
        assert problem.severity != "error", problem.message
    home = Home(tmp_path, draw=drawn_board)
    for game_no in range(5):
        rng = random.Random(game_no)
        setup = system.new_game(rosters, system.default_scenario, {})
        gf = home.create_game(f"sim-{game_no}", setup)
        for step in range(120):
            state = gf.state
            if state.phase == "ended":
                break
            side = system.next_side(state)
            outcome = None
            if side is None or step == 0:
                outcome = system.next_turn(state, SeededDice(rng.randrange(10**6)))
            elif state.active and rng.random() < 0.5:
                outcome = _try_action(system, state, rng, rng.randrange(10**6))
            if outcome is None and side is not None:
                ready = [f for f in state.side_fighters(side) if not f.token and not f.out]
                if ready:
                    try:
                        outcome = system.activate(state, rng.choice(ready).id)
                    except CompanionError:
                        outcome = None
            if outcome is None:
                outcome = system.next_turn(state, SeededDice(rng.randrange(10**6)))
            before = gf.state
            gf.append(event_for(outcome.kind, outcome.summary, outcome.changes, before))
            after = gf.state
            for f in after.fighters:
                assert f.wounds >= 0, f
            if outcome.kind == "turn":
                assert not any(f.token for f in after.fighters)
            if rng.random() < 0.1:
                gf.undo()
                assert gf.state == before
                gf.redo_last()
                assert gf.state == after
        gf.db.commit()
        again = home.open_game(f"sim-{game_no}")
        assert again.state == gf.state
        assert replay(setup, again.events) == gf.state
