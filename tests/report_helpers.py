"""Games played through any system's public API, recorded as the CLI records them, for the
battle report tests: every registered system, and a long game for the scale test."""

from __future__ import annotations

import random

from companion import systems
from companion.cli.shared import drawn_board
from companion.core.check import Check
from companion.core.roller import DiceRoller
from companion.dice import DiceSource, SeededDice, TypedDice
from companion.errors import CompanionError
from companion.game.events import set_fighter, set_side
from companion.game.repo import GameFile, Home, append_outcome
from companion.play.session import Session
from companion.systems.base import ActionRequest, Outcome
from companion.trace import Step, Trace
from companion.values import replace


def _action(system, state, rng: random.Random, dice) -> Outcome | None:
    """Some legal-looking action for the active fighter (an attack where there is one)."""
    if state.active is None or not system.action_names():
        return None
    actor = state.fighter(state.active)
    enemies = [f for f in state.fighters if f.side != actor.side and not f.out]
    if not enemies:
        return None
    names = list(system.action_names())
    action = "attack" if "attack" in names and rng.random() < 0.7 else rng.choice(names)
    target = rng.choice(enemies).id if action == "attack" else None
    options = {"ranged": False, "ganging": 0} if action == "attack" else {}
    try:
        return system.resolve(state, ActionRequest(action, actor.id, target, options), dice)
    except CompanionError:
        return None


def play(
    home: Home,
    system_id: str,
    name: str,
    events: int,
    seed: int = 0,
    endless: bool = False,
) -> GameFile:
    """Play `events` events (fewer if the game ends) with seeded dice, recording each with
    its trace and dice. `endless` plays without a last turn and stands fallen fighters
    back up by hand, as a table correcting its board would, so the game never runs out."""
    system = systems.get(system_id)
    rosters = list(system.sample_rosters())[:2]
    setup = system.new_game(rosters, system.default_scenario, {})
    if endless:
        setup = replace(setup, last_turn=None)
    rng = random.Random(seed)
    with home.writing():
        gf = home.create_game(name, setup)
        while gf.count < events and gf.state.phase != "ended":
            state = gf.state
            dice = SeededDice(rng.randrange(10**6))
            side = system.next_side(state)
            outcome = None
            if side is None or gf.count == 0:
                outcome = system.next_turn(state, dice)
            elif state.active and rng.random() < 0.6:
                outcome = _action(system, state, rng, dice)
            if outcome is None and side is not None:
                ready = [f for f in state.side_fighters(side) if not f.token and not f.out]
                if ready:
                    try:
                        outcome = system.activate(state, rng.choice(ready).id)
                    except CompanionError:
                        outcome = None
            if outcome is None:
                outcome = system.next_turn(state, dice)
            append_outcome(gf, outcome, dice)
            if endless:
                for f in gf.state.fighters:
                    if f.out and gf.count < events and rng.random() < 0.5:
                        fix = (set_fighter(f.id, "status", "upright"),)
                        text = f"{f.name}: state upright (set by hand)"
                        append_outcome(gf, Outcome("override", text, fix))
        gf.db.commit()
    return gf


def rolled(dice: DiceSource, check: Check) -> Step:
    """The step a check rolled with these dice writes."""
    roller = DiceRoller(dice)
    roller.check(check)
    return roller.steps[-1]


def _attack(who: str, target_id: str, sides: int, stat: int, die: int, out: bool) -> Outcome:
    """An attack-like resolution with one test, as a rule system would record it."""
    step = rolled(
        TypedDice([die]),
        Check(f"Attack: {who}", who, sides, target=stat, compare="<=", success_text="hit",
              failure_text="miss"),
    )  # fmt: skip
    changes = (set_fighter(target_id, "status", "out"),) if out else ()
    summary = f"{who} attacks: {step.outcome}" + (" and takes the target out" if out else "")
    return Outcome("attack", summary, changes, Trace("Attack", (step,), step.outcome))


def two_turns_of_the_sample() -> None:
    """Two turns of the current sample game with fixed dice, then the end."""
    s = Session(Home(draw=drawn_board), "sample")
    s.next_turn(TypedDice([7, 3]))
    s.activate("robyn")
    s.run(lambda st, d: _attack("Robyn", "cpt-fawkes", 10, 6, 4, True), TypedDice([]))
    s.run(lambda st, d: Outcome("vp", "Robyn's merry men: 0 → 1 VP", (set_side(0, "vp", 1),)))
    s.end_activation()
    s.next_turn(TypedDice([2, 5]))
    s.activate("t-999")
    s.run(lambda st, d: _attack("T-999", "john", 8, 5, 7, False), TypedDice([]))
    s.end_game("Robyn's merry men win on points")
