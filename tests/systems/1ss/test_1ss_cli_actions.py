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
    assert {o["text"] for o in ev["trace"]["odds"]} == {"miss", "defended", "wounded"}
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
    odds = {o["text"]: o["p"]["fraction"] for o in r.json()["odds"]}
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
    r = run("attack", "Robyn", "Frogger with rifle", "--opt", "band=far")
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


def test_range_band_is_a_1ss_fact_that_makes_the_attack_ranged(demo):
    # A band, like a distance, only means something for a shot: no --ranged needed.
    by_band = demo("odds", "Frogger with rifle", "Robyn", "--opt", "band=short", "--json")
    by_range = demo("odds", "Frogger with rifle", "Robyn", "--range", "3", "--json")
    assert by_band.code == 0 and by_range.code == 0, by_band.err + by_range.err
    assert by_band.json()["odds"] == by_range.json()["odds"]
    assert by_band.json()["title"] == "Odds: Frogger with rifle shoots at Robyn"
    both = demo("odds", "Frogger with rifle", "Robyn", "--range", "3", "--opt", "band=short")
    assert both.code == 2 and "not both" in both.err
    # The old 1ss-only flags are gone from the shared command.
    assert demo("odds", "Robyn", "T-999", "--ganging", "1").code == 2


def test_attack_help_lists_each_systems_declared_facts(run):
    text = " ".join(run("attack", "--help").out.split())
    assert "Facts (--opt KEY=VALUE), by system:" in text
    assert "1ss: ranged=yes|no" in text and "ganging=0-20" in text
    assert "warstuff: ranged=yes|no" in text and "entangle=yes|no" in text
    acts = " ".join(run("act", "--help").out.split())
    assert "walk (difficult=yes|no, dangerous=yes|no)" in acts and "move (inches=0-100)" in acts


def test_every_declared_action_has_its_resolver_and_no_other():
    """The plug-in resolves actions from one table: each action the rules data declares
    (the solo objective actions in the solo file) has its row, in the order help lists."""
    from companion import systems
    from companion.systems.one_stat.dispatch import RESOLVERS, resolver

    s = systems.get("1ss")
    assert set(RESOLVERS) == set(s.declared_actions())
    assert tuple(s.action_names()) == tuple(RESOLVERS)
    assert all(callable(resolver(a)) for a in RESOLVERS)
