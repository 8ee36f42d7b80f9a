"""Manhunt, King of the Hill and Supremacy are decided by VP after turn 8 (R-1SS-P22)."""

from __future__ import annotations

import pytest

from companion import systems
from companion.dice import TypedDice
from companion.game.events import apply_change
from companion.game.state import SideState
from tests.onestat_helpers import attack, fighter, game


def behind_wipes_out(scenario: str):
    st = game(
        fighter("ann", 0),
        fighter("bob", 1, rank="rookie", stat=3),
        scenario=scenario,
        turn=8,
    )
    # the side about to wipe the other out is behind on VP
    return st.__class__(
        **{**st.__dict__, "sides": (SideState("Reds", "Reds", 0), SideState("Blues", "Blues", 2))}
    )


@pytest.mark.parametrize("scenario", ["king-of-the-hill", "manhunt"])
def test_a_wipe_out_does_not_end_a_vp_scenario(scenario):
    out, st = attack(behind_wipes_out(scenario), "ann", "bob", [1, 2])
    assert st.fighter("bob").out
    assert st.phase == "action" and st.result is None
    assert any("victory points decide" in a for a in out.announcements)
    end = systems.get("1ss").next_turn(st, TypedDice([]))
    for c in end.changes:
        st = apply_change(st, c)
    assert st.phase == "ended"
    if scenario == "king-of-the-hill":
        assert st.result.startswith("Blues wins on VP")
    else:  # Manhunt scores the rookie: 1 VP against 2
        assert st.result.startswith("Blues wins on VP (Reds 1, Blues 2)")


def test_other_scenarios_still_end_at_a_wipe_out():
    out, st = attack(behind_wipes_out("last-man-standing"), "ann", "bob", [1, 2])
    assert st.phase == "ended" and "wiped out" in st.result


def test_a_scored_bomb_removes_its_carrier_and_those_within_2(run):
    from test_1ss_scenarios import board, new, ok

    new(run, "bombing-run")
    ok(run("activate", "Robyn"))
    ok(run("act", "Robyn", "pickup"))
    r = ok(run("act", "Robyn", "score", "--opt", "blast=T-999,Rabbit with bow", "--json"))
    assert "kills Robyn" in r.json()["event"]["summary"]
    b = board(run)
    state = {f["name"]: f["status"] for s in b["sides"] for f in s["fighters"]}
    assert state["Robyn"] == "out" and state["T-999"] == "out"
    assert state["Rabbit with bow"] == "out" and state["John"] == "upright"
    assert b["sides"][0]["vp"] == 1


def test_a_scored_bomb_with_nobody_named_waits_for_blast(run):
    from test_1ss_scenarios import board, new, ok

    new(run, "bombing-run")
    ok(run("activate", "Robyn"))
    ok(run("act", "Robyn", "pickup"))
    r = ok(run("act", "Robyn", "score"))
    assert "act FIGHTER blast" in r.out
    ok(run("act", "T-999", "blast"))
    state = {f["name"]: f["status"] for s in board(run)["sides"] for f in s["fighters"]}
    assert state["Robyn"] == "out" and state["T-999"] == "out"
