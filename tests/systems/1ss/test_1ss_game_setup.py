"""A 1ss game starts only with legal warbands (R-1SS-15, R-1SS-P21)."""

from __future__ import annotations


def add(run, roster, name, rank, stat, *extra):
    r = run("roster", "add", roster, name, "-r", rank, "--stat", str(stat), *extra)
    assert r.code == 0, r.err


def two_bosses(run):
    assert run("roster", "new", "Crowns", "--system", "1ss").code == 0
    add(run, "Crowns", "King", "boss", 6, "-e", "melee-1h", "--skill", "command", "--skill", "tank")
    add(
        run,
        "Crowns",
        "Queen",
        "boss",
        6,
        "-e",
        "melee-1h",
        "--skill",
        "command",
        "--skill",
        "veteran",
    )
    add(run, "Crowns", "Pike", "rookie", 3, "-e", "melee-1h")


def test_game_new_refuses_illegal_warbands_with_every_problem(demo):
    run = demo
    two_bosses(run)
    before = run("game", "list").out
    r = run("game", "new", "-r", "Crowns", "-r", "Cpt", "--name", "crowns")
    assert r.code == 1
    assert "exactly one boss" in r.err and "--force" in r.err and "Crowns:" in r.err
    assert run("game", "list").out == before  # nothing written


def test_force_starts_it_as_house_rules_shown_on_the_board(demo):
    run = demo
    two_bosses(run)
    r = run("game", "new", "-r", "Crowns", "-r", "Cpt", "--name", "crowns", "--force")
    assert r.code == 0, r.err
    notes = run("status", "--json").json()["notes"]
    assert any("House rule" in n and "exactly one boss" in n for n in notes)
    # 1 rookie against 3: a note, as every player should field as many rookies
    assert any("1 and 3 rookies" in n for n in notes)


def test_action_scenario_band_is_legal_there_only(demo):
    run = demo
    assert run("roster", "new", "Strike", "--system", "1ss").code == 0
    add(run, "Strike", "Boss", "boss", 6, "-e", "melee-1h", "--skill", "command", "--skill", "tank")
    add(run, "Strike", "Ace", "specialist", 5, "-e", "melee-1h", "--skill", "veteran")
    add(run, "Strike", "Deuce", "specialist", 5, "-e", "melee-1h", "--skill", "brawler")
    add(run, "Strike", "Pike", "rookie", 3, "-e", "melee-1h")
    add(run, "Strike", "Axe", "rookie", 3, "-e", "melee-1h")
    r = run("game", "new", "-r", "Strike", "-r", "Strike", "-s", "bombing-run", "--name", "b")
    assert r.code == 0, r.err
    r = run("game", "new", "-r", "Strike", "-r", "Cpt", "-s", "training", "--name", "t")
    assert r.code == 1 and "specialists need at least" in r.err


# --- the action scenarios' band: at most 1 boss, 2 specialists and 2 rookies a side -----


def test_action_scenarios_refuse_a_bigger_warband_like_an_illegal_one(demo):
    run = demo
    before = run("game", "list").out
    for scenario in ("bombing-run", "capture-the-flag"):
        r = run("game", "new", "-r", "Robyn", "-r", "Cpt", "-s", scenario, "--name", "big")
        assert r.code == 1
        assert "at most 1 boss, 2 specialists and 2 rookies a side, not 3 rookies" in r.err
        assert "--opt sit_out=" in r.err and "--force" in r.err
    assert run("game", "list").out == before  # nothing written


def test_force_plays_a_bigger_band_as_a_house_rule_on_the_board(demo):
    run = demo
    r = run("game", "new", "-r", "Robyn", "-r", "Cpt", "-s", "bombing-run", "--force")
    assert r.code == 0, r.err
    notes = run("status", "--json").json()["notes"]
    house = [n for n in notes if "House rule" in n]
    assert any("Robyn's merry men" in n and "not 3 rookies" in n for n in house), notes
    sides = run("status", "--json").json()["sides"]
    assert [len(s["fighters"]) for s in sides] == [5, 5]


def test_players_pick_who_takes_part_with_sit_out(demo):
    run = demo
    r = run(
        "game", "new", "-r", "Robyn", "-r", "Cpt", "-s", "capture-the-flag",
        "--opt", "sit_out=Rabbit with bow,Frogger with rifle",
    )  # fmt: skip
    assert r.code == 0, r.err
    b = run("status", "--json").json()
    names = {f["name"] for s in b["sides"] for f in s["fighters"]}
    assert "Rabbit with bow" not in names and "Frogger with rifle" not in names
    assert [len(s["fighters"]) for s in b["sides"]] == [4, 4]
    assert not any("House rule" in n for n in b["notes"])
    assert any(
        n.startswith("Sitting out") and "Frogger with rifle, Rabbit with bow" in n
        for n in b["notes"]
    )


def test_sit_out_names_real_fighters_of_an_action_scenario(demo):
    run = demo
    r = run(
        "game", "new", "-r", "Robyn", "-r", "Cpt", "-s", "bombing-run",
        "--opt", "sit_out=Rabbit with bow,Nobody",
    )  # fmt: skip
    assert r.code == 2 and "no fighter called Nobody" in r.err
    r = run(
        "game", "new", "-r", "Robyn", "-r", "Cpt", "-s", "training",
        "--opt", "sit_out=Rabbit with bow",
    )  # fmt: skip
    assert r.code == 2 and "action scenario" in r.err
    # one rookie out of three is still one too many on the other side
    r = run(
        "game", "new", "-r", "Robyn", "-r", "Cpt", "-s", "bombing-run",
        "--opt", "sit_out=Rabbit with bow",
    )  # fmt: skip
    assert r.code == 1 and "Cpt. Fawkes' ragtags: an action scenario" in r.err


def test_sit_out_takes_names(demo):
    r = demo("game", "new", "-r", "Robyn", "-r", "Cpt", "-s", "bombing-run", "--opt", "sit_out=yes")
    assert r.code == 2 and "names of the fighters who sit out" in r.err
