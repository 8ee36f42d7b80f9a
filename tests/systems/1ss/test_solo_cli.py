"""Solo play through the CLI: set-up, map, profiles, turns with spawns, the OpFor walk."""

from __future__ import annotations

import pytest

from tests.solo_helpers import PLAYERS, WARBAND, warband_file


@pytest.fixture
def solo(run, tmp_path):
    r = run("roster", "import", warband_file(tmp_path))
    assert r.code == 0, r.err
    return run


def state(run):
    r = run("status", "--json")
    assert r.code == 0, r.err
    return r.json()


def opfor_names(run):
    return [f["name"] for f in state(run)["sides"][1]["fighters"]]


def test_solo_new_places_six_spawnpoints_and_spawns(solo):
    r = solo("solo", "new", "-r", "Outlaws", "--seed", "5", "--json")
    assert r.code == 0, r.err
    data = r.json()
    assert [e["kind"] for e in data["events"]] == ["solo-setup", "spawn"]
    sps = data["map"]["spawnpoints"]
    assert [s["number"] for s in sps] == [1, 2, 3, 4, 5, 6]
    assert len({(s["col"], s["row"]) for s in sps}) == 6
    assert data["map"]["x_labels"] == [0, 6, 12, 18, 24, 30, 36]
    b = state(solo)
    assert b["sides"][1]["fighters"], "the initial spawn brings fighters"
    assert all(f["flags"]["opfor"] for f in b["sides"][1]["fighters"])


def test_solo_new_refuses_a_warband_that_is_not_1_3_6(run, tmp_path):
    small = dict(WARBAND, name="Few", fighters=WARBAND["fighters"][:5])
    assert run("roster", "import", warband_file(tmp_path, small)).code == 0
    r = run("solo", "new", "-r", "Few", "--seed", "1")
    assert r.code == 2
    assert "1 boss, 3 specialists and 6 rookies" in r.err
    assert run("game", "list", "--json").json()["items"] == []


def test_game_new_solo_delegates(solo):
    r = solo("game", "new", "--solo", "-r", "Outlaws", "--profile", "undead", "--name", "g1")
    assert r.code == 0, r.err
    b = state(solo)
    assert b["game"] == "g1" and b["sides"][1]["name"] == "Undead"
    assert all(
        f["name"].startswith(("Skeleton", "Ghoul", "Lich")) for f in b["sides"][1]["fighters"]
    )


def test_map_draws_grid_labels_and_spawnpoints(solo):
    solo("solo", "new", "-r", "Outlaws", "--scenario", "collect", "--seed", "3")
    r = solo("solo", "map")
    assert r.code == 0, r.err
    lines = r.out.splitlines()
    assert lines[0].startswith('36"x36" battlefield')
    assert lines[1].startswith("36 +-------+")
    assert "0       6      12      18      24      30      36" in r.out
    data = solo("solo", "map", "--json").json()
    for sp in data["spawnpoints"]:
        cell = next(c for c in data["cells"] if (c["col"], c["row"]) == (sp["col"], sp["row"]))
        assert str(sp["number"]) in [i["label"] for i in cell["items"]]
    assert sum(1 for t in data["tokens"] if t["kind"] == "treasure") == 6


def test_map_is_compact_on_a_narrow_terminal(solo, monkeypatch):
    solo("solo", "new", "-r", "Outlaws", "--seed", "3")
    monkeypatch.setenv("COLUMNS", "40")
    r = solo("solo", "map")
    assert r.code == 0
    assert max(len(line) for line in r.out.splitlines()) <= 40
    assert "+-----+" in r.out


def test_upkeep_rolls_a_new_spawn_and_no_initiative(solo):
    solo("solo", "new", "-r", "Outlaws", "--seed", "3")
    before = len(opfor_names(solo))
    r = solo("turn", "--json")
    assert r.code == 0, r.err
    assert state(solo)["turn"] == 1 and len(opfor_names(solo)) == before
    r = solo("turn", "--force", "--dice", "1,2,3,4,5,6", "--json")
    assert r.code == 0, r.err
    after = opfor_names(solo)
    assert len(after) == before + 6  # six singles = six rookies
    assert state(solo)["turn"] == 2


def test_player_first_then_the_opfor_walk(solo):
    solo("solo", "new", "-r", "Outlaws", "--dice", "1,1,2,2,3,3,4,4,5,5,6,6,1,1,1,1,1,6")
    solo("turn")
    r = solo("solo", "opfor", "--cannot-attack", "--no-los")
    assert r.code == 1 and "your fighters still have to act" in r.err
    # the OpFor cannot activate out of turn either
    r = solo("activate", "Captain 1")
    assert r.code == 1
    for name in PLAYERS:
        assert solo("activate", name).code == 0
    # five 1s = a boss and a specialist at 1, a single 6 = a rookie at 6
    assert opfor_names(solo) == ["Captain 1", "Sergeant 1", "Grunt 1"]
    r = solo(
        "solo",
        "opfor",
        "Grunt 1",
        "--cannot-attack",
        "--no-los",
        "--leader",
        "Sergeant 1",
        "--json",
    )
    assert r.code == 0, r.err
    assert r.json()["branch"] == "follow-leader"
    assert r.json()["instruction"] == 'move 3" toward Sergeant 1'
    r = solo(
        "solo", "opfor", "--cannot-attack", "--no-los", "--command", "none", "--dice", "3", "--json"
    )
    assert r.code == 0, r.err
    # the boss outranks everyone: nobody to follow, so the direction roll
    assert r.json()["instruction"] == "roll for direction: D10 = 3, move 7\" toward 4 o'clock"
    r = solo("solo", "opfor", "--cannot-attack", "--los", "--target", "Robyn", "--json")
    assert r.json()["branch"] == "close-in"
    r = solo("solo", "opfor")
    assert r.code == 1 and "no OpFor fighter can act" in r.err


def test_opfor_questions_without_a_terminal_name_the_flag(solo):
    solo("solo", "new", "-r", "Outlaws", "--seed", "3")
    solo("turn")
    for name in PLAYERS:
        solo("activate", name)
    r = solo("solo", "opfor")
    assert r.code == 2 and "--can-attack/--cannot-attack" in r.err
    r = solo("solo", "opfor", "--can-attack")
    assert r.code == 2 and "--in-cover/--in-open" in r.err
    r = solo("solo", "opfor", "--can-attack", "--in-cover", "--target", "Grunt 2")
    assert r.code == 2 and "not one of your fighters" in r.err


def test_opfor_attack_decision_without_resolving(solo):
    solo("solo", "new", "-r", "Outlaws", "--seed", "3")
    solo("turn")
    for name in PLAYERS:
        solo("activate", name)
    r = solo(
        "solo",
        "opfor",
        "--can-attack",
        "--in-open",
        "--no-engaged",
        "--target",
        "Robyn",
        "--no-resolve",
        "--json",
    )
    assert r.code == 0, r.err
    data = r.json()
    assert data["branch"] == "cover-then-attack"
    assert data["request"]["action"] == "attack" and data["request"]["target"] == "robyn"
    assert [e["kind"] for e in data["events"]] == ["opfor"]


def test_opfor_attack_resolves_and_applies(solo):
    """The OpFor's attack instruction is resolved by the full 1ss resolution and applied."""
    solo("solo", "new", "-r", "Outlaws", "--seed", "3")
    solo("turn")
    for name in PLAYERS:
        solo("activate", name)
    r = solo(
        "solo",
        "opfor",
        "--can-attack",
        "--in-cover",
        "--target",
        "Will",
        "--dice",
        "1,1,1",
        "--json",
    )
    assert r.code == 0, r.err
    kinds = [e["kind"] for e in r.json()["events"]]
    assert kinds[:2] == ["opfor", "attack"]
    will = next(f for f in state(solo)["sides"][0]["fighters"] if f["name"] == "Will")
    # The seed spawns a Brawler specialist first: Will defends with 2 dice keep lower.
    assert will["status"] == "out"  # a rookie hit (1 <= stat) and not defended (1 <= 3)


def test_spawn_explain_and_extra_spawn(solo):
    r = solo("solo", "spawn", "--explain", "2,2,5,6,6,6")
    assert r.code == 0
    assert "pair of 2s [2, 2] = 1 specialist at spawnpoint 2" in r.out
    assert "three of a kind of 6s [6, 6, 6] = 1 boss at spawnpoint 6" in r.out
    assert "In all: 1 rookie, 1 specialist, 1 boss" in r.out
    assert solo("solo", "spawn", "--explain", "1,2,3").code == 2
    solo("solo", "new", "-r", "Outlaws", "--seed", "3")
    n = len(opfor_names(solo))
    assert solo("solo", "spawn", "--dice", "6,6,6,6,6,6").code == 0
    assert len(opfor_names(solo)) == n + 2


def test_profiles_saved_listed_reused_and_checked(solo):
    r = solo(
        "solo",
        "profile",
        "new",
        "Orcs",
        "--rookie",
        "4",
        "--specialist",
        "6",
        "--boss",
        "8",
        "--specialization",
        "berserker",
        "--boss-skill",
        "command",
        "--attacks",
        "both",
        "--rookie-name",
        "Orc",
    )
    assert r.code == 0, r.err
    listed = solo("solo", "profile", "list", "--json").json()["items"]
    assert listed[0]["name"] == "Orcs" and not listed[0]["builtin"]
    assert {"City guard", "Undead", "OpFor"} <= {p["name"] for p in listed}
    bad = solo(
        "solo",
        "profile",
        "new",
        "X",
        "--rookie",
        "7",
        "--specialist",
        "5",
        "--boss",
        "6",
        "--specialization",
        "brawler",
        "--boss-skill",
        "command",
    )
    assert bad.code == 2 and "rookie: stat 7" in bad.err
    r = solo(
        "solo",
        "new",
        "-r",
        "Outlaws",
        "-p",
        "orcs",
        "--dice",
        "1,2,3,4,5,6,6,5,4,3,2,1,1,2,3,4,5,6",
    )
    assert r.code == 0, r.err
    fs = state(solo)["sides"][1]["fighters"]
    assert [f["name"] for f in fs] == ["Orc 1", "Orc 2", "Orc 3", "Orc 4", "Orc 5", "Orc 6"]
    assert all(f["stats"]["stat"] == 4 for f in fs)
    assert solo("solo", "profile", "show", "city-guard").code == 0
    assert solo("solo", "profile", "delete", "Orcs").code == 0
    assert solo("solo", "profile", "delete", "Orcs").code == 2


def test_odds_json(solo):
    r = solo("solo", "odds", "--turns", "2", "--json")
    assert r.code == 0
    d = r.json()
    assert d["outcomes"] == 46656
    assert d["expected"]["rookie"]["fraction"] == "3125/1296"
    assert [row["turn"] for row in d["by_turn"]] == [1, 2]
    assert solo("solo", "odds").code == 0


def test_scenarios_list(solo):
    d = solo("solo", "scenarios", "--json").json()
    ids = {s["id"] for s in d["scenarios"]}
    assert {
        "ambush",
        "bounty",
        "collect",
        "escort",
        "hostage",
        "investigate",
        "rescue",
        "shutdown",
    } <= ids
    assert len(d["setups"]) == 9


def test_opfor_attack_hands_the_request_to_the_1ss_resolution(solo, monkeypatch):
    """The walk builds the request and records whatever the 1ss resolution decides."""
    from companion.game.events import set_fighter
    from companion.systems.base import Outcome
    from companion.systems.one_stat import OneStatSkirmish
    from companion.trace import Roll, Step, Trace

    seen = {}

    def fake_resolve(self, state, request, dice):
        seen["request"] = request
        seen["active"] = state.active
        v = dice.roll(6, 1, "attack")[0]
        step = Step(
            "Attack", "hit", roll=Roll(state.fighter(request.actor).name, 6, 1, None, 1, (v,), (0,))
        )
        return Outcome(
            "attack",
            "hit and wounded",
            (set_fighter(request.target, "status", "out"),),
            Trace("Attack", (step,), "out"),
        )

    monkeypatch.setattr(OneStatSkirmish, "resolve", fake_resolve)
    solo("solo", "new", "-r", "Outlaws", "--dice", "1,1,2,2,3,3,4,4,5,5,6,6,1,1,1,1,1,6")
    solo("turn")
    for name in PLAYERS:
        solo("activate", name)
    r = solo(
        "solo",
        "opfor",
        "Grunt 1",
        "--can-attack",
        "--in-open",
        "--no-engaged",
        "--target",
        "Will",
        "--ganging",
        "1",
        "--dice",
        "2",
        "--json",
    )
    assert r.code == 0, r.err
    req = seen["request"]
    assert (req.action, req.actor, req.target) == ("attack", "opfor-rookie-1", "will")
    assert dict(req.options) == {"ranged": False, "ganging": 1}
    assert seen["active"] == "opfor-rookie-1"  # resolved within the fighter's activation
    assert [e["kind"] for e in r.json()["events"]] == ["opfor", "attack"]
    will = next(f for f in state(solo)["sides"][0]["fighters"] if f["name"] == "Will")
    assert will["status"] == "out"
    # undo takes the attack back, then the walk
    assert solo("undo").code == 0
    will = next(f for f in state(solo)["sides"][0]["fighters"] if f["name"] == "Will")
    assert will["status"] == "upright"
