"""What may happen now, generated once (companion.systems.legal) and read by every entry
point: the commands refuse what it leaves out, play offers only what it holds."""

from __future__ import annotations

import io

from play_helpers import play_keys
from rich.console import Console

from companion import systems
from companion.cli.shared import drawn_board
from companion.game.repo import Home
from companion.game.state import freeze
from companion.play.loop import Loop
from companion.play.session import Session
from companion.play.ui import Prompter
from companion.systems import legal
from companion.systems.base import ActionRequest


def _started(demo) -> None:
    assert demo("turn", "--dice", "7,3").code == 0
    assert demo("activate", "Robyn").code == 0


def _state():
    return Session(Home(draw=drawn_board), "sample").state


# --- the commands read it -----------------------------------------------------------------


def test_a_command_on_an_enemy_is_refused_in_one_line_before_any_die(demo, run):
    _started(demo)
    state = _state()
    req = ActionRequest("command", "robyn", "cpt-fawkes", freeze({}))
    assert "it takes a friend" in (legal.refusal(systems.get("1ss"), state, req) or "")
    # Typed dice are not even read: the refusal comes first, in the rule's own words.
    r = run("skill", "Robyn", "command", "Cpt", "--dice", "1,1,1")
    assert r.code == 1 and r.err.strip() == "companion: error: Cpt. Fawkes is not on Robyn's side"
    assert run("log", "--json").json()["items"][-1]["kind"] == "activate"  # nothing was written


def test_force_takes_it_as_a_house_rule_that_the_log_names(demo, run):
    assert demo("turn", "--dice", "3,7").code == 0
    assert demo("activate", "Cpt").code == 0
    r = run("act", "Cpt", "device", "--dice", "5")
    assert r.code == 1
    assert "Cpt. Fawkes cannot take Work the trigger device now" in r.err
    assert "Trigger Device" in r.err and "--force" in r.err
    r = run("act", "Cpt", "device", "--dice", "5", "--force")
    assert r.code == 0, r.err
    assert "House rule: taken with --force" in r.out
    last = run("log", "--json").json()["items"][-1]
    assert last["summary"].endswith("(house rule: --force)")


def test_the_rules_own_words_win_and_force_does_not_pass_them(demo, run):
    _started(demo)
    r = run("recover", "Robyn", "--dice", "6", "--force")
    assert r.code == 1 and "only a prone (wounded) fighter recovers" in r.err


def test_a_healer_targets_only_prone_fighters():
    from onestat_helpers import fighter, game

    system = systems.get("1ss")
    state = game(
        fighter("robyn", 0, "boss", 6, skills=("healer",)),
        fighter("john", 0, status="wounded", wounds=1),
        fighter("rabbit", 0, "rookie", 3),
        fighter("cpt", 1, "boss", 6),
        fighter("frog", 1, "rookie", 3, status="wounded", wounds=1),
    )
    heal = next(
        x
        for x in legal.actions(system, state, state.fighter("robyn"))
        if x.fixed.get("skill") == "healer"
    )
    # Prone fighters within reach, of either side (the text says "a fighter"): never an
    # unhurt friend or enemy.
    assert heal.target is not None and heal.target.ids == ("john", "frog")
    req = ActionRequest("skill", "robyn", "rabbit", freeze({"skill": "healer"}))
    why = legal.refusal(system, state, req) or ""
    assert why.startswith("Rabbit cannot be the target of Robyn's Use a skill: Healer")
    assert "prone" in why


# --- play reads it --------------------------------------------------------------------------


def test_play_offers_a_fighter_with_a_shooter_and_a_melee_weapon_both_attacks(demo):
    _started(demo)
    _, ui = play_keys("sample", "rc2")
    _, entries = ui.menus[-1]
    # Commanded, John (longbow and quarterstaff) may shoot or strike: an entry each, the
    # decision made by the key, not taken for melee because the chances happen to match.
    assert "h) Shoot" in entries and "a) Attack in melee" in entries


def test_a_commanded_fighter_gets_its_action_at_once_in_play(demo):
    _started(demo)
    _, ui = play_keys("sample", "rc2")
    message, entries = ui.menus[-1]
    assert message == "John: ordered by its boss's Command: one action now"
    assert "a) Attack in melee" in entries and "e) None: John lets its action go" in entries


def test_an_action_granted_and_let_go_is_written_and_play_moves_on(demo, run):
    _started(demo)
    run("act", "Robyn", "move", "--opt", "inches=1")
    run("skill", "Robyn", "command", "John")
    state = _state()
    assert [f.name for f in legal.actors(systems.get("1ss"), state)] == ["John"]
    _, ui = play_keys("sample", "re")
    assert (
        ui.menus[1][0].startswith("Turn 1/8") and "John may take one action now" in ui.menus[1][0]
    )
    log = run("log", "--json").json()["items"]
    assert log[-1]["summary"] == "John lets its granted action go"
    assert legal.actors(systems.get("1ss"), _state()) == []


def test_an_optional_target_menu_answers_nobody_without_a_traceback(demo):
    loop = Loop(Session(Home(draw=drawn_board), "sample"), Console(file=io.StringIO()), _Nobody())
    assert loop.pick_fighter("whom?", loop.s.state.fighters[:2], optional=True) is None


class _Nobody(Prompter):
    def choose(self, message, items, *args):  # type: ignore[no-untyped-def]
        nobody = items[-2]  # the last before Back: no fighter's number moves for it
        assert (nobody.key, nobody.label) == ("n", "Nobody")
        return nobody.value


def test_a_distance_is_asked_each_move_with_the_last_as_its_default(demo):
    _started(demo)
    asked: list[str] = []

    class Typing(Prompter):
        def text(self, message, default="", validate=None):  # type: ignore[no-untyped-def]
            asked.append(message)
            assert default == ""  # never typed into the field, where digits would join it
            return ""  # Enter: the default said in the question

    loop = Loop(Session(Home(draw=drawn_board), "sample"), Console(file=io.StringIO()), Typing())
    loop.memory[("robyn", None, "inches")] = 4
    spec = loop.spec_of("move")
    fact = spec.fact("inches")
    assert fact is not None
    assert loop.ask_fact(fact, loop.s.state.fighter("robyn"), None, 4) == 4
    assert asked[-1].endswith("(Enter: 4)")


def test_a_warstuff_charge_strikes_the_unit_it_charged(run):
    assert run("game", "new", "--system", "warstuff", "--seed", "1", "--name", "g").code == 0
    assert run("turn", "--seed", "1").code == 0
    state = Session(Home(draw=drawn_board), "g").state
    system = systems.get("warstuff")
    side = system.next_side(state)
    unit = legal.activatable(system, state, side)[0]
    foes = [f for f in state.fighters if f.side != unit.side]
    assert run("activate", unit.name).code == 0
    r = run("act", unit.name, "run", foes[0].name, "--seed", "1")
    assert r.code == 0, r.err
    state = Session(Home(draw=drawn_board), "g").state
    attack = next(x for x in legal.actions(system, state, state.fighter(unit.id)))
    assert attack.action == "attack" and attack.target is not None
    assert attack.target.ids == (foes[0].id,)  # play takes it without asking
    r = run("attack", unit.name, foes[1].name, "--seed", "1")
    assert r.code == 1 and f"charged {foes[0].name}" in r.err and "--force" in r.err
