"""Warband building rules of 1ss (R-1SS-15), one test per rule."""

from __future__ import annotations

from companion import systems
from companion.game.state import freeze
from companion.roster import Roster, RosterFighter

S = systems.get("1ss")


def f(name, rank, stat, equipment=(), skills=()):
    return RosterFighter(name, rank, freeze({"stat": stat}), tuple(equipment), tuple(skills))


def boss(name="Boss", stat=5, skills=("command", "veteran"), equipment=("melee-1h",)):
    return f(name, "boss", stat, equipment, skills)


def spec(name, skill, stat=4, equipment=("melee-1h",)):
    return f(name, "specialist", stat, equipment, (skill,))


def rookie(name, stat=3, equipment=("melee-1h",), role="allrounder"):
    return f(name, "rookie", stat, equipment, (role,) if role else ())


def errors(*fighters, preset=False):
    r = Roster("Test", "1ss", tuple(fighters), preset=preset)
    return [p.message for p in S.check_roster(r) if p.severity == "error"]


def test_a_legal_warband_has_no_problems():
    assert errors(boss(), spec("S", "tank"), rookie("A"), rookie("B")) == []


def test_exactly_one_boss():
    assert any("exactly one boss" in m for m in errors(rookie("A")))
    assert any("has 2" in m for m in errors(boss("B1"), boss("B2")))


def test_one_specialist_per_two_rookies():
    msgs = errors(
        boss(), spec("S1", "tank"), spec("S2", "sniper"), rookie("A"), rookie("B"), rookie("C")
    )
    assert any("2 specialists need at least 4 rookies" in m for m in msgs)
    assert (
        errors(boss(), spec("S1", "tank"), spec("S2", "sniper"), *[rookie(c) for c in "ABCD"]) == []
    )


def test_no_specialist_skill_twice_but_boss_may_repeat():
    msgs = errors(boss(), spec("S1", "tank"), spec("S2", "tank"), *[rookie(c) for c in "ABCD"])
    assert any("share the skill Tank" in m for m in msgs)
    assert (
        errors(boss(skills=("command", "tank")), spec("S1", "tank"), rookie("A"), rookie("B")) == []
    )


def test_stat_ranges_per_rank():
    assert any("stat must be 1-6" in m for m in errors(boss(), rookie("A", stat=7)))
    assert any(
        "stat must be 1-8" in m
        for m in errors(boss(), spec("S", "tank", stat=9), rookie("A"), rookie("B"))
    )
    assert any("stat must be 1-10" in m for m in errors(boss(stat=11)))
    assert any("stat must be 1-10" in m for m in errors(boss(stat=0)))
    assert errors(boss(stat=10), rookie("A", stat=6)) == []


def test_distraction_needs_stat_three():
    assert any(
        "Distraction needs stat 3" in m
        for m in errors(boss(), rookie("A", stat=2, role="distraction"))
    )
    assert errors(boss(), rookie("A", stat=3, role="distraction")) == []


def test_hands_limits():
    two_handed_and_shield = ("melee-2h", "shield")
    assert any(
        "3 hands" in m and "rookie has 2" in m
        for m in errors(boss(), rookie("A", equipment=two_handed_and_shield))
    )
    assert errors(boss(equipment=two_handed_and_shield)) == []
    assert any(
        "4 hands" in m and "boss has 3" in m
        for m in errors(boss(equipment=("melee-2h", "medium-shooter")))
    )


def test_preset_warband_reports_hands_as_a_note():
    r = Roster("T", "1ss", (boss(equipment=("melee-2h", "medium-shooter")),), preset=True)
    probs = S.check_roster(r)
    assert [p.severity for p in probs] == ["note"]
    assert "R-1SS-P01" in probs[0].message


def test_rookie_roles_and_specialist_skills_are_not_mixed():
    assert any(
        "take a role, not a specialist skill" in m
        for m in errors(boss(), f("A", "rookie", 3, ("melee-1h",), ("tank",)))
    )
    assert any(
        "roles are for rookies" in m
        for m in errors(boss(), f("S", "specialist", 4, (), ("thug",)), rookie("A"), rookie("B"))
    )


def test_boss_has_command_and_one_more_skill():
    assert any("always has the Command" in m for m in errors(boss(skills=("veteran",))))
    assert any(
        "exactly one other skill, not 2" in m
        for m in errors(boss(skills=("command", "veteran", "tank")))
    )
    assert any(
        "Command is the boss's skill only" in m
        for m in errors(boss(), f("S", "specialist", 4, (), ("command",)), rookie("A"), rookie("B"))
    )


def test_berserker_and_martial_artist_gear():
    assert any(
        "Berserker may carry melee weapons only" in m
        for m in errors(
            boss(), spec("S", "berserker", equipment=("light-shooter",)), rookie("A"), rookie("B")
        )
    )
    assert any(
        "Martial Artist carries no weapons" in m
        for m in errors(
            boss(), spec("S", "martial-artist", equipment=("melee-1h",)), rookie("A"), rookie("B")
        )
    )


def test_every_problem_is_reported_at_once():
    msgs = errors(rookie("A", stat=9), rookie("A", stat=0, role="distraction"))
    assert len(msgs) >= 4  # two stat ranges, the duplicate name, no boss, distraction


def test_sample_warbands_pass():
    for r in S.sample_rosters():
        assert errors(*r.fighters, preset=r.preset) == []
