"""A move rolls nothing, so play takes it without a confirming screen: the facts it took
as usual are said under the result, and `More → c` takes the step back to change one."""

from __future__ import annotations

import shutil

import pytest
import test_play_pty
from play_helpers import play_keys

term = test_play_pty.term  # the fixture that starts a terminal


def test_a_move_takes_three_keys_and_says_what_it_took_as_usual(demo):
    assert demo("turn", "--dice", "7,3").code == 0
    # r: digital dice; 1 activates Robyn, o moves, 6 and Enter give the distance: nothing more.
    out, ui = play_keys("sample", "r1o6\r", rows=24, width=80)
    log = demo("log", "--json").json()
    move = log[-1]
    assert move["kind"] == "move" and move["summary"] == 'Robyn moves 6"'
    assert not any(m.startswith("Enter rolls") for m, _ in ui.menus)
    assert "Taken as usual: Does Robyn start within 1 step of an enemy" in " ".join(out.split())


def test_more_c_takes_the_move_back_to_change_what_it_took(demo):
    assert demo("turn", "--dice", "7,3").code == 0
    # The move, then More → c: the confirming screen, the engagement fact (2) flipped to
    # yes, and Enter: the move now breaks free and costs the second action.
    out, ui = play_keys("sample", "r1o6\r" + "mc" + "2" + "\r", rows=24, width=80)
    head, entries = next((m, e) for m, e in ui.menus if m.startswith("Enter takes it"))
    assert entries[0] == "r) Take it (Enter)"
    log = demo("log", "--json").json()
    assert [e["kind"] for e in log].count("move") == 1, "the first move was taken back"
    robyn = demo("status", "--json").json()["sides"][0]["fighters"][0]
    assert robyn["name"] == "Robyn" and robyn["flags"]["actions"] == 0, robyn


def test_backing_out_of_the_change_keeps_the_step(demo):
    assert demo("turn", "--dice", "7,3").code == 0
    play_keys("sample", "r1o6\r" + "mc" + "b", rows=24, width=80)
    log = demo("log", "--json").json()
    assert log[-1]["summary"] == 'Robyn moves 6"'


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
    t.press("o", "How far does Robyn move")
    t.press("9", "How far does Robyn move", enter=True)
    shown = " ".join(t.visible().split())
    assert 'Robyn moves 6" at most (its stat 6), not 9"' in shown, shown
    t.press("5", "Taken as usual", enter=True)
    t.press("q", "[exit 0]")
