"""Spawn dice grouping (R-1SS-11) and spawnpoint placement (R-1SS-12)."""

from __future__ import annotations

import pytest

from companion.dice import SeededDice, TypedDice
from companion.errors import UsageError
from companion.systems.one_stat.solo.game import profile_of, spawn_outcome
from companion.systems.one_stat.solo.spawn import group, tally
from companion.systems.one_stat.solo.spawnpoints import Square, place
from tests.solo_helpers import apply, solo_state


def hand(values):
    return [(g.face, g.count, g.ranks) for g in group(values)]


@pytest.mark.parametrize(
    ("values", "expected", "totals"),
    [
        # six singles: a straight is six rookies, not "six in a row"
        ([1, 2, 3, 4, 5, 6], [(f, 1, ("rookie",)) for f in range(1, 7)], (6, 0, 0)),
        (
            [3, 3, 1, 2, 4, 5],
            [
                (1, 1, ("rookie",)),
                (2, 1, ("rookie",)),
                (3, 2, ("specialist",)),
                (4, 1, ("rookie",)),
                (5, 1, ("rookie",)),
            ],
            (4, 1, 0),
        ),
        (
            [2, 2, 4, 4, 6, 6],
            [(2, 2, ("specialist",)), (4, 2, ("specialist",)), (6, 2, ("specialist",))],
            (0, 3, 0),
        ),
        (
            [5, 5, 5, 1, 2, 3],
            [(1, 1, ("rookie",)), (2, 1, ("rookie",)), (3, 1, ("rookie",)), (5, 3, ("boss",))],
            (3, 0, 1),
        ),
        (
            [4, 4, 4, 4, 1, 2],
            [(1, 1, ("rookie",)), (2, 1, ("rookie",)), (4, 4, ("specialist", "specialist"))],
            (2, 2, 0),
        ),
        ([6, 6, 6, 6, 6, 3], [(3, 1, ("rookie",)), (6, 5, ("boss", "specialist"))], (1, 1, 1)),
        ([1, 1, 1, 1, 1, 1], [(1, 6, ("boss", "boss"))], (0, 0, 2)),
        (
            [2, 2, 5, 6, 6, 6],
            [(2, 2, ("specialist",)), (5, 1, ("rookie",)), (6, 3, ("boss",))],
            (1, 1, 1),
        ),
        ([3, 3, 3, 4, 4, 4], [(3, 3, ("boss",)), (4, 3, ("boss",))], (0, 0, 2)),
        (
            [1, 1, 1, 1, 2, 2],
            [(1, 4, ("specialist", "specialist")), (2, 2, ("specialist",))],
            (0, 3, 0),
        ),
    ],
)
def test_grouping_every_pattern(values, expected, totals):
    assert hand(values) == expected
    t = tally(group(values))
    assert (t["rookie"], t["specialist"], t["boss"]) == totals


def test_grouping_refuses_a_face_that_is_not_a_d6():
    with pytest.raises(UsageError):
        group([1, 2, 3, 4, 5, 7])


def test_spawn_adds_fighters_at_their_spawnpoints_with_profile_stats_and_dice():
    state = solo_state()
    o = spawn_outcome(state, TypedDice([2, 2, 5, 6, 6, 6]), "Spawn")
    after = apply(state, o)
    new = [f for f in after.fighters if f.side == 1]
    prof = profile_of(state)
    by_rank = {f.rank: f for f in new}
    assert sorted((f.rank, f.flags["spawnpoint"]) for f in new) == [
        ("boss", 6),
        ("rookie", 5),
        ("specialist", 2),
    ]
    assert by_rank["boss"].die == 10 and by_rank["boss"].stat == prof.boss
    assert by_rank["specialist"].die == 8 and by_rank["specialist"].stat == prof.specialist
    assert by_rank["rookie"].die == 6 and by_rank["rookie"].stat == prof.rookie
    assert by_rank["boss"].skills == ("command", prof.specialization)  # R-1SS-S12
    assert all(f.flags["opfor"] for f in new)
    # numbers keep running: a second spawn does not reuse names or ids
    again = apply(after, spawn_outcome(after, TypedDice([1, 2, 3, 4, 5, 6]), "Spawn"))
    ids = [f.id for f in again.fighters]
    assert len(ids) == len(set(ids))
    assert "Grunt 7" in [f.name for f in again.fighters]


def test_shut_spawnpoints_spawn_nobody():
    from dataclasses import replace

    from companion.game.state import freeze

    state = solo_state("shutdown")
    state = replace(state, flags=freeze({"shut": [6]}))
    o = spawn_outcome(state, TypedDice([2, 2, 5, 6, 6, 6]), "Spawn")
    after = apply(state, o)
    assert sorted(f.rank for f in after.side_fighters(1)) == ["rookie", "specialist"]
    assert any("shut down" in s.outcome for s in o.trace.steps)


def test_spawnpoints_reroll_a_taken_square():
    dice = TypedDice([1, 1, 1, 1, 2, 3, 4, 4, 2, 3, 5, 6, 6, 6, 1, 2])
    squares, steps = place(dice, [f"S{i}" for i in range(1, 7)], 6, 6.0)
    assert squares == [
        Square(1, 1),
        Square(2, 3),
        Square(4, 4),
        Square(5, 6),
        Square(6, 6),
        Square(1, 2),
    ]
    assert sum("taken" in s.outcome for s in steps) == 2


@pytest.mark.parametrize("seed", range(200))
def test_spawnpoints_never_repeat_a_square(seed):
    squares, _ = place(SeededDice(seed), [f"S{i}" for i in range(12)], 6, 6.0)
    assert len(set(squares)) == 12
    assert all(1 <= s.col <= 6 and 1 <= s.row <= 6 for s in squares)


def test_square_inches_scale_with_the_board():
    assert Square(2, 3).where(6.0).startswith('column 2, row 3 (6-12" across, 12-18" up)')
    assert Square(6, 1).inches(8.0) == (40.0, 48.0, 0.0, 8.0)
