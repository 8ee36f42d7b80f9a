"""The Treasure Hunt's extra fighters join the sample warbands (R-1SS-P26), and the
board reminds of the set-up the table does by hand."""

from __future__ import annotations

from companion import systems
from companion.game.state import freeze
from companion.roster import RosterFighter

S = systems.get("1ss")


def test_treasure_hunt_adds_two_fighters_a_side():
    st = S.new_game(list(S.sample_rosters())[:2], "treasure-hunt", {})
    names = {f.name: f for f in st.fighters}
    for n in ("Rabbit with crossbow", "Red William", "Frogger with rifle 2", "Gryll"):
        assert n in names
    assert names["Red William"].side == 0 and names["Gryll"].side == 1
    assert "charger" in names["Red William"].skills
    training = S.new_game(list(S.sample_rosters())[:2], "training", {})
    assert len(training.fighters) == 10 and len(st.fighters) == 14


def test_gryll_has_one_action_and_red_william_charges(run):
    assert run("demo").code == 0
    r = run("game", "new", "-r", "Robyn", "-r", "Cpt", "-s", "treasure-hunt", "--name", "th")
    assert r.code == 0, r.err
    assert run("turn", "--dice", "3,9").code == 0
    r = run("activate", "Gryll")
    assert r.code == 0 and "1 action" in r.out
    assert run("act", "Gryll", "move", "--opt", "inches=2").code == 0
    assert run("activate", "Red William").code == 0
    assert run("act", "Red William", "move", "--opt", "inches=5").code == 0
    r = run("act", "Red William", "move", "--opt", "inches=5", "--opt", "charge=true")
    assert r.code == 0, r.err
    r = run("attack", "Red William", "T-999", "--dice", "8")
    assert r.code == 0, r.err


def test_red_williams_charge_is_his_alone():
    f = RosterFighter("Bill", "specialist", freeze({"stat": 5}), ("melee-1h",), ("charger",))
    assert any("Treasure Hunt" in p.message for p in S.check_fighter(f))


def test_board_reminds_of_corners_terrain_and_the_house(run):
    assert run("demo").code == 0
    notes = run("status", "--json").json()["notes"]
    assert any("corner" in n and "terrain" in n and "house" in n for n in notes)
