"""The contract every registered rule system keeps, checked without naming any system.

- an attack's exact odds equal brute force: every sequence of dice walked through the
  system's own resolution (the odds come from the same rule code, run over branches);
- traces survive a trip through JSON;
- every declared fact takes a good value and refuses a bad one, and an unknown key;
- every action a system resolves is declared (so `play` can ask its facts and reach it);
- game options are declared or refused.
The seeded random games with undo and reload are in test_all_systems.py.
"""

from __future__ import annotations

from typing import Any

import pytest
from brute_force import resolved

from companion import systems
from companion.dice import SeededDice
from companion.errors import CompanionError, UsageError
from companion.game.events import Event, apply_event
from companion.game.state import GameState, freeze
from companion.systems.base import ActionRequest, RuleSystem
from companion.systems.kit.facts import Fact
from companion.trace import Trace

IDS = systems.ids()


def started(system: RuleSystem) -> GameState:
    """A sample game at its first activation: the first fighter of the side to act."""
    state = system.new_game(list(system.sample_rosters())[:2], system.default_scenario, {})
    setup = system.setup_roll(state, SeededDice(1))
    if setup is not None:
        state = apply_event(state, Event("setup", "", setup.changes))
    state = apply_event(state, Event("turn", "", system.next_turn(state, SeededDice(2)).changes))
    side = system.next_side(state)
    assert side is not None, "after the first turn begins, some side must activate"
    actor = next(f for f in state.side_fighters(side) if system.can_activate(state, f))
    return apply_event(state, Event("activate", "", system.activate(state, actor.id).changes))


def attack_pairs(system: RuleSystem, state: GameState) -> list[ActionRequest]:
    """Attacks of the active fighter on up to three enemies: as it comes, and shooting
    when the system declares those facts (a short range, when it asks one)."""
    assert state.active is not None
    actor = state.fighter(state.active)
    enemies = [f for f in state.fighters if f.side != actor.side and not f.out]
    variants: list[dict[str, Any]] = [{}]
    spec = system.declared_actions().get("attack")
    if spec is not None and spec.fact("ranged") is not None:
        shot: dict[str, Any] = {"ranged": True}
        rng = spec.fact("range")
        if rng is not None:
            shot["range"] = max(rng.low, min(rng.high, 6))
        variants.append(shot)
    return [
        ActionRequest("attack", actor.id, e.id, freeze(v)) for e in enemies[:3] for v in variants
    ]


@pytest.mark.parametrize("system_id", IDS)
def test_attack_odds_equal_brute_force(system_id):
    system = systems.get(system_id)
    state = started(system)
    checked = 0
    for req in attack_pairs(system, state):
        try:
            table = dict(system.odds(state, req).chances)
        except CompanionError:
            continue
        assert sum(table.values()) == 1
        assert resolved(system, state, req, lambda o: str(o.counting.row.text)) == table, req
        checked += 1
    assert checked, f"{system_id}: no attack of the sample game could be checked"


@pytest.mark.parametrize("system_id", IDS)
def test_traces_survive_json(system_id):
    system = systems.get(system_id)
    state = started(system)
    for req in attack_pairs(system, state):
        try:
            outcome = system.resolve(state, req, SeededDice(7))
        except CompanionError:
            continue
        assert outcome.trace is not None
        assert Trace.from_dict(outcome.trace.to_dict()) == outcome.trace
        return
    pytest.fail(f"{system_id}: no attack resolved")


def good_value(fact: Fact, state: GameState) -> Any:
    names = [f.name for f in state.fighters]
    return {
        "yesno": "yes",
        "number": str(fact.low),
        "choice": fact.choices[0] if fact.choices else "",
        "fighter": names[0],
        "fighters": ",".join(names[:2]),
        "text": "anything",
    }[fact.kind]


def bad_value(fact: Fact) -> Any:
    return {
        "yesno": "perhaps",
        "number": str(fact.high + 1),
        "choice": "no-such-choice",
        "fighter": "nobody-of-that-name",
        "fighters": "nobody-of-that-name",
        "text": "x" * 300,
    }[fact.kind]


@pytest.mark.parametrize("system_id", IDS)
def test_every_declared_fact_takes_good_values_and_refuses_bad_ones(system_id):
    system = systems.get(system_id)
    state = started(system)
    actor = state.active
    for spec in system.declared_actions().values():
        for fact in spec.facts:
            good = ActionRequest(spec.id, actor, None, freeze({fact.key: good_value(fact, state)}))
            assert fact.key in system.accept(state, good).options
            bad = ActionRequest(spec.id, actor, None, freeze({fact.key: bad_value(fact)}))
            with pytest.raises(UsageError):
                system.accept(state, bad)
        unknown = ActionRequest(spec.id, actor, None, freeze({"no-such-fact": "1"}))
        with pytest.raises(UsageError, match="known"):
            system.accept(state, unknown)


@pytest.mark.parametrize("system_id", IDS)
def test_every_action_is_declared_so_play_can_reach_it(system_id):
    system = systems.get(system_id)
    declared = set(system.declared_actions())
    missing = [a for a in system.action_names() if a not in declared]
    assert not missing, f"{system_id}: actions without a declaration: {missing}"
    state = started(system)
    assert state.active is not None
    offered = system.actions_for(state, state.fighter(state.active))
    assert set(offered) <= declared


@pytest.mark.parametrize("system_id", IDS)
def test_every_system_plays_on_a_shared_turn_structure(system_id):
    from companion.systems.kit.turns import TurnStructure

    system = systems.get(system_id)
    assert isinstance(system.turns, TurnStructure)
    assert system.round_word == system.turns.round_word


@pytest.mark.parametrize("system_id", IDS)
def test_game_options_are_declared_or_refused(system_id):
    system = systems.get(system_id)
    spec = system.game_options()
    with pytest.raises(UsageError):
        system.accept_game_options({"no-such-option": "1"})
    if spec is not None:
        for fact in spec.facts:
            with pytest.raises(UsageError):
                system.accept_game_options({fact.key: bad_value(fact)})


@pytest.mark.parametrize("system_id", IDS)
def test_every_advertised_alias_is_accepted(system_id):
    # `companion systems` lists these; `rules show`, `game new --system` and the rest
    # resolve names through the same registry.
    for alias in systems.get(system_id).info.aliases:
        assert systems.resolve_id(alias) == system_id
        assert systems.resolve_id(alias.upper()) == system_id


@pytest.mark.parametrize("system_id", IDS)
def test_every_action_the_active_fighter_may_take_has_odds(system_id):
    # The odds of an action are its resolution over every dice sequence, unless the
    # system draws its own: either way they add up to one, or the action is refused.
    system = systems.get(system_id)
    state = started(system)
    assert state.active is not None
    actor = state.fighter(state.active)
    enemy = next(f for f in state.fighters if f.side != actor.side and not f.out)
    counted = 0
    for action in system.actions_for(state, actor):
        spec = system.declared_actions().get(action)
        target = enemy.id if spec is not None and spec.target in ("enemy", "any") else None
        try:
            trace = system.odds(state, ActionRequest(action, actor.id, target))
        except CompanionError:
            continue
        if trace.odds:
            assert sum(p for _, p in trace.chances) == 1, (action, trace.odds)
        counted += 1
    assert counted, f"{system_id}: no action of the first fighter has odds"
