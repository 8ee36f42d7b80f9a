"""WarStuff audit: defects found by playing the system through its rules, with dice fixed."""

from __future__ import annotations

import pytest
from warstuff_helpers import WS, apply, game, set_unit, unit

from companion.dice import TypedDice
from companion.errors import RefusedError, UsageError
from companion.game.state import freeze
from companion.systems.base import ActionRequest


def resolve(state, req, dice):
    return WS.resolve(state, req, TypedDice(dice))


def after(state, req, dice):
    return apply(state, resolve(state, req, dice))


def test_hold_does_not_ask_about_dangerous_terrain():
    # Dangerous terrain is rolled when a unit moves into or across it; Hold does not move,
    # so asking (and then ignoring the answer) only misleads the table.
    assert WS.declared_actions()["hold"].fact("dangerous") is None
    s = game([unit("A", 2)], [unit("D", 2)], active="a")
    with pytest.raises(UsageError, match="Hold does not move"):
        resolve(s, ActionRequest("hold", "a", options=freeze({"dangerous": True})), [6])
    # Moving across it still rolls.
    assert (
        after(s, ActionRequest("walk", "a", options=freeze({"dangerous": True})), [6, 1])
        .fighter("a")
        .wounds
        == 1
    )


def test_a_side_whose_last_waiting_unit_dies_to_death_blow_has_finished_first():
    # R-WS-P08: the player who has no units left to activate first goes first next round.
    # Death Blow can kill the attacking side's last unit still waiting to activate.
    s = game(
        [unit("A", 2), unit("B", 1)],
        [unit("D", 1, "death-blow"), unit("E", 2)],
        active="a",
    )
    req = ActionRequest("attack", "a", "d", freeze({"deathblow": "b"}))
    s2 = after(s, req, [4, 6, 1, 6, 6])
    assert s2.fighter("d").out and s2.fighter("b").out
    assert s2.flags.get("first_done") == 0


def test_a_side_whose_last_waiting_unit_fails_a_morale_test_has_finished_first():
    s = game([unit("A", 2), unit("B", 2)], [unit("U", 1, "undead"), unit("E", 2)], active="a")
    s = set_unit(s, "e", token=True)  # E has activated; U is B's last unit waiting
    s2 = after(s, ActionRequest("morale", "u"), [6])
    assert s2.fighter("u").out
    assert s2.flags.get("first_done") == 1
    assert after(s, ActionRequest("morale", "u"), [1]).flags.get("first_done") is None


def test_a_leader_that_commands_first_still_takes_its_own_action_and_attack():
    # The commanded units and the Leader itself may act in whatever order the player
    # likes (R-WS-P11): commanding first must not cost the Leader its own action.
    s = game([unit("L", 3, "leader"), unit("X", 2), unit("Y", 2)], [unit("D", 2)])
    s = apply(s, WS.activate(s, "l"))
    s = after(s, ActionRequest("command", "l"), [4, 1, 1])
    out = WS.activate(s, "x")
    assert "L may take its own action afterwards" in out.summary
    s = apply(s, out)
    s = after(s, ActionRequest("walk", "x"), [])
    back = WS.activate(s, "l")
    assert "Choose Hold, Walk or Run" in back.summary
    s = apply(s, back)
    assert s.active == "l" and not s.fighter("x").flags.get("action")
    s = after(s, ActionRequest("run", "l"), [])
    s = after(s, ActionRequest("attack", "l", "d"), [6, 6])
    assert s.fighter("d").out
    # The turn passes to the other side; once it has, the Leader is done for the round.
    s = game([unit("L", 3, "leader"), unit("X", 2), unit("Y", 2)], [unit("D", 2), unit("E", 2)])
    s = apply(s, WS.activate(s, "l"))
    s = after(s, ActionRequest("command", "l"), [4, 1, 1])
    s = apply(s, WS.activate(s, "x"))
    s = apply(s, WS.activate(s, "d"))
    assert s.sides[0].flags.get("leader") is None
    with pytest.raises(RefusedError):
        WS.activate(s, "l")


def test_one_wound_is_worded_in_the_singular():
    s = game([unit("A", 2)], [unit("D", 2)], active="a")
    s1 = set_unit(s, "d", wounds=1)
    odds = WS.odds(s1, ActionRequest("attack", "a", "d"))
    # The odds describe the kill roll itself: D6 plus the one wound, above Quality 2.
    kill = next(st for st in odds.steps if st.title == "Kill roll on D")
    assert [m.reason for m in kill.modifiers] == ["wound on D"]
    assert kill.target == 2 and kill.compare == ">" and "D6" in kill.outcome
    rolled = resolve(s1, ActionRequest("attack", "a", "d"), [4, 1])
    roll = next(st for st in rolled.trace.steps if st.title.startswith("Kill roll"))
    assert [m.reason for m in roll.modifiers] == ["wound on D"]


def test_healing_steps_point_to_the_healer_rule_not_the_kill_roll():
    from companion.lookup.links import topic_of_step

    s = game([unit("H", 2, "healer"), unit("W", 2)], [unit("D", 2)], active="h")
    s = set_unit(s, "w", wounds=1)
    out = resolve(s, ActionRequest("heal", "h", "w"), [4])
    assert [topic_of_step("warstuff", st.title) for st in out.trace.steps] == ["healer"] * 2


def test_command_dice_point_to_the_leader_rule():
    from companion.lookup.links import topic_of_step

    s = game([unit("L", 3, "leader"), unit("X", 2)], [unit("D", 2)], active="l")
    out = resolve(s, ActionRequest("command", "l"), [4, 1, 1])
    assert [topic_of_step("warstuff", st.title) for st in out.trace.steps] == ["leader"]


def test_commanded_units_are_next_so_play_offers_them():
    # The Leader's player keeps the go while commanded units are left (R-WS-P08): the board
    # and `companion play` (which follow next_side) offer them, not the other player's.
    from companion.play import phase as ph

    s = game([unit("L", 3, "leader"), unit("X", 2), unit("Y", 2)], [unit("D", 2), unit("E", 2)])
    s = apply(s, WS.activate(s, "l"))
    s = after(s, ActionRequest("command", "l"), [4, 5, 1])
    s = after(s, ActionRequest("hold", "l"), [])
    s = apply(s, WS.end_activation(s, TypedDice([])))
    p = ph.current(WS, s)
    assert (p.kind, p.side) == ("choose", 0)
    assert [f.name for f in ph.candidates(WS, s, 0)] == ["X", "Y"]
    s = apply(s, WS.activate(s, "x"))
    s = apply(s, WS.end_activation(s, TypedDice([])))
    assert ph.current(WS, s).side == 0  # one commanded unit is left
    s = apply(s, WS.activate(s, "y"))
    s = apply(s, WS.end_activation(s, TypedDice([])))
    assert ph.current(WS, s).side == 1  # all used: the turn passes


def test_the_other_player_may_still_take_its_go_and_end_the_command():
    s = game([unit("L", 3, "leader"), unit("X", 2), unit("Y", 2)], [unit("D", 2)])
    s = apply(s, WS.activate(s, "l"))
    s = after(s, ActionRequest("command", "l"), [4, 5, 1])
    s = apply(s, WS.activate(s, "x"))
    s = apply(s, WS.activate(s, "d"))
    assert not s.sides[0].flags.get("commanded")
    assert WS.next_side(s) == 0  # Y has not activated; D's side has no one left
