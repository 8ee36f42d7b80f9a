"""SKIRMASHED in the guided loop: the menu offers the activation's parts and asks only the
facts that apply; the end of the activation rolls the stamina check."""

from __future__ import annotations

import io

from play_helpers import Recording as MenuRecording
from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from rich.console import Console
from skirmashed_helpers import board, setup_game

from companion.cli.shared import drawn_board
from companion.game.repo import Home
from companion.play.loop import Loop
from companion.play.session import Session


class Recording(MenuRecording):
    """The loop tests' recorder, also keeping the yes/no questions asked."""

    def __init__(self):
        super().__init__()
        self.questions = []

    def confirm(self, message, default=False):
        self.questions.append(message)
        return super().confirm(message, default)


def drive(keys: str) -> tuple[str, Recording]:
    out = io.StringIO()
    ui = Recording()
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        pipe.send_text(keys + "\x03")
        Loop(
            Session(Home(draw=drawn_board), "skirmish-1"),
            Console(file=out, width=120, height=200),
            ui,
        ).run()
    return out.getvalue(), ui


def test_play_offers_the_parts_and_asks_the_facts(run):
    setup_game(run)
    assert run("turn").code == 0
    # e: typed dice; 1: Holt; h: shoot (the entry decides; Vex, the only enemy, is not
    # asked); on the confirming screen 1 asks the range band, 2: normal; r rolls: five
    # hit dice (the 10 hits) and one save die (6 fails against 6); e: end, stamina dice
    # 2 and 5; q: quit.
    attack = "h" + "12" + "r" + "2\r1\r5\r3\r10\r" + "6\r"
    text, ui = drive("e1" + attack + "e" + "2\r5\r" + "q")
    acting = [labels for msg, labels in ui.menus if "Holt is activating" in msg]
    assert acting[0][:5] == ["o) Move", "h) Shoot", "a) Attack in melee", "f) Focus", "r) Run"]
    assert acting[1][0] == "o) Move" and not any("Attack" in x for x in acting[1])
    forms = [labels for msg, labels in ui.menus if msg.startswith("Enter rolls")]
    band = '1) How far is Vex: short (6" or less), normal, or long (over 24")?'
    assert forms[0][1] == f"{band}: short"
    assert forms[-1][1:4] == [
        '1) How far is Vex: short (6" or less), normal, or long (over 24")?: normal',
        "2) Is Vex in cover?: none",
        "3) Does Vex actively block/dodge (before the dice)?: no",
    ]
    assert not any("Does Holt shoot" in m for m, _ in ui.menus)
    # Each answer of the band shows where it leads.
    bands = next(labels for msg, labels in ui.menus if msg.startswith("How far is Vex"))
    assert all(" — " in x for x in bands[:3])
    kinds = [e["kind"] for e in run("log", "--json").json()["items"]]
    assert kinds[-3:] == ["activate", "attack", "activation-end"]
    assert "Stamina check" in text and "exhausted for the rest of the round" in text
    _, rows = board(run)
    assert rows["Vex"]["wounds"] == 5 and rows["Holt"]["token"] is True


def test_a_run_goes_straight_on_to_its_melee_attack(run):
    """A run is run-and-melee (R-SKM-P05): play asks the attack's target at once, and a
    charge is the fighter, the run, the target and Enter."""
    from play_helpers import play_keys

    assert run("game", "new", "--system", "skirmashed", "--seed", "1", "--name", "g").code == 0
    assert run("turn", "--seed", "1").code == 0
    # r: digital dice; 1: Tam; r: Run; 1: Mira; Enter rolls; q.
    _, ui = play_keys("g", "r" + "1" + "r" + "1" + "\r", rows=40, width=80)
    asked = ui.asked
    ran = next(i for i, m in enumerate(asked) if "Tam is activating" in m)
    assert asked[ran + 1] == "Tam: Attack — whom?", asked[ran:]
    kinds = [e["kind"] for e in run("log", "--json").json()["items"]]
    assert kinds[-2:] == ["run", "attack"], kinds
