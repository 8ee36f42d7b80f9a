"""Audit of SMBFAT as played at the table: each test pins a defect found in play."""

from __future__ import annotations

from smbfat_helpers import SMB, apply, fig, force

from companion.dice import TypedDice


def _done(state):
    return apply(state, SMB.end_activation(state, TypedDice([])))


def _turn(state, *dice):
    return apply(state, SMB.next_turn(state, TypedDice(list(dice))))


def _new():
    a = force("A", *[fig(f"a {i}") for i in range(1, 8)])
    b = force("B", *[fig(f"b {i}") for i in range(1, 8)])
    return SMB.new_game([a, b], "battle", {})


def _all_take_turns(state, side):
    for f in state.side_fighters(side):
        state = _done(apply(state, SMB.activate(state, f.id)))
    return state


def test_round_end_names_only_figures_that_did_not_take_their_turn():
    # Every figure of both forces took its turn but one of B's: the end of the round must
    # name only that one, not every figure whose side turn had already closed.
    state = _turn(_new(), 6, 1)  # round 1, A first
    state = _all_take_turns(state, 0)
    state = _turn(state)  # A's turn is over: B's turn
    for f in state.side_fighters(1)[:-1]:
        state = _done(apply(state, SMB.activate(state, f.id)))
    o = SMB.next_turn(state, TypedDice([4, 2]))
    text = {s.title: s.outcome for s in o.trace.steps}
    assert text["End of round 1"] == "round 1 is over; not activated: b 7"
    state = apply(state, o)
    state = _all_take_turns(state, 0)
    state = _turn(state)
    state = _all_take_turns(state, 1)
    o = SMB.next_turn(state, TypedDice([4, 2]))
    text = {s.title: s.outcome for s in o.trace.steps}
    assert text["End of round 2"] == "round 2 is over"
