"""Games and the table through the real CLI."""

from __future__ import annotations


def test_systems_lists_1ss(run):
    rows = run("systems", "--json").json()["items"]
    one = next(r for r in rows if r["id"] == "1ss")
    assert one["name"] == "1 Stat Skirmish" and "D10" in one["dice"] and one["length"] == "8 turns"


def test_version_and_help(run):
    assert run("--version").out.startswith("companion ")
    r = run("--help")
    assert r.code == 0 and "Example: companion demo" in r.out


def test_demo_board_text(demo):
    r = demo("status")
    assert "Robyn's merry men — VP 0" in r.out and "Turn" in r.out
    assert "Cpt. Fawkes" in r.out and "upright" in r.out


def test_game_new_list_use_show_end_delete(demo):
    r = demo("game", "new", "-r", "Robyn", "-r", "Cpt", "--scenario", "manhunt", "--name", "hunt")
    assert r.code == 0, r.err
    games = demo("game", "list", "--json").json()["items"]
    assert {g["name"] for g in games} == {"sample", "hunt"}
    assert next(g for g in games if g["current"])["name"] == "hunt"
    assert demo("game", "use", "sam").code == 0
    assert demo("status", "--json").json()["game"] == "sample"
    assert demo("game", "show", "hunt", "--json").json()["scenario"] == "manhunt"
    r = demo("game", "end", "hunt")
    assert r.code == 0
    assert demo("game", "show", "hunt", "--json").json()["phase"] == "ended"
    r = demo("game", "delete", "hunt")
    assert r.code == 2 and "--yes" in r.err
    assert demo("game", "delete", "hunt", "--yes").code == 0
    assert [g["name"] for g in demo("game", "list", "--json").json()["items"]] == ["sample"]
    # kept aside: restored whole, with its log, as the current game
    assert demo("game", "restore", "hunt").code == 0
    assert demo("status", "--json").json()["game"] == "hunt"
    assert demo("status", "--json").json()["phase"] == "ended"
    r = demo("game", "restore", "hunt")
    assert r.code == 2 and "no deleted game" in r.err


def test_unknown_scenario_is_a_usage_error(demo):
    r = demo("game", "new", "-r", "Robyn", "-r", "Cpt", "--scenario", "picnic")
    assert r.code == 2 and "unknown 1ss scenario 'picnic'" in r.err


def test_turn_activate_undo_redo_log(demo, home):
    assert demo("turn", "--dice", "9,1").code == 0
    r = demo("activate", "rob", "--json")
    assert r.code == 0 and r.json()["event"]["kind"] == "activate"
    r = demo("activate", "robyn")
    assert r.code == 1 and "already has an activation token" in r.err
    r = demo("activate", "john")
    assert r.code == 1 and "activate next" in r.err
    b = demo("status", "--json").json()
    robyn = b["sides"][0]["fighters"][0]
    assert robyn["token"] and robyn["active"] and b["next_side"] == 1
    assert demo("undo").code == 0
    assert not demo("status", "--json").json()["sides"][0]["fighters"][0]["token"]
    assert demo("redo").code == 0
    assert demo("status", "--json").json()["sides"][0]["fighters"][0]["token"]
    log = demo("log", "--json").json()["items"]
    assert [e["kind"] for e in log] == ["turn", "activate"]
    assert log[0]["data"]["dice"] == [9, 1] and log[0]["trace"]["steps"]
    assert log[0]["turn"] == 1
    r = demo("redo")
    assert r.code == 2 and "nothing to redo" in r.err


def test_overrides(demo):
    demo("turn", "--dice", "9,1")
    assert demo("set", "john", "--state", "wounded", "--wounds", "1").code == 0
    refused = demo("set", "john", "--flag", "hidden=yes")
    assert refused.code == 2 and refused.err.count("\n") == 1
    assert "keeps no fighter flag 'hidden'" in refused.err and "surrendered" in refused.err
    assert demo("set", "john", "--flag", "hidden=yes", "--force").code == 0
    assert demo("vp", "cpt", "+2").code == 0
    assert demo("vp", "2", "-1").code == 0
    assert demo("initiative", "2").code == 0
    b = demo("status", "--json").json()
    john = b["sides"][0]["fighters"][1]
    assert (john["status"], john["wounds"], john["flags"]) == ("wounded", 1, {"hidden": True})
    assert b["sides"][1]["vp"] == 1 and b["initiative"] == 1
    r = demo("set", "john", "--state", "dancing")
    assert r.code == 2 and "not one of" in r.err
    r = demo("vp", "cpt", "lots")
    assert r.code == 2


def test_dice_are_checked_and_nothing_is_written(demo, home):
    path = home / "games" / "sample.json"
    before = path.read_bytes()
    for dice, msg in (
        ("11,2", "not a face of a D10"),
        ("3", "not enough dice"),
        ("3,4,5", "only 2 used"),
        ("x", "not a die result"),
    ):
        r = demo("turn", "--dice", dice)
        assert r.code == 2 and msg in r.err, (dice, r.err)
        assert r.err.count("\n") == 1
        assert path.read_bytes() == before
    r = demo("turn", "--dice", "1,2", "--seed", "3")
    assert r.code == 2 and "not both" in r.err


def test_seeded_dice_replay(demo):
    a = demo("turn", "--seed", "42", "--json").json()["event"]["data"]["dice"]
    demo("undo")
    b = demo("turn", "--seed", "42", "--json").json()["event"]["data"]["dice"]
    assert a == b


def test_roll_notation(run):
    r = run("roll", "3d8kl1", "--dice", "6,3,7", "--json").json()
    assert r["kept"] == [3] and r["total"] == 3
    assert run("roll", "d10", "--dice", "0", "--json").json()["total"] == 10
    assert run("roll", "2d6+1", "--dice", "2,2", "--json").json()["total"] == 5
    r = run("roll", "2q6")
    assert r.code == 2 and "not dice notation" in r.err


def test_rules_lookup_and_rulings(run):
    r = run("rules", "show", "1ss", "tank", "--json").json()["items"]
    assert r[0]["id"] == "tank"
    ids = [x["id"] for x in run("rules", "rulings", "1ss", "--json").json()["items"]]
    assert "R-1SS-04" in ids and "R-1SS-P01" in ids
    assert run("rules", "show", "chess").code == 2


def test_no_current_game_is_explained(run):
    r = run("status")
    assert r.code == 2 and "companion demo" in r.err


def test_log_text_shows_the_dice(demo):
    demo("turn", "--dice", "9,1")
    r = demo("log")
    assert "[dice 9, 1]" in r.out


def test_a_refused_new_game_writes_no_sample_rosters(run, home):
    r = run("game", "new", "--system", "smbfat", "--scenario", "nope")
    assert r.code == 2 and "unknown scenario" in r.err
    assert run("roster", "list", "--json").json()["items"] == []
    assert run("game", "new", "--system", "smbfat").code == 0
    assert len(run("roster", "list", "--json").json()["items"]) == 2
