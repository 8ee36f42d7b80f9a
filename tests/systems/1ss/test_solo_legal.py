"""The OpFor is held to its own solo procedure: it acts in its own activation, which
comes after all of your fighters have activated, with two actions in order and one
attack (R-1SS-S01, R-1SS-S19, R-1SS-P16); `--leader` names only a fighter the flowchart
offers. Through the real CLI with typed dice, and the pure answer `opfor_may`."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.game.state import GameState, freeze
from companion.systems.one_stat.solo.legal import KINDS, opfor_may
from tests.solo_helpers import PLAYERS, opfor, solo_state, warband_file, with_fighters

# Spawnpoints, then the spawn: five 1s bring Captain 1 (boss) and Sergeant 1 at spawnpoint
# 1, a single 6 brings Grunt 1 (rookie, stat 3, D6).
SPAWN = "1,1,2,2,3,3,4,4,5,5,6,6,1,1,1,1,1,6"


@pytest.fixture
def solo(run, tmp_path):
    assert run("roster", "import", warband_file(tmp_path)).code == 0
    assert run("solo", "new", "-r", "Outlaws", "--dice", SPAWN).code == 0
    assert run("turn").code == 0
    return run


@pytest.fixture
def opfor_turn(solo):
    for name in PLAYERS:
        assert solo("activate", name).code == 0
    return solo


def one_line(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    return lines[0]


def fighter(run, name):
    b = run("status", "--json").json()
    return next(f for s in b["sides"] for f in s["fighters"] if f["name"] == name)


def action_step(r) -> str:
    """The attack's step that says which action it took (`companion attack --json`)."""
    steps = r.json()["event"]["trace"]["steps"]
    return next(s["outcome"] for s in steps if s["title"] == "Action")


# --- through the CLI --------------------------------------------------------------------


def test_an_attack_before_your_fighters_have_acted_is_refused(solo):
    r = solo("attack", "Grunt 1", "Will", "--dice", "1,1")
    assert r.code == 1
    line = one_line(r.err)
    assert "must wait" in line and "R-1SS-S01" in line
    assert fighter(solo, "Will")["status"] == "upright"
    # halfway through your fighters it still waits, for every action the CLI takes
    assert solo("activate", "Robyn").code == 0
    assert solo("set", "Sergeant 1", "--state", "wounded", "--wounds", "1").code == 0
    for args in (
        ("attack", "Grunt 1", "Robyn", "--dice", "1,1"),
        ("recover", "Sergeant 1", "--dice", "8"),
        ("skill", "Captain 1", "command", "Grunt 1"),
        ("act", "Grunt 1", "pickup"),
    ):
        r = solo(*args)
        assert r.code == 1 and "R-1SS-S01" in one_line(r.err), args


def test_free_still_settles_it_outside_the_count_and_says_so(solo):
    r = solo("attack", "Grunt 1", "Will", "--dice", "1,1", "--opt", "free=true", "--json")
    assert r.code == 0, r.err
    assert "outside the OpFor's turn" in action_step(r)
    assert fighter(solo, "Will")["status"] != "upright"  # a rookie's wound takes him out


def test_the_opfor_turn_but_not_its_activation_is_refused(opfor_turn):
    r = opfor_turn("attack", "Grunt 1", "Will", "--dice", "1,1")
    assert r.code == 1
    line = one_line(r.err)
    assert "own activation" in line and "R-1SS-S19" in line and "solo opfor" in line


def test_one_attack_in_its_activation_then_a_second_is_refused(opfor_turn):
    r = opfor_turn(
        "solo", "opfor", "Grunt 1", "--can-attack", "--in-open", "--no-engaged",
        "--target", "Will", "--no-resolve", "--json",
    )  # fmt: skip
    assert r.code == 0, r.err
    # the move to cover is its first action, recorded by the walk
    assert fighter(opfor_turn, "Grunt 1")["flags"]["actions"] == 1
    # a 1 hits (stat 3); Will's 4 is above his 3: defended
    r = opfor_turn("attack", "Grunt 1", "Will", "--dice", "1,4", "--json")
    assert r.code == 0, r.err
    assert "uses Grunt 1's 2nd action (0 left)" in action_step(r)
    r = opfor_turn("attack", "Grunt 1", "Will", "--dice", "1,4")
    assert r.code == 1
    line = one_line(r.err)
    assert "R-1SS-P16" in line and "--opt free=true" in line
    # the table may still settle one more outside the count
    assert opfor_turn("attack", "Grunt 1", "Will", "--dice", "1,4", "--opt", "free=true").code == 0


def test_the_walk_resolves_the_attack_as_its_second_action(opfor_turn):
    r = opfor_turn(
        "solo", "opfor", "Grunt 1", "--can-attack", "--in-open", "--no-engaged",
        "--target", "Will", "--dice", "1,4", "--json",
    )  # fmt: skip
    assert r.code == 0, r.err
    kinds = [e["kind"] for e in r.json()["events"]]
    assert kinds[:2] == ["opfor", "attack"]
    steps = r.json()["events"][0]["trace"]["steps"]
    actions = next(s["outcome"] for s in steps if s["title"] == "Actions")
    assert "move is Grunt 1's 1st action" in actions and "attack will be its 2nd" in actions
    attack = r.json()["events"][1]["trace"]["steps"]
    assert any("uses Grunt 1's 2nd action (0 left)" in s["outcome"] for s in attack)
    r = opfor_turn("attack", "Grunt 1", "Will", "--dice", "1,4")
    assert r.code == 1 and "R-1SS-P16" in one_line(r.err)


def test_staying_in_cover_the_attack_is_its_second_and_last_action(opfor_turn):
    r = opfor_turn(
        "solo", "opfor", "Grunt 1", "--can-attack", "--in-cover", "--target", "Will",
        "--dice", "1,4", "--json",
    )  # fmt: skip
    assert r.code == 0, r.err
    attack = r.json()["events"][1]["trace"]["steps"]
    assert any("uses Grunt 1's 2nd action (0 left)" in s["outcome"] for s in attack)
    assert fighter(opfor_turn, "Grunt 1")["flags"]["actions"] == 0


def test_a_branch_of_moves_only_leaves_nothing_more_to_do(opfor_turn):
    r = opfor_turn(
        "solo", "opfor", "Grunt 1", "--cannot-attack", "--no-los", "--leader", "Sergeant 1",
    )  # fmt: skip
    assert r.code == 0, r.err
    assert "its other action lapses (0 left)" in r.out
    r = opfor_turn("attack", "Grunt 1", "Will", "--dice", "1,1")
    assert r.code == 1
    line = one_line(r.err)
    assert "no action left" in line and "R-1SS-S19" in line


def test_once_its_activation_is_over_it_no_longer_acts(opfor_turn):
    r = opfor_turn("solo", "opfor", "Grunt 1", "--can-attack", "--in-cover", "--target", "Will",
                   "--no-resolve")  # fmt: skip
    assert r.code == 0, r.err
    assert opfor_turn("activate", "Sergeant 1").code == 0  # Grunt 1's activation ends
    r = opfor_turn("attack", "Grunt 1", "Will", "--dice", "1,4")
    assert r.code == 1
    assert "activation is over" in one_line(r.err) and "R-1SS-S19" in r.err


def test_activated_by_hand_it_keeps_the_order(opfor_turn):
    assert opfor_turn("activate", "Grunt 1").code == 0
    r = opfor_turn("attack", "Grunt 1", "Will", "--dice", "1,4", "--json")
    assert r.code == 0, r.err
    assert "uses Grunt 1's 2nd action (0 left)" in action_step(r)  # it stood still
    r = opfor_turn("attack", "Grunt 1", "Will", "--dice", "1,4")
    assert r.code == 1 and "R-1SS-P16" in one_line(r.err)


def test_leader_must_be_one_the_flowchart_offers(opfor_turn):
    r = opfor_turn(
        "solo", "opfor", "Sergeant 1", "--cannot-attack", "--no-los", "--leader", "Grunt 1",
    )  # fmt: skip
    assert r.code == 2
    line = one_line(r.err)
    assert "--leader Grunt 1" in line and "Captain 1 or none" in line
    assert fighter(opfor_turn, "Sergeant 1")["token"] is False  # nothing was written
    r = opfor_turn(
        "solo", "opfor", "Sergeant 1", "--cannot-attack", "--no-los", "--leader", "Will",
    )  # fmt: skip
    assert r.code == 2 and "Captain 1 or none" in one_line(r.err)
    r = opfor_turn(
        "solo", "opfor", "Sergeant 1", "--cannot-attack", "--no-los", "--leader", "Captain 1",
        "--json",
    )  # fmt: skip
    assert r.code == 0, r.err
    assert r.json()["branch"] == "follow-leader"
    assert r.json()["instruction"] == 'move 5" toward Captain 1'


def test_a_boss_has_no_leader_to_name(opfor_turn):
    r = opfor_turn(
        "solo", "opfor", "Captain 1", "--cannot-attack", "--no-los", "--leader", "Sergeant 1",
        "--command", "none", "--dice", "3",
    )  # fmt: skip
    assert r.code == 2 and "none outranks it; answer none" in one_line(r.err)


# --- the pure answer ---------------------------------------------------------------------


def running(*, active: str | None = None, players_done: bool = True, **grunt: object) -> GameState:
    """Turn 1 of a solo game with Grunt 1 (rookie) and The Boss; your fighters have all
    activated unless `players_done` is false; `active` is activating with `grunt` flags."""
    s = with_fighters(
        solo_state(), opfor("grunt-1", "rookie", 3, **grunt), opfor("the-boss", "boss", 7)
    )
    fs = []
    for f in s.fighters:
        if f.side == 0 and players_done:
            f = replace(f, token=True)
        if f.id == active:
            f = replace(f, token=True, flags=freeze({**f.flags, "actions": 2, **grunt}))
        fs.append(f)
    return replace(s, fighters=tuple(fs), turn=1, phase="action", initiative=0, active=active)


def may(state: GameState, kind: str, fid: str = "grunt-1") -> str | None:
    return opfor_may(state, state.fighter(fid), kind)


def test_it_may_act_in_its_own_activation():
    st = running(active="grunt-1")
    assert [may(st, k) for k in KINDS] == [None] * len(KINDS)
    assert may(st, "pickup") is None and may(st, "device") is None


def test_it_waits_until_your_fighters_have_activated():
    st = running(players_done=False)
    why = may(st, "attack")
    assert why is not None and "must wait" in why and "R-1SS-S01" in why
    assert "\n" not in why


def test_only_in_its_own_activation():
    st = running()
    why = may(st, "move")
    assert why is not None and "own activation" in why and "R-1SS-S19" in why
    st = running(active="the-boss")
    st = replace(
        st,
        fighters=tuple(replace(f, token=True) if f.id == "grunt-1" else f for f in st.fighters),
    )
    why = may(st, "attack")
    assert why is not None and "activation is over" in why


def test_one_attack_then_nothing_when_the_actions_are_spent():
    st = running(active="grunt-1", did=["move", "attack"], actions=0)
    why = may(st, "attack")
    assert why is not None and "already attacked" in why and "R-1SS-P16" in why
    why = may(st, "move")
    assert why is not None and "no action left" in why and "R-1SS-P16" in why


def test_a_third_action_is_no_second_attack():
    # The gaunt of The Dark Ritual has three actions: a move after its attack, no attack.
    st = running(active="grunt-1", did=["move", "attack"], actions=1)
    assert may(st, "move") is None
    assert "one attack each" in (may(st, "attack") or "")


def test_the_procedure_ending_its_branch_leaves_nothing():
    st = running(active="grunt-1", did=["move", "rest"], actions=0)
    why = may(st, "attack")
    assert why is not None and "nothing more" in why and "R-1SS-S19" in why


def test_a_rule_given_action_goes_outside_its_activation():
    # commanded by its boss, taken over by your Influencer, on guard (R-1SS-P05)
    st = running(players_done=False, reaction="influenced")
    assert may(st, "attack") is None


def test_not_the_opfor_nor_a_game_under_way():
    st = running(players_done=False)
    assert may(st, "attack", "will") is None  # your fighter: not this procedure's
    st = replace(st, turn=0)
    assert "has not started" in (may(st, "attack") or "")
    with pytest.raises(ValueError, match="kind is one of"):
        may(running(), "dance")


def test_the_ruling_is_listed_with_the_others(run):
    r = run("rules", "rulings", "1ss", "--json")
    assert r.code == 0, r.err
    data = r.json()["items"]
    rows = data if isinstance(data, list) else data["rulings"]
    text = next(row["text"] for row in rows if row["id"] == "R-1SS-S19")
    assert "own activation" in text and "lapse" in text
