"""An Engineer works every solo device by his skill: 2 dice keep higher, above his stat
(R-1SS-S14), like the two-player trigger device; anyone else rolls at or below stat."""

from __future__ import annotations

import copy

import pytest

from tests.solo_helpers import WARBAND, warband_file


@pytest.fixture
def solo(run, tmp_path):
    band = copy.deepcopy(WARBAND)
    tuck = next(f for f in band["fighters"] if f["name"] == "Tuck")
    tuck["skills"] = ["engineer"]  # stat 4, D8
    assert run("roster", "import", warband_file(tmp_path, band)).code == 0
    return run


def start(run, *args):
    r = run("solo", "new", "-r", "Outlaws", "--seed", "11", *args)
    assert r.code == 0, r.err
    assert run("turn").code == 0


def shut(run, device, by, dice):
    assert run("activate", by).code == 0
    r = run("solo", "shutdown", device, "--by", by, "--dice", dice, "--json")
    assert r.code == 0, r.err
    return r.json()["events"][0]


def step(event):
    return next(s for s in event["trace"]["steps"] if s["title"].startswith("Shut down"))


def test_an_engineer_shuts_a_spawnpoint_down_rolling_above_his_stat(solo):
    start(solo, "--scenario", "shutdown")
    ev = shut(solo, "1", "Tuck", "2,5")  # the higher die, 5, is above his stat 4
    s = step(ev)
    assert s["title"] == "Shut down spawnpoint 1 (Engineer)"
    assert s["roll"]["dice"] == [2, 5] and s["roll"]["sides"] == 8
    assert (s["compare"], s["target"], s["success"]) == (">", 4, True)
    assert s["probability"]["fraction"] == "3/4"  # 1 - (4/8)^2
    assert "R-1SS-S14" in s["rulings"]
    assert solo("status", "--json").json()["flags"]["shut"] == [1]


def test_an_engineers_low_roll_fails_where_anyone_else_would_succeed(solo):
    start(solo, "--scenario", "shutdown")
    ev = shut(solo, "1", "Tuck", "3,4")  # 4 is not above 4
    assert "keeps running" in ev["summary"]
    assert "shut" not in solo("status", "--json").json()["flags"]
    # John has no Engineer skill: one die at or below his stat 5
    ev = shut(solo, "1", "John", "5")
    s = step(ev)
    assert s["title"] == "Shut down spawnpoint 1" and s["roll"]["dice"] == [5]
    assert s["success"] is True


def test_an_engineer_works_the_final_countdown_stations(solo):
    start(solo, "--setup", "the-final-countdown")
    ev = shut(solo, "D1", "Tuck", "1,8")
    s = step(ev)
    assert s["title"] == "Shut down station D1 (Engineer)" and s["success"] is True
    tokens = solo("solo", "map", "--json").json()["tokens"]
    assert next(t for t in tokens if t["id"] == "D1")["state"] == "shut"


def test_an_engineer_works_the_device_at_an_investigate_spot(solo):
    start(solo, "--scenario", "investigate")
    assert solo("activate", "Marian").code == 0
    assert solo("solo", "token", "X", "pick", "--by", "Marian", "--dice", "3").code == 0
    assert solo("activate", "John").code == 0
    r = solo("solo", "token", "Y", "pick", "--by", "John", "--dice", "5", "--event", "rover")
    assert r.code == 0, r.err
    ev = shut(solo, "event", "Tuck", "4,4")  # 4 is not above his stat 4
    assert step(ev)["title"] == "Shut down Lost rover (Engineer)"
    assert step(ev)["success"] is False
    assert not solo("status", "--json").json()["flags"]["event"]["done"]


def test_an_engineer_with_a_magic_device_rolls_a_failure_again(solo, tmp_path):
    assert solo("roster", "edit", "Outlaws", "Tuck", "--equip", "magic-device").code == 0
    start(solo, "--scenario", "shutdown")
    ev = shut(solo, "2", "Tuck", "1,2,3,6")
    titles = [s["title"] for s in ev["trace"]["steps"]]
    assert titles[-3:] == [
        "Shut down spawnpoint 2 (Engineer)",
        "Magic device",
        "Shut down spawnpoint 2 (Engineer) (again)",
    ]
    assert ev["trace"]["steps"][-1]["success"] is True
