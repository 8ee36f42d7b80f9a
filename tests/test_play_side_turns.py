"""In a system of side turns (smbfat), ending early in `play` ends one force's turn, and
the menu says so instead of "End turn 1"."""

from __future__ import annotations

import io

from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from rich.console import Console

from companion.game.repo import Home
from companion.names import possessive
from companion.play.loop import Loop
from companion.play.session import Session
from companion.play.ui import Prompter


class Recording(Prompter):
    def __init__(self) -> None:
        super().__init__()
        self.menus: list[tuple[str, list[str]]] = []

    def choose(self, message, items, *args):  # type: ignore[no-untyped-def]
        self.menus.append((message, [f"{it.key}) {it.label}" for it in items if not it.hidden]))
        return super().choose(message, items, *args)


def test_the_early_end_entry_names_the_force_whose_turn_it_ends(run):
    assert run("game", "new", "--system", "smbfat", "--name", "f").code == 0
    assert run("turn", "--seed", "1").code == 0
    side = run("status", "--json").json()["next_side_name"]
    ui = Recording()
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        pipe.send_text("rq")
        Loop(Session(Home(), "f"), Console(file=io.StringIO(), width=100, height=40), ui).run()
    labels = next(labels for msg, labels in ui.menus if "to activate" in msg)
    assert f"t) End {possessive(side)} turn now (no more activations)" in labels, labels


def test_after_the_last_round_play_offers_the_objectives_then_the_report(run):
    """smbfat scores its objectives once round 3 is over: `play` offers it (the only way
    before was to leave play and type 'companion act FIGURE objectives')."""
    assert run("game", "new", "--system", "smbfat", "--name", "f").code == 0
    for _ in range(7):  # three rounds of two force turns, then the end
        if run("status", "--json").json()["phase"] == "ended":
            break
        assert run("turn", "--seed", "1", "--force").code == 0
    assert run("status", "--json").json()["phase"] == "ended"
    ui = Recording()
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        pipe.send_text("r1\r\r\rq")  # objectives: nobody touches any of the three
        Loop(Session(Home(), "f"), Console(file=io.StringIO(), width=100, height=40), ui).run()
    first = ui.menus[1][1] if ui.menus[0][0].startswith("Dice") else ui.menus[0][1]
    assert any("(the game is over)" in x for x in first), ui.menus
    log = run("log", "--json").json()
    assert log[-1]["kind"] == "objectives", [e["kind"] for e in log][-3:]
