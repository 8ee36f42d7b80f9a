"""Monochrome attacks, worked by hand with fixed dice: the modified stat, the naturals,
supports, Snipe/Rip, Butt, each effect band, Blast, fate, and odds against brute force."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest
from brute_force import resolved
from monochrome_helpers import (
    MONO,
    apply,
    fighter,
    game,
    req,
    roll,
    set_fighter,
    set_side,
)

from companion.dice import TypedDice
from companion.errors import CompanionError, RefusedError
from companion.names import fared
from companion.odds import fmt
from companion.systems.monochrome import attack

A = [
    fighter("Bob", "soldier", 5, 1),
    fighter("Mech", "mech", 8, 2),
    fighter("Wolf", "beast", 7, 1),
    fighter("Eye", "drone", 6, 1),
    fighter("Sam", "soldier", 5, 1),
    fighter("Sid", "soldier", 5, 1),
    fighter("Sue", "soldier", 5, 1),
    fighter("Ann", "warrior", 5, 1),
    fighter("Top", "soldier", 12, 0),
    fighter("Low", "soldier", 2, 0),
    fighter("Kit", "warrior", 5, 1),
    fighter("Lea", "warrior", 5, 1),
]
B = [
    fighter("Brave", "warrior", 5, 1),
    fighter("Chief", "warrior", 7, 2),
    fighter("Tank", "warrior", 2, 5),
    fighter("Rock", "warrior", 2, 0),
]


def shoot(active: str, target: str = "brave", *dice: int, **opts):
    state = game(A, B, active=active)
    return roll(state, req("shoot", active, target, **opts), *dice)


def result(outcome) -> str:
    return outcome.data["results"][0]


def test_stat_is_attack_minus_defence():
    # R-MON-03: Bob (Attack 5) on Brave (Defence 1) needs 4 or under on 2D6.
    assert result(shoot("bob", "brave", 2, 2)) == "stunned"
    assert result(shoot("bob", "brave", 3, 2)) == "miss"


def test_not_the_closest_enemy():
    assert result(shoot("bob", "brave", 2, 2, closest=False)) == "miss"
    assert result(shoot("bob", "brave", 1, 2, closest=False)) == "stunned"


def test_not_entirely_visible_and_unseen():
    assert result(shoot("bob", "brave", 2, 2, view="part")) == "miss"
    with pytest.raises(RefusedError, match="see at least part"):
        shoot("bob", "brave", 2, 2, view="none")


def test_several_enemies_touching_the_attacker():
    # R-MON-P06: two or more enemies touching: -1; one enemy touching forbids shooting.
    state = game(A, B, active="ann")
    assert result(roll(state, req("strike", "ann", "brave", crowd=2), 2, 2)) == "miss"
    assert result(roll(state, req("strike", "ann", "brave", crowd=1), 2, 2)) == "stunned"
    with pytest.raises(RefusedError, match="must attack in melee"):
        shoot("bob", "brave", 2, 2, crowd=1)


def test_friends_touching_the_target_in_melee_only():
    # R-MON-P06: two friends besides the attacker give +1 in melee, nothing at range.
    state = game(A, B, active="ann")
    assert result(roll(state, req("strike", "ann", "brave", ganging=2), 3, 2)) == "stunned"
    assert result(roll(state, req("strike", "ann", "brave", ganging=1), 3, 2)) == "miss"
    assert result(shoot("bob", "brave", 3, 2, ganging=2)) == "miss"


def test_natural_12_always_fails():
    # R-MON-03: Attack 12 against Defence 0 would pass on 12; the natural 12 misses.
    assert result(shoot("top", "rock", 6, 6)) == "miss"
    assert result(shoot("top", "rock", 6, 5)) == "knockback"


def test_natural_2_always_succeeds_and_kills():
    # R-MON-03: Attack 2 against Defence 5 is -3, yet double one hits (and 2 kills).
    assert result(shoot("low", "tank", 1, 1)) == "killed"
    assert result(shoot("low", "tank", 1, 2)) == "miss"


def supported(state, kind: str, *ids: str):
    for i in ids:
        state = set_fighter(state, i, support=kind)
    return state


def test_three_supports_reduce_the_roll_source_example():
    # The source's example: a 7 with three supports counts as 4 (stunned).
    state = supported(game(A, B, active="bob"), "ranged", "sam", "sid", "sue")
    out = roll(state, req("shoot", "bob", "brave", supports=("sam", "sid", "sue")), 4, 3)
    assert result(out) == "stunned"
    after = apply(state, out)
    assert all(after.fighter(x).flags.get("support_used") for x in ("sam", "sid", "sue"))
    with pytest.raises(RefusedError, match="already supported"):
        roll(
            set_fighter(after, "bob", attacked=None),
            req("shoot", "bob", "brave", supports=("sam",)),
            1,
            1,
        )


def test_each_support_counts_one():
    for n, expected in ((0, "miss"), (1, "miss"), (2, "stunned")):
        state = supported(game(A, B, active="bob"), "ranged", "sam", "sid")
        sup = ("sam", "sid")[:n]
        assert result(roll(state, req("shoot", "bob", "brave", supports=sup), 3, 3)) == expected


def test_supports_are_checked():
    state = supported(game(A, B, active="bob"), "melee", "sam")
    with pytest.raises(RefusedError, match="Support Shot"):
        roll(state, req("shoot", "bob", "brave", supports=("sam",)), 1, 1)
    with pytest.raises(RefusedError, match="has not taken"):
        roll(game(A, B, active="bob"), req("shoot", "bob", "brave", supports=("sid",)), 1, 1)
    four = supported(game(A, B, active="bob"), "ranged", "sam", "sid", "sue", "ann")
    with pytest.raises(RefusedError, match="at most 3"):
        roll(four, req("shoot", "bob", "brave", supports=("sam", "sid", "sue", "ann")), 1, 1)


def test_low_roll_hits_option():
    # R-MON-P13: a supported roll brought to 2 or less hits whatever the Defence.
    rolled = (2, 2)
    base = supported(game(A, B, active="low"), "ranged", "sam", "sid")
    request = req("shoot", "low", "tank", supports=("sam", "sid"))
    assert result(roll(base, request, *rolled)) == "miss"
    state = supported(game(A, B, active="low", **{"low-roll-hits": True}), "ranged", "sam", "sid")
    assert result(roll(state, request, *rolled)) == "killed"


def test_snipe_keeps_the_two_lowest_of_three():
    # Eye (Attack 6) snipes Brave (Defence 1): needs 5; 6, 1, 2 keeps 1 + 2 = 3.
    state = game(A, B, active="eye")
    assert result(roll(state, req("snipe", "eye", "brave"), 6, 1, 2)) == "stunned"
    assert result(roll(state, req("snipe", "eye", "brave"), 6, 6, 5)) == "miss"


def test_rip_keeps_the_two_lowest_after_its_move():
    # Wolf (Attack 7) rips Brave: 2D6 move, then 3D6 keep two lowest: 1 + 1 kills.
    state = game(A, B, active="wolf")
    out = roll(state, req("rip", "wolf", "brave"), 3, 4, 6, 1, 1)
    assert result(out) == "killed"
    assert 'up to 7"' in " ".join(s.outcome for s in out.trace.steps)


def test_butt_halves_attack_rounding_down():
    # R-MON-04: Mech's Attack 8 halves to 4; 4 - 1 = 3 to roll under.
    state = game(A, B, active="mech")
    assert result(roll(state, req("butt", "mech", "brave"), 1, 2)) == "stunned"
    assert result(roll(state, req("butt", "mech", "brave"), 2, 2)) == "miss"
    # Wolf cannot Butt: a Beast's actions do not include it (R-MON-02).
    with pytest.raises(RefusedError, match="cannot Butt"):
        roll(game(A, B, active="wolf"), req("butt", "wolf", "brave"), 1, 1)


@pytest.mark.parametrize(
    ("dice", "stunned", "pushable", "expected"),
    [
        ((3, 4), False, True, "knockback"),
        ((3, 4), False, False, "stunned"),  # nowhere to go: a counter
        ((3, 4), True, False, "killed"),  # a second counter kills (R-MON-P04)
        ((3, 4), True, True, "knockback"),
        ((2, 3), False, True, "stunned"),
        ((2, 3), True, True, "killed"),  # stunned twice
        ((2, 3), False, False, "killed"),  # cannot be pushed
        ((1, 1), False, True, "killed"),
    ],
)
def test_effect_bands(dice, stunned, pushable, expected):
    # Mech (Attack 8) on Brave (Defence 1): needs 7; the effect is read from the roll.
    state = game(A, B, active="mech")
    if stunned:
        state = set_fighter(state, "brave", stunned=True)
    out = roll(state, req("shoot", "mech", "brave", pushable=pushable), *dice)
    assert result(out) == expected
    after = apply(state, out)
    assert after.fighter("brave").out == (expected == "killed")
    if expected != "killed":
        assert bool(after.fighter("brave").flags.get("stunned")) == (
            stunned or expected == "stunned"
        )


def test_a_kill_is_counted():
    state = game(A, B, active="mech")
    after = apply(state, roll(state, req("shoot", "mech", "chief"), 1, 1))
    assert after.sides[0].flags["kills"] == 1
    assert after.sides[0].flags["points_killed"] == 21 + 11
    assert after.sides[1].flags["lost"] == 1
    assert "firsts" not in after.flags
    # Tank (36 points) is B's most expensive fighter: A scores Assassinate's first kill.
    state = set_fighter(after, "mech", attacked=None)
    after = apply(state, roll(state, req("shoot", "mech", "tank"), 1, 1))
    assert after.flags["firsts"]["assassinate"] == 0
    assert after.sides[0].flags["points_killed"] == 32 + 36


def test_blast_attacks_everyone_within_two_inches():
    # R-MON-P05: separate rolls on the target, then on each caught fighter, friend or foe.
    state = game(A, B, active="mech")
    out = roll(state, req("blast", "mech", "brave", caught=("chief", "bob")), 1, 1, 4, 3, 2, 2)
    assert out.data["results"] == ("killed", "miss", "stunned")
    after = apply(state, out)
    assert after.fighter("brave").out and after.fighter("bob").flags["stunned"]
    assert after.sides[0].flags["kills"] == 1  # a friend hit by the blast is no kill
    with pytest.raises(RefusedError, match="cannot Blast"):
        roll(game(A, B, active="bob"), req("blast", "bob", "brave"), 1, 1)


def test_blast_fate_policy_spares_friends():
    # R-MON-P11: "unless it kills" rerolls the stun on the enemy, not the stun on a friend.
    state = game(A, B, active="mech")
    request = req("blast", "mech", "brave", caught=("bob",), fate="unless-kill")
    out = roll(state, request, 6, 6, 6, 6, 2, 2)
    assert out.data["results"] == ("miss", "stunned")
    assert apply(state, out).sides[0].flags["fate"] == len(A) - 1


def test_fate_rerolls_a_miss_once_and_the_new_roll_stands():
    # R-MON-P11: a miss is rerolled with a token; a second miss stands.
    state = game(A, B, active="bob")
    out = roll(state, req("shoot", "bob", "brave", fate="miss"), 6, 6, 1, 2)
    assert result(out) == "stunned"
    assert apply(state, out).sides[0].flags["fate"] == len(A) - 1
    out = roll(state, req("shoot", "bob", "brave", fate="miss"), 6, 6, 6, 5)
    assert result(out) == "miss"
    # No reroll on a hit, none without tokens.
    assert result(roll(state, req("shoot", "bob", "brave", fate="miss"), 2, 2)) == "stunned"
    broke = set_side(state, 0, fate=0)
    assert result(roll(broke, req("shoot", "bob", "brave", fate="miss"), 6, 6)) == "miss"


def test_fate_unless_kill_rerolls_a_stun_and_may_make_it_worse():
    state = game(A, B, active="bob")
    out = roll(state, req("shoot", "bob", "brave", fate="unless-kill"), 2, 2, 6, 6)
    assert result(out) == "miss"


def test_fate_rerolls_a_short_move():
    state = game(A, B, active="bob")
    out = roll(state, req("run", "bob", move=6), 1, 2, 5, 6)
    assert 'up to 11"' in out.summary
    assert apply(state, out).sides[0].flags["fate"] == len(A) - 1
    assert 'up to 3"' in roll(state, req("run", "bob"), 1, 2).summary


def test_defend_adds_two_until_the_next_activation():
    state = game(A, B, active="bob")
    state = apply(state, roll(state, req("defend", "bob")))
    assert state.fighter("bob").flags["defend"]
    foe = game(B, A, active="chief")
    foe = set_fighter(foe, "bob", defend=True)
    # Chief (Attack 7) on Bob (Defence 1 + 2): 4 or under.
    assert result(roll(foe, req("strike", "chief", "bob"), 3, 2)) == "miss"
    assert result(roll(foe, req("strike", "chief", "bob"), 2, 2)) == "stunned"
    cleared = MONO.turns.activation_changes(state, state.fighter("bob"))
    assert any(c.field == "flags.defend" and c.value is None for c in cleared)


def test_moves_and_fixed_moves():
    state = game(A, B, active="bob")
    assert 'up to 4"' in roll(state, req("walk", "bob"), 4).summary
    out = roll(game(A, B, active="ann"), req("strike", "ann", "brave"), 1, 2)
    assert 'up to 2"' in out.trace.steps[0].outcome  # no dice for the move


def test_one_action_and_one_attack():
    state = game(A, B, active="bob")
    state = apply(state, roll(state, req("assault", "bob"), 3))
    with pytest.raises(RefusedError, match="already taken"):
        roll(state, req("walk", "bob"), 3)
    assert MONO.actions_for(state, state.fighter("bob")) == ("attack",)
    state = apply(state, roll(state, req("attack", "bob", "brave"), 6, 6))
    with pytest.raises(RefusedError, match="already attacked"):
        roll(state, req("attack", "bob", "brave"), 1, 1)
    assert MONO.actions_for(state, state.fighter("bob")) == ()


def test_only_the_active_fighter_acts():
    with pytest.raises(RefusedError, match="not activating"):
        roll(game(A, B, active="bob"), req("shoot", "sam", "brave"), 1, 1)


def test_menu_follows_the_class():
    state = game(A, B, active="wolf")
    assert list(MONO.actions_for(state, state.fighter("wolf"))) == [
        "run",
        "dash",
        "charge",
        "strike",
        "rip",
    ]


ODDS_CASES = [
    req("shoot", "bob", "brave"),
    req("shoot", "bob", "brave", closest=False, view="part"),
    req("snipe", "eye", "brave"),
    req("shoot", "bob", "brave", fate="miss"),
    req("shoot", "bob", "brave", fate="unless-kill", pushable=False),
    req("shoot", "top", "rock"),
    req("shoot", "low", "tank"),
    req("butt", "mech", "brave"),
    req("shoot", "bob", "brave", supports=("sam", "sid")),
]


@pytest.mark.parametrize("request_", ODDS_CASES)
def test_odds_match_brute_force(request_):
    state = supported(game(A, B, active=request_.actor), "ranged", "sam", "sid")
    state = set_fighter(state, request_.actor, moved=True)
    brute = resolved(MONO, state, request_, lambda o: o.data["results"][0])
    trace = MONO.odds(state, request_)
    # Each row names the target and its result in words ("Brave: missed").
    target = trace.odds[0].text.split(": ", 1)[0]
    assert dict(trace.chances) == {fared(target, k): p for k, p in brute.items() if p}
    assert sum(brute.values()) == 1


def test_low_roll_odds_match_brute_force():
    # R-MON-P13 with three supports on a 3D6 keep-two roll: the odds read every value the
    # rule looks at (a reduced roll of 2 or less hits whatever the Defence).
    state = game(A, B, active="eye", **{"low-roll-hits": True})
    state = supported(set_fighter(state, "eye", moved=True), "ranged", "sam", "sid", "sue")
    request = req("snipe", "eye", "tank", supports=("sam", "sid", "sue"))
    brute = resolved(MONO, state, request, lambda o: o.data["results"][0])
    assert dict(MONO.odds(state, request).chances) == {
        fared("Tank", k): p for k, p in brute.items()
    }
    assert brute["killed"] > 0


def test_fate_choices_are_the_attack_walked_with_each_policy():
    state = set_fighter(game(A, B, active="bob"), "bob", moved=True)
    steps = {s.title: s.outcome for s in MONO.odds(state, req("shoot", "bob", "brave")).steps}
    for policy in ("miss", "unless-kill"):
        request = req("shoot", "bob", "brave", fate=policy)
        brute = resolved(MONO, state, request, lambda o: o.data["results"][0])
        said = ", ".join(f"{k} {fmt(brute[k])}" for k in attack.RESULTS if brute.get(k))
        assert steps[f"With a fate reroll ({policy})"] == said


def test_a_rolled_attack_shows_the_odds_of_its_first_roll():
    # Before its roll a Charge moves 2D6, and a Blast rolls for each fighter caught: the
    # table shown is still the first target's, as the odds give it.
    state = game(A, B, active="mech")
    request = req("blast", "mech", "brave", caught=("chief", "tank"), fate="miss")
    out = roll(state, request, 6, 6, 1, 2, 3, 3, 4, 4, 5, 5)
    assert out.counting.row.text == "Brave: stunned"
    assert out.trace.odds == MONO.odds(state, request).odds
    state = game(A, B, active="wolf")
    out = roll(state, req("charge", "wolf", "brave"), 3, 4, 2, 2)
    assert out.trace.odds == MONO.odds(state, req("charge", "wolf", "brave")).odds
    assert dict(out.trace.chances)["Brave: missed"] == Fraction(7, 12)


def test_odds_show_what_a_reroll_would_do():
    state = game(A, B, active="bob")
    trace = MONO.odds(state, req("shoot", "bob", "brave"))
    assert dict(trace.chances)["Brave: missed"] == Fraction(5, 6)
    text = " ".join(s.title + " " + s.outcome for s in trace.steps)
    assert "fate reroll (miss)" in text and "miss 69.4%" in text


def test_refused_requests_change_nothing():
    state = game(A, B, active="bob")
    with pytest.raises(CompanionError):
        roll(state, req("shoot", "bob", "sam"), 1, 1)
    with pytest.raises(CompanionError):
        roll(state, req("shoot", "bob", "brave", view="sideways"), 1, 1)


def test_blast_skips_the_dead_and_the_attacker():
    state = game(A, B, active="mech")
    state = replace(
        state,
        fighters=tuple(replace(f, status="out") if f.id == "chief" else f for f in state.fighters),
    )
    out = roll(state, req("blast", "mech", "brave", caught=("chief", "mech", "bob")), 6, 6, 6, 6)
    assert out.data["results"] == ("miss", "miss")


def test_support_strike_backs_a_melee_attack_and_lasts_one_turn():
    # Ann (Attack 5) strikes Brave (Defence 1): 4 needed; 3 + 3 with two supports counts 4.
    state = game(A, B, active="kit")
    state = apply(state, roll(state, req("support-strike", "kit"), 2))
    assert state.fighter("kit").flags["support"] == "melee"
    state = set_fighter(state, "lea", support="melee")
    state = replace(state, active="ann")
    out = roll(state, req("strike", "ann", "brave", supports=("kit", "lea")), 3, 3)
    assert result(out) == "stunned"
    # A Support Strike does not back a shot.
    shot = replace(state, active="bob")
    with pytest.raises(RefusedError, match="Support Shot"):
        roll(shot, req("shoot", "bob", "brave", supports=("kit",)), 1, 1)
    # The supports are gone when the side's turn ends.
    after = apply(state, MONO.next_turn(state, TypedDice([])))
    assert "support" not in after.fighter("kit").flags
