"""SKIRMASHED odds against brute force: every dice sequence typed into the real
resolution gives the same exact table and spreads as the odds, which walk the same action."""

from __future__ import annotations

from fractions import Fraction

import pytest
from brute_force import brute_force, resolved
from skirmashed_helpers import SKM, attack, fig, game, set_fig

from companion.core.roller import DiceRoller
from companion.dice import TypedDice
from companion.odds import fmt

SPREADS = ("Hits", "Unblocked hits", "Damage")


def by_dice(state, **opts):
    """The attack rolled with typed dice over every dice sequence (the action `resolve`
    runs, its facts accepted once), and its odds: the rows of the table and the spreads
    of hits, unblocked hits and damage, each counted from the dice."""
    if opts.get("charging"):
        state = set_fig(state, "a", flag_did=["move"])  # a charge follows a move (R-SKM-P13)
    req = SKM.accept(state, attack("a", "b", **opts))

    def rolled(dice):
        o = SKM.act(state, req, DiceRoller(dice))
        return o.counting.row.text, o.data["hits"], o.data["unblocked"], o.data["damage"]

    brute = brute_force(rolled)
    rows: dict[str, Fraction] = {}
    spreads: list[dict[int, Fraction]] = [{}, {}, {}]
    charger = f"{state.fighter('a').name}: killed"
    for (label, *counts), p in brute.items():
        rows[label] = rows.get(label, Fraction(0)) + p
        if label == charger:
            continue  # the blow's spreads are told given the charger lives to strike
        for spread, v in zip(spreads, counts, strict=True):
            spread[v] = spread.get(v, Fraction(0)) + p
    lives = 1 - rows.get(charger, Fraction(0))
    given = f" (if {state.fighter('a').name} lives to strike)" if lives < 1 else ""
    said = {
        title: ", ".join(f"{v}: {fmt(p / lives)}" for v, p in sorted(spread.items())) + given
        for title, spread in zip(SPREADS, spreads, strict=True)
    }
    return (rows, said), SKM.odds(state, req)


def check_against_dice(state, **opts):
    (rows, said), trace = by_dice(state, **opts)
    assert dict(trace.chances) == rows
    assert sum(rows.values()) == 1
    assert {s.title: s.outcome for s in trace.steps if s.title in SPREADS} == said
    return trace


CASES = [
    # (attacker, target, facts)
    (fig("A", fp=2, boom=5), fig("B", man=5, sta=10), {"ranged": True}),
    (fig("A", fp=3, boom=9), fig("B", man=9, sta=9), {"ranged": True, "range": 30}),
    (fig("A", fp=2, boom=3), fig("B", man=4, sta=6), {"ranged": True, "cover": "hard"}),
    (fig("A", fight=2, hack=2, rank="fighter"), fig("B", man=1, sta=4), {"charging": True}),
    (fig("A", fp=1, boom=6), fig("B", man=6, sta=6), {"ranged": True, "block": True}),
]


@pytest.mark.parametrize(("a", "b", "opts"), CASES)
def test_odds_equal_brute_force(a, b, opts):
    check_against_dice(game([a], [b], active="a"), **opts)


def test_kill_chance_counts_the_damage_already_taken():
    # Boom 5 per hit against Stamina 10 with 5 taken: one unblocked hit kills.
    state = set_fig(game([fig("A", fp=1, boom=5)], [fig("B", man=1, sta=10)]), "b", wounds=5)
    trace = SKM.odds(state, attack("a", "b", ranged=True))
    # Hit above 5: 1/2; block above Manoeuvre 1 +1 (FP 1 equal to it) = 2: 8/10 blocked,
    # so one unblocked hit comes with 1/2 * 2/10 = 1/10.
    assert dict(trace.chances)["B: killed"] == Fraction(1, 10)
    fresh = SKM.odds(
        game([fig("A", fp=1, boom=5)], [fig("B", man=1, sta=10)]), attack("a", "b", ranged=True)
    )
    assert "B: killed" not in dict(fresh.chances)


def test_odds_of_a_charge_count_the_shot_on_the_way_in():
    # Shooter FP 1 Boom 5 against charger Man 9 (+3): the shot kills it only on an
    # unblockable hit: hit 1/2, block above 12 impossible, 5 damage >= Stamina 5.
    a = fig("A", man=9, fight=1, hack=5, sta=5)
    b = fig("B", man=1, fp=1, boom=5, sta=19)
    state = game([a], [b], active="a")
    trace = SKM.odds(state, attack("a", "b", charging=True, shoot_first=True))
    assert dict(trace.chances)["A: killed"] == Fraction(1, 2)
    assert trace.steps[0].title == "Shooting the charger"
    # The blow's spread is given the charger lives: Fight 1 above Hack 5 -2 = 3: 7 in 10.
    hits = next(s for s in trace.steps if s.title == "Hits")
    assert hits.outcome == "0: 30% (3/10), 1: 70% (7/10) (if A lives to strike)"


def test_charge_odds_equal_brute_force_through_both_stamina_checks():
    # The shot as it comes in, the shooter's stamina check (an exhausted shooter blocks
    # worse) and the blow: every die walked, the 2D10 of the check included.
    a = fig("A", man=2, fight=1, hack=9, sta=9)
    b = fig("B", man=4, fp=1, boom=9, sta=9)
    state = game([a], [b], active="a")
    check_against_dice(state, charging=True, shoot_first=True)


def test_resolve_over_every_typed_roll_counts_the_odds_table():
    # Typed dice fed to the resolution itself, as the CLI's --dice does: the rows it
    # lands in, counted over every sequence, are the odds table, which the rolled
    # attack shows too.
    state = game([fig("A", fp=2, boom=5)], [fig("B", man=4, sta=5)], active="a")
    req = attack("a", "b", ranged=True)
    table = SKM.odds(state, req).chances
    assert resolved(SKM, state, req, lambda o: o.counting.row.text) == dict(table)
    rolled = SKM.resolve(state, req, TypedDice([10, 10, 1, 1]))
    assert rolled.trace.chances == table
    assert rolled.counting.row.text == "B: killed"


@pytest.mark.parametrize("flags", [{}, {"token": True}, {"status": "out"}])
def test_end_of_activation_odds_count_every_typed_roll(flags):
    # `done --odds` walks the hook that ends the activation; the ending itself, fed
    # every pair of dice the stamina check can roll, lands in its rows as often.
    state = set_fig(game([fig("A", sta=9)], [fig("B")], active="a"), "a", **flags)
    trace = SKM.end_activation_odds(state)
    assert brute_force(lambda dice: SKM.end_activation(state, dice).summary) == dict(trace.chances)
    assert all(s.title == "Stamina check" for s in trace.steps)
