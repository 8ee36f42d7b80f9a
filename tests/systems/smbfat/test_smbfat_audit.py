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


def _with_leader():
    a = force("A", fig("Boss", "brawler", "leader"), *[fig(f"a {i}") for i in range(1, 7)])
    b = force("B", *[fig(f"b {i}") for i in range(1, 8)])
    return SMB.new_game([a, b], "battle", {})


def test_an_extra_turn_left_untaken_leaves_nobody_waiting():
    # The Leader's extra turn is one the force may take: when every figure has had its turn
    # and the force lets the extra one go, ending its turn needs no --force and names nobody.
    state = _turn(_with_leader(), 6, 1)
    for f in reversed(state.side_fighters(0)):  # Boss last: its extra turn is now open
        state = _done(apply(state, SMB.activate(state, f.id)))
    assert state.flags.get("extra_turn") == 0
    assert SMB.still_to_act(state) == []
    o = SMB.next_turn(state, TypedDice([]))
    assert o.trace.steps[0].outcome == "A's turn is over"
    state = apply(state, o)
    assert state.flags.get("extra_turn") is None and SMB.next_side(state) == 1


def test_an_extra_turn_still_counts_figures_that_had_no_turn():
    state = _turn(_with_leader(), 6, 1)
    state = _done(apply(state, SMB.activate(state, "boss")))
    assert [f.name for f in SMB.still_to_act(state)] == [f"a {i}" for i in range(1, 7)]


def test_play_offers_the_spread_only_figures_it_may_catch():
    # The guided session lists "others" for the figures caught around the target: never the
    # attacker itself, nor the target (it is already attacked), friends and foes alike.
    near = SMB.declared_actions()["attack"].fact("near")
    assert near.among == "others"


def test_the_rules_list_both_scenarios_under_scenarios():
    # The smaller map is a scenario of its own (--scenario small-map): the look-up listed
    # only the standard battle under Scenarios, the other under a section of its own.
    from companion.lookup.topics import all_topics

    listed = [t.id for t in all_topics("smbfat") if t.section == "Scenarios"]
    assert listed == ["battle", "small-map"]
    assert sorted(SMB.data.scenarios) == sorted(listed)


def test_a_failed_skill_roll_says_the_force_may_reroll_it():  # R-SMB-02
    from smbfat_helpers import game, req, roll

    state = game([fig("X")], [fig("Y")], active="x", rerolls=(2, 0))
    o = roll(state, req("skill", "x", None, skill="open-door"), 2)
    steps = {s.title: s.outcome for s in o.trace.steps}
    assert "A have 2 rerolls" in steps["Rerolls"]
    o = roll(state, req("skill", "x", None, skill="open-door"), 5)
    assert "Rerolls" not in {s.title for s in o.trace.steps}
    none_left = game([fig("X")], [fig("Y")], active="x")
    o = roll(none_left, req("skill", "x", None, skill="open-door"), 2)
    assert "Rerolls" not in {s.title for s in o.trace.steps}


def test_a_rerolled_fear_roll_is_explained_as_a_fear_roll():  # R-SMB-03, R-SMB-P04
    from smbfat_helpers import game, req, roll

    state = game([fig("X", "gunslinger")], [fig("W", "shooter", "fear")], "x", (1, 0))
    state = apply(state, roll(state, req("attack", "x", "w", ranged=True), 2))
    again = roll(state, req("reroll", "x", None), 1).trace.steps[1]
    assert again.title == "Fear roll"
    assert again.outcome == "X dares not attack W: that attack is lost"
    assert set(again.rulings) == {"R-SMB-03", "R-SMB-P04"}
    assert again.notes == ("W causes Fear; the roll is not an action",)


def test_no_objectives_are_counted_after_a_concession():
    # A concession decides the game: scoring the markers afterwards gave a result naming
    # one winner by concession and, when the points said otherwise, another by points.
    import pytest
    from smbfat_helpers import game, req

    from companion.errors import RefusedError
    from companion.game.concede import concede_changes
    from companion.game.events import Event, apply_event

    state = game([fig("X")], [fig("Y")])
    changes, _ = concede_changes(state, 1)
    state = apply_event(state, Event("concede", "", tuple(changes)))
    assert SMB.actions_for(state, state.fighter("x")) == []
    with pytest.raises(RefusedError, match="B conceded.*R-SMB-P11"):
        SMB.resolve(state, req("objectives", "x", None, centre=("y",)), TypedDice([]))


def test_no_reroll_after_the_objectives_are_scored():
    # A wipe-out ends the game; once the markers are scored the result is final: a reroll
    # then reopened the game with the objectives' points still counted mid-game.
    import pytest
    from smbfat_helpers import game, req, roll

    from companion.errors import RefusedError

    state = game([fig("X", "elite")], [fig("Y")], "x", (1, 0))
    for i in range(1, 7):  # B keeps only Y
        state = apply_event_out(state, f"b-{i}")
    state = apply(state, roll(state, req("attack", "x", "y"), 6, 1))
    assert state.phase == "ended"
    state = apply(state, roll(state, req("objectives", "x", None, centre=("x",))))
    assert state.sides[0].vp == 3 + 6 * 3 + 5
    assert not any(line.startswith("May be rerolled") for line in SMB.status_lines(state))
    with pytest.raises(RefusedError, match="objectives are scored"):
        roll(state, req("reroll", "x", None, roll=1), 1, 1)


def apply_event_out(state, fid):
    from companion.game.events import Event, apply_event, set_fighter

    return apply_event(state, Event("override", "", (set_fighter(fid, "status", "out"),)))


def test_an_action_without_a_target_refuses_one():
    # `companion skill Medic heal Scout` rolled Medic's skill and dropped Scout unsaid: the
    # table may think the roll was about Scout. Only an attack takes a target here.
    import pytest
    from smbfat_helpers import game, req

    from companion.errors import UsageError

    state = game([fig("X")], [fig("Y")], active="x")
    for action in ("skill", "move", "secondary", "nothing"):
        with pytest.raises(UsageError, match=f"'{action}' takes no target"):
            SMB.resolve(state, req(action, "x", "y"), TypedDice([6]))


def test_wounds_set_by_hand_are_refused_figures_take_none():
    # An attack misses or defeats: `companion set NAME --wounds 2` was written and showed
    # nowhere, a value the rules cannot have.
    from smbfat_helpers import game

    state = game([fig("X")], [fig("Y")])
    f = state.fighter("x")
    assert "no wounds" in (SMB.hand_set_problem(f, 2, "upright") or "")
    assert SMB.hand_set_problem(f, 0, "out") is None
    assert SMB.hand_set_problem(f, 0, "upright") is None


def test_game_new_force_starts_with_forces_that_break_the_rules():  # R-SMB-P12
    # `companion game new --force` is for house rules: it was refused as an unknown game
    # option, and a force over budget was refused all the same.
    import pytest

    from companion.errors import UsageError

    big = force("Big", *[fig(f"e {i}", "elite", "armor") for i in range(1, 9)])
    b = force("B", *[fig(f"b {i}") for i in range(1, 8)])
    with pytest.raises(UsageError, match="breaks the force rules"):
        SMB.new_game([big, b], "battle", {})
    state = SMB.new_game([big, b], "battle", {"force": True})
    assert len(state.side_fighters(0)) == 8 and "force" not in state.options
    a = force("A", *[fig(f"a {i}") for i in range(1, 8)])
    assert SMB.new_game([a, b], "battle", {"force": True}).options["map"] == "standard"
