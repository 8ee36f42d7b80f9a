"""The action sequence of a 1ss activation (R-1SS-P16) and breaking free (R-1SS-P17)."""

from __future__ import annotations

import pytest

from companion import systems
from companion.errors import RefusedError
from companion.systems.records import Question
from tests.onestat_helpers import attack, fighter, game, resolve, step


def test_the_sample_game_cannot_attack_twice_in_one_activation(demo):
    assert demo("turn", "--dice", "7,3").code == 0
    assert demo("activate", "Robyn").code == 0
    r = demo("attack", "Robyn", "T-999", "--dice", "9")
    assert r.code == 0, r.err
    r = demo("attack", "Robyn", "Frogger with rifle", "--range", "4", "--dice", "1,1")
    assert r.code == 1 and "one attack" in r.err and "R-1SS-P16" in r.err
    # moving first, then attacking: still one attack, and nothing after it
    assert demo("activate", "T-999").code == 0
    assert demo("act", "T-999", "move", "--opt", "inches=3").code == 0
    assert demo("attack", "T-999", "Robyn", "--dice", "8").code == 0
    r = demo("attack", "T-999", "Robyn", "--dice", "1,1")
    assert r.code == 1 and "one attack" in r.err


def test_first_action_attack_means_the_move_was_skipped():
    st = game(fighter("ann", 0), fighter("bob", 1))
    out, st = attack(st, "ann", "bob", [8])
    assert "need not move" in step(out, "Action sequence").outcome
    assert st.fighter("ann").flags["actions"] == 0
    assert st.fighter("ann").flags["did"] == ("stay", "attack")


def test_move_then_a_second_move_or_an_attack_or_a_skill():
    st = game(fighter("ann", 0, skills=("healer",)), fighter("bob", 1, status="wounded"))
    _, moved = resolve(st, "move", "ann", None, [], inches=3)
    assert moved.fighter("ann").flags["actions"] == 1
    _, twice = resolve(moved, "move", "ann", None, [], inches=3)
    assert twice.fighter("ann").flags["actions"] == 0
    with pytest.raises(RefusedError, match="no action left"):
        attack(twice, "ann", "bob", [1])
    _, hit = attack(moved, "ann", "bob", [1])
    assert hit.fighter("bob").out
    _, healed = resolve(moved, "skill", "ann", "bob", [8], skill="healer")
    assert healed.fighter("ann").flags["actions"] == 0


def test_a_skill_first_leaves_no_move_after_it():
    st = game(
        fighter("ann", 0, skills=("switcher",)), fighter("rex", 0, rank="rookie"), fighter("bob", 1)
    )
    _, st = resolve(st, "skill", "ann", "rex", [1], skill="switcher")
    with pytest.raises(RefusedError, match="second and last"):
        resolve(st, "move", "ann", None, [], inches=2)


def test_one_action_carriers_take_any_single_action():
    gryll = fighter("ann", 0, gear=("heavy-shooter",), skills=("veteran",))
    st = game(gryll, fighter("bob", 1), actions=1)
    out, st2 = attack(st, "ann", "bob", [1, 8], ranged=True, range=4)
    assert st2.fighter("ann").flags["actions"] == 0
    assert not any("need not move" in s.outcome for s in out.trace.steps)


def test_regenerator_acts_after_recovering_and_the_prone_keep_the_recover_order():
    regen = fighter("ann", 0, stat=4, skills=("regenerator",), status="wounded", wounds=1)
    st = game(regen, fighter("bob", 1))
    _, st = resolve(st, "recover", "ann", None, [5])
    assert st.fighter("ann").status == "upright" and st.fighter("ann").flags["actions"] == 1
    _, st = attack(st, "ann", "bob", [1, 2])
    assert st.fighter("bob").status == "wounded"
    plain = game(fighter("ann", 0, status="wounded", wounds=1), fighter("bob", 1))
    _, failed = resolve(plain, "recover", "ann", None, [1])
    _, up = resolve(failed, "recover", "ann", None, [6])
    assert up.fighter("ann").status == "upright"


def test_command_stands_outside_the_sequence():
    boss = fighter("boss", 0, rank="boss", skills=("command",))
    st = game(boss, fighter("ann", 0), fighter("bob", 1))
    _, st = resolve(st, "move", "boss", None, [], inches=2)
    _, st = resolve(st, "skill", "boss", "ann", [], skill="command")
    _, st = attack(st, "ann", "bob", [1, 2])
    assert st.fighter("bob").status == "wounded"


def test_skirmisher_attacks_inside_its_move_and_ends():
    st = game(fighter("ann", 0, skills=("skirmisher",)), fighter("bob", 1))
    _, moved = resolve(st, "move", "ann", None, [], inches=2)
    _, st2 = attack(moved, "ann", "bob", [8], skirmish=True)
    assert st2.fighter("ann").flags["actions"] == 0
    with pytest.raises(RefusedError, match="Skirmisher"):
        attack(game(fighter("ann", 0), fighter("bob", 1)), "ann", "bob", [8], skirmish=True)


def test_breaking_free_loses_the_second_action_but_standing_still_does_not():
    st = game(fighter("ann", 0), fighter("bob", 1))
    out, away = resolve(st, "move", "ann", None, [], inches=3, engaged=True)
    assert away.fighter("ann").flags["actions"] == 0
    assert "R-1SS-P17" in step(out, "Break free").rulings
    _, still = resolve(st, "move", "ann", None, [], inches=0, engaged=True)
    assert still.fighter("ann").flags["actions"] == 1
    _, hit = attack(still, "ann", "bob", [1, 2])
    assert hit.fighter("bob").status == "wounded"
    # a second move does not break free again (only the first action can)
    _, moved = resolve(st, "move", "ann", None, [], inches=2)
    _, st3 = resolve(moved, "move", "ann", None, [], inches=2, engaged=True)
    assert st3.fighter("ann").flags["actions"] == 0


def test_play_asks_break_free_only_on_a_first_move_that_moves():
    sys1 = systems.get("1ss")
    st = game(fighter("ann", 0), fighter("bob", 1))
    engaged = next(f for f in sys1.declared_actions()["move"].facts if f.key == "engaged")
    ann = st.fighter("ann")
    assert sys1.asks(Question(st, ann, engaged, {"inches": 3}))
    assert not sys1.asks(Question(st, ann, engaged, {"inches": 0}))
    _, moved = resolve(st, "move", "ann", None, [], inches=2)
    assert not sys1.asks(Question(moved, moved.fighter("ann"), engaged, {"inches": 3}))


def test_menu_follows_the_sequence():
    sys1 = systems.get("1ss")
    st = game(fighter("ann", 0), fighter("bob", 1))
    assert sys1.actions_for(st, st.fighter("ann"))[:2] == ["move", "attack"]


def _drive(keys: str) -> str:
    import io

    from prompt_toolkit.application import create_app_session
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput
    from rich.console import Console

    from companion.cli.shared import drawn_board
    from companion.game.repo import Home
    from companion.play.loop import Loop
    from companion.play.session import Session
    from companion.play.ui import Prompter

    out = io.StringIO()
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        pipe.send_text(keys + "\x03")
        Loop(
            Session(Home(draw=drawn_board), "sample"), Console(file=out, width=120), Prompter()
        ).run()
    return out.getvalue()


def test_play_offers_the_move_first_and_asks_break_free(demo):
    assert demo("turn", "--dice", "7,3").code == 0
    # r: roll for me; 1: Robyn; o: Move, taken at once (a move rolls nothing and asks
    # no distance); m, c: change what it took as usual: yes, she starts within 1 step of
    # an enemy (2 on the confirming screen), so breaking free ends her activation; Enter;
    # q: quit.
    text = _drive("r1o" + "mc" + "2\r" + "q")
    assert "Break free" in text
    assert 'Robyn moves up to 6", breaking free (its second action is lost)' in text
    log = demo("log", "--json").json()["items"]
    assert [e["kind"] for e in log][-2:] == ["activate", "move"]
    b = demo("status", "--json").json()
    robyn = next(f for s in b["sides"] for f in s["fighters"] if f["name"] == "Robyn")
    assert any("0 actions left" in t for t in robyn["flag_text"])


def test_a_zero_move_is_no_movement_for_the_skills_that_forbid_one():
    st = game(fighter("ann", 0, skills=("shapeshifter",)), fighter("bob", 1))
    _, still = resolve(st, "move", "ann", None, [], inches=0)
    _, st2 = resolve(still, "skill", "ann", None, [2], skill="shapeshifter")
    assert st2.fighter("ann").flags["animal"] is True
    _, moved = resolve(st, "move", "ann", None, [], inches=2)
    with pytest.raises(RefusedError, match="moved this turn"):
        resolve(moved, "skill", "ann", None, [2], skill="shapeshifter")
