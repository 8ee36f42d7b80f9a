"""The Bounty boss's ladder (R-1SS-14) and the spawn forecast against brute force."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product
from math import factorial

from companion.systems.one_stat.solo.bounty import bounty_wound
from companion.systems.one_stat.solo.forecast import forecast
from companion.systems.one_stat.solo.scenarios import scenario_fighters
from tests.solo_helpers import apply, solo_state


def boss_of(state):
    return next(f for f in state.fighters if f.flags.get("ladder"))


def test_bounty_boss_is_stat_8_d12_veteran():
    b = boss_of(solo_state("bounty"))
    assert (b.rank, b.die, b.stat, b.skills[0]) == ("boss", 12, 8, "veteran")


def test_each_wound_steps_the_die_down_and_halves_the_stat_then_removes_him():
    from companion.systems.base import Outcome

    state = solo_state("bounty")
    ladder = []
    for _ in range(4):
        b = boss_of(state)
        ladder.append((b.die, b.stat, b.status))
        changes, _text = bounty_wound(b)
        state = apply(state, Outcome("wound", "", changes))
    b = boss_of(state)
    assert ladder == [(12, 8, "upright"), (10, 4, "upright"), (8, 2, "upright"), (6, 1, "upright")]
    assert b.status == "out" and b.wounds == 4


def test_hostage_boss_gives_up_at_d6():
    from companion.systems.base import Outcome

    state = solo_state("hostage")
    for _ in range(3):
        changes, text = bounty_wound(boss_of(state))
        state = apply(state, Outcome("wound", "", changes))
    b = boss_of(state)
    assert b.die == 6 and b.flags.get("surrendered") is True
    assert "stops fighting back" in text


def test_forecast_matches_counting_face_patterns():
    """An independent count: each vector of face counts has 6!/prod(c!) orderings."""
    want: Counter[tuple[int, int, int]] = Counter()
    for counts in product(range(7), repeat=6):
        if sum(counts) != 6:
            continue
        ways = factorial(6)
        r = s = b = 0
        for c in counts:
            ways //= factorial(c)
            r += c == 1
            s += {2: 1, 4: 2, 5: 1}.get(c, 0)
            b += {3: 1, 5: 1, 6: 2}.get(c, 0)
        want[(r, s, b)] += ways
    f = forecast()
    assert f.outcomes == 6**6 == sum(want.values())
    assert dict(f.hands) == {h: Fraction(c, 6**6) for h, c in want.items()}
    exp_r = sum(Fraction(h[0] * c, 6**6) for h, c in want.items())
    assert f.expected["rookie"] == exp_r == Fraction(3125, 1296)  # 6 * (5/6)^5
    assert sum(p for _, p in f.fighters) == 1
    assert f.at_least_one_boss == sum(Fraction(c, 6**6) for h, c in want.items() if h[2])


def test_forecast_by_turn():
    f = forecast()
    rows = f.by_turn(3)
    assert rows[0] == (1, f.expected_total)
    assert rows[2] == (3, 3 * f.expected_total)
    assert f.by_turn(2, shut=3)[1][1] == f.expected_total


def test_trek_is_a_full_warband():
    from companion.systems.one_stat.solo import profiles
    from companion.systems.one_stat.solo.data import load
    from companion.systems.one_stat.solo.game import choose

    p = profiles.builtins()[0]
    trek = scenario_fighters(load(), choose("ambush", None, None).scenarios, p, None)
    assert Counter(f.rank for f in trek) == {"boss": 1, "specialist": 3, "rookie": 6}
    assert all(f.flags["trek"] and f.side == 1 for f in trek)


def test_forecast_matches_brute_force_over_every_roll():
    """Every one of the 6^6 ordered rolls, grouped by the spawn rules themselves."""
    from companion.systems.one_stat.solo.spawn import group, tally

    want: Counter[tuple[int, int, int]] = Counter()
    for values in product(range(1, 7), repeat=6):
        t = tally(group(values))
        want[(t["rookie"], t["specialist"], t["boss"])] += 1
    assert dict(forecast().hands) == {h: Fraction(c, 6**6) for h, c in want.items()}
