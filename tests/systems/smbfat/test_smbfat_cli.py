"""SMBFAT end to end through the real CLI: forces, a game, rounds, attacks with typed and
seeded dice, odds, rerolls, the board as JSON, undo, and rules look-ups."""

from __future__ import annotations

import json

from smbfat_helpers import SMB


def _samples(run, tmp_path):
    r = run("game", "new", "--system", "smbfat", "--json")
    assert r.code == 0, r.err


def test_sample_forces_round_trip_through_export(run, tmp_path):
    _samples(run, tmp_path)
    p = tmp_path / "knights.json"
    p.write_text(json.dumps(SMB.sample_rosters()[0].to_dict()))
    assert run("roster", "delete", "Knights of the Vale", "--yes").code == 0
    assert run("roster", "import", str(p)).code == 0
    assert run("roster", "check", "Knights of the Vale").code == 0


def _start(run, tmp_path):
    _samples(run, tmp_path)
    r = run("game", "new", "-r", "Knights of the Vale", "-r", "Rifle Section", "--json")
    assert r.code == 0, r.err
    return r.json()


def test_roster_check_reports_cost_and_problems(run):
    assert run("roster", "new", "Raiders", "--system", "smbfat").code == 0
    r = run(
        "roster", "add", "Raiders", "Ogre", "-r", "warrior", "--stat", "melee=2",
        "--stat", "ranged=1", "--skill", "leader", "--skill", "armor",
    )  # fmt: skip
    assert r.code == 0, r.err
    r = run(
        "roster", "add", "Raiders", "Ogre 2", "-r", "warrior", "--stat", "melee=2",
        "--stat", "ranged=2",
    )  # fmt: skip
    assert r.code == 2 and "a Warrior rolls 2 melee and 1 ranged dice" in r.err
    assert run("roster", "option", "Raiders", "rerolls=3").code == 0
    r = run("roster", "check", "Raiders", "--json")
    assert r.code == 1
    assert [p["message"] for p in r.json()["problems"]] == [
        "the force costs 9 points; it must cost 20 to 40 (figures, traits and rerolls)"
    ]
    shown = run("roster", "show", "Raiders")
    assert "Warrior" in shown.out and "6 pts" in shown.out and "Leader, Armor" in shown.out
    # The force's total, rerolls included, under its table.
    assert "Total 9 points (3 rerolls at 1 each); a force costs 20 to 40" in shown.out


def test_sample_forces_pass_the_check(run, tmp_path):
    _samples(run, tmp_path)
    r = run("roster", "check", "Rifle Section")
    assert r.code == 0 and "costs 33 points (2 rerolls)" in r.out


def test_a_game_from_new_game_to_an_attack_and_undo(run, tmp_path):
    board = _start(run, tmp_path)
    assert board["system"] == "smbfat" and board["last_turn"] == 3
    assert any("3 markers halfway" in n for n in board["notes"])
    r = run("turn", "--dice", "6,2", "--json")
    assert r.code == 0, r.err
    assert run("status", "--json").json()["initiative_side"] == "Knights of the Vale"
    r = run("activate", "Sir Aldric")
    assert r.code == 0 and 'Move up to 6"' in r.out
    r = run("activate", "Rifleman")
    assert r.code == 1 and "must wait" in r.err
    # Sir Aldric: Brawler with Brutal weapon, 3 melee dice against the Sergeant (no Armor).
    r = run("attack", "Sir Aldric", "Sergeant Reyes", "--dice", "1,3,4", "--json")
    assert r.code == 0, r.err
    status = run("status", "--json").json()
    reyes = next(f for f in status["sides"][1]["fighters"] if f["name"] == "Sergeant Reyes")
    assert reyes["status"] == "out"
    assert status["sides"][0]["vp"] == 5
    aldric = status["sides"][0]["fighters"][0]
    assert "turn taken" in aldric["flag_text"] and "attack" in aldric["flag_text"]
    assert run("undo").code == 0
    status = run("status", "--json").json()
    assert status["sides"][1]["fighters"][0]["status"] == "upright"
    assert status["sides"][0]["vp"] == 0


def test_seeded_attack_odds_and_a_reroll(run, tmp_path):
    _start(run, tmp_path)
    assert run("turn", "--dice", "1,5").code == 0
    assert run("activate", "Sniper").code == 0
    r = run("odds", "Sniper", "Hedge Witch", "--range", "12", "--json")
    assert r.code == 0, r.err
    # Sniper: Fear roll 1/2, then 3 dice (Heavy weapon) at 4+: 7/8.
    odds = {o["text"]: o["p"]["fraction"] for o in r.json()["odds"]}
    assert odds == {
        "Hedge Witch: defeated": "7/16",
        "Hedge Witch: missed": "1/16",
        "Hedge Witch: lost to Fear": "1/2",
    }
    r = run("odds", "Sniper", "Hedge Witch", "--range", "16")
    assert r.code == 1 and 'ranged attacks reach 15", not 16"' in r.err
    r = run("attack", "Sniper", "Footman", "--range", "12", "--seed", "7", "--json")
    assert r.code == 0, r.err
    before = run("status", "--json").json()
    assert before["sides"][1]["flags"]["rerolls"] == 2
    # Seed 7 defeats the Footman: a passed roll is rerolled only when named, and a refusal
    # spends nothing.
    r = run("act", "Sniper", "reroll", "--dice", "1,1,1")
    assert r.code == 1 and "none of the latest rolls went wrong" in r.err
    assert run("status", "--json").json()["sides"][1]["flags"]["rerolls"] == 2
    r = run("act", "Sniper", "reroll", "--opt", "roll=1", "--dice", "1,1,1")
    assert r.code == 0, r.err
    after = run("status", "--json").json()
    assert after["sides"][1]["flags"]["rerolls"] == 1
    footman = next(f for f in after["sides"][0]["fighters"] if f["name"] == "Footman")
    assert footman["status"] == "upright"
    r = run("act", "Sniper", "reroll", "--dice", "6,6,6")
    assert r.code == 1 and "rerolled already" in r.err


def test_unknown_fact_is_refused_with_the_known_ones(run, tmp_path):
    _start(run, tmp_path)
    assert run("turn", "--dice", "6,2").code == 0
    assert run("activate", "Bowman").code == 0
    r = run("attack", "Bowman", "Scout", "--opt", "cover=yes", "--dice", "4")
    assert r.code == 2
    assert "'cover' is not a fact of 'attack'" in r.err and "ranged, range, visible" in r.err
    r = run("act", "Bowman", "move", "--opt", "inches=7")
    assert r.code == 1 and 'Bowman moves up to 6", not 7"' in r.err


def test_rules_look_ups(run):
    r = run("rules", "show", "smbfat", "spread", "--json")
    assert r.code == 0 and "8 inches" in r.json()["items"][0]["text"]
    r = run("rules", "rulings", "smbfat", "--json")
    ids = [x["id"] for x in r.json()["items"]]
    assert ids[:4] == ["R-SMB-01", "R-SMB-02", "R-SMB-03", "R-SMB-04"]
    assert {"R-SMB-P01", "R-SMB-P02", "R-SMB-P05", "R-SMB-P06"} <= set(ids)


def test_small_map_option_and_the_leaders_extra_turn_with_done(run, tmp_path):
    _samples(run, tmp_path)
    r = run("game", "new", "-r", "Knights of the Vale", "-r", "Rifle Section", "--opt", "map=small")
    assert r.code == 0, r.err
    assert 'Smaller map: about 8" to 10"' in r.out
    assert run("turn", "--dice", "6,1").code == 0
    assert 'Move up to 3"' in run("activate", "Footman").out
    assert run("done").code == 0
    assert run("activate", "Sir Aldric").code == 0
    r = run("done")
    assert r.code == 0 and "may take a turn now" in r.out
    # The Footman has had its turn, but takes the Leader's extra one (R-SMB-P01).
    r = run("activate", "Footman")
    assert r.code == 0 and "Leader's extra turn" in r.out
    assert run("done").code == 0
    r = run("activate", "Footman")
    assert r.code == 1 and "cannot activate again" in r.err
    r = run("game", "new", "-r", "Knights of the Vale", "-r", "Rifle Section", "--opt", "x=1")
    assert r.code == 2 and "known: map, leader-chain, extra-keeps-turn, reroll-again" in r.err


def test_skill_roll_through_the_skill_command(run, tmp_path):  # R-SMB-01
    _start(run, tmp_path)
    assert run("turn", "--dice", "1,6").code == 0
    assert run("activate", "Medic").code == 0
    r = run("skill", "Medic", "open-door", "--dice", "2,5", "--json")
    assert r.code == 0, r.err
    r = run("log", "--json")
    assert "Medic tries open door: success" in r.out
    r = run("skill", "Medic", "patch-up", "--dice", "6,6")
    assert r.code == 1 and "already made its skill roll" in r.err
