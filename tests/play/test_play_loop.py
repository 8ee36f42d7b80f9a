"""The guided loop in-process, on prompt_toolkit pipe input: facts, typed dice, legal menus.

The table-mode tests use a small stand-in system that records the requests the loop
builds (the loop only sees the generic interface); the solo tests play a real 1ss solo
game set up as 'companion solo new' does, with the real OpFor procedure and resolution.
"""

from __future__ import annotations

import io

import pytest
from play_helpers import Recording
from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from report_helpers import rolled
from rich.console import Console

from companion import systems
from companion.cli.shared import drawn_board
from companion.core.check import Check
from companion.game.events import set_fighter
from companion.game.repo import Home
from companion.play.loop import Loop
from companion.play.session import Session
from companion.systems.base import Outcome
from companion.systems.one_stat import OneStatSkirmish
from companion.trace import Trace


class Duel(OneStatSkirmish):
    def __init__(self):
        super().__init__()
        self.requests = []

    def action_names(self):
        return ("attack", "recover", "fall")

    def resolve(self, state, request, dice):
        actor = state.fighter(request.actor)
        left = set_fighter(actor.id, "flags.actions", actor.flags.get("actions", 1) - 1)
        if request.action == "attack":
            self.requests.append(request)
            step = rolled(
                dice,
                Check(
                    f"Attack: {actor.name}",
                    actor.name,
                    actor.die,
                    target=actor.stat,
                    compare="<=",
                    success_text="hit",
                    failure_text="miss",
                ),
            )
            changes = [left]
            if step.success:
                changes.append(set_fighter(request.target, "status", "wounded"))
            return Outcome(
                "attack",
                f"{actor.name} attacks: {step.outcome}",
                tuple(changes),
                Trace("Attack", (step,), step.outcome),
            )
        step = rolled(
            dice,
            Check(
                f"Recover: {actor.name}",
                actor.name,
                actor.die,
                target=actor.stat,
                compare="<=",
                success_text="stands up",
                failure_text="stays down",
            ),
        )
        changes = [left] + ([set_fighter(actor.id, "status", "upright")] if step.success else [])
        return Outcome(
            "recover",
            f"{actor.name}: {step.outcome}",
            tuple(changes),
            Trace("Recover", (step,), step.outcome),
        )


def drive(keys: str) -> tuple[str, Recording]:
    out = io.StringIO()
    ui = Recording()
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        pipe.send_text(keys + "\x03")  # a wrong key sequence ends instead of waiting
        console = Console(file=out, width=120, height=200)
        loop = Loop(Session(Home(draw=drawn_board), "sample"), console, ui, timing=True)
        loop.run()
    return out.getvalue(), ui


@pytest.fixture
def duel(demo, monkeypatch):
    demo.system = Duel()
    monkeypatch.setitem(systems._LOADED, "1ss", demo.system)
    assert demo("turn", "--dice", "7,3").code == 0
    return demo


def test_attack_with_entered_dice_then_prone_fighter_can_only_recover(duel):
    # e: enter dice; 1: Robyn; a: attack in melee (Robyn may shoot too: the entry
    # decides, h would shoot); 1: Cpt. Fawkes; Enter: the facts as they stand (not in
    # cover, nobody ganging); die 4; e: end; 1: Cpt. Fawkes; r: recover; die 2; q: quit.
    text, ui = drive("e1a1\r" + "4\re1r" + "2\rq")
    log = duel("log", "--json").json()["items"]
    assert [e["kind"] for e in log] == [
        "turn",
        "activate",
        "attack",
        "activation-end",
        "activate",
        "recover",
    ]
    (req,) = duel.system.requests
    assert (req.target, dict(req.options)) == (
        "cpt-fawkes",
        {"ranged": False, "cover": False, "ganging": 0},
    )
    attack = log[2]
    assert attack["data"]["dice"] == [4] and attack["data"]["typed"] is True
    assert attack["summary"] == "Robyn attacks: hit"
    assert "Result: hit" in text and "Result: stands up" in text
    fawkes_menu = next(labels for msg, labels in ui.menus if "Cpt. Fawkes is activating" in msg)
    # A test that asks nothing shows its likeliest outcome before it is chosen.
    assert fawkes_menu[0].startswith("r) Recover (try to stand up) (likeliest: ")
    assert not any("Attack" in label for label in fawkes_menu)
    robyn_menu = next(labels for msg, labels in ui.menus if "Robyn is activating" in msg)
    # Actions keep their letters; a fall is behind "more".
    assert robyn_menu[:2] == ["h) Shoot", "a) Attack in melee"]
    assert not any(x.startswith("f)") for x in robyn_menu)
    assert "Step time without input" in text


def test_too_many_typed_dice_keep_the_step_and_ask_again(duel):
    # e: typed dice; 1: Robyn; a: attack; 1: Cpt. Fawkes; Enter; "4 5" is one die too
    # many: the step stays, says the 5 was not used, and asks again; 4.
    text, ui = drive("e1a1n\r" + "4 5\r" + "4\rq")
    assert "Not used: 5" in text and "its target and facts stay" in text
    log = duel("log", "--json").json()["items"]
    assert log[-1]["kind"] == "attack" and log[-1]["data"]["dice"] == [4]
    (req,) = duel.system.requests[-1:]
    assert req.target == "cpt-fawkes"
    # The die's prompt says what it needs and its chance, before it is rolled.
    prompts = [t for t in ui.texts if t.startswith("Roll D")]
    assert prompts[0] == "Roll D10 for Attack: Robyn: needs at or below 6, 60%:"
    assert len(prompts) == 2


def test_a_key_not_in_the_menu_does_nothing_and_ending_the_game_is_behind_more(duel):
    # r; z, x, 9: not in the main menu, nothing happens; q.
    text, ui = drive("r" + "zx9" + "q")
    assert [e["kind"] for e in duel("log", "--json").json()["items"]] == ["turn"]
    main = [m for m, _ in ui.menus if m.endswith("what now?")]
    assert len(main) == 1
    more = drive("rmq")[1].menus
    assert any("x) End the game now" in labels for m, labels in more if m == "More:")


def test_quit_in_the_middle_of_an_action_writes_nothing(duel):
    # Into the attack, then Ctrl-C at the dice prompt.
    drive("e1a1\r\x03")
    log = duel("log", "--json").json()["items"]
    assert [e["kind"] for e in log] == ["turn", "activate"]


def test_dice_mode_can_change_in_the_session(duel):
    # d is behind m (more): the main menu keeps only harmless keys.
    text, ui = drive("rmdembq")
    messages = [m for m, _ in ui.menus]
    assert messages.count("Dice: roll for you, or enter the dice you roll at the table?") == 2
    more = [labels for m, labels in ui.menus if m == "More:"][-1]
    assert "d) Dice: you enter them (change)" in more


@pytest.fixture
def sample(demo):
    assert demo("turn", "--dice", "7,3").code == 0
    return demo


def test_a_shot_asks_only_what_changes_its_odds(sample):
    # r: roll for me; 1: Robyn; h: shoot (the entry decides; a would strike); 2: T-999
    # (a shield: always in cover, so cover is not asked; a Ranger's longbow does not care
    # about the distance within its reach): only who stands near is left, on the
    # confirming screen; Enter rolls.
    text, ui = drive("r1h2" + "\rq")
    entries = next(labels for m, labels in ui.menus if "Robyn is activating" in m)
    assert "h) Shoot" in entries and "a) Attack in melee" in entries
    forms = [labels for m, labels in ui.menus if m.startswith("Enter rolls")]
    assert forms[0] == [
        "r) Roll (Enter)",
        "1) Anyone else within 1 step of T-999?: nobody",
        "b) Back",
    ]
    assert not any("cover" in m or "shoot" in m for m, _ in ui.menus)
    log = sample("log", "--json").json()["items"]
    assert log[-1]["kind"] == "attack" and "shoots" in log[-1]["summary"]
    assert "Chances: " in text


def test_rules_look_up_log_and_status_are_one_key_away(duel):
    # Each look-up waits for a key (space here) so it stays on screen; the log is
    # behind m (more).
    text, _ = drive("r?healer\r ml s q")
    assert "Healer (active)" in text
    assert "1. T1 turn" in text
    assert text.count("Robyn's merry men — VP 0") == 1  # the whole board, on 's'


@pytest.fixture
def solo_game(run, tmp_path):
    """A real 1ss solo game, set up as 'companion solo new' does (seed 3: two Sergeants
    and two Grunts arrive, Sergeant 1 first)."""
    from tests.solo_helpers import warband_file

    assert run("roster", "import", warband_file(tmp_path)).code == 0
    r = run("solo", "new", "-r", "Outlaws", "--seed", "3", "--name", "solo")
    assert r.code == 0, r.err
    return run


def drive_solo(keys: str) -> tuple[str, Recording]:
    out = io.StringIO()
    ui = Recording()
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        pipe.send_text(keys + "\x03")  # a wrong key sequence ends instead of waiting
        Loop(
            Session(Home(draw=drawn_board), "solo"), Console(file=out, width=120, height=200), ui
        ).run()
    return out.getvalue(), ui


# Each of the ten Outlaws activates, by its place in the roster (1-9, then a), and ends.
PLAYER_TURN = "".join(f"{key}e" for key in "123456789a")


def test_solo_games_ask_the_solo_guide(solo_game):
    # e: enter dice; n: start turn 1 (no initiative roll); the ten activations; the
    # OpFor's phase walks Sergeant 1 by itself: y: it can attack from cover where it
    # stands; 5: Will is closest; Enter: no other OpFor fighter gangs up; dice 1 (its
    # D8), 1 and 1 (Will's 2D6); Grunt 1's walk starts by itself: b backs out to the
    # OpFor's menu; k: the whole trace, a key back; 1: walk Grunt 1; n: cannot attack;
    # n: sees no one; 1: Sergeant 1 is the higher-ranked friend within 15"; q. Each walk
    # spends the fighter's actions (R-1SS-S19), so there is no activation left to end.
    text, ui = drive_solo("en" + PLAYER_TURN + "y5\r1\r1\r1\r" + "b" + "k " + "1nn1" + "q")
    log = solo_game("log", "--game", "solo", "--json").json()["items"]
    kinds = [e["kind"] for e in log]
    assert kinds[:3] == ["solo-setup", "spawn", "turn"]
    assert kinds[3:23] == ["activate", "activation-end"] * 10
    assert kinds[23:] == ["opfor", "attack", "opfor"]
    walk, attack, follow = log[23:]
    assert walk["data"]["branch"] == "attack-from-cover"
    assert walk["summary"] == (
        "Sergeant 1: stay in cover and attack Will, the closest of your fighters"
    )
    assert attack["summary"] == "Sergeant 1 attacks Will; Will: out"
    assert attack["data"]["dice"] == [1, 1, 1] and attack["data"]["typed"] is True
    assert follow["data"]["branch"] == "follow-leader"
    assert follow["summary"] == 'Grunt 1: move 3" toward Sergeant 1'
    # The OpFor side is walked by the procedure, the next fighter in order first; its
    # menu is there when the player backs out of a walk that started by itself.
    opfor_menu = next(labels for m, labels in ui.menus if "OpFor to activate" in m)
    assert opfor_menu[0].startswith("1) Grunt 1 (")
    assert opfor_menu[0].endswith("): OpFor procedure, next")
    assert not any(m.startswith("1) Sergeant 1 (") for m in opfor_menu)
    asked = [m for m, _ in ui.menus]
    can = next(m for m in ui.menus if m[0].startswith("Can Sergeant 1 attack one of your"))
    # Whether it can attack and whether it is in cover, in one question.
    assert can[1] == [
        "y) Yes, and it stands in cover",
        "o) Yes, from the open (it moves to the nearest cover first)",
        "n) No",
        "b) Back",
    ]
    assert "Is Sergeant 1 in cover?" not in asked
    assert "Which of your fighters is closest to Sergeant 1?" in asked
    assert any(
        m.startswith("Which higher-ranked OpFor fighter is nearest to Grunt 1") for m in asked
    )
    # Which branch fired and why, the instruction, and the full 1ss attack trace.
    assert "Is it in cover?: yes: it keeps its position" in text
    assert "→ Sergeant 1 (attack from cover): stay in cover and attack Will" in text
    assert "Will defends: Will rolls 2D6 keep lowest" in text
    assert "Odds before the dice" in text
    # No initiative in a solo turn.
    setup_menu = next(labels for m, labels in ui.menus if m.startswith("Set-up"))
    assert setup_menu[0] == "n) Start turn 1"


def test_a_prone_opfor_fighter_recovers_by_the_procedure_without_questions(solo_game):
    assert solo_game("set", "Sergeant 1", "--state", "wounded", "--game", "solo").code == 0
    # e; n; your ten activations; the OpFor's phase walks Sergeant 1 by itself (no
    # question: it is prone); the walk rolls its Recover (R-1SS-S21): its D8 shows 2
    # (down), then 6 (up); then q.
    text, ui = drive_solo("en" + PLAYER_TURN + "2\r6\rq")
    log = solo_game("log", "--game", "solo", "--json").json()["items"]
    assert [e["kind"] for e in log[-3:]] == ["opfor", "recover", "recover"]
    assert log[-3]["data"]["branch"] == "recover"
    assert (
        log[-3]["summary"]
        == "Sergeant 1: Recover: the first try fails, the second stands Sergeant 1 up"
    )
    assert log[-1]["data"]["dice"] == [2, 6] and log[-1]["data"]["typed"] is True
    assert not any(m.startswith("Can Sergeant 1") for m, _ in ui.menus)
    # Both actions went on the Recover: no menu of its own to end.
    assert not any("Sergeant 1 is activating" in m for m, _ in ui.menus)
    assert "a prone fighter's first action must be Recover" in text


def test_solo_upkeep_spawns_once_inside_the_turn(solo_game):
    before = len(solo_game("status", "--game", "solo", "--json").json()["sides"][1]["fighters"])
    # e: enter dice; n: turn 1; t: end your fighters' turn at once, y: though none has
    # acted; b: back out of the OpFor walk that starts by itself; t: end turn 1 in the
    # OpFor's phase, y; the upkeep's six spawn dice.
    text, ui = drive_solo("enty" + "b" + "ty" + "2\r2\r5\r6\r6\r6\r" + "q")
    log = solo_game("log", "--game", "solo", "--json").json()["items"]
    assert [e["kind"] for e in log] == ["solo-setup", "spawn", "turn", "side-passed", "turn"]
    assert log[-1]["data"]["dice"] == [2, 2, 5, 6, 6, 6]
    # Who was skipped is in the log: your ten, then every OpFor fighter.
    assert "not activated: Robyn, John" in log[-2]["summary"]
    assert len(log[-1]["data"]["skipped"]) == before
    assert "(ended early; not activated: " in log[-1]["summary"]
    assert "Turn 1 is not over: not yet activated: OpFor: " in text
    after = solo_game("status", "--game", "solo", "--json").json()
    assert len(after["sides"][1]["fighters"]) == before + 3
    assert "Upkeep spawn" in text and "three of a kind of 6s" in text
    # still on the last screen
    assert "Result: turn 2: your fighters first" in text.rsplit("Upkeep spawn", 1)[1]


def test_a_solo_scenario_decided_by_a_step_ends_the_game_in_that_step(solo_game):
    from tests.solo_helpers import PLAYERS

    for name in PLAYERS:
        if name != "Will":
            assert solo_game("set", name, "--state", "out", "--game", "solo").code == 0
    # r: digital dice; n: turn 1; m o: override (behind more); 5: Will; 1: his
    # state; 3: out; q.
    text, ui = drive_solo("rnmo513q")
    log = solo_game("log", "--game", "solo", "--json").json()["items"]
    assert [e["kind"] for e in log[-2:]] == ["override", "end"]
    assert log[-1]["summary"] == "The game is over: You lose: your warband is wiped out"
    assert "Game over: You lose: your warband is wiped out" in text
    last = [m for m, _ in ui.menus][-1]
    assert last.startswith("Game over: you lose: your warband is wiped out")


def test_a_refused_step_is_one_line_and_the_loop_goes_on(demo):
    text, ui = drive("ru" + "nq")  # nothing to undo yet; then start turn 1 with digital dice
    assert "nothing to undo: the game is as it was set up (nothing was written)" in text
    log = demo("log", "--json").json()["items"]
    assert [e["kind"] for e in log] == ["turn"]
    assert log[0]["data"]["typed"] is False and len(log[0]["data"]["dice"]) >= 2


def test_menu_keys_are_never_shared(solo_game):
    # A real 1ss fighter offers many actions: their keys must not collide with the fixed
    # entries (end activation, a fall, end the turn). e; n; Robyn activates; q.
    _, ui = drive_solo("en1q")
    for message, labels in ui.menus:
        keys = [label.split(")", 1)[0] for label in labels]
        assert len(keys) == len(set(keys)), (message, keys)


def test_dice_on_one_line_and_a_refused_line_asked_again(demo):
    # e: enter dice; n: start turn 1; both initiative dice on one line, after a refused one.
    text, ui = drive("en" + "7,x\r" + "7 3\r" + "q")
    assert "'x' is not a die result; give whole numbers like 3,5,1" in text
    log = demo("log", "--json").json()["items"]
    assert log[-1]["kind"] == "turn" and log[-1]["data"]["dice"] == [7, 3]


def test_a_line_with_a_die_too_many_is_asked_again(demo):
    text, _ = drive("en" + "7 3 5\r" + "7 3\r" + "q")
    assert "Not used: 5 (1 more die than this roll takes)" in text
    log = demo("log", "--json").json()["items"]
    assert [e["kind"] for e in log] == ["turn"] and log[0]["data"]["dice"] == [7, 3]


def test_the_dice_mode_is_kept_with_the_game(demo):
    _, first = drive("eq")
    _, second = drive("q")
    question = "Dice: roll for you, or enter the dice you roll at the table?"
    assert [m for m, _ in first.menus].count(question) == 1
    assert question not in [m for m, _ in second.menus]
    more = drive("mbq")[1].menus
    assert "d) Dice: you enter them (change)" in next(labels for m, labels in more if m == "More:")


def test_rules_key_opens_the_topic_of_the_step_on_screen_first(sample):
    # e: typed dice; 1: Robyn; a: attack; 1: Cpt. Fawkes; Enter; 3 hits, 7 defends;
    # ? then Enter opens the first topic offered: that of the last roll on screen
    # (Fawkes' defence); a key back; q.
    text, _ = drive("e1a1n\r" + "3\r7\r" + "?\r" + " q")
    after = text.split("Result: Robyn attacks Cpt. Fawkes", 1)[1]
    assert "Defence: Every hit, melee or ranged, is defended" in after


def test_ending_your_turn_early_in_a_solo_game_leads_to_the_opfor(solo_game):
    # e: typed dice; n: turn 1; 1e: Robyn activates and ends; t: end your fighters' turn
    # now, y: yes: the OpFor's phase is next, not the upkeep: its first walk starts by
    # itself; b: its menu.
    text, ui = drive_solo("en" + "1e" + "t" + "y" + "b" + "q")
    assert "Not yet activated: John, Marian" in text
    log = solo_game("log", "--game", "solo", "--json").json()["items"]
    assert log[-1]["kind"] == "side-passed"
    assert "not activated: John, Marian" in log[-1]["summary"]
    assert ui.menus[-2][0].startswith("Can Sergeant 1 attack one of your fighters")
    assert "OpFor procedure for Sergeant 1:" in text
    assert ui.menus[-1][0].startswith("Turn 1/8 · OpFor") and "to activate" in ui.menus[-1][0]
    ends = [labels for m, labels in ui.menus if "Outlaws to activate" in m]
    assert "t) End your fighters' turn now (the OpFor's turn next)" in ends[-1]


def test_what_only_the_table_sees_is_declared_from_the_more_menu(run, tmp_path):
    from tests.solo_helpers import warband_file

    assert run("roster", "import", warband_file(tmp_path)).code == 0
    args = ("--scenario", "escort", "--seed", "11", "--name", "solo")
    assert run("solo", "new", "-r", "Outlaws", *args).code == 0
    # e: typed dice; n: turn 1; m: more; j: the escort reached its corner.
    text, ui = drive_solo("en" + "m" + "j" + "q")
    more = next(labels for m, labels in ui.menus if m == "More:")
    assert any(x.startswith("j) Declare: ") for x in more), more
    log = run("log", "--game", "solo", "--json").json()["items"]
    assert any(e["kind"] == "objective" for e in log)
    assert run("status", "--game", "solo", "--json").json()["phase"] == "ended"
