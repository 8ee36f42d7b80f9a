"""`companion play --seed`: the digital dice of a session come from one seeded stream, so
the same seed and the same answers replay the same dice."""

from __future__ import annotations

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


def _play(keys: str, seed: int | None) -> None:
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        pipe.send_text(keys + "\x03")
        session = Session(Home(draw=drawn_board), "sample")
        Loop(session, Console(file=io.StringIO(), width=80), Recording(), seed=seed).run()


def _dice_of_attacks(demo, keys: str, seed: int | None) -> list[list[int]]:
    assert demo("turn", "--dice", "7,3").code == 0
    _play(keys, seed)
    log = demo("log", "--json").json()["items"]
    out = [e["data"]["dice"] for e in log if e["kind"] == "attack"]
    while demo("log", "--json").json()["items"] and demo("undo").code == 0:
        pass  # back to the game as created, for the next run
    return out


def test_the_same_seed_replays_the_same_dice(demo):
    # r: digital dice; 1: Robyn; a: attack in melee; 1: Cpt. Fawkes; Enter rolls;
    # then Cpt. Fawkes (1), a: attack, 1: Robyn, Enter.
    keys = "r" + "1a1\r" + "1a1\r"
    first = _dice_of_attacks(demo, keys, 7)
    assert first, "no attack was rolled"
    again = _dice_of_attacks(demo, keys, 7)
    assert again == first
