"""Exact attack odds against brute force over every raw die face."""

from __future__ import annotations

from fractions import Fraction

import pytest
from brute_force import resolved

from companion import systems
from companion.game.state import freeze
from companion.systems.base import ActionRequest, Outcome
from tests.onestat_helpers import fighter, game, odds


def brute(state, a, t, **options):
    options.setdefault("ranged", False)
    options.setdefault("ganging", 0)
    req = ActionRequest("attack", a, t, freeze(options))

    def label(out: Outcome) -> str:
        lab = str(out.data["result"])
        if out.data["target"] != t:
            lab = f"{state.fighter(out.data['target']).name} hit instead: {lab}"
        return lab

    return resolved(systems.get("1ss"), state, req, label)


CASES = [
    ({}, {}, {}),
    ({"gear": ()}, {"gear": ("melee-1h", "shield")}, {"ganging": 1}),
    ({"gear": ("melee-2h",)}, {"rank": "boss", "stat": 6}, {}),
    ({"skills": ("brawler",)}, {"skills": ("tank",)}, {"cover": True}),
    ({"skills": ("thug",), "rank": "rookie"}, {"gear": ("melee-1h", "melee-1h")}, {}),
    ({"gear": ("medium-shooter",)}, {"skills": ("veteran",)}, {"ranged": True, "range": 12}),
    (
        {"gear": ("light-shooter",), "rank": "rookie"},
        {"rank": "rookie"},
        {"ranged": True, "range": 7},
    ),
    (
        {"gear": ("heavy-shooter",), "flags": {"heavy_option": 2}},
        {"rank": "boss", "stat": 3},
        {"ranged": True, "range": 9, "heavy": 2},
    ),
]


@pytest.mark.parametrize(("akw", "tkw", "opts"), CASES)
def test_odds_equal_brute_force(akw, tkw, opts):
    st = game(fighter("ann", 0, **akw), fighter("bob", 1, **tkw), fighter("cid", 1, rank="rookie"))
    got = odds(st, "ann", "bob", **opts)
    assert sum(got.values()) == 1
    assert got == brute(st, "ann", "bob", **opts)


def test_odds_into_melee_equal_brute_force():
    st = game(
        fighter("ann", 0, gear=("light-shooter",)),
        fighter("bob", 1),
        fighter("cid", 1, rank="rookie"),
        fighter("dan", 0, rank="rookie"),
    )
    got = odds(st, "ann", "bob", ranged=True, range=4, near=("cid", "dan"))
    assert got == brute(st, "ann", "bob", ranged=True, range=4, near=("cid", "dan"))


def test_warrior_counter_in_odds_labels():
    st = game(fighter("ann", 0), fighter("bob", 1, skills=("warrior",)))
    got = odds(st, "ann", "bob")
    assert sum(got.values()) == 1
    key = "wounded + counter-attack wounds the attacker"
    # hit 1/2, defence fails 1/2, counter defence fails 1/2
    assert got[key] == Fraction(1, 8)


def test_simple_melee_numbers():
    st = game(fighter("ann", 0, stat=6), fighter("bob", 1, stat=5))
    got = odds(st, "ann", "bob")
    assert got == {
        "miss": Fraction(1, 4),
        "defended": Fraction(3, 4) * Fraction(3, 8),
        "wounded": Fraction(3, 4) * Fraction(5, 8),
    }


def test_attack_trace_carries_odds_and_step_probabilities():
    from tests.onestat_helpers import attack, step

    st = game(fighter("ann", 0, stat=6), fighter("bob", 1, stat=5))
    out, _ = attack(st, "ann", "bob", [3, 7])
    assert dict(out.trace.odds)["wounded"] == Fraction(15, 32)
    assert step(out, "attacks").probability == Fraction(3, 4)
    assert step(out, "defends").probability == Fraction(3, 8)
    d = out.trace.to_dict()
    assert d["odds"][0]["p"]["fraction"]
