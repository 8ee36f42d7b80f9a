"""Every OpFor boss has Command; the procedure uses it when he cannot attack (R-1SS-S12)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.systems.one_stat.solo import profiles
from companion.systems.one_stat.solo.opfor import Facts, next_question
from companion.systems.one_stat.solo.spawn import opfor_fighter
from tests.solo_helpers import PLAYERS, opfor, solo_state, warband_file, with_fighters


def builtin(name):
    return next(p for p in profiles.builtins() if p.name == name)


def test_the_undead_boss_has_command_and_his_own_skill():
    lich = opfor_fighter(builtin("Undead"), "boss", 1, 1, 10)
    assert lich.skills == ("command", "minion-master")
    captain = opfor_fighter(builtin("OpFor"), "boss", 1, 1, 10)
    assert captain.skills == ("command", "brawler")  # boss skill Command: the specialists'


def test_a_boss_who_can_attack_is_not_asked_about_command():
    boss = replace(opfor("boss-1", "boss", 7), skills=("command", "brawler"))
    st = with_fighters(solo_state(), boss, opfor("grunt-1", "rookie", 3))
    q = next_question(st, "boss-1", Facts(can_attack=True, in_cover=True, target="robyn"))
    assert q is None
    q = next_question(st, "boss-1", Facts(can_attack=False, los=False))
    assert q is not None and q.key == "command" and "Grunt 1" in q.choices


@pytest.fixture
def walked(run, tmp_path):
    assert run("roster", "import", warband_file(tmp_path)).code == 0
    # five 1s: Captain 1 and Sergeant 1 at spawnpoint 1; a single 6: Grunt 1
    dice = "1,1,2,2,3,3,4,4,5,5,6,6,1,1,1,1,1,6"
    assert run("solo", "new", "-r", "Outlaws", "--dice", dice).code == 0
    assert run("turn").code == 0
    for name in PLAYERS:
        assert run("activate", name).code == 0
    return run


def test_the_boss_moves_then_commands_a_fighter_to_attack(walked):
    r = walked(
        "solo", "opfor", "Captain 1", "--cannot-attack", "--no-los", "--command", "Grunt 1",
        "--no-engaged", "--dice", "3", "--json",
    )  # fmt: skip
    assert r.code == 0, r.err
    data = r.json()
    assert data["branch"] == "wander"
    assert data["instruction"].startswith('roll for direction: D10 = 3, move 7" toward')
    assert "then Command: Grunt 1 attacks your closest fighter at once" in data["instruction"]
    assert [e["kind"] for e in data["events"]][:2] == ["opfor", "skill"]
    b = walked("status", "--json").json()
    grunt = next(f for f in b["sides"][1]["fighters"] if f["name"] == "Grunt 1")
    assert grunt["flags"]["reaction"] == "command"
    r = walked("attack", "Grunt 1", "Will", "--dice", "1,1")
    assert r.code == 0, r.err


def test_without_a_fighter_to_command_he_only_moves(walked):
    r = walked(
        "solo", "opfor", "Captain 1", "--cannot-attack", "--los", "--target", "Robyn",
        "--command", "none", "--json",
    )  # fmt: skip
    assert r.code == 0, r.err
    assert r.json()["branch"] == "close-in" and "Command" not in r.json()["instruction"]
    assert [e["kind"] for e in r.json()["events"]] == ["opfor"]
