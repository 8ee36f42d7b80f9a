"""The guided loop in-process, on prompt_toolkit pipe input: facts, typed dice, legal menus.

1ss resolutions live on another branch, so a small stand-in system resolves attacks and
recoveries here with one test each; the loop only sees the generic interface.
"""

from __future__ import annotations

import io

import pytest
from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from rich.console import Console

from companion import systems
from companion.game.events import set_fighter
from companion.game.repo import Home
from companion.play.loop import Loop
from companion.play.session import Session
from companion.play.ui import Prompter
from companion.systems.base import Outcome
from companion.systems.one_stat import OneStatSkirmish
from companion.trace import Trace, roll_test


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
            step = roll_test(
                dice,
                title=f"Attack: {actor.name}",
                who=actor.name,
                sides=actor.die,
                target=actor.stat,
                compare="<=",
                success_text="hit",
                failure_text="miss",
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
        step = roll_test(
            dice,
            title=f"Recover: {actor.name}",
            who=actor.name,
            sides=actor.die,
            target=actor.stat,
            compare="<=",
            success_text="stands up",
            failure_text="stays down",
        )
        changes = [left] + ([set_fighter(actor.id, "status", "upright")] if step.success else [])
        return Outcome(
            "recover",
            f"{actor.name}: {step.outcome}",
            tuple(changes),
            Trace("Recover", (step,), step.outcome),
        )


class Recording(Prompter):
    def __init__(self):
        super().__init__()
        self.menus = []

    def choose(self, message, items):
        self.menus.append((message, [f"{it.key}) {it.label}" for it in items]))
        return super().choose(message, items)


def drive(keys: str) -> tuple[str, Recording]:
    out = io.StringIO()
    ui = Recording()
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        pipe.send_text(keys)
        loop = Loop(Session(Home(), "sample"), Console(file=out, width=120), ui, timing=True)
        loop.run()
    return out.getvalue(), ui


@pytest.fixture
def duel(demo, monkeypatch):
    demo.system = Duel()
    monkeypatch.setitem(systems._LOADED, "1ss", demo.system)
    assert demo("turn", "--dice", "7,3").code == 0
    return demo


def test_attack_with_entered_dice_then_prone_fighter_can_only_recover(duel):
    # e: enter dice; 1: Robyn; 1: attack; 1: Cpt. Fawkes; m: melee; 1 friend ganging;
    # die 4; e: end; 1: Cpt. Fawkes; 1: recover; die 2; q: quit.
    text, ui = drive("e111m\x7f1\r4\re11" + "2\rq")
    log = duel("log", "--json").json()
    assert [e["kind"] for e in log] == [
        "turn",
        "activate",
        "attack",
        "activation-end",
        "activate",
        "recover",
    ]
    (req,) = duel.system.requests
    assert (req.target, dict(req.options)) == ("cpt-fawkes", {"ranged": False, "ganging": 1})
    attack = log[2]
    assert attack["data"]["dice"] == [4] and attack["data"]["typed"] is True
    assert attack["summary"] == "Robyn attacks: hit"
    assert "Result: hit" in text and "Result: stands up" in text
    fawkes_menu = next(labels for msg, labels in ui.menus if "Cpt. Fawkes is activating" in msg)
    assert fawkes_menu[0] == "1) Recover (try to stand up)"
    assert not any("Attack" in label for label in fawkes_menu)
    robyn_menu = next(labels for msg, labels in ui.menus if "Robyn is activating" in msg)
    assert robyn_menu[0] == "1) Attack" and "f) A fighter falls from a height" in robyn_menu
    assert "Step time without input" in text


def test_quit_in_the_middle_of_an_action_writes_nothing(duel):
    # Into the attack, then Ctrl-C at the dice prompt.
    drive("e111m\r\x03")
    log = duel("log", "--json").json()
    assert [e["kind"] for e in log] == ["turn", "activate"]


def test_dice_mode_can_change_in_the_session(duel):
    text, ui = drive("rdeq")
    messages = [m for m, _ in ui.menus]
    assert messages.count("Dice: roll for you, or enter the dice you roll at the table?") == 2
    last_main = [labels for m, labels in ui.menus if m.endswith("what now?")][-1]
    assert "d) Dice: you enter them (change)" in last_main


def test_ranged_attack_asks_range_cover_and_who_is_near(duel):
    # r: roll for me; 1: Robyn; 1: attack; 2: T-999; r: ranged; 12 steps; y: in cover;
    # mark the first other fighter near T-999 (space), Enter; then quit.
    drive("r11" + "2r12\ry \rq")
    (req,) = duel.system.requests
    assert req.target == "t-999"
    assert dict(req.options) == {
        "ranged": True,
        "range": 12,
        "cover": True,
        "near": ("john",),
        "ganging": 0,
    }
    log = duel("log", "--json").json()
    assert log[-1]["kind"] == "attack" and log[-1]["data"]["typed"] is False


def test_rules_look_up_log_and_status_are_one_key_away(duel):
    text, _ = drive("r?healer\rlsq")
    assert "Healer (active)" in text
    assert "1. T1 turn" in text
    assert text.count("Robyn's merry men — VP 0") == 2  # at the start and on 's'


def test_solo_games_ask_the_solo_guide(demo, monkeypatch):
    from companion.dice import DiceSource
    from companion.game.events import set_side
    from companion.play.solo_hook import SoloGuide

    calls = []

    def upkeep(state, dice: DiceSource):
        (v,) = dice.roll(6, 1, "the spawn roll")
        calls.append(("upkeep", state.turn, v))
        return Outcome(
            "spawn", f"Spawn roll {v}: nothing arrives", (set_side(1, "flags.spawn", v),)
        )

    guide = SoloGuide(
        choose=lambda state, side: "t-999",
        walkthrough=lambda state, fid: [f"{state.fighter(fid).name} heads for the nearest enemy"],
        upkeep=upkeep,
    )
    monkeypatch.setattr("companion.play.loop.guide_for", lambda system_id: guide)
    home = Home()
    sys_ = systems.get("1ss")
    with home.writing():
        rosters = [home.find_roster(r.name) for r in sys_.sample_rosters()]
        gf = home.create_game("solo", sys_.new_game(rosters, "training", {"solo": True}))
        gf.db.commit()
        home.set_setting("current", "solo")
    assert demo("turn", "--game", "solo", "--dice", "7,3").code == 0
    # e: enter dice; 1: Robyn; e: end; 1: let the procedure pick; e: end; t: end the turn,
    # spawn die 5, initiative dice 2 and 9; q.
    out = io.StringIO()
    ui = Recording()
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        pipe.send_text("e1e1et5\r2\r9\rq")
        Loop(Session(home, "solo"), Console(file=out, width=120), ui).run()
    text = out.getvalue()
    opfor_menu = next(labels for m, labels in ui.menus if "(OpFor) to activate" in m)
    assert opfor_menu[0] == "1) Let the solo procedure pick the OpFor fighter"
    assert "T-999 heads for the nearest enemy" in text
    log = demo("log", "--game", "solo", "--json").json()
    assert [e["kind"] for e in log] == [
        "turn",
        "activate",
        "activation-end",
        "activate",
        "activation-end",
        "spawn",
        "turn",
    ]
    assert log[3]["summary"].startswith("T-999 activates")
    assert log[5]["data"]["dice"] == [5]
    assert calls == [("upkeep", 1, 5)]


def test_a_refused_step_is_one_line_and_the_loop_goes_on(demo):
    text, ui = drive("ru" + "nq")  # nothing to undo yet; then start turn 1 with digital dice
    assert "nothing to undo: the game is as it was set up (nothing was written)" in text
    log = demo("log", "--json").json()
    assert [e["kind"] for e in log] == ["turn"]
    assert log[0]["data"]["typed"] is False and len(log[0]["data"]["dice"]) >= 2
