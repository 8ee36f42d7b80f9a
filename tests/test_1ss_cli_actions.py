"""The resolution commands end to end: traces in --json, events in the log, undo."""

from __future__ import annotations


def started(demo):
    assert demo("turn", "--dice", "7,3").code == 0
    assert demo("activate", "Robyn").code == 0
    return demo


def test_attack_json_trace_is_stored_and_undone(demo):
    run = started(demo)
    r = run("attack", "Robyn", "T-999", "--dice", "2,4,3", "--json")
    assert r.code == 0, r.err
    ev = r.json()["event"]
    steps = ev["trace"]["steps"]
    attack = next(s for s in steps if "attacks" in s["title"])
    assert attack["probability"]["fraction"] == "3/5" and attack["success"] is True
    defence = next(s for s in steps if "defends" in s["title"])
    assert defence["roll"]["count"] == 2 and defence["roll"]["kept"] == [0]
    assert {o["outcome"] for o in ev["trace"]["odds"]} == {"miss", "defended", "wounded"}
    b = run("status", "--json").json()
    t = next(f for s in b["sides"] for f in s["fighters"] if f["name"] == "T-999")
    assert t["status"] == "wounded"
    log = run("log", "--json")
    assert log.code == 0 and "T-999" in log.out
    assert run("undo").code == 0
    b = run("status", "--json").json()
    t = next(f for s in b["sides"] for f in s["fighters"] if f["name"] == "T-999")
    assert t["status"] == "upright"


def test_odds_changes_nothing(demo):
    run = started(demo)
    before = run("log", "--json").out
    r = run("odds", "Robyn", "Frogger with rifle", "--range", "12", "--json")
    assert r.code == 0, r.err
    odds = {o["outcome"]: o["p"]["fraction"] for o in r.json()["odds"]}
    assert odds == {"miss": "4/25", "defended": "21/50", "out": "21/50"}
    assert run("log", "--json").out == before
    r = run("odds", "Robyn", "T-999")
    assert r.code == 0 and "Odds before the dice" in r.out


def test_refusals_exit_1_and_write_nothing(demo):
    run = started(demo)
    before = run("log", "--json").out
    r = run("attack", "John", "T-999", "--dice", "1,1")
    assert r.code == 1 and "activate it first" in r.err
    r = run("attack", "Robyn", "Frogger with rifle", "--range", "16", "--dice", "1,1")
    assert r.code == 1 and "15" in r.err
    r = run("odds", "Frogger with rifle", "Robyn", "--range", "11")
    assert r.code == 1 and "light shooter" in r.err
    r = run("attack", "Robyn", "Frogger with rifle", "--band", "far")
    assert r.code == 2
    assert run("log", "--json").out == before


def test_recover_fall_and_skill_commands(demo):
    run = started(demo)
    assert run("set", "John", "--state", "wounded", "--wounds", "1").code == 0
    r = run("fall", "Robyn", "--inches", "2", "--dice", "9", "--json")
    assert r.code == 0, r.err
    assert "defended" in r.out
    assert run("act", "Robyn", "command", "John").code == 0
    r = run("recover", "John", "--dice", "6", "--json")
    assert r.code == 0, r.err
    b = run("status", "--json").json()
    john = next(f for s in b["sides"] for f in s["fighters"] if f["name"] == "John")
    assert john["status"] == "upright"
    r = run("skill", "Robyn", "ranger")
    assert r.code == 1 and "passive" in r.err


def test_rulings_are_listed(run):
    r = run("rules", "rulings", "1ss")
    assert r.code == 0, r.err
    for rid in ("R-1SS-P05", "R-1SS-P06", "R-1SS-P07", "R-1SS-P08", "R-1SS-P11"):
        assert rid in r.out
