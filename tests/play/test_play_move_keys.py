"""A move rolls nothing, so play takes it without a confirming screen: the facts it took
as usual (in 1ss its distance too, which the rules only check against the reach) are said
under the result, and `More → c` takes the step back to change one. A move that ends the
activation is one entry of its own."""

from __future__ import annotations

import shutil

import pytest
import test_play_pty
from play_helpers import play_keys

term = test_play_pty.term  # the fixture that starts a terminal


def test_a_move_takes_two_keys_and_says_what_it_took_as_usual(demo):
    assert demo("turn", "--dice", "7,3").code == 0
    # r: digital dice; 1 activates Robyn, o moves: nothing more is asked.
    out, ui = play_keys("sample", "r1o", rows=24, width=80)
    log = demo("log", "--json").json()["items"]
    move = log[-1]
    assert move["kind"] == "move" and move["summary"] == 'Robyn moves up to 6"'
    assert not any(m.startswith("Enter rolls") for m, _ in ui.menus)
    said = " ".join(out.split())
    assert "Taken as usual: How far does Robyn move (inches)? not given (up to its reach)" in said
    assert "Does Robyn start within 1 step of an enemy" in said


def test_more_c_takes_the_move_back_to_give_its_distance(demo):
    assert demo("turn", "--dice", "7,3").code == 0
    # The move, then More → c: the confirming screen, the distance (1) given as 4.
    out, ui = play_keys("sample", "r1o" + "mc" + "1" + "4\r" + "\r", rows=24, width=80)
    head, entries = next((m, e) for m, e in ui.menus if m.startswith("Enter takes it"))
    assert entries[0] == "r) Take it (Enter)"
    assert entries[1] == "1) How far does Robyn move (inches)?: not given (up to its reach)"
    log = demo("log", "--json").json()["items"]
    assert [e["kind"] for e in log].count("move") == 1, "the first move was taken back"
    assert log[-1]["summary"] == 'Robyn moves 4"'


def test_more_c_changes_whether_the_move_breaks_free(demo):
    assert demo("turn", "--dice", "7,3").code == 0
    # The engagement fact (2) flipped to yes, and Enter: the move now breaks free and
    # costs the second action.
    play_keys("sample", "r1o" + "mc" + "2" + "\r", rows=24, width=80)
    robyn = demo("status", "--json").json()["sides"][0]["fighters"][0]
    assert robyn["name"] == "Robyn" and robyn["flags"]["actions"] == 0, robyn


def test_backing_out_of_the_change_keeps_the_step(demo):
    assert demo("turn", "--dice", "7,3").code == 0
    play_keys("sample", "r1o" + "mc" + "b", rows=24, width=80)
    log = demo("log", "--json").json()["items"]
    assert log[-1]["summary"] == 'Robyn moves up to 6"'


def test_move_then_end_is_one_key_and_can_be_changed(demo):
    assert demo("turn", "--dice", "7,3").code == 0
    out, ui = play_keys("sample", "r1", rows=24, width=80)
    entries = dict(e.split(") ", 1) for e in ui.menus[-1][1])
    key = next(k for k, label in entries.items() if label == "Move, then end the activation")
    out, ui = play_keys("sample", key, rows=24, width=80)
    log = demo("log", "--json").json()["items"]
    assert [e["kind"] for e in log[-2:]] == ["move", "activation-end"], log[-2:]
    said = " ".join(out.split())
    assert 'Robyn moves up to 6"' in said and "Taken as usual" in said
    assert "Robyn ends the activation" in said
    demo("undo")
    demo("undo")
    # More → c takes both steps back and asks the move again; the activation ends again.
    play_keys("sample", key + "mc" + "1" + "5\r" + "\r", rows=24, width=80)
    log = demo("log", "--json").json()["items"]
    assert log[-2]["summary"] == 'Robyn moves 5"', log[-2:]
    assert log[-1]["kind"] == "activation-end"
    assert [e["kind"] for e in log].count("move") == 1


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
def test_a_refused_distance_says_why_whole_at_80_columns(demo, term):
    """The field's one-line toolbar would cut the rules' reason at the edge: it is
    printed whole under the field, and the question asked again."""
    assert demo("turn", "--dice", "7,3").code == 0
    t = term("play", 80, 24)
    t.wait("roll for you, or enter")
    t.press("r", test_play_pty.HINT)
    t.press("1", "is activating")
    t.press("o", "Taken as usual")
    t.press("m", "More")
    t.press("c", "Enter takes it")
    # An entry longer than the terminal wraps: its answer is on screen, not cut off.
    t.settle()
    shown = " ".join(t.visible().split())
    assert "(breaking free costs its second action)?: no" in shown, shown
    t.press("1", "How far does Robyn move")
    t.press("9", "How far does Robyn move", enter=True)
    shown = " ".join(t.visible().split())
    assert 'Robyn moves 6" at most (its stat 6), not 9"' in shown, shown
    t.press("5", "Enter takes it", enter=True)
    t.press("r", test_play_pty.HINT)
    t.press("q", "[exit 0]")
