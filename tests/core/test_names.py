"""Names: a prefix that begins several fighters picks the one the command can mean;
`set` speaks the board's words and refuses what the rules cannot have."""

from __future__ import annotations


def test_a_prefix_prefers_the_only_fighter_still_in_play(demo):
    r = demo("fall", "Rabbit", "--inches", "1")
    assert r.code == 2 and "could be more than one fighter" in r.err
    demo("set", "Rabbit with bow", "--state", "out")
    demo("set", "Rabbit with polearm", "--state", "out")
    r = demo("fall", "Rabbit", "--inches", "1")
    assert r.code == 0, r.err
    assert "Rabbit with axe and shield falls" in r.out
    # `set` may mean a fighter that is out: the prefix stays ambiguous there
    r = demo("set", "Rabbit", "--state", "upright")
    assert r.code == 2 and "could be more than one fighter" in r.err


def test_a_prefix_prefers_the_fighter_activating_now(run):
    assert run("game", "new", "--system", "warstuff").code == 0
    run("turn", "--dice", "1,6")  # the Greenskin Raiders go first
    assert run("activate", "Orc Warrior 2").code == 0
    r = run("act", "Orc", "hold")
    assert r.code == 0, r.err
    assert "Orc Warrior 2 takes Hold" in r.out


def test_prone_is_accepted_and_brings_its_wound(demo):
    r = demo("set", "John", "--state", "prone")
    assert r.code == 0, r.err
    fighters = [f for s in demo("status", "--json").json()["sides"] for f in s["fighters"]]
    john = next(f for f in fighters if f["name"] == "John")
    assert (john["status"], john["wounds"]) == ("wounded", 1)


def test_set_refuses_what_the_rules_cannot_have(demo):
    r = demo("set", "John", "--stat", "12")
    assert r.code == 2 and "a specialist's stat is 1-8 (its die is a D8), not 12" in r.err
    r = demo("set", "Rabbit with bow", "--wounds", "1")
    assert r.code == 2 and "a rookie leaves at its first wound" in r.err
    assert "--force" in r.err
    r = demo("set", "John", "--wounds", "1")
    assert r.code == 2 and "upright 0, wounded (prone) 1" in r.err
    assert "set by hand" not in demo("log").out  # nothing was written
    assert demo("set", "John", "--stat", "12", "--force").code == 0
    assert demo("set", "Rabbit with bow", "--state", "out").code == 0


def test_set_knows_each_systems_stat_range(run):
    assert run("game", "new", "--system", "warstuff").code == 0
    r = run("set", "Knight", "--stat", "9")
    assert r.code == 2 and "a unit's quality is 1-5, not 9" in r.err
    assert run("set", "Knight", "--stat", "5").code == 0
    assert run("set", "Knight", "--wounds", "1").code == 0  # WarStuff units take wounds
