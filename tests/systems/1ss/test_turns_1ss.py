"""The 1ss turn structure: turn count, initiative (R-1SS-07, R-1SS-P04), activations, upkeep."""

from __future__ import annotations

import pytest

from companion import systems
from companion.dice import TypedDice
from companion.errors import MissingDiceError, RefusedError
from companion.game.events import apply_event, replay
from companion.game.repo import event_for
from companion.game.state import GameState

S = systems.get("1ss")


def new(scenario: str = "training") -> GameState:
    return S.new_game(list(S.sample_rosters()), scenario, {})


def step(state: GameState, outcome) -> GameState:
    return apply_event(state, event_for(outcome.kind, outcome.summary, outcome.changes, state))


def turn(state: GameState, *dice: int) -> GameState:
    return step(state, S.next_turn(state, TypedDice(dice)))


def act(state: GameState, fid: str) -> GameState:
    return step(state, S.activate(state, fid))


def test_training_initiative_is_a_d10_each_and_highest_wins():
    s = turn(new(), 3, 9)
    assert (s.turn, s.initiative, s.phase) == (1, 1, "action")


def test_training_d10_accepts_zero_as_ten():
    s = turn(new(), 0, 9)
    assert s.initiative == 0


def test_initiative_ties_are_rolled_again():
    o = S.next_turn(new(), TypedDice([5, 5, 2, 6]))
    s = step(new(), o)
    assert s.initiative == 1
    assert any(st.title == "Tie" for st in o.trace.steps)


def test_initiative_needs_all_dice():
    with pytest.raises(MissingDiceError, match="D10"):
        S.next_turn(new(), TypedDice([5]))


def test_turn_one_uses_the_boss_die_outside_training():
    o = S.next_turn(new("manhunt"), TypedDice([10, 1]))
    rolls = [st.roll for st in o.trace.steps if st.roll]
    assert [r.sides for r in rolls] == [10, 10]
    assert "boss" in o.trace.steps[1].notes[0]


def test_later_turns_use_the_highest_ranked_upright_fighter():
    s = turn(new("manhunt"), 4, 2)
    from companion.game.events import set_fighter
    from companion.systems.base import Outcome

    # Robyn (boss) is prone: her side rolls John's D8; Fawkes is out: T-999's D8.
    s = step(
        s,
        Outcome(
            "override",
            "x",
            (set_fighter("robyn", "status", "wounded"), set_fighter("cpt-fawkes", "status", "out")),
        ),
    )
    o = S.next_turn(s, TypedDice([8, 3]))
    assert [st.roll.sides for st in o.trace.steps if st.roll] == [8, 8]
    with pytest.raises(Exception, match="not a face of a D8"):
        S.next_turn(s, TypedDice([9, 3]))


def test_alternating_activations_start_with_the_initiative():
    s = turn(new(), 2, 8)  # Fawkes' ragtags win
    assert S.next_side(s) == 1
    with pytest.raises(RefusedError, match="activate next"):
        act(s, "robyn")
    s = act(s, "cpt-fawkes")
    assert S.next_side(s) == 0
    s = act(s, "robyn")
    assert S.next_side(s) == 1


def test_a_token_or_being_out_blocks_activation():
    s = turn(new(), 8, 2)
    s = act(s, "robyn")
    s = act(s, "cpt-fawkes")
    with pytest.raises(RefusedError, match="already has an activation token"):
        act(s, "robyn")
    from companion.game.events import set_fighter
    from companion.systems.base import Outcome

    s = step(s, Outcome("override", "x", (set_fighter("john", "status", "out"),)))
    with pytest.raises(RefusedError, match="out of the game"):
        act(s, "john")


def test_a_side_with_no_one_left_lets_the_other_activate_the_rest():
    s = turn(new(), 8, 2)
    from companion.game.events import set_fighter
    from companion.systems.base import Outcome

    outs = tuple(set_fighter(f.id, "status", "out") for f in s.side_fighters(1)[1:])
    s = step(s, Outcome("override", "x", outs))
    s = act(s, "robyn")
    s = act(s, "cpt-fawkes")
    assert S.next_side(s) == 0
    s = act(s, "john")
    s = act(s, "rabbit-with-bow")  # no alternation: the ragtags have nobody left
    assert S.next_side(s) == 0


def test_upkeep_removes_all_tokens_and_the_turn_counts_on():
    s = turn(new(), 8, 2)
    s = act(s, "robyn")
    s = turn(s, 5, 4)
    assert s.turn == 2 and not any(f.token for f in s.fighters)
    assert s.active is None


def test_activation_before_the_first_turn_is_refused():
    with pytest.raises(RefusedError, match="has not started"):
        act(new(), "robyn")


def test_the_last_turn_ends_the_game_and_further_turns_are_refused():
    s = new()
    for _ in range(8):
        s = turn(s, 8, 2)
    assert s.turn == 8
    o = S.next_turn(s, TypedDice([]))
    assert o.kind == "end" and o.announcements
    s = step(s, o)
    assert s.phase == "ended" and s.turn == 8
    with pytest.raises(RefusedError, match="game is over"):
        S.next_turn(s, TypedDice([1, 2]))
    with pytest.raises(RefusedError, match="game is over"):
        act(s, "robyn")


def test_replay_equals_the_live_state():
    s0 = new()
    live, events = s0, []
    for outcome_fn in (
        lambda s: S.next_turn(s, TypedDice([8, 2])),
        lambda s: S.activate(s, "robyn"),
        lambda s: S.activate(s, "cpt-fawkes"),
    ):
        o = outcome_fn(live)
        e = event_for(o.kind, o.summary, o.changes, live)
        events.append(e)
        live = apply_event(live, e)
    assert replay(s0, events) == live


def test_the_plug_in_answers_as_its_turn_structure():
    """The plug-in gives the board its round word and the next side without building the
    turn structure; the answers are the structure's."""
    from companion.systems.kit.turns import AlternatingActivations
    from companion.systems.one_stat.turns import TURNS

    assert isinstance(S.turns, AlternatingActivations) and S.turns is TURNS
    s = new()
    for state in (s, turn(s, 2, 8), act(turn(s, 2, 8), "cpt-fawkes")):
        assert S.next_side(state) == TURNS.next_side(state)
    assert S.round_word == TURNS.round_word == "turn"


def test_ending_an_activation_lets_its_actions_left_lapse():
    s = act(turn(new(), 8, 2), "robyn")
    assert s.fighter("robyn").flags.get("actions") == 2
    o = S.end_activation(s, TypedDice([]))
    assert [(c.field, c.value) for c in o.changes] == [("flags.actions", None), ("active", None)]
    assert o.summary == "Robyn ends the activation." and o.trace is None
    s = step(s, o)
    assert s.active is None and "actions" not in s.fighter("robyn").flags


def test_a_fighter_split_in_two_is_not_offered_nor_waited_for():
    """A Doppelganger split in two activates as its halves: it is neither a choice for
    the next activation nor a fighter the turn's end says was skipped."""
    from companion.game.events import set_fighter
    from companion.systems.base import Outcome

    s = turn(new(), 8, 2)
    s = step(s, Outcome("override", "x", (set_fighter("john", "status", "split"),)))
    john = s.fighter("john")
    assert not S.can_activate(s, john)
    assert john not in S.still_to_act(s)
    with pytest.raises(RefusedError, match="split in two"):
        act(s, "john")
