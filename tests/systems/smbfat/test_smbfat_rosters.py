"""SMBFAT forces: type costs and dice, traits, rerolls and the 20-40 point budget."""

from __future__ import annotations

import pytest
from smbfat_helpers import SMB, fig, force

from companion.roster import RosterFighter
from companion.systems.smbfat.roster_rules import figure_cost, force_cost
from companion.values import replace


@pytest.mark.parametrize(
    ("kind", "cost", "melee", "ranged"),
    [
        ("brawler", 3, 2, 0),
        ("shooter", 3, 1, 1),
        ("warrior", 4, 2, 1),
        ("gunslinger", 4, 1, 2),
        ("elite", 5, 2, 2),
    ],
)
def test_each_type_has_the_texts_cost_and_dice(kind, cost, melee, ranged):
    t = SMB.data.types[kind]
    assert (t.cost, t.melee, t.ranged) == (cost, melee, ranged)
    assert figure_cost(SMB.data, fig("X", kind)) == cost
    # The board shows a dash for a type without ranged dice.
    assert SMB.describe_fighter(fig("X", kind))["stat"] == f"{melee} / {ranged or '-'}"


@pytest.mark.parametrize("trait", list(SMB.data.traits))
def test_each_trait_costs_one_point(trait):
    assert figure_cost(SMB.data, fig("X", "warrior", trait)) == 5


def test_there_are_the_eight_traits_of_the_text():
    assert set(SMB.data.traits) == {
        "armor", "brutal", "fast", "fear", "heavy", "leader", "spread", "talented",
    }  # fmt: skip


def test_a_figure_pays_type_plus_every_trait():
    # An Elite with Armor, Fear and Leader: 5 + 3.
    assert figure_cost(SMB.data, fig("Dragon", "elite", "armor", "fear", "leader")) == 8


def test_rerolls_cost_a_point_each():
    r = force("F", *[fig(f"B{i}") for i in range(7)], rerolls=3)
    assert force_cost(SMB.data, r) == 21 + 3


def test_the_sample_forces_are_within_budget_with_their_totals():
    knights, rifles = SMB.sample_rosters()
    assert force_cost(SMB.data, knights) == 31
    assert force_cost(SMB.data, rifles) == 33
    for r in (knights, rifles):
        assert not [p for p in SMB.check_roster(r) if p.severity == "error"]
        assert "sample" in r.notes.lower()
        assert sum("leader" in f.skills for f in r.fighters) == 1


def _errors(roster):
    return [p.message for p in SMB.check_roster(roster) if p.severity == "error"]


def test_check_reports_every_problem_at_once():
    bad = RosterFighter("Odd", "wizard", {"melee": 1, "ranged": 1}, (), ("armor", "armor"), "")
    wrong_dice = replace(fig("Brute"), stats={"melee": 3, "ranged": 0})
    r = force(
        "F",
        bad,
        wrong_dice,
        fig("L1", "brawler", "leader"),
        fig("L2", "brawler", "leader", "wings"),
        rerolls=0,
    )
    errs = _errors(r)
    assert any("'wizard' is not a figure type" in e for e in errs)
    assert any("Armor is bought 2 times" in e for e in errs)
    assert any("a Brawler rolls 2 melee and 0 ranged dice" in e for e in errs)
    assert any("'wings' is not a trait" in e for e in errs)
    assert any("only one figure of a force may be a Leader, not 2: L1, L2" in e for e in errs)
    assert any("it must cost 20 to 40" in e for e in errs)


def test_a_force_under_20_or_over_40_points_is_refused():
    assert _errors(force("F", *[fig(f"B{i}") for i in range(6)], rerolls=1)) == [
        "the force costs 19 points; it must cost 20 to 40 (figures, traits and rerolls)"
    ]
    assert _errors(force("F", *[fig(f"B{i}") for i in range(6)], rerolls=2)) == []
    assert _errors(force("F", *[fig(f"E{i}", "elite") for i in range(8)], rerolls=0)) == []
    over = force("F", *[fig(f"E{i}", "elite") for i in range(8)], rerolls=1)
    assert _errors(over) == [
        "the force costs 41 points; it must cost 20 to 40 (figures, traits and rerolls)"
    ]


def test_unknown_roster_options_and_bad_values_are_named():
    r = force("F", *[fig(f"B{i}") for i in range(7)], rerolls=0, colour="red")
    errs = _errors(r)
    assert errs == ["unknown option 'colour'; options: rerolls"]
    r = force("F", *[fig(f"B{i}") for i in range(7)], rerolls=99)
    assert "option rerolls takes 0 to 40, not 99" in _errors(r)


def test_a_new_game_refuses_a_force_that_breaks_the_rules():
    from companion.errors import UsageError

    ok = force("A", *[fig(f"B{i}") for i in range(7)])
    small = force("B", fig("Lone"))
    with pytest.raises(UsageError, match="'B' breaks the force rules: the force costs 3 points"):
        SMB.new_game([ok, small], "battle", {})


def test_the_roster_summary_gives_the_total():
    knights, _ = SMB.sample_rosters()
    assert SMB.roster_summary(knights) == (
        "Total 31 points (2 rerolls at 1 each); a force costs 20 to 40"
    )


def test_names_must_differ_and_a_game_needs_two_forces():
    from companion.errors import UsageError

    r = force("F", *[fig("Twin") for _ in range(7)])
    assert _errors(r) == ["the name 'twin' is used 7 times; names must differ"]
    ok = force("A", *[fig(f"B{i}") for i in range(7)])
    with pytest.raises(UsageError, match="played by two forces"):
        SMB.new_game([ok, ok, ok], "battle", {})
