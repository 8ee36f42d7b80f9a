"""Property tests: random legal tracker play with undo/redo keeps the log and state honest.

- replaying the stored events always gives the live state;
- undo returns exactly the state before the undone event, redo exactly the state after;
- reloading the game from disk gives the same state.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion import systems
from companion.cli.shared import drawn_board
from companion.dice import SeededDice
from companion.errors import RefusedError
from companion.game.events import replay, set_fighter, set_side
from companion.game.repo import Home, event_for

S = systems.get("1ss")

OPS = st.lists(
    st.tuples(
        st.sampled_from(["turn", "activate", "wound", "vp", "undo", "redo"]), st.integers(0, 2**16)
    ),
    min_size=1,
    max_size=40,
)


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(ops=OPS)
def test_random_legal_play_with_undo_keeps_replay_equal_to_live(tmp_path_factory, ops):
    home = Home(tmp_path_factory.mktemp("home"), draw=drawn_board)
    setup = S.new_game(list(S.sample_rosters()), "manhunt", {})
    gf = home.create_game("prop", setup)
    history = [gf.state]  # state after each event, index = number of events
    redo_states: list = []
    for op, n in ops:
        state = gf.state
        if op == "undo":
            if not gf.raw_events:
                continue
            gf.undo()
            redo_states.append(history.pop())
            assert gf.state == history[-1]
        elif op == "redo":
            if not gf.redo:
                continue
            gf.redo_last()
            history.append(redo_states.pop())
            assert gf.state == history[-1]
        else:
            try:
                if op == "turn":
                    outcome = S.next_turn(state, SeededDice(n))
                elif op == "activate":
                    ready = [
                        f
                        for f in state.fighters
                        if S.next_side(state) == f.side and not f.token and not f.out
                    ]
                    if not ready:
                        continue
                    outcome = S.activate(state, ready[n % len(ready)].id)
                elif op == "wound":
                    f = state.fighters[n % len(state.fighters)]
                    from companion.systems.base import Outcome

                    status = ["upright", "wounded", "out"][n % 3]
                    outcome = Outcome("override", "x", (set_fighter(f.id, "status", status),))
                else:
                    from companion.systems.base import Outcome

                    outcome = Outcome("vp", "x", (set_side(n % 2, "vp", n % 7),))
            except RefusedError:
                continue
            gf.append(event_for(outcome.kind, outcome.summary, outcome.changes, state))
            history.append(gf.state)
            redo_states.clear()
        assert replay(setup, gf.events) == gf.state
        for f in gf.state.fighters:
            assert f.wounds >= 0
    gf.db.commit()
    again = home.open_game("prop")
    assert again.state == gf.state
    assert replay(setup, again.events) == gf.state
    assert len(again.redo) == len(gf.redo)
