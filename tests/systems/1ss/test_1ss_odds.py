"""Exact attack odds against brute force over every raw die face."""

from __future__ import annotations

from fractions import Fraction

import pytest
from brute_force import brute_force, resolved

from companion import systems
from companion.core.roller import DiceRoller
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
    # A shot gone astray stands after the target's rows, by result, then by name.
    assert list(got) == [
        "miss", "defended", "wounded",
        "Cid hit instead: miss", "Dan hit instead: miss",
        "Cid hit instead: defended", "Dan hit instead: defended",
        "Cid hit instead: out", "Dan hit instead: out",
    ]  # fmt: skip
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
    assert dict(out.trace.chances)["wounded"] == Fraction(15, 32)
    assert step(out, "attacks").probability == Fraction(3, 4)
    assert step(out, "defends").probability == Fraction(3, 8)
    d = out.trace.to_dict()
    assert d["odds"][0]["p"]["fraction"]


# The odds of every 1ss action are its own resolution walked over every branch: each
# table below equals a brute-force count of `resolve` over every dice sequence it can
# ask for (typed dice, die by die), so odds code of its own would show as a mismatch.


def _acted(state, req):
    """Every row the action itself counts an outcome in (its own and a splash's), over
    every dice sequence, through the action rolled with typed dice."""
    system = systems.get("1ss")

    def rows(dice):
        out = system.act(state, req, DiceRoller(dice))
        return (out.counting.row.text, *(row.text for row in out.counting.also))

    counted: dict[str, Fraction] = {}
    for labels, p in brute_force(rows).items():
        for lab in labels:
            counted[lab] = counted.get(lab, Fraction(0)) + p
    return counted


def test_a_heavy_shots_splash_rows_equal_brute_force():
    st = game(
        fighter("ann", 0, gear=("heavy-shooter",)),
        fighter("bob", 1, rank="rookie"),
        fighter("cid", 1, rank="rookie", stat=3),
    )
    req = ActionRequest(
        "attack", "ann", "bob", freeze({"ranged": True, "range": 4, "splash": ("cid",)})
    )
    table = systems.get("1ss").odds(st, req).chances
    assert [lab for lab, _ in table][3:] == [
        'Cid (within 2"): miss',
        'Cid (within 2"): defended',
        'Cid (within 2"): out',
    ]
    assert dict(table) == _acted(st, req)
    assert sum(p for lab, p in table if "within" not in lab) == 1


def _summaries(state, action, actor, target=None, **options):
    req = ActionRequest(action, actor, target, freeze(options))
    table = dict(systems.get("1ss").odds(state, req).chances)
    assert table == resolved(systems.get("1ss"), state, req, lambda o: o.summary), req
    return table


def test_recover_skill_and_fall_odds_equal_brute_force():
    down = game(
        fighter("ann", 0, status="wounded", stat=5, skills=("regenerator",)), fighter("b", 1)
    )
    assert _summaries(down, "recover", "ann")["Ann stands up"] == 1 - Fraction(4, 8) ** 2
    magic = fighter("ann", 0, stat=5, skills=("assassin",), gear=("melee-1h", "magic-device"))
    assert len(_summaries(game(magic, fighter("bob", 1)), "skill", "ann", skill="assassin")) == 2
    healer = game(fighter("ann", 0, skills=("healer",)), fighter("bob", 0, status="wounded"))
    _summaries(healer, "skill", "ann", "bob", skill="healer")
    force = game(fighter("ann", 0, stat=5, skills=("force-user",)), fighter("bob", 1))
    _summaries(force, "skill", "ann", "bob", skill="force-user")
    falls = _summaries(
        game(fighter("ann", 0, stat=5), fighter("bob", 1)), "fall", "ann", inches=3.5
    )
    assert sum(falls.values()) == 1 and len(falls) == 3


def test_a_splash_hit_does_not_turn_a_miss_on_the_target_into_a_defence():
    from tests.onestat_helpers import resolve

    st = game(
        fighter("ann", 0, gear=("heavy-shooter",)),
        fighter("bob", 1, rank="rookie"),
        fighter("cid", 1, rank="rookie", stat=3),
    )
    # Ann's D8 shows 8 (a miss on Bob); the splash on Cid hits (1) and Cid fails (1).
    out, _ = resolve(st, "attack", "ann", "bob", [8, 1, 1], ranged=True, range=4, splash=("cid",))
    assert out.data["result"] == "miss" and out.summary.endswith("Bob: missed")
    assert [row.text for row in out.counting.also] == ['Cid (within 2"): out']
    assert [(row.fighter.id, row.effect) for row in out.counting.also] == [("cid", "out")]
    assert "odds_also" not in out.data
