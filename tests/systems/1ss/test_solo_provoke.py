"""The attack itself provokes the trek and the Hostage boss (R-1SS-S13); the Escort never
attacks."""

from __future__ import annotations

import pytest

from tests.solo_helpers import PLAYERS, warband_file


@pytest.fixture
def solo(run, tmp_path):
    assert run("roster", "import", warband_file(tmp_path)).code == 0
    return run


def start(run, scenario):
    r = run("solo", "new", "-r", "Outlaws", "--scenario", scenario, "--seed", "11")
    assert r.code == 0, r.err
    assert run("turn").code == 0
    assert run("activate", "Robyn").code == 0


def board(run):
    return run("status", "--json").json()


def walk_json(run, name, *facts):
    for p in PLAYERS:
        run("activate", p)
    r = run("solo", "opfor", name, *facts, "--json")
    return r


def test_attacking_one_trek_fighter_makes_the_whole_trek_fight_back(solo):
    start(solo, "ambush")
    assert not board(solo)["flags"].get("trek_attacked")
    # a miss still provokes: Robyn's D10 shows 9, above her stat 6
    r = solo("attack", "Robyn", "Trek Grunt 1", "--dice", "9")
    assert r.code == 0, r.err
    assert "The trek is attacked" in r.out and "R-1SS-S13" in r.out
    assert board(solo)["flags"]["trek_attacked"] is True
    # another trek fighter no longer marches: the procedure asks whether it can attack
    r = walk_json(solo, "Trek Grunt 2")
    assert r.code == 2 and "--can-attack/--cannot-attack" in r.err


def test_an_untouched_trek_keeps_marching(solo):
    start(solo, "ambush")
    r = walk_json(solo, "Trek Grunt 2", "--no-engaged")
    assert r.code == 0, r.err
    assert r.json()["branch"] == "trek-march"


def test_attacking_the_hostage_boss_makes_him_alone_fight_back(solo):
    start(solo, "hostage")
    r = solo("attack", "Robyn", "Hostage boss", "--dice", "9")
    assert r.code == 0, r.err
    hb = next(f for f in board(solo)["sides"][1]["fighters"] if f["flags"].get("hostage_boss"))
    assert hb["flags"]["provoked"] is True
    assert not board(solo)["flags"].get("trek_attacked")
    r = walk_json(solo, "Hostage boss")
    assert r.code == 2 and "--can-attack/--cannot-attack" in r.err


def test_the_escort_cannot_attack(solo):
    from companion import systems
    from companion.cli.shared import drawn_board
    from companion.game.repo import Home

    start(solo, "escort")
    assert solo("activate", "Escort").code == 0
    grunt = next(f["name"] for f in board(solo)["sides"][1]["fighters"])
    r = solo("attack", "Escort", grunt, "--dice", "1,1")
    assert r.code == 1 and "Escort cannot attack" in r.err
    r = solo("odds", "Escort", grunt)
    assert r.code == 1 and "Escort cannot attack" in r.err
    home = Home(draw=drawn_board)
    with home.reading():
        state = home.open_game(None).state
    escort = next(f for f in state.fighters if f.flags.get("escort"))
    assert "attack" not in systems.get("1ss").actions_for(state, escort)
