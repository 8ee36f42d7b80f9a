"""SMBFAT rules as written, through the real CLI with typed dice: Heavy weapon only at a
target not adjacent, rerolls on any roll of the round as a game option, reroll odds as
data, a Spread figure's ordinary shot, and `turn --dice` on a call that rolls nothing."""

from __future__ import annotations


def _start(run, *extra: str) -> None:
    assert run("game", "new", "--system", "smbfat").code == 0  # the sample forces
    r = run(
        "game", "new", "-r", "Knights of the Vale", "-r", "Rifle Section", "--name", "g", *extra
    )
    assert r.code == 0, r.err


def _fighter(run, name: str) -> dict:
    s = run("status", "--json").json()
    return next(f for side in s["sides"] for f in side["fighters"] if f["name"] == name)


def test_heavy_weapon_adds_no_die_against_an_adjacent_target(run):
    _start(run)
    assert run("turn", "--dice", "1,5").code == 0  # Rifle Section first
    assert run("activate", "Sniper").code == 0
    # A Gunslinger with Heavy weapon: 2 ranged dice + 1 at a target not adjacent.
    r = run("odds", "Sniper", "Footman", "--range", "6", "--json")
    row = r.json()["odds"][0]
    assert row["text"] == "Footman: defeated" and row["effect"] == "defeated"
    assert row["fighter"]["name"] == "Footman" and row["fighter"]["id"]
    assert row["p"] == {"fraction": "7/8", "value": 0.875}
    # 0" is base contact: adjacent, so no shot and no Heavy die.
    r = run("attack", "Sniper", "Footman", "--range", "0", "--dice", "1,1,6")
    assert r.code == 1 and "adjacent" in r.err and "Heavy weapon adds no die" in r.err
    # Said adjacent (not out of contact) and given a distance: refused naming both.
    r = run("attack", "Sniper", "Footman", "--opt", "ranged=no", "--opt", "range=3", "--dice", "6")
    assert r.code == 2 and "'range'" in r.err and "melee" in r.err
    # In melee it rolls its one melee die: a 3 misses.
    r = run("attack", "Sniper", "Footman", "--dice", "3")
    assert r.code == 0, r.err
    assert "Footman: missed" in r.out and "no extra die against an adjacent target" in r.out
    assert "R-SMB-P14" in run("rules", "rulings", "smbfat").out


def test_reroll_odds_are_data(run):
    _start(run)
    assert run("turn", "--dice", "1,5").code == 0
    r = run("odds", "Rifleman", "Footman", "--range", "6", "--json")
    step = next(s for s in r.json()["steps"] if s["title"] == "With a reroll")
    assert step["probability"]["fraction"] == "15/16"  # 3/4, then 3/4 of the 1/4 missed
    r = run(
        "odds", "Machine Gunner", "Footman", "--range", "6", "--opt", "spread=yes",
        "--opt", "near=Bowman", "--json",
    )  # fmt: skip
    rows = {s["title"]: s.get("probability", {}).get("fraction") for s in r.json()["steps"]}
    assert rows["With a reroll: Footman"] == "3/4" and rows["With a reroll: Bowman"] == "5/8"


def test_a_spread_figure_with_ranged_dice_may_shoot_as_usual(run):
    _start(run)
    assert run("turn", "--dice", "1,5").code == 0
    assert run("activate", "Machine Gunner").code == 0
    # Two ranged dice at one target (R-SMB-P15): 2 and 5, the 5 defeats it.
    r = run("attack", "Machine Gunner", "Bowman", "--range", "12", "--dice", "2,5")
    assert r.code == 0, r.err
    assert "2D6 keep highest" in r.out and "not its Spread weapon" in r.out
    assert "R-SMB-P15" in r.out and _fighter(run, "Bowman")["status"] == "out"


def test_turn_with_dice_on_a_call_that_rolls_nothing_says_what_it_does(run):
    _start(run)
    assert run("turn", "--dice", "1,5").code == 0
    r = run("turn", "--force", "--dice", "3,4")
    assert r.code == 2
    assert "this ends Rifle Section's turn; nothing is rolled" in r.err and "given but" not in r.err
    assert run("turn", "--force").code == 0  # without dice it goes on


def _a_miss_then_a_hit(run, *extra: str) -> None:
    """Sir Aldric misses the Sergeant, then the Footman defeats a Rifleman."""
    _start(run, *extra)
    assert run("turn", "--dice", "6,2").code == 0  # Knights first
    assert run("activate", "Sir Aldric").code == 0
    assert "missed" in run("attack", "Sir Aldric", "Sergeant Reyes", "--dice", "1,2,3").out
    assert run("done").code == 0
    assert run("activate", "Footman").code == 0
    assert "defeated" in run("attack", "Footman", "Rifleman", "--dice", "1,6").out


def test_reroll_any_reaches_an_earlier_figures_roll(run):
    _a_miss_then_a_hit(run, "--opt", "reroll-any=yes")
    # Sir Aldric's miss is no longer the latest roll, yet it may be rerolled: 5 defeats.
    r = run("act", "Footman", "reroll", "--dice", "2,5,1")
    assert r.code == 0, r.err
    assert "Sergeant Reyes is defeated" in r.out
    assert _fighter(run, "Sergeant Reyes")["status"] == "out"
    assert "R-SMB-P13" in run("rules", "rulings", "smbfat").out


def test_by_default_only_the_latest_rolls_may_be_rerolled(run):
    _a_miss_then_a_hit(run)
    r = run("act", "Footman", "reroll", "--dice", "2,5,1")
    assert r.code == 1 and "none of the latest rolls went wrong" in r.err  # R-SMB-P08


def test_reroll_any_reaches_the_roll_to_go_first(run):
    _start(run, "--opt", "reroll-any=yes")
    assert run("turn", "--dice", "2,6").code == 0  # Rifle Section first
    # The Knights roll their die again: 6 ties the 6, so both roll off again: 5 beats 1.
    r = run("act", "Sir Aldric", "reroll", "--dice", "6,5,1")
    assert r.code == 0, r.err
    assert "they go first" in r.out
    assert run("status", "--json").json()["initiative_side"] == "Knights of the Vale"
    assert run("activate", "Sir Aldric").code == 0
    # Once a figure has had its turn, the order of the round stands.
    r = run("act", "Rifleman", "reroll", "--opt", "roll=1", "--dice", "6")
    assert r.code == 1 and "before the round's first turn" in r.err
