"""The Hostage boss and the trek march with both actions, two moves a turn (R-1SS-S16);
the Hostage boss starts in the corner to your left or right, as you decide (R-1SS-S04)."""

from __future__ import annotations

import pytest

from tests.solo_helpers import PLAYERS, warband_file


@pytest.fixture
def solo(run, tmp_path):
    assert run("roster", "import", warband_file(tmp_path)).code == 0
    return run


def start(run, *args):
    r = run("solo", "new", "-r", "Outlaws", "--seed", "11", *args)
    assert r.code == 0, r.err
    assert run("turn").code == 0
    for p in PLAYERS:
        assert run("activate", p).code == 0
    return r


def walk(run, name, *facts):
    r = run("solo", "opfor", name, *facts, "--json")
    assert r.code == 0, r.err
    return r.json()


def hostage_boss(run):
    b = run("status", "--json").json()
    return next(f for f in b["sides"][1]["fighters"] if f["flags"].get("hostage_boss"))


def test_the_hostage_boss_makes_two_moves_toward_the_far_corner(solo):
    start(solo, "--scenario", "hostage")
    out = walk(solo, "Hostage boss", "--no-engaged")
    assert out["branch"] == "boss-flees"
    # stat 8: two moves of 8", not one
    assert out["instruction"] == (
        'move Hostage boss 8" and again 8" (both actions, 16" in all) toward the '
        "bottom-right corner"
    )
    steps = out["events"][0]["trace"]["steps"]
    assert any("R-1SS-S16" in s["rulings"] for s in steps)


def test_a_wounded_hostage_boss_marches_two_moves_of_his_halved_stat(solo):
    start(solo, "--scenario", "hostage")
    # a wound at the table steps him to D10 stat 4 and provokes him; he gives up only at D6
    assert solo("solo", "wound", "Hostage boss").code == 0
    assert hostage_boss(solo)["stats"]["stat"] == 4
    out = walk(solo, "Hostage boss", "--cannot-attack", "--no-los", "--dice", "3")
    assert out["branch"] == "wander"  # provoked: he follows the procedure now


def test_the_boss_may_start_in_the_corner_to_your_right(solo):
    r = start(solo, "--scenario", "hostage", "--boss-corner", "right")
    assert "column 6, row 1 (bottom-right) and heads for the top-left corner" in r.out
    assert hostage_boss(solo)["flags"]["corner"] == [6, 1]
    out = walk(solo, "Hostage boss", "--no-engaged")
    assert out["instruction"].endswith("toward the top-left corner")
    legend = solo("solo", "map", "--json").json()["legend"]
    assert legend["H"] == "Hostage boss's starting corner"


def test_the_default_corner_is_to_your_left(solo):
    r = start(solo, "--scenario", "hostage")
    assert "column 1, row 6 (top-left) and heads for the bottom-right corner" in r.out
    assert hostage_boss(solo)["flags"]["corner"] == [1, 6]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--scenario", "hostage", "--boss-corner", "up"), "left or right"),
        (("--scenario", "bounty", "--boss-corner", "right"), "Hostage"),
    ],
)
def test_a_wrong_boss_corner_is_refused(solo, args, message):
    r = solo("solo", "new", "-r", "Outlaws", "--seed", "11", *args)
    assert r.code == 2 and message in r.err, r.err
    assert solo("status").code != 0  # nothing was written: there is no game


def test_an_unprovoked_trek_fighter_makes_two_moves(solo):
    start(solo, "--scenario", "ambush")
    out = walk(solo, "Trek Grunt 2", "--no-engaged")
    assert out["branch"] == "trek-march"
    # the default profile's rookies have stat 3
    assert out["instruction"].startswith(
        'move Trek Grunt 2 3" and again 3" (both actions, 6" in all) along the trek\'s way'
    )
    assert out["events"][0]["data"]["moves"] == 2
