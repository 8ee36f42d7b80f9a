"""SKIRMASHED in the guided loop: the menu offers the activation's parts and asks only the
facts that apply; the end of the activation rolls the stamina check."""

from __future__ import annotations

import io

from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from rich.console import Console
from skirmashed_helpers import board, setup_game
from test_play_loop import Recording as MenuRecording

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
        pipe.send_text(keys)
        Loop(Session(Home(), "skirmish-1"), Console(file=out, width=120, height=200), ui).run()
    return out.getvalue(), ui


def test_play_offers_the_parts_and_asks_the_facts(run):
    setup_game(run)
    assert run("turn").code == 0
    # e: typed dice; 1: Holt; 2: attack; 1: Vex; y: it shoots; 2: normal range;
    # 1: no cover; n: no enemy in contact; n: Vex does not block; five hit dice (the 10
    # hits) and one block die (6 fails against 6); e: end, stamina dice 2 and 5; q: quit.
    attack = "2" + "1" + "y" + "2" + "1" + "n" + "n" + "2\r1\r5\r3\r10\r" + "6\r"
    text, ui = drive("e1" + attack + "e" + "2\r5\r" + "q")
    acting = [labels for msg, labels in ui.menus if "Holt is activating" in msg]
    assert acting[0][:4] == ["1) Move", "2) Attack", "3) Focus", "4) Run"]
    assert acting[1][0] == "1) Move" and not any("Attack" in x for x in acting[1])
    assert ui.questions == [
        "Does Holt shoot (no: a melee attack in base contact)?",
        "Is an enemy in base contact with Holt?",
        "Does Vex actively block/dodge (before the dice)?",
    ]
    asked = [msg for msg, _ in ui.menus]
    assert any(m.startswith("How far is Vex") for m in asked)
    assert "Is Vex in cover?" in asked
    kinds = [e["kind"] for e in run("log", "--json").json()]
    assert kinds[-3:] == ["activate", "attack", "activation-end"]
    assert "Stamina check" in text and "exhausted for the rest of the round" in text
    _, rows = board(run)
    assert rows["Vex"]["wounds"] == 5 and rows["Holt"]["token"] is True
