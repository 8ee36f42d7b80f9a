"""The guided session's core, without a terminal: phases, legal choices, steps, locking."""

from __future__ import annotations

import pytest

from companion import systems
from companion.cli.shared import drawn_board
from companion.dice import TypedDice
from companion.errors import RefusedError
from companion.game.events import set_fighter
from companion.game.repo import Home
from companion.game.state import replace_fighter
from companion.play import phase as ph
from companion.play.session import GameChanged, Session
from companion.systems.base import ActionRequest, Outcome


@pytest.fixture
def started(demo):
    assert demo("turn", "--dice", "7,3").code == 0
    return Session(Home(draw=drawn_board), "sample")


def test_no_terminal_refuses_with_a_pointer_to_the_one_shot_commands(run):
    r = run("play")
    assert r.code == 2
    assert r.err.count("\n") == 1
    assert "needs a terminal" in r.err and "companion status, turn, activate" in r.err


def test_phases_follow_the_turn(demo):
    s = Session(Home(draw=drawn_board), "sample")
    sys_ = s.system
    assert ph.current(sys_, s.state).kind == "setup"
    s.next_turn(TypedDice([7, 3]))
    p = ph.current(sys_, s.state)
    assert (p.kind, p.turn, p.side) == ("choose", 1, 0)
    assert p.headline(s.state) == (
        "Turn 1/8 · initiative Robyn's merry men · Robyn's merry men to activate"
    )
    s.activate("robyn")
    p = ph.current(sys_, s.state)
    assert (p.kind, p.fighter, p.actions_left) == ("acting", "robyn", 2)
    s.end_activation()
    p = ph.current(sys_, s.state)
    assert (p.kind, p.side) == ("choose", 1)
    assert s.state.fighter("robyn").token and "actions" not in s.state.fighter("robyn").flags
    # A fighter holding a token is never offered; the other side's fighters are.
    assert [f.id for f in ph.candidates(sys_, s.state, 0)] == [
        "john",
        "rabbit-with-bow",
        "rabbit-with-polearm",
        "rabbit-with-axe-and-shield",
    ]


def test_upkeep_once_everyone_has_activated(started):
    s = started
    changes = tuple(set_fighter(f.id, "token", True) for f in s.state.fighters)
    s.run(lambda st, d: Outcome("override", "all tokens", changes))
    assert ph.current(s.system, s.state).kind == "upkeep"


def test_legal_actions_depend_on_the_fighter(started):
    sys_ = started.system
    state = started.state
    robyn = state.fighter("robyn")
    # Robyn is the boss: Command is hers; the training mission has no scenario actions.
    # The move comes first, as the action sequence has it (R-1SS-P16). Command is her only
    # active skill, and an action of its own: no second "skill" entry for it.
    assert ph.legal_actions(sys_, state, robyn) == ["move", "attack", "command"]
    prone = replace_fighter(state, "robyn", status="wounded").fighter("robyn")
    assert ph.legal_actions(sys_, state, prone) == ["recover"]
    # With every enemy out there is no one to attack.
    alone = state
    for f in state.side_fighters(1):
        alone = replace_fighter(alone, f.id, status="out")
    assert ph.legal_actions(sys_, alone, alone.fighter("robyn")) == ["move", "command"]
    assert ph.legal_actions(sys_, state, state.fighter("rabbit-with-bow")) == ["move", "attack"]
    assert ph.reactions(sys_) == ["fall"]


def test_a_step_holds_no_lock_between_steps_and_sees_other_terminals(started, run):
    s = started
    # Another terminal writes between two steps of the session.
    assert run("vp", "1", "+2").code == 0
    assert s.refresh() is True
    assert s.state.sides[0].vp == 2
    s.activate("robyn")
    assert run("status", "--json").json()["active"] == "robyn"


def test_a_step_refuses_when_the_game_changed_since_the_board_was_shown(started, run):
    s = started
    assert run("vp", "1", "+1").code == 0
    with pytest.raises(GameChanged):
        s.activate("robyn")
    # Nothing was written by the refused step.
    log = run("log", "--json").json()["items"]
    assert [e["kind"] for e in log] == ["turn", "vp"]
    assert s.state.sides[0].vp == 1  # the session now shows the fresh state
    s.activate("robyn")


def test_undo_and_redo_are_steps(started, run):
    s = started
    s.activate("robyn")
    s.undo()
    assert s.state.active is None
    assert run("status", "--json").json()["active"] is None
    s.redo()
    assert s.state.active == "robyn"


def test_refused_rules_write_nothing(started, run):
    s = started
    with pytest.raises(RefusedError):
        s.activate("cpt-fawkes")  # Robyn's side has the initiative
    assert len(run("log", "--json").json()["items"]) == 1


def test_each_step_is_timed_without_python_start_up(started):
    """One activation or end of activation, read-check-write included, each timed by the
    session itself (how long they take is measured in bench/limits.py, not here)."""
    s = started
    for fid in ("robyn", "cpt-fawkes", "john", "t-999"):
        s.activate(fid)
        s.end_activation()
    assert len(s.step_times) == 8 and all(t >= 0 for t in s.step_times)


def test_resolve_goes_through_the_system(started, monkeypatch):
    s = started
    seen = {}

    def resolve(state, request, dice):
        seen["req"] = request
        (v,) = dice.roll(6, 1, "a test")
        return Outcome("attack", f"rolled {v}", (set_fighter("robyn", "flags.actions", 1),))

    monkeypatch.setattr(s.system, "resolve", resolve)
    s.activate("robyn")
    res = s.resolve(ActionRequest("attack", "robyn", "cpt-fawkes"), TypedDice([4]))
    assert res.events[0].summary == "rolled 4"
    assert res.events[0].data["dice"] == (4,)
    assert seen["req"].target == "cpt-fawkes"
    assert systems.get("1ss") is s.system
