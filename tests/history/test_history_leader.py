"""A game's line in the record names the leader the way the battle report's headline does:
by the scenario's own score, in every system (the report's own `standing`)."""

from __future__ import annotations

import pytest
from report_helpers import play

from companion import systems
from companion.cli.shared import drawn_board
from companion.game.repo import Home
from companion.history.kept import read_game
from companion.report.build import build_report

# Events played in each system's default scenario that leave the game still running.
# A system not named here (a plug-in's) plays a few.
RUNNING = {"1ss": 40, "warstuff": 40, "smbfat": 12, "monochrome": 40, "skirmashed": 6}


@pytest.mark.parametrize("system_id", systems.ids())
def test_a_running_games_line_names_the_leader_as_the_report_does(system_id, home):
    h = Home(home, draw=drawn_board)
    gf = play(h, system_id, f"sim-{system_id}", RUNNING.get(system_id, 6), 7)
    said = read_game(h, gf.name).headline
    report = build_report(systems.get(system_id), gf).headline
    assert said.startswith("Still running, "), said
    # The report says how many rounds the scenario has ("turn 3 of 8"); the lead is the same.
    assert said.split("; ", 1)[1] == report.split("; ", 1)[1], (said, report)
