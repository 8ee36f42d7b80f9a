"""A trace's JSON keeps the contract written in `companion/schemas/trace.schema.json`, in
every system: the traces of attacks rolled and of odds asked (attacks and every action of
a fighter, and the end of its activation), with rows that say their fighter and effect
and distributions given value by value, exactly."""

from __future__ import annotations

import json
from fractions import Fraction
from importlib import resources

import pytest
from jsonschema import Draft202012Validator
from test_contract import attack_pairs, started

from companion import systems
from companion.dice import SeededDice
from companion.errors import CompanionError
from companion.systems.base import ActionRequest
from companion.trace import OddsRow, Trace, Who

SCHEMA = json.loads(resources.files("companion").joinpath("schemas/trace.schema.json").read_text())
VALID = Draft202012Validator(SCHEMA)


def _valid(trace: Trace) -> dict:
    doc = json.loads(json.dumps(trace.to_dict()))  # as printed
    errors = sorted(VALID.iter_errors(doc), key=str)
    assert not errors, f"{trace.title}: {errors[0].json_path}: {errors[0].message}"
    return doc


def test_the_schema_is_a_draft_2020_12_schema_named_for_its_ref():
    Draft202012Validator.check_schema(SCHEMA)
    assert SCHEMA["$id"] == "trace.schema.json"


@pytest.mark.parametrize("sid", systems.ids())
def test_traces_of_attacks_and_odds_keep_the_schema(sid):
    system = systems.get(sid)
    state = started(system)
    rows = rolled = 0
    for req in attack_pairs(system, state):
        try:
            odds = system.odds(state, req)
            outcome = system.resolve(state, req, SeededDice(7))
        except CompanionError:
            continue
        doc = _valid(odds)
        # An attack's rows say whom they are about and what befalls it, as data.
        assert all(r["effect"] for r in doc["odds"]), doc["odds"]
        assert any(r["fighter"] == {"id": req.target, "name": state.fighter(req.target).name}
                   for r in doc["odds"])  # fmt: skip
        assert sum(Fraction(r["p"]["fraction"]) for r in doc["odds"]) >= 1
        rows += len(doc["odds"])
        assert outcome.trace is not None
        _valid(outcome.trace)
        rolled += 1
    assert rows and rolled, f"{sid}: no attack was checked"
    assert state.active is not None
    actor = state.fighter(state.active)
    enemy = next(f for f in state.fighters if f.side != actor.side and not f.out)
    for action in system.actions_for(state, actor):
        spec = system.declared_actions().get(action)
        target = enemy.id if spec is not None and spec.target in ("enemy", "any") else None
        try:
            _valid(system.odds(state, ActionRequest(action, actor.id, target)))
        except CompanionError:
            continue
    try:
        _valid(system.end_activation_odds(state))
    except CompanionError:
        pass


def test_a_distribution_gives_every_value_with_its_exact_chance():
    from skirmashed_helpers import SKM, attack, fig, game

    state = game([fig("A", fp=2, boom=5)], [fig("B", man=4, sta=5)], active="a")
    doc = _valid(SKM.odds(state, attack("a", "b", ranged=True)))
    unblocked = next(s for s in doc["steps"] if s["title"] == "Unblocked hits")
    assert unblocked["outcome"] == "0: 42.2%, 1: 45.5%, 2: 12.2%"  # the sentence stays
    assert unblocked["distribution"] == [
        {"value": 0, "p": {"fraction": "169/400", "value": 0.4225}},
        {"value": 1, "p": {"fraction": "91/200", "value": 0.455}},
        {"value": 2, "p": {"fraction": "49/400", "value": 0.1225}},
    ]
    assert doc["odds"][0] == {
        "fighter": {"id": "b", "name": "B"},
        "effect": "killed",
        "text": "B: killed",
        "p": {"fraction": "231/400", "value": 0.5775},
    }


def test_rows_read_back_as_written_and_as_release_0_2_stored_them():
    row = OddsRow("Robyn: killed", Fraction(1, 6), "killed", Who("robyn", "Robyn"))
    trace = Trace("Odds", (), "Robyn: killed", (row,))
    assert Trace.from_dict(trace.to_dict()) == trace
    old = {"title": "Odds", "outcome": "x", "steps": [], "rulings": [],
           "odds": [{"outcome": "miss", "p": {"fraction": "3/8", "value": 0.375}}]}  # fmt: skip
    assert Trace.from_dict(old).odds == (OddsRow("miss", Fraction(3, 8)),)
    # The schema tells the shapes apart: 0.2's row, a sentence alone, is not today's.
    assert not VALID.is_valid(old)
    assert VALID.is_valid(Trace.from_dict(old).to_dict())
