"""Solo upkeep does what the two-player upkeep does (R-1SS-S08, R-1SS-S09)."""

from __future__ import annotations

import copy
from dataclasses import replace

import pytest

from companion.dice import TypedDice as FixedDice
from companion.game.state import freeze
from companion.systems.one_stat.solo.game import next_turn
from tests.solo_helpers import PLAYERS, WARBAND, apply, opfor, solo_state, warband_file


@pytest.fixture
def solo(run, tmp_path):
    assert run("roster", "import", warband_file(tmp_path)).code == 0
    return run


def fighter(run, name):
    b = run("status", "--json").json()
    return next(f for s in b["sides"] for f in s["fighters"] if f["name"] == name)


def finish_turn(run, *skip, dice="1,2,3,4,5,6"):
    for name in PLAYERS:
        if name not in skip:
            assert run("activate", name).code == 0, name
    r = run("turn", "--force", "--dice", dice)  # the OpFor is not walked here
    assert r.code == 0, r.err


def test_a_solo_healer_heals_on_turn_2_and_turn_3(solo):
    solo("solo", "new", "-r", "Outlaws", "--seed", "4")
    assert solo("turn").code == 0
    finish_turn(solo)
    for turn in (2, 3):
        assert solo("set", "John", "--state", "wounded", "--wounds", "1").code == 0
        assert solo("activate", "Tuck").code == 0
        r = solo("skill", "Tuck", "healer", "John", "--dice", "1")
        assert r.code == 0, f"turn {turn}: {r.err}"
        assert fighter(solo, "John")["status"] == "upright", turn
        finish_turn(solo, "Tuck")


def test_upkeep_clears_skills_used_moves_and_permissions():
    st = solo_state()
    st = replace(st, turn=1, phase="action")
    flags = {"skills_used": ["healer"], "moved": True, "reaction": "command", "actions": 1}
    tuck = next(f for f in st.fighters if f.name == "Tuck")
    st = replace(
        st,
        fighters=tuple(
            replace(f, token=True, flags=freeze(flags)) if f.id == tuck.id else f
            for f in st.fighters
        ),
    )
    after = apply(st, next_turn(st, FixedDice([1, 2, 3, 4, 5, 6])))
    t = after.fighter(tuck.id)
    assert not t.token
    assert not {"skills_used", "moved", "reaction", "actions"} & set(t.flags)


def _with_regenerators(player_face_down: bool = True):
    st = replace(solo_state(), turn=1, phase="action")
    fighters = []
    for f in st.fighters:
        if f.name == "John" and player_face_down:
            f = replace(f, skills=("regenerator",), status="face-down", wounds=2)
        fighters.append(f)
    ghoul = opfor("ghoul-1", "specialist", 4)
    ghoul = replace(ghoul, skills=("regenerator",), status="face-down", wounds=2)
    return replace(st, fighters=(*fighters, ghoul))


def test_opfor_regenerator_rolls_at_solo_upkeep_and_comes_back_prone():
    st = _with_regenerators(player_face_down=False)
    # the ghoul's D8 shows 6, at or above its stat 4: face up with one wound
    out = next_turn(st, FixedDice([6, 1, 2, 3, 4, 5, 6]))
    after = apply(st, out)
    g = after.fighter("ghoul-1")
    assert (g.status, g.wounds) == ("wounded", 1)
    assert any("R-1SS-S09" in s.rulings for s in out.trace.steps)


def test_opfor_regenerator_failing_its_roll_is_removed():
    st = _with_regenerators(player_face_down=False)
    after = apply(st, next_turn(st, FixedDice([3, 1, 2, 3, 4, 5, 6])))
    assert after.fighter("ghoul-1").status == "out"


def test_player_regenerator_rolls_unless_the_player_passes():
    st = _with_regenerators()
    john = next(f for f in st.fighters if f.name == "John")
    # John's D8 first (fighters in order), then the ghoul's, then the spawn
    after = apply(st, next_turn(st, FixedDice([7, 6, 1, 2, 3, 4, 5, 6])))
    assert after.fighter(john.id).status == "wounded"
    skipped = apply(st, next_turn(st, FixedDice([6, 1, 2, 3, 4, 5, 6]), skip_regen=[john.id]))
    assert skipped.fighter(john.id).status == "face-down"
    assert skipped.fighter("ghoul-1").status == "wounded"


def regen_warband():
    data = copy.deepcopy(WARBAND)
    data["name"] = "Menders"
    data["fighters"][1]["skills"] = ["regenerator"]  # John
    return data


def test_solo_regenerate_skip_keeps_him_face_down_until_you_roll(run, tmp_path):
    assert run("roster", "import", warband_file(tmp_path, regen_warband())).code == 0
    assert (
        run("solo", "new", "-r", "Menders", "--dice", "1,1,2,2,3,3,4,4,5,5,6,6,1,2,3,4,5,6").code
        == 0
    )
    assert run("turn").code == 0
    r = run("solo", "regenerate", "John", "--skip")
    assert r.code == 1 and "no Regenerator lying face down" in r.err
    # a second wound lays a wounded Regenerator face down (set up by the table outside the
    # OpFor's turn, R-1SS-S19)
    assert run("set", "John", "--state", "wounded", "--wounds", "1").code == 0
    r = run("attack", "Grunt 1", "John", "--dice", "1", "--opt", "free=true")
    assert r.code == 0, r.err
    assert fighter(run, "John")["status"] == "face-down"
    assert run("solo", "regenerate", "John", "--skip").code == 0
    finish_turn(run, "John")
    assert fighter(run, "John")["status"] == "face-down"  # no roll was made
    assert run("solo", "regenerate", "John", "--roll").code == 0
    finish_turn(run, "John", dice="6,1,2,3,4,5,6")  # John's D8 shows 6, at least his stat 5
    assert (fighter(run, "John")["status"], fighter(run, "John")["wounds"]) == ("wounded", 1)


def test_play_asks_before_upkeep_whether_to_roll_for_your_regenerator(run, tmp_path):
    import io

    from play_helpers import Recording
    from prompt_toolkit.application import create_app_session
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput
    from rich.console import Console

    from companion.cli.shared import drawn_board
    from companion.game.repo import Home
    from companion.play.loop import Loop
    from companion.play.session import Session

    assert run("roster", "import", warband_file(tmp_path, regen_warband())).code == 0
    spawn = "1,1,2,2,3,3,4,4,5,5,6,6,1,2,3,4,5,6"
    assert run("solo", "new", "-r", "Menders", "--dice", spawn, "--name", "solo").code == 0
    assert run("turn").code == 0
    assert run("set", "John", "--state", "wounded", "--wounds", "1").code == 0
    # outside the OpFor's turn: settled by the table (R-1SS-S19)
    assert run("attack", "Grunt 1", "John", "--dice", "1", "--opt", "free=true").code == 0

    def play(keys):
        out, ui = io.StringIO(), Recording()
        with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
            pipe.send_text(keys + "\x03")
            Loop(Session(Home(draw=drawn_board), "solo"), Console(file=out, width=120), ui).run()
        return out.getvalue(), ui

    # e: enter dice; t, y: end your fighters' turn; b: not the OpFor walk that starts by
    # itself; t, y: end turn 1 in the OpFor's phase, with fighters still to act; n: no
    # roll for John; six spawn dice; q.
    text, ui = play("ety" + "b" + "ty" + "n" + "1\r2\r3\r4\r5\r6\r" + "q")
    assert any(m.startswith("Roll for John's recovery") for m, _ in ui.menus)
    assert fighter(run, "John")["status"] == "face-down"
    turn = run("log", "--json").json()["items"][-1]
    assert any("you passed on its recovery roll" in s["outcome"] for s in turn["trace"]["steps"])
    # t, y: your turn; t, y: turn 2, now; y: roll; John's D8 shows 2, below his stat 5:
    # removed.
    text, ui = play("ety" + "ty" + "y" + "2\r" + "1\r2\r3\r4\r5\r6\r" + "q")
    assert fighter(run, "John")["status"] == "out"
