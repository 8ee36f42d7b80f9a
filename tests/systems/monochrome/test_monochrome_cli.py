"""Monochrome end to end through the real CLI: rosters, a game, turns, attacks, odds, undo."""

from __future__ import annotations

import pytest
from monochrome_helpers import setup_game


def test_game_new_rolls_the_setup(run):
    r = setup_game(run)
    assert "side to side" in r.out and "Kill, Maim, Burn!" in r.out and "Loot" in r.out
    s = run("status", "--json").json()
    assert s["system"] == "monochrome" and s["flags"]["objectives"] == [
        "kill-maim-burn",
        "loot",
        "killing-them-softly",
    ]


def test_a_round_with_attacks_undo_and_status(run):
    setup_game(run)
    assert run("turn").code == 0  # round 1: the Bears won the roll-off
    r = run("activate", "Bob")
    assert r.code == 1 and "must wait" in r.err
    assert run("activate", "Bear").code == 0
    # Strike: Attack 9 - Defence 1 = 8; a 5 stuns Bob.
    r = run("attack", "Bear", "Bob", "--dice", "2,3")
    assert r.code == 0, r.err
    assert "stunned" in r.out and "R-MON-03" in r.out
    s = run("status", "--json").json()
    bob = next(f for side in s["sides"] for f in side["fighters"] if f["name"] == "Bob")
    assert bob["flags"]["stunned"] is True
    assert run("undo").code == 0
    s = run("status", "--json").json()
    bob = next(f for side in s["sides"] for f in side["fighters"] if f["name"] == "Bob")
    assert "stunned" not in bob["flags"]
    r = run("attack", "Bear", "Bob", "--seed", "11", "--json")
    assert r.code == 0, r.err
    assert run("done").code == 0
    r = run("turn", "--force")
    assert r.code == 0, r.err
    assert "Cops" in run("status").out


def test_odds_give_every_effect(run):
    setup_game(run)
    run("turn")
    r = run("odds", "Bear", "Bob", "--json")
    assert r.code == 0, r.err
    odds = {o["text"]: o["p"]["fraction"] for o in r.json()["odds"]}
    # 2D6 equal or under 8: miss 10/36; 6-8 knockback, 3-5 stunned, 2 killed.
    assert odds == {
        "Bob: missed": "5/18",
        "Bob: knockback": "4/9",
        "Bob: stunned": "1/4",
        "Bob: killed": "1/36",
    }


def test_refusals_write_nothing(run):
    setup_game(run)
    run("turn")
    run("activate", "Brave")
    before = run("log", "--json").out
    r = run("act", "Brave", "shoot", "Bob", "--dice", "1,1")
    assert r.code != 0 and "cannot Shoot" in r.err and "Traceback" not in r.err
    r = run("attack", "Brave", "Bob", "--opt", "colour=red", "--dice", "1,1")
    assert r.code == 2 and "known:" in r.err
    assert run("log", "--json").out == before


def test_roster_check_lists_every_problem(run):
    assert run("roster", "new", "Bad", "-s", "monochrome").code == 0
    for i in range(3):
        run(
            "roster", "add", "Bad", f"M{i}", "-r", "monster", "--stat", "attack=12",
            "--stat", "defence=5",
        )  # fmt: skip
    r = run("roster", "check", "Bad")
    assert r.code != 0
    for text in ("over its limit of 200", "Defence 2 or less", "basic class", "at most 2"):
        assert text in r.out + r.err
    r = run(
        "roster", "add", "Bad", "X", "-r", "soldier", "--stat", "attack=13", "--stat", "defence=1"
    )
    assert r.code != 0 and "Attack must be 2-12" in r.err


def test_scenario_command_reads_physical_dice(run):
    r = run("monochrome", "scenario", "--dice", "6,6,5", "--json")
    assert r.code == 0, r.err
    assert r.json()["objectives"] == ["exterminate", "patrol", "special-delivery"]
    r = run("monochrome", "scenario", "--dice", "6,6")
    assert r.code != 0 and "Traceback" not in r.err


@pytest.mark.parametrize("topic", ["morale", "points", "charge", "hunt", "soldier"])
def test_rules_show_and_rulings(run, topic):
    r = run("rules", "show", "monochrome", topic, "--json")
    assert r.code == 0, r.err
    ids = {x["id"] for x in run("rules", "rulings", "monochrome", "--json").json()["items"]}
    assert {"R-MON-01", "R-MON-05", "R-MON-P01", "R-MON-P13"} <= ids


def test_game_new_with_the_sample_warbands(run):
    r = run("game", "new", "--system", "monochrome", "--dice", "4,6,2,5,3,6", "--json")
    assert r.code == 0, r.err
    s = run("status", "--json").json()
    assert [side["name"] for side in s["sides"]][:2] == ["Bear Clan", "Bobbies"]
    assert s["flags"]["objectives"] == ["hunt", "raid", "seize"]
    assert s["flags"]["deploy"].startswith("corner to corner")
    names = [f["name"] for side in s["sides"] for f in side["fighters"]]
    assert "Target Monster" in names
    assert run("roster", "check", "Bear Clan").code == 0
    r = run("turn")
    assert r.code == 0 and "Bear Clan take the first turn" in r.out


def test_conceding_ends_a_game_with_neutral_targets(run):
    assert run("game", "new", "--system", "monochrome", "--dice", "4,6,2,5,3,6").code == 0
    run("turn")
    r = run("concede", "Bobbies")
    assert r.code == 0, r.err
    assert run("status", "--json").json()["phase"] == "ended"


def test_the_board_shows_targets_only_when_the_scenario_brings_them(run):
    # A Hunt game lists the Monster, placed free; a game without targets has no empty table.
    assert run("game", "new", "--system", "monochrome", "--dice", "4,6,2,5,3,6").code == 0
    r = run("status")
    assert "Neutral targets" in r.out and "56 pts" not in r.out
    r = run("game", "new", "--system", "monochrome", "--scenario", "no-scenario", "--dice", "4,6,2")
    assert r.code == 0, r.err
    assert "Neutral targets" not in run("status").out
