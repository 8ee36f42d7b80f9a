"""Facts that contradict each other are refused in every system, naming both: an attack
is melee or a shot as the player says, and a fact of the other kind is an error. A
distance for a fighter that has no shot says what made the attack a shot."""

from __future__ import annotations

from monochrome_helpers import setup_game as monochrome_game


def test_1ss_a_shot_with_ganging_up_is_refused(demo):
    assert demo("turn", "--dice", "7,3").code == 0
    assert demo("activate", "Robyn").code == 0
    r = demo("attack", "Robyn", "Frogger with rifle", "--range", "7", "--opt", "ganging=2")
    assert r.code == 2 and "Traceback" not in r.err
    assert "'ganging' is for a melee attack, but this attack is a shot" in r.err
    assert "leave one of them out" in r.err


def test_warstuff_brutal_on_a_shot_and_a_shot_without_a_shooter(run):
    assert run("game", "new", "--system", "warstuff").code == 0
    assert run("turn", "--dice", "6,1").code == 0
    r = run(
        "odds", "Dwarf Rifleman", "Orc Warrior", "--range", "5", "--opt", "brutal=Orc Warrior 2"
    )
    assert r.code == 2 and "'brutal' is for a melee attack" in r.err
    r = run("odds", "Dwarf Warrior", "Orc Warrior", "--range", "5")
    assert r.code == 1
    assert "Dwarf Warrior has no ranged attack (no Shooter rule)" in r.err and "--range" in r.err
    assert run("odds", "Dwarf Rifleman", "Orc Warrior", "--range", "5").code == 0


def test_monochrome_a_melee_action_given_as_a_shot(run):
    monochrome_game(run)
    assert run("turn").code == 0
    r = run("odds", "Bob", "Bear", "--range", "3", "--opt", "action=butt")
    assert r.code == 2
    assert "Butt is a melee attack, but this attack was given as a shot" in r.err
    # A distance means a shot, which reaches any enemy in sight here.
    assert run("odds", "Bob", "Bear", "--range", "3").code == 0
    r = run("odds", "Bear", "Bob", "--range", "3")
    assert r.code == 1 and "Bear has no ranged attack" in r.err and "--range" in r.err
