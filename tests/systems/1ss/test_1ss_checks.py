"""Rules a table checks by hand, pinned with fixed dice: each would fail if misread."""

from __future__ import annotations

import pytest

from companion.errors import RefusedError, UsageError
from tests.onestat_helpers import attack, fighter, game, resolve, step


def test_recover_at_the_stat_stands_but_a_defence_at_the_stat_fails():
    st = game(fighter("ann", 0, stat=4, status="wounded", wounds=1), fighter("bob", 1))
    _, up = resolve(st, "recover", "ann", None, [4])
    assert up.fighter("ann").status == "upright"  # at or above (R-1SS-06)
    out, hit = attack(game(fighter("bob", 1), fighter("ann", 0, stat=4)), "bob", "ann", [1, 4])
    assert not step(out, "defends").success  # strictly above (R-1SS-01)


def test_push_back_even_when_the_hit_is_defended():
    # attack 4 hits stat 4; defence 7 beats stat 5 (defended) but is not below 4: none;
    # attack 4, defence 3 below it against stat 2: defended and pushed back
    out, st = attack(game(fighter("ann", 0), fighter("bob", 1, stat=2)), "ann", "bob", [4, 3])
    assert step(out, "defends").success and step(out, "Push back")
    out, _ = attack(game(fighter("ann", 0), fighter("bob", 1, stat=5)), "ann", "bob", [4, 7])
    assert not any(s.title == "Push back" for s in out.trace.steps)


def test_ganging_up_is_melee_only_and_a_shot_needs_a_step():
    shooter = fighter("ann", 0, gear=("light-shooter",))
    st = game(shooter, fighter("bob", 1))
    with pytest.raises(UsageError, match="melee only"):
        attack(st, "ann", "bob", [1, 8], ranged=True, range=3, ganging=1)
    with pytest.raises(RefusedError, match="at least 1 step"):
        attack(st, "ann", "bob", [1, 8], ranged=True, range=0)


def test_a_shot_into_melee_may_hit_one_of_the_others_at_random():
    shooter = fighter("ann", 0, gear=("light-shooter",))
    st = game(shooter, fighter("bob", 1), fighter("cid", 1), fighter("dan", 1))
    # D6 5: another fighter; D2 2: the second named (Dan); hit 1, Dan's defence 2
    out, st2 = attack(st, "ann", "bob", [5, 2, 1, 2], ranged=True, range=3, near=("cid", "dan"))
    assert step(out, "Which fighter is hit").outcome == "Dan"
    assert st2.fighter("dan").status == "wounded" and st2.fighter("bob").status == "upright"


def test_trigger_device_needs_strictly_below_the_stat():
    st = game(fighter("ann", 0, stat=4), fighter("bob", 1), scenario="trigger-device")
    out, st2 = resolve(st, "device", "ann", None, [4])
    assert not step(out, "works the device").success and "device" not in st2.flags
    out, st2 = resolve(st, "device", "ann", None, [3])
    assert st2.flags["device"] == 4  # side 0 adds by default


def test_failed_influencer_loses_its_next_activation():
    st = game(fighter("ann", 0, skills=("influencer",)), fighter("bob", 1))
    _, st2 = resolve(st, "skill", "ann", "bob", [8], skill="influencer")
    assert st2.fighter("ann").flags["skip_activation"] is True
