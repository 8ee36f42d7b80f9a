"""The solo turn: no initiative; all your fighters, then the OpFor, then upkeep (R-1SS-S01)."""

from __future__ import annotations

from dataclasses import replace

from companion.systems.one_stat.solo.game import next_side
from tests.solo_helpers import opfor, solo_state, with_fighters


def test_a_split_doppelganger_does_not_hold_up_the_opfor():
    st = with_fighters(replace(solo_state(), turn=1, phase="action"), opfor("grunt-1", "rookie", 3))
    fighters = tuple(
        (replace(f, status="split") if f.name == "John" else replace(f, token=True))
        if f.side == 0
        else f
        for f in st.fighters
    )
    st = replace(st, fighters=fighters)
    assert next_side(st) == 1


def test_your_fighters_first_then_the_opfor_then_upkeep():
    st = with_fighters(replace(solo_state(), turn=1, phase="action"), opfor("grunt-1", "rookie", 3))
    assert next_side(st) == 0
    mine_done = replace(
        st, fighters=tuple(replace(f, token=True) if f.side == 0 else f for f in st.fighters)
    )
    assert next_side(mine_done) == 1
    all_done = replace(st, fighters=tuple(replace(f, token=True) for f in st.fighters))
    assert next_side(all_done) is None
