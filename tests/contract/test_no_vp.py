"""Systems that keep no victory points (WarStuff, SKIRMASHED, ...) show none and take none."""

from __future__ import annotations

import pytest

from companion import systems

NO_VP = [sid for sid in systems.ids() if not systems.get(sid).keeps_vp]


@pytest.mark.parametrize("system", NO_VP)
def test_no_vp_on_the_board_and_none_taken_by_hand(run, system):
    assert run("game", "new", "--system", system).code == 0
    board = run("status")
    assert board.code == 0 and "VP" not in board.out, board.out
    assert run("status", "--json").json()["keeps_vp"] is False
    r = run("vp", "1", "+1")
    assert r.code == 2 and "keeps no victory points" in r.err
    assert systems.get(system).turn_word in board.out  # the tracker counts rounds or turns


def test_a_system_with_vp_still_shows_them(demo):
    assert "Robyn's merry men — VP 0" in demo("status").out
    assert demo("vp", "1", "+1").code == 0


def test_the_report_of_a_game_without_vp_counts_rounds_and_no_points(run):
    assert run("game", "new", "--system", "warstuff").code == 0
    assert run("turn", "--seed", "1").code == 0
    md = run("report")
    assert md.code == 0, md.err
    assert "## Round by round" in md.out and "### Round 1" in md.out
    assert "Victory points" not in md.out and " VP" not in md.out
