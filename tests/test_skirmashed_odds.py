"""SKIRMASHED odds against brute force: every dice sequence walked through the real dice
path (DiceRoller) gives the same exact distribution as the odds."""

from __future__ import annotations

from fractions import Fraction

import pytest
from brute_force import brute_force
from skirmashed_helpers import SKM, attack, fig, game, set_fig

from companion.core.roller import DiceRoller
from companion.systems.skirmashed import actions
from companion.systems.skirmashed.attack import build, run_charge
from companion.systems.skirmashed.data import load

D = load()


def by_dice(state, **opts):
    """The distribution of (hits, unblocked, damage, fate) over every dice sequence."""
    plan = build(D, state, "a", "b", opts)

    def run(dice):
        result, figures = run_charge(D, plan, DiceRoller(dice))
        return actions.label(result, figures, plan)

    return brute_force(run), actions.dist(D, plan)


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
    brute, odds = by_dice(game([a], [b], active="a"), **opts)
    assert brute == odds
    assert sum(odds.values()) == 1


def test_kill_chance_counts_the_damage_already_taken():
    # Boom 5 per hit against Stamina 10 with 5 taken: one unblocked hit kills.
    state = set_fig(game([fig("A", fp=1, boom=5)], [fig("B", man=1, sta=10)]), "b", wounds=5)
    trace = SKM.odds(state, attack("a", "b", ranged=True))
    # Hit above 5: 1/2; block above Manoeuvre 1 +1 (FP 1 equal to it) = 2: 8/10 blocked,
    # so one unblocked hit comes with 1/2 * 2/10 = 1/10.
    assert dict(trace.odds)["B: killed"] == Fraction(1, 10)
    fresh = SKM.odds(
        game([fig("A", fp=1, boom=5)], [fig("B", man=1, sta=10)]), attack("a", "b", ranged=True)
    )
    assert "B: killed" not in dict(fresh.odds)


def test_odds_of_a_charge_count_the_shot_on_the_way_in():
    # Shooter FP 1 Boom 5 against charger Man 9 (+3): the shot kills it only on an
    # unblockable hit: hit 1/2, block above 12 impossible, 5 damage >= Stamina 5.
    a = fig("A", man=9, fight=1, hack=5, sta=5)
    b = fig("B", man=1, fp=1, boom=5, sta=19)
    state = game([a], [b], active="a")
    trace = SKM.odds(state, attack("a", "b", charging=True, shoot_first=True))
    assert dict(trace.odds)["A: killed"] == Fraction(1, 2)
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
    brute, odds = by_dice(state, charging=True, shoot_first=True)
    assert brute == odds
