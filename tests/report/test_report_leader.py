"""The headline names the leader by the scenario's own score in every system, and the key
moments are real: the least likely success is one that held."""

from __future__ import annotations

from fractions import Fraction

import pytest
from report_helpers import play

from companion import systems
from companion.cli.shared import drawn_board
from companion.game.repo import Home
from companion.report.build import build_report
from companion.report.headline import headline
from companion.report.moments import held
from companion.report.standing import fighters_out, from_status, standing
from companion.trace import Roll, Step

# Events played in each system's default scenario that leave the game still running.
# A system not named here (a plug-in's) plays a few.
RUNNING = {"1ss": 40, "warstuff": 40, "smbfat": 12, "monochrome": 40, "skirmashed": 6}


@pytest.mark.parametrize("system_id", systems.ids())
def test_a_running_game_names_its_leader_or_says_level_in_every_system(system_id, home):
    events = RUNNING.get(system_id, 6)
    gf = play(Home(home, draw=drawn_board), system_id, f"sim-{system_id}", events, 7)
    report = build_report(systems.get(system_id), gf)
    assert not report.finished, report.headline
    assert report.headline.startswith("Still running, "), report.headline
    assert " lead on " in report.headline or "; level on " in report.headline, report.headline


def test_monochromes_points_killed_and_a_solo_games_fighters_out():
    lines = ["Fate: Bear Clan 9, Bobbies 8", "Killed: Bear Clan 3 (30 pts), Bobbies 2 (26 pts)"]
    score = standing([("Bear Clan", 0), ("Bobbies", 0), ("Neutral targets", 0)], False, lines,
                     [2, 3, 0], [9, 8, 0])  # fmt: skip
    assert headline(None, False, [], False, False, "round 4 of 6", score) == (
        "Still running, round 4 of 6; Bear Clan lead on points killed, 30 to 26."
    )
    solo = fighters_out(["Outlaws", "OpFor"], [1, 4], [5, 10])
    assert headline(None, False, [], False, True, "turn 4", solo) == (
        "Still running, turn 4; Outlaws lead on fighters out "
        "(Outlaws 1 of 5 out, OpFor 4 of 10 out)."
    )
    # Fewer casualties lead; a level score says so.
    cas = from_status(["A", "B"], ["Casualties: A 3, B 1"])
    assert cas is not None and cas.lead() == "B lead on casualties, 1 to 3"
    even = from_status(["A", "B"], ["Score: A 2, B 2"])
    assert even is not None and even.lead() == "level on score, 2 each"


def _step(who: str, title: str, success: bool, outcome: str = "") -> Step:
    roll = Roll(who=who, sides=6, count=1, keep=None, keep_n=1, dice=(6,), kept=(0,))
    return Step(title, outcome or title, roll, success=success, probability=Fraction(1, 6))


def test_a_hit_then_defended_is_no_success_that_held():
    hit = _step("Robyn", "Robyn attacks Fawkes", True, "hit")
    saved = _step("Fawkes", "Fawkes defends", True, "defended")
    wounded = _step("Fawkes", "Fawkes defends", False, "not defended: a wound")
    assert not held((hit, saved), 0) and held((hit, saved), 1)
    assert held((hit, wounded), 0)
    # Someone else's roll that follows without answering it (the terrain's kill roll).
    terrain = _step("Goblin", "Dangerous terrain", True, "a hit")
    kill = _step("the terrain", "Kill roll on Goblin", True, "killed")
    assert held((terrain, kill), 0)


def test_the_least_likely_success_of_a_played_game_held(home):
    gf = play(Home(home, draw=drawn_board), "1ss", "sim", 400, seed=7)
    report = build_report(systems.get("1ss"), gf)
    rare = next(m for m in report.moments if m.title == "Least likely success")
    assert "defended" not in rare.text.split(".")[0], rare.text
