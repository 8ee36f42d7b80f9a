"""The Bounty and Hostage boss: his die shown everywhere, and a last die he falls on
(R-1SS-14 amended by R-1SS-S11)."""

from __future__ import annotations

import pytest

from tests.solo_helpers import warband_file


@pytest.fixture
def bounty(run, tmp_path):
    assert run("roster", "import", warband_file(tmp_path)).code == 0
    r = run("solo", "new", "-r", "Outlaws", "--scenario", "bounty", "--seed", "11")
    assert r.code == 0, r.err
    assert run("turn").code == 0
    assert run("activate", "Robyn").code == 0
    return run


def boss(run):
    b = run("status", "--json").json()
    return next(f for f in b["sides"][1]["fighters"] if f["flags"].get("bounty"))


def test_his_current_die_is_shown_on_the_board_and_in_the_notes(bounty):
    b = boss(bounty)
    assert b["describe"]["rank"] == "Boss D12" and b["die"] == "D12"
    assert bounty("solo", "wound", "Bounty boss").code == 0
    b = boss(bounty)
    assert b["describe"]["rank"] == "Boss D10"
    notes = bounty("status", "--json").json()["notes"]
    assert "Bounty boss: D10, stat 4 (D12 -> D10 -> D8 -> D6); next wound: D8, stat 2" in notes
    out = bounty("status").out
    assert "Boss D10" in out and "Boss D12" not in out


def test_on_his_d6_he_no_longer_defends_and_a_hit_finishes_him(bounty):
    for _ in range(3):
        assert bounty("solo", "wound", "Bounty boss").code == 0
    b = boss(bounty)
    assert (b["die"], b["stats"]["stat"]) == ("D6", 1)
    assert any("his last die: no defence" in n for n in bounty("status", "--json").json()["notes"])
    # Robyn's one attack die (1, at most her stat 6) hits; no defence die is rolled
    r = bounty("attack", "Robyn", "Bounty boss", "--dice", "1")
    assert r.code == 0, r.err
    assert "R-1SS-S11" in r.out
    assert boss(bounty)["status"] == "out"
    b = bounty("status", "--json").json()
    assert b["phase"] == "ended" and b["result"].startswith("you win")


def test_on_his_d8_he_still_defends_as_usual(bounty):
    for _ in range(2):
        assert bounty("solo", "wound", "Bounty boss").code == 0
    # hit with a 1; his D8 shows 8, +1 Veteran, above his stat 2: held
    r = bounty("attack", "Robyn", "Bounty boss", "--dice", "1,8")
    assert r.code == 0, r.err
    assert boss(bounty)["die"] == "D8"


def test_the_odds_know_he_cannot_defend_on_his_last_die(bounty):
    for _ in range(3):
        bounty("solo", "wound", "Bounty boss")
    r = bounty("odds", "Robyn", "Bounty boss", "--json")
    assert r.code == 0, r.err
    odds = {o["text"]: o["p"]["fraction"] for o in r.json()["odds"]}
    assert odds == {"miss": "2/5", "out": "3/5"}  # Robyn's D10 at most 6 hits, and he falls
