"""Monochrome rules as written, through the real CLI with typed dice: supports count as
friends touching the target, Exterminate by a majority as a game option, claims within
what an objective allows, the targets' moves at the end of every turn, a D6 for a tie,
the morale products, and each fighter's cost in `roster show --json`."""

from __future__ import annotations

from monochrome_helpers import cli_warband

# Objective dice (Blood, Turf, Infamy) after the deployment die and the roll-off 6-1.
KMB_LOOT = "1,4,4"  # Kill Maim Burn, Loot, Killing Them Softly
HUNT_TERRITORIAL = "5,5,4"
EXTERMINATE_BREAKTHROUGH = "6,1,4"


def _game(run, objectives: str = KMB_LOOT, *extra: str):
    cli_warband(
        run, "Bears", ("Bear", "monster", 9, 3), ("Brave", "warrior", 5, 1),
        ("Hawk", "warrior", 5, 1), ("Elk", "warrior", 5, 1),
    )  # fmt: skip
    cli_warband(run, "Cops", *((n, "soldier", 5, 1) for n in ("Bob", "Tom", "Sid")))
    dice = f"2,6,1,{objectives}"
    r = run("game", "new", "-r", "Bears", "-r", "Cops", "--dice", dice, "--name", "g", *extra)
    assert r.code == 0, r.err
    assert run("turn").code == 0  # round 1: the Bears won the roll-off


def _fighter(run, name: str) -> dict:
    s = run("status", "--json").json()
    return next(f for side in s["sides"] for f in side["fighters"] if f["name"] == name)


def test_two_melee_supports_give_the_ganging_bonus_untold(run):
    _game(run)
    for name in ("Hawk", "Elk"):
        assert run("activate", name).code == 0
        assert run("act", name, "support-strike", "--dice", "1").code == 0
    assert run("activate", "Brave").code == 0
    # Attack 5 - Defence 1 = 4, +1 as the two supports touch Bob too: 5 or under; the
    # roll 4+3 = 7 less 2 supports is 5: a hit.
    r = run("attack", "Brave", "Bob", "--opt", "supports=Hawk,Elk", "--dice", "4,3")
    assert r.code == 0, r.err
    assert "several friends touch the target" in r.out and "R-MON-P16" in r.out
    assert "roll 5 or under" in r.out and "attacks; Bob: stunned" in r.out
    assert "R-MON-P16" in run("rules", "rulings", "monochrome").out


def test_one_support_alone_is_not_several_friends(run):
    _game(run)
    assert run("activate", "Hawk").code == 0
    assert run("act", "Hawk", "support-strike", "--dice", "1").code == 0
    assert run("activate", "Brave").code == 0
    r = run("odds", "Brave", "Bob", "--opt", "supports=Hawk")
    assert r.code == 0 and "several friends" not in r.out


def test_claims_are_bounded_by_the_objective(run):
    _game(run, HUNT_TERRITORIAL)
    r = run("act", "Bear", "claim", "--opt", "objective=territorial", "--opt", "count=5")
    assert r.code == 1 and "Bears cannot count 5 for Territorial" in r.err and "4 at most" in r.err
    assert (
        run("act", "Bear", "claim", "--opt", "objective=territorial", "--opt", "count=4").code == 0
    )


def test_breakthrough_and_exterminate_claims_are_bounded(run):
    _game(run, EXTERMINATE_BREAKTHROUGH)
    r = run("act", "Bear", "claim", "--opt", "objective=breakthrough", "--opt", "count=5")
    assert r.code == 1 and "Bears have 4 fighters in play" in r.err
    assert (
        run("act", "Bear", "claim", "--opt", "objective=breakthrough", "--opt", "count=4").code == 0
    )
    assert (
        run("act", "Bob", "claim", "--opt", "objective=exterminate", "--opt", "count=2").code == 0
    )
    r = run("act", "Bear", "claim", "--opt", "objective=exterminate", "--opt", "count=6")
    assert r.code == 1 and "between both sides (Cops count 2)" in r.err


def test_exterminate_by_majority_is_a_game_option(run):
    _game(run, EXTERMINATE_BREAKTHROUGH, "--opt", "exterminate-majority=yes")
    assert (
        run("act", "Bear", "claim", "--opt", "objective=exterminate", "--opt", "count=3").code == 0
    )
    notes = run("status", "--json").json()["notes"]
    assert any("Exterminate: nobody" in n and "nobody has 4 of 7 (R-MON-P18)" in n for n in notes)
    assert (
        run("act", "Bear", "claim", "--opt", "objective=exterminate", "--opt", "count=4").code == 0
    )
    notes = run("status", "--json").json()["notes"]
    assert any(n.startswith("Exterminate: Bears") for n in notes)


def test_exterminate_by_default_goes_to_the_side_with_more(run):
    _game(run, EXTERMINATE_BREAKTHROUGH)  # R-MON-P09
    assert (
        run("act", "Bear", "claim", "--opt", "objective=exterminate", "--opt", "count=3").code == 0
    )
    notes = run("status", "--json").json()["notes"]
    assert any(n.startswith("Exterminate: Bears (Bears 3, Cops 0)") for n in notes)


def test_targets_walk_when_the_rest_pass_and_a_d6_breaks_the_tie(run):
    _game(run, HUNT_TERRITORIAL)
    r = run("act", "Target Monster", "prowl", "--opt", "closest=Bob,Brave", "--dice", "4,3")
    assert r.code == 1 and "others_pass=yes" in r.err
    # The Bears' fighters pass; the D6's 4 picks the second named, Brave.
    r = run(
        "act", "Target Monster", "prowl", "--opt", "closest=Bob,Brave", "--opt",
        "others_pass=yes", "--dice", "4,3",
    )  # fmt: skip
    assert r.code == 0, r.err
    assert "Bear, Brave, Hawk, Elk will not activate this turn" in r.out
    assert (
        "4: Brave" in r.out and "1-3 Bob, 4-6 Brave" in r.out and 'up to 3" toward Brave' in r.out
    )
    assert run("activate", "Brave").code == 1  # it passed
    r = run("turn")  # nothing owed: the turn ends without --force
    assert r.code == 0, r.err
    assert "R-MON-P20" in run("rules", "rulings", "monochrome").out


def test_a_turn_never_ends_with_a_target_move_owed_unsaid(run):
    _game(run, HUNT_TERRITORIAL)
    for name in ("Bear", "Brave", "Hawk", "Elk"):
        assert run("activate", name).code == 0
        assert run("act", name, "walk", "--dice", "1").code == 0
    r = run("turn")
    assert r.code == 2 and "Target Monster" in r.err and "--force" in r.err
    r = run("turn", "--force")
    assert r.code == 0 and "not moved at the end of this turn: Target Monster" in r.out


def test_turn_json_gives_the_morale_products(run):
    _game(run)
    assert run("activate", "Bear").code == 0
    assert "killed" in run("attack", "Bear", "Bob", "--dice", "1,1").out
    assert run("activate", "Brave").code == 0
    assert "killed" in run("attack", "Brave", "Tom", "--dice", "1,1").out
    # The Cops lost 2 and keep 1: 2 x 2 = 4 against 5 x 1 = 5, they hold.
    r = run("turn", "--force", "--dice", "2,5", "--json")
    assert r.code == 0, r.err
    steps = {
        s["title"]: s
        for s in r.json()["event"]["trace"]["steps"]
        if s["title"].startswith("Morale:")
    }
    lost, standing = steps["Morale: Cops lost this turn"], steps["Morale: Cops still standing"]
    assert (lost["roll"]["value"], lost["total"], lost["outcome"]) == (2, 4, "2 x 2 = 4")
    assert (standing["total"], standing["outcome"]) == (5, "5 x 1 = 5")


def test_roster_show_json_gives_each_fighters_cost(run):
    _game(run)
    r = run("roster", "show", "Bears", "--json")
    costs = {f["name"]: f["cost"] for f in r.json()["fighters"]}
    assert costs == {"Bear": 48, "Brave": 15, "Hawk": 15, "Elk": 15}  # R-MON-01
