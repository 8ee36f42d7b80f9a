"""Systems that keep no victory points (WarStuff, SKIRMASHED) show none and take none."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize("system", ["warstuff", "skirmashed"])
def test_no_vp_on_the_board_and_none_taken_by_hand(run, system):
    assert run("game", "new", "--system", system).code == 0
    board = run("status")
    assert board.code == 0 and "VP" not in board.out, board.out
    assert run("status", "--json").json()["keeps_vp"] is False
    r = run("vp", "1", "+1")
    assert r.code == 2 and "keeps no victory points" in r.err
    assert "Round" in board.out  # the tracker counts rounds


def test_a_system_with_vp_still_shows_them(demo):
    assert "Robyn's merry men — VP 0" in demo("status").out
    assert demo("vp", "1", "+1").code == 0
