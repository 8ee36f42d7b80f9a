"""The OpFor procedure picks targets as the rules want: a Distraction within 10" draws
every action (R-1SS-S17), and a fighter that first moves to cover attacks the fighter
closest to it after that move (R-1SS-S18)."""

from __future__ import annotations

import copy

import pytest

from tests.play_helpers import play_keys
from tests.solo_helpers import PLAYERS, WARBAND, warband_file


@pytest.fixture
def solo(run, tmp_path):
    """Will is a Distraction (stat 3); seed 3 brings Sergeant 1 (D8, stat 5) first."""
    band = copy.deepcopy(WARBAND)
    will = next(f for f in band["fighters"] if f["name"] == "Will")
    will["skills"] = ["distraction"]
    assert run("roster", "import", warband_file(tmp_path, band)).code == 0
    r = run("solo", "new", "-r", "Outlaws", "--seed", "3", "--name", "solo")
    assert r.code == 0, r.err
    assert run("turn").code == 0
    for p in PLAYERS:
        assert run("activate", p).code == 0
    return run


def walk(run, *facts):
    return run("solo", "opfor", "Sergeant 1", *facts, "--json")


def test_without_a_terminal_the_distraction_question_names_its_flag(solo):
    r = walk(solo, "--can-attack", "--in-cover", "--target", "Robyn")
    assert r.code == 2
    assert 'Is one of your Distractions within 10" of Sergeant 1?' in r.err
    assert "--distraction NAME|none" in r.err


def test_a_distraction_within_10_is_attacked_instead_of_the_closest(solo):
    # Sergeant 1's D8 shows 2 (a hit at stat 5); Will defends on 2D6 keep lowest against
    # a Brawler: 1 and 1, Will is out.
    r = walk(solo, "--distraction", "Will", "--can-attack", "--in-cover", "--dice", "2,1,1")
    assert r.code == 0, r.err
    out = r.json()
    assert out["branch"] == "attack-from-cover"
    assert out["instruction"] == 'stay in cover and attack Will, the Distraction within 10"'
    assert out["request"]["target"] == "will"
    assert out["request"]["options"]["distraction"] == "will"
    steps = out["events"][0]["trace"]["steps"]
    assert steps[0]["title"] == "Distraction" and "R-1SS-S17" in steps[0]["rulings"]
    assert out["events"][1]["summary"] == "Sergeant 1 attacks Will; Will: out"


def test_a_distraction_out_of_reach_draws_the_move_whatever_it_sees(solo):
    r = walk(solo, "--distraction", "Will", "--cannot-attack")
    assert r.code == 0, r.err  # no --los, --target or --leader asked
    out = r.json()
    assert out["branch"] == "close-in"
    assert out["instruction"] == 'move 5" toward Will, staying in cover as well as possible'


def test_no_distraction_near_attacks_the_closest_without_the_reminder(solo):
    r = walk(
        solo, "--distraction", "none", "--can-attack", "--in-cover", "--target", "Robyn",
        "--dice", "2,9,9",
    )  # fmt: skip
    assert r.code == 0, r.err
    out = r.json()
    assert out["request"]["target"] == "robyn"
    assert out["request"]["options"]["distraction"] is False
    attack_steps = [s["title"] for s in out["events"][1]["trace"]["steps"]]
    assert "Distraction" not in attack_steps  # the table said none is within 10"


def test_a_target_other_than_the_distraction_is_refused(solo):
    r = walk(solo, "--distraction", "Will", "--can-attack", "--in-cover", "--target", "Robyn")
    assert r.code == 2
    assert "--target Robyn and --distraction Will disagree" in r.err
    r = walk(solo, "--distraction", "Robyn", "--cannot-attack")
    assert r.code == 2 and "Robyn is not one of your Distractions in play" in r.err


def test_moving_to_cover_asks_for_the_closest_fighter_after_the_move(solo):
    r = walk(solo, "--distraction", "none", "--can-attack", "--in-open", "--no-engaged")
    assert r.code == 2
    assert (
        "First move Sergeant 1 to the nearest cover. Which of your fighters is closest to "
        "Sergeant 1 now?"
    ) in r.err
    r = walk(
        solo, "--distraction", "none", "--can-attack", "--in-open", "--no-engaged",
        "--target", "John", "--dice", "2,8,8",
    )  # fmt: skip
    assert r.code == 0, r.err
    out = r.json()
    assert out["instruction"] == (
        "move to the nearest cover, then attack John, the closest of your fighters from there"
    )
    steps = out["events"][0]["trace"]["steps"]
    after = next(s for s in steps if s["title"] == "Closest after the move")
    assert "R-1SS-S18" in after["rulings"]


# --- the guided mode asks the same, in the same order ------------------------------------


def test_play_asks_about_the_distraction_then_the_closest_after_the_move(solo):
    # e: enter dice; e: end Arthur's activation; the OpFor's phase walks Sergeant 1 by
    # itself: 2: none of your Distractions is within 10"; o: it can attack, but from the
    # open, so it moves first; n: it stands within 1 step of none of yours (R-1SS-S20);
    # 1: Robyn is closest after the move; Enter: no one gangs up; dice 2 (its D8), 9 and
    # 9 (Robyn's 2D10 against a Brawler): defended; q.
    keys = "ee" + "2" + "o" + "n" + "1" + "\r" + "2\r9\r9\r" + "q"
    text, ui = play_keys("solo", keys, rows=200)
    asked = [m for m, _ in ui.menus]
    i = asked.index('Is one of your Distractions within 10" of Sergeant 1? (none if not; '
                    "one that is draws all its actions)")  # fmt: skip
    assert asked[i + 1].startswith("Can Sergeant 1 attack one of your fighters")
    assert asked[i + 2].startswith("Is Sergeant 1 within 1 step of one of your fighters?")
    assert asked[i + 3] == (
        "First move Sergeant 1 to the nearest cover. Which of your fighters is closest to "
        "Sergeant 1 now?"
    )
    log = solo("log", "--game", "solo", "--json").json()["items"]
    walk_event = next(e for e in log if e["kind"] == "opfor")
    assert walk_event["data"]["branch"] == "cover-then-attack"
    assert walk_event["summary"].endswith(
        "then attack Robyn, the closest of your fighters from there"
    )


def test_a_boss_drawn_to_a_distraction_commands_an_attack_on_it_too(run, tmp_path):
    band = copy.deepcopy(WARBAND)
    next(f for f in band["fighters"] if f["name"] == "Will")["skills"] = ["distraction"]
    assert run("roster", "import", warband_file(tmp_path, band)).code == 0
    # five 1s: Captain 1 and Sergeant 1 at spawnpoint 1; a single 6: Grunt 1
    dice = "1,1,2,2,3,3,4,4,5,5,6,6,1,1,1,1,1,6"
    assert run("solo", "new", "-r", "Outlaws", "--dice", dice).code == 0
    assert run("turn").code == 0
    for p in PLAYERS:
        assert run("activate", p).code == 0
    r = run(
        "solo", "opfor", "Captain 1", "--distraction", "Will", "--cannot-attack",
        "--command", "Grunt 1", "--no-engaged", "--json",
    )  # fmt: skip
    assert r.code == 0, r.err
    out = r.json()
    assert out["branch"] == "close-in"
    assert out["instruction"].startswith('move 7" toward Will, staying in cover')
    assert "then Command: Grunt 1 attacks" in out["instruction"]
    assert 'a Distraction of yours within 10" of it must be that target' in out["instruction"]
