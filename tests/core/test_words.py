"""What users read: the chance beside an outcome is that outcome's, plurals, no repeats."""

from __future__ import annotations

from companion.names import plural


def test_a_miss_shows_the_chance_of_missing(demo):
    demo("turn", "--dice", "3,7")
    demo("activate", "Cpt")
    # Cpt. Fawkes hits on 6 or less on a D10 (60%): an 8 misses, and a miss is 40%.
    r = demo("attack", "Cpt", "Robyn", "--range", "10", "--dice", "8")
    assert r.code == 0, r.err
    assert "→ miss  (chance 40% (2/5))" in r.out
    demo("undo")  # one attack per activation (R-1SS-P16): take it back and roll again
    r = demo("attack", "Cpt", "Robyn", "--range", "10", "--dice", "2,8")
    assert "→ hit  (chance 60% (3/5))" in r.out
    assert "→ defended  (chance 40% (2/5))" in r.out


def test_a_roll_is_not_told_twice(demo):
    r = demo("turn", "--dice", "3,7")
    assert "rolled 3" not in r.out and "→ 3 →" not in r.out
    assert "Initiative: Robyn's merry men: rolls D10 → 3" in r.out


def test_plurals():
    assert [plural(n, "boss") for n in (0, 1, 2)] == ["0 bosses", "1 boss", "2 bosses"]
    assert plural(1, "die") == "1 die" and plural(3, "die") == "3 dice"
    assert plural(2, "army") == "2 armies" and plural(2, "hit") == "2 hits"


def test_counts_read_right(demo, run):
    r = demo("turn", "--dice", "7,3,2")
    assert r.code == 2 and "3 dice given but only 2 used" in r.err
    demo("turn", "--dice", "7,3")
    demo("activate", "Robyn")
    r = demo("skill", "Robyn", "command", "John", "--dice", "3")
    assert r.code == 2 and "1 die given but only 0 used" in r.err
    r = demo("fall", "John", "--inches", "2", "--dice", "6")
    assert r.code == 0, r.err
    assert '2": 1 hit, 0 wounds' in r.out
    r = demo("solo", "spawn", "--explain", "2,2,5,6,6,6")
    assert "In all: 1 rookie, 1 specialist, 1 boss" in r.out


def test_warstuff_words(run):
    r = run("roster", "new", "Gs", "--system", "warstuff")
    assert "points limit 150; 'companion roster option \"Gs\" points=N' changes it" in r.out
    assert run("game", "new", "--system", "warstuff").code == 0
    board = run("status").out
    assert "Round not started" in board and "Turn" not in board
    run("turn", "--dice", "6,1")
    board = run("status").out
    assert "Round 1" in board and "Turn" not in board
    run("activate", "Dwarf Warrior")
    r = run("act", "Dwarf Warrior", "walk")
    assert r.code == 0 and "may shoot" not in r.out  # no Shooter rule
    run("done")
    run("activate", "Orc Warrior 2")
    run("done")
    run("activate", "Dwarf Rifleman")
    assert "then may shoot" in run("act", "Dwarf Rifleman", "walk").out


def test_scenario_names_not_ids(run):
    r = run("game", "new", "--system", "warstuff", "--scenario", "skirmish")
    assert "(WarStuff, Skirmish)" in r.out
    run("demo")
    listed = run("game", "list").out
    assert "1 Stat Skirmish · Training Mission, turn 0" in listed
    assert "WarStuff · Skirmish, round 0" in listed


def test_demo_after_the_end_suggests_fresh(demo):
    demo("game", "end")
    r = demo("demo")
    assert "'companion demo --fresh' starts it again" in r.out


def test_info_names_the_folders_and_versions(run, home):
    r = run("info", "--json")
    assert r.code == 0, r.err
    found = r.json()
    assert found["data"] == str(home) and found["data_from"] == "COMPANION_HOME"
    assert found["cache"] == str(home / "cache")  # under COMPANION_HOME too
    assert found["libraries"]["typer"] and found["version"]
    text = run("info").out
    assert f"cache      {home / 'cache'}" in text and "typer " in text
    # the parsed rules data is cached there (a fresh process: this one has it in memory)
    import os
    import subprocess
    import sys

    env = {**os.environ, "COMPANION_HOME": str(home)}
    cmd = [sys.executable, "-m", "companion", "rules", "show", "1ss", "cover"]
    assert subprocess.run(cmd, env=env, capture_output=True, timeout=60).returncode == 0
    assert list((home / "cache").glob("rules-*.json"))


def test_a_solo_game_is_headed_by_its_scenario_name(run, tmp_path):
    import json

    from solo_helpers import WARBAND

    (tmp_path / "outlaws.json").write_text(json.dumps(WARBAND))
    run("roster", "import", str(tmp_path / "outlaws.json"))
    assert run("solo", "new", "-r", "Outlaws", "--scenario", "collect", "--seed", "2").code == 0
    assert run("status").out.splitlines()[0].endswith("1 Stat Skirmish · Collect")
    assert "1 Stat Skirmish · Collect, turn 0" in run("game", "list").out
    assert "1 Stat Skirmish · Collect · running" in run("report").out


def test_a_warband_named_in_the_plural_takes_a_bare_apostrophe():
    from companion.names import possessive

    assert possessive("Bobbies") == "Bobbies'"
    assert possessive("Cpt. Fawkes") == "Cpt. Fawkes'"
    assert possessive("Robyn") == "Robyn's"


def test_the_end_of_a_side_turn_names_a_plural_warband_properly(run):
    # Monochrome's sample warbands are the Bear Clan and the Bobbies: whole side turns.
    assert run("game", "new", "--system", "monochrome").code == 0
    assert run("turn", "--seed", "1").code == 0
    first = run("status", "--json").json()
    side = first["sides"][first["next_side"]]["name"]
    r = run("turn", "--seed", "1", "--force")
    assert r.code == 0, r.err
    expected = "Bobbies' turn" if side == "Bobbies" else "Bear Clan's turn"
    assert expected in r.out and "Bobbies's" not in r.out, r.out
