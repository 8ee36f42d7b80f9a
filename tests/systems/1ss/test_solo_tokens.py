"""Objective tokens: dropped by a wounded or fallen carrier, picked up with an action,
never by a fighter that is out; `play` offers the objective actions (R-1SS-S10)."""

from __future__ import annotations

import pytest

from companion import systems
from companion.game.state import freeze
from companion.play import phase as ph
from tests.onestat_helpers import fighter, game, resolve
from tests.solo_helpers import warband_file


@pytest.fixture
def collect(run, tmp_path):
    assert run("roster", "import", warband_file(tmp_path)).code == 0
    # spawnpoints on the diagonal, then T1..T6 elsewhere, then six rookies (Grunt 1-6)
    dice = "1,1,2,2,3,3,4,4,5,5,6,6," + "1,2,2,3,3,4,4,5,5,6,6,1," + "1,2,3,4,5,6"
    r = run("solo", "new", "-r", "Outlaws", "--scenario", "collect", "--dice", dice)
    assert r.code == 0, r.err
    assert run("turn").code == 0
    return run


def tokens(run):
    return {t["id"]: t for t in run("status", "--json").json()["flags"]["tokens"]}


def fighter_of(run, name):
    b = run("status", "--json").json()
    return next(f for s in b["sides"] for f in s["fighters"] if f["name"] == name)


def test_a_rookie_carrier_taken_out_drops_the_treasure_where_it_stands(collect):
    assert collect("activate", "Will").code == 0
    assert collect("solo", "token", "T1", "pick", "--by", "Will").code == 0
    assert tokens(collect)["T1"]["carrier"] == "Will"
    # Grunt 1 (stat 3) hits with a 1; Will (stat 3) defends with a 2: out. The OpFor's
    # turn has not come, so the table settles the hit outside the count (R-1SS-S19).
    r = collect("attack", "Grunt 1", "Will", "--dice", "1,2", "--opt", "free=true")
    assert r.code == 0, r.err
    t = tokens(collect)["T1"]
    assert (t["state"], t["carrier"], t["dropped_by"]) == ("dropped", None, "Will")
    assert "Will drops T1 where it stands" in r.out
    board = collect("status").out
    assert "token T1 (treasure): dropped where Will let it fall" in board


def test_a_boss_drops_the_treasure_on_the_wound_he_ignores(collect):
    assert collect("activate", "Robyn").code == 0
    assert collect("solo", "token", "T2", "pick", "--by", "Robyn").code == 0
    # Outside the OpFor's turn, settled by the table (R-1SS-S19).
    r = collect("attack", "Grunt 1", "Robyn", "--dice", "1,2", "--opt", "free=true", "--json")
    assert r.code == 0, r.err
    assert fighter_of(collect, "Robyn")["status"] == "upright"  # the wound is ignored
    assert tokens(collect)["T2"]["state"] == "dropped"
    # anyone may pick it up again
    assert collect("activate", "John").code == 0
    assert collect("solo", "token", "T2", "pick", "--by", "John").code == 0


def test_a_fighter_that_is_out_cannot_pick_up_or_bring_home(collect):
    assert collect("activate", "Will").code == 0
    assert collect("solo", "token", "T1", "pick", "--by", "Will").code == 0
    assert collect("set", "Will", "--state", "out").code == 0  # by hand: no drop
    r = collect("solo", "token", "T1", "home")
    assert r.code == 1 and "Will is out" in r.err
    r = collect("solo", "token", "T3", "pick", "--by", "Will", "--free")
    assert r.code == 1 and "out of the game" in r.err


def test_a_prone_fighter_cannot_pick_up(collect):
    assert collect("set", "John", "--state", "wounded", "--wounds", "1").code == 0
    assert collect("activate", "John").code == 0
    r = collect("solo", "token", "T1", "pick", "--by", "John")
    assert r.code == 1 and "only action is Recover" in r.err


def test_act_takes_the_objective_actions_with_their_facts(collect):
    assert collect("activate", "Marian").code == 0
    assert collect("act", "Marian", "move", "--opt", "inches=2").code == 0
    r = collect("act", "Marian", "pick-token", "--opt", "token=T4", "--json")
    assert r.code == 0, r.err
    assert tokens(collect)["T4"]["carrier"] == "Marian"
    assert fighter_of(collect, "Marian")["flags"]["actions"] == 0
    r = collect("act", "Marian", "bring-home", "--opt", "token=T4")
    assert r.code == 0, r.err
    assert tokens(collect)["T4"]["state"] == "home"
    r = collect("act", "Marian", "bring-home", "--opt", "token=T5")
    assert r.code == 2 and "does not carry token T5" in r.err
    r = collect("act", "Marian", "pick-token", "--opt", "tokn=T5")
    assert r.code == 2 and "known: token, free" in r.err


def test_play_offers_the_objective_actions_and_their_tokens(collect):
    from companion.cli.shared import drawn_board
    from companion.game.repo import Home

    home = Home(draw=drawn_board)
    with home.reading():
        state = home.open_game(None).state
    system = systems.get("1ss")
    robyn = next(f for f in state.fighters if f.name == "Robyn")
    assert "pick-token" in ph.legal_actions(system, state, robyn)
    assert "drop-token" not in ph.legal_actions(system, state, robyn)
    spec = system.declared_actions()["pick-token"]
    picks = system.fact_choices(state, robyn, spec.facts[0])
    assert [v for _, v in picks] == ["T1", "T2", "T3", "T4", "T5", "T6"]
    grunt = next(f for f in state.fighters if f.name == "Grunt 1")
    assert "pick-token" not in system.actions_for(state, grunt)


def test_two_player_boss_carrier_drops_the_treasure_on_an_ignored_wound():
    st = game(
        fighter("ann", 0, "specialist", stat=6),
        fighter("bob", 1, "boss", stat=4),
        scenario="treasure-hunt",
    )
    from dataclasses import replace

    st = replace(st, flags=freeze({"treasure_carrier": "bob"}))
    # Ann hits with a 1; Bob defends with a 3, not above his stat 4: a wound he ignores
    out, after = resolve(st, "attack", "ann", "bob", [1, 3])
    assert after.fighter("bob").status == "upright"
    assert after.flags.get("treasure_carrier") is None
    assert any("R-1SS-S10" in s.rulings for s in out.trace.steps)


def test_play_picks_up_a_token_from_the_fighters_menu(collect):
    import io

    from play_helpers import Recording
    from prompt_toolkit.application import create_app_session
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput
    from rich.console import Console

    from companion.cli.shared import drawn_board
    from companion.game.repo import Home
    from companion.play.loop import Loop
    from companion.play.session import Session

    home = Home(draw=drawn_board)
    with home.reading():
        gf = home.open_game(None)
        name, state = gf.name, gf.state
    system = systems.get("1ss")
    robyn = next(f for f in state.fighters if f.name == "Robyn")
    assert "pick-token" in ph.legal_actions(system, state, robyn)
    # r: digital dice; 1: activate Robyn; the pick-up; 3: the third token lying (T3); q
    out, ui = io.StringIO(), Recording()
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        loop = Loop(Session(Home(draw=drawn_board), name), Console(file=out, width=120), ui)
        key = loop.action_key("pick-token")  # the same in every menu of the game
        pipe.send_text("r1" + key + "3" + "q\x03")
        loop.run()
    acting = next(labels for m, labels in ui.menus if "Robyn is activating" in m)
    assert f"{key}) Pick up a token" in acting
    assert tokens(collect)["T3"]["carrier"] == "Robyn"
    assert fighter_of(collect, "Robyn")["flags"]["actions"] < 2  # it took an action
