"""Ending a turn early is never silent: `companion turn` lists who has not activated,
asks on a terminal, refuses a script without --force, and the log records who was
skipped."""

from __future__ import annotations

import os

from ptydrive import PtyProcess, companion


def test_a_script_must_pass_force_while_fighters_may_still_act(demo, home):
    assert demo("turn", "--dice", "7,3").code == 0  # the first turn starts unasked
    assert demo("activate", "Robyn").code == 0
    before = (home / "games" / "sample.json").read_bytes()
    r = demo("turn", "--seed", "1")
    assert r.code == 2 and "Traceback" not in r.err
    assert "turn 1 is not over: not yet activated: Robyn's merry men: John," in r.err
    assert "Cpt. Fawkes' ragtags: Cpt. Fawkes, T-999" in r.err
    assert "pass --force" in r.err
    assert (home / "games" / "sample.json").read_bytes() == before

    assert demo("turn", "--seed", "1", "--force").code == 0
    last = demo("log", "--json").json()["items"][-1]
    assert last["kind"] == "turn" and last["turn"] == 2
    assert "john" in last["data"]["skipped"] and "robyn" not in last["data"]["skipped"]
    assert "(ended early; not activated: John, " in last["summary"]


def test_a_turn_everyone_has_acted_in_ends_without_a_question(demo):
    assert demo("turn", "--dice", "7,3").code == 0
    state = demo("status", "--json").json()
    for side in state["sides"]:
        for f in side["fighters"]:
            assert demo("set", f["name"], "--token").code == 0
    r = demo("turn", "--seed", "1")
    assert r.code == 0, r.err
    assert "skipped" not in demo("log", "--json").json()["items"][-1]["data"]


def test_on_a_terminal_it_lists_and_asks(demo, home):
    assert demo("turn", "--dice", "7,3").code == 0
    env = {**os.environ, "COMPANION_HOME": str(home), "NO_COLOR": "1", "TERM": "xterm"}
    p = PtyProcess(companion("turn", "--seed", "1"), env)
    try:
        p.expect(r"Turn 1 is not over: not yet activated: Robyn's merry men: Robyn")
        p.expect(r"End turn 1 now\?")
        p.send("n")
        p.expect(r"Turn 1 goes on; nothing was written")
        assert p.wait() == 0
    finally:
        p.kill()
    assert demo("status", "--json").json()["turn"] == 1
    p = PtyProcess(companion("turn", "--seed", "1"), env)
    try:
        p.expect(r"End turn 1 now\?")
        p.send("y")
        p.expect(r"Turn 2")
        assert p.wait() == 0
    finally:
        p.kill()
    assert len(demo("log", "--json").json()["items"][-1]["data"]["skipped"]) == 10


def test_a_system_that_plays_rounds_says_round(run):
    """WarStuff (like SKIRMASHED, smbfat and Monochrome) calls a turn of the game a round."""
    assert run("game", "new", "--system", "warstuff").code == 0
    assert run("turn", "--seed", "1").code == 0  # the deployment roll-off, round 1
    r = run("turn", "--seed", "1")
    assert r.code == 2 and "round 1 is not over: not yet activated:" in r.err, r.err
