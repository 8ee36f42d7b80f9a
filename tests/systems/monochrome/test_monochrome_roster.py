"""Monochrome warbands: the points table, the force restrictions and the class table."""

from __future__ import annotations

import pytest
from monochrome_helpers import MONO, D, fighter

from companion.game.state import freeze
from companion.roster import Roster

ATTACK = {2: 1, 3: 3, 4: 6, 5: 10, 6: 15, 7: 21, 8: 26, 9: 30, 10: 33, 11: 35, 12: 36}
DEFENCE = {0: 0, 1: 5, 2: 11, 3: 18, 4: 26, 5: 35}


def errors(roster: Roster) -> list[str]:
    return [p.message for p in MONO.check_roster(roster) if p.severity == "error"]


def warband(*fighters, **options) -> Roster:
    return Roster("W", "monochrome", tuple(fighters), "", False, freeze(options))


@pytest.mark.parametrize("attack", list(ATTACK))
@pytest.mark.parametrize("defence", list(DEFENCE))
def test_points_table_every_value(attack, defence):
    # R-MON-01: the fighter's cost is the two table values added.
    assert D.cost(attack, defence) == ATTACK[attack] + DEFENCE[defence]
    assert MONO.check_fighter(fighter("X", "soldier", attack, defence)) == []


def test_points_example_hunter():
    # The source's example stat line: a Soldier with Attack 5, Defence 1 costs 10 + 5.
    assert D.cost(5, 1) == 15
    assert MONO.describe_fighter(fighter("Hunter", "soldier", 5, 1))["equipment"] == "15 pts"


@pytest.mark.parametrize(("attack", "defence"), [(0, 1), (1, 1), (13, 1), (5, -1), (5, 6)])
def test_points_table_refuses_values_off_the_table(attack, defence):
    # R-MON-P02: Attack 2-12 and Defence 0-5 only.
    problems = MONO.check_fighter(fighter("X", "soldier", attack, defence))
    assert len(problems) == 1
    assert "must be" in problems[0].message


def test_unknown_class_is_refused():
    problems = MONO.check_fighter(fighter("X", "wizard", 5, 1))
    assert "not a class" in problems[0].message and "soldier" in problems[0].message


def test_points_limit_and_its_option():
    big = [fighter(f"F{i}", "soldier", 12, 1) for i in range(6)]  # 41 points each = 246
    assert any("over its limit of 200" in e for e in errors(warband(*big)))
    assert errors(warband(*big, points=250)) == []


def test_at_most_16_fighters():
    many = [fighter(f"F{i}", "soldier", 2, 0) for i in range(17)]
    assert any("at most 16" in e for e in errors(warband(*many)))
    assert errors(warband(*many[:16])) == []


def test_half_with_defence_two_or_less_rounds_up():
    # R-MON-P01: 3 fighters need 2 with Defence 2 or less.
    low = fighter("Low", "soldier", 5, 2)
    high = [fighter(f"H{i}", "soldier", 5, 3) for i in range(2)]
    assert any("Defence 2 or less" in e for e in errors(warband(low, *high)))
    assert errors(warband(low, fighter("Low2", "soldier", 5, 1), high[0])) == []


def test_half_of_a_basic_class_rounds_up():
    # R-MON-P01: with 3 fighters, 2 must be basic; 2 rare is also the rare limit.
    rare = [fighter("M", "monster", 5, 1), fighter("Mech", "mech", 5, 1)]
    out = errors(warband(*rare, fighter("S", "soldier", 5, 1)))
    assert any("basic class" in e for e in out)
    assert (
        errors(warband(rare[0], fighter("S", "soldier", 5, 1), fighter("T", "drone", 5, 1))) == []
    )


def test_at_most_two_rare():
    rare = [fighter(f"M{i}", "monster", 2, 0) for i in range(3)]
    basic = [fighter(f"S{i}", "soldier", 2, 0) for i in range(3)]
    assert any("at most 2" in e for e in errors(warband(*rare, *basic)))


def test_every_problem_at_once():
    fs = [fighter(f"M{i}", "monster", 12, 5) for i in range(4)]
    out = errors(warband(*fs))
    assert len(out) == 4  # points, defence half, basic half, rare limit


def test_class_table_is_ours_and_a_roster_may_change_it():
    # R-MON-02: the default lets a Soldier Walk or Run; a roster may add a class.
    assert {"walk", "run"} <= set(D.classes["soldier"].actions)
    fs = [fighter("Z", "zombie", 5, 1), fighter("S", "soldier", 5, 1)]
    assert any("not a class" in e for e in errors(warband(*fs)))
    opts = {"class.zombie": "basic", "actions.zombie": "walk,strike"}
    assert errors(warband(*fs, **opts)) == []
    state = MONO.new_game([warband(*fs, **opts), warband(*fs, **opts)], "no-scenario", {})
    assert state.fighters[0].skills == ("walk", "strike")
    assert any(
        "unknown action" in e for e in errors(warband(*fs, **{**opts, "actions.zombie": "fly"}))
    )
    assert any("unknown Monochrome roster option" in e for e in errors(warband(*fs, size=3)))


def test_samples_are_legal_and_labelled():
    samples = MONO.sample_rosters()
    assert len(samples) == 2
    for s in samples:
        assert errors(s) == []
        assert "companion" in s.notes


def test_a_user_rules_file_adds_a_class(home, run):
    home.mkdir(parents=True, exist_ok=True)
    (home / "monochrome_classes.toml").write_text(
        '[classes.zombie]\nkind = "basic"\nactions = ["walk", "strike"]\n'
        '[classes.drone]\nkind = "basic"\nactions = ["walk", "snipe"]\n'
    )
    assert run("roster", "new", "Dead", "-s", "monochrome").code == 0
    r = run(
        "roster", "add", "Dead", "Z", "-r", "zombie", "--stat", "attack=5", "--stat", "defence=1"
    )
    assert r.code == 0, r.err
    state = MONO.new_game(
        [warband(fighter("Z", "zombie", 5, 1)), warband(fighter("D", "drone", 5, 1))],
        "no-scenario",
        {},
    )
    assert [f.skills for f in state.fighters] == [("walk", "strike"), ("walk", "snipe")]
    (home / "monochrome_classes.toml").write_text(
        '[classes.x]\nkind = "basic"\nactions = ["fly"]\n'
    )
    r = run("roster", "check", "Dead")
    assert r.code != 0 and "monochrome_classes.toml" in r.err and "fly" in r.err


def test_every_ruling_the_code_cites_is_listed():
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[3] / "companion" / "systems" / "monochrome"
    cited = set()
    for path in root.glob("*.py"):
        cited |= set(re.findall(r"R-MON-P?\d\d", path.read_text()))
    listed = {r.id for r in MONO.rulings()}
    assert cited and cited <= listed, cited - listed
    assert {f"R-MON-0{i}" for i in range(1, 6)} <= listed


def test_a_roster_that_adds_its_own_class_imports_and_takes_new_fighters(home, run, tmp_path):
    """R-MON-02: a roster's own class table counts when its fighters are checked on
    import, on `roster add` and on `roster edit`, not only in `roster check`."""
    import json

    doc = {
        "name": "Crew",
        "system": "monochrome",
        "options": {"class.pirate": "basic", "actions.pirate": "walk,strike"},
        "fighters": [
            {"name": "Peg", "rank": "pirate", "stats": {"attack": 5, "defence": 1}},
            {"name": "Hook", "rank": "pirate", "stats": {"attack": 5, "defence": 1}},
        ],
    }
    path = tmp_path / "crew.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    r = run("roster", "import", str(path))
    assert r.code == 0, r.err
    r = run(
        "roster",
        "add",
        "Crew",
        "Smee",
        "--rank",
        "pirate",
        "--stat",
        "attack=5",
        "--stat",
        "defence=1",
    )
    assert r.code == 0, r.err
    assert run("roster", "edit", "Crew", "Smee", "--stat", "attack=6").code == 0
