"""Driving `companion play` in-process on prompt_toolkit pipe input, with its menus kept."""

from __future__ import annotations

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


class Recording(Prompter):
    """The real prompts, with every menu shown kept as (question, visible entries)."""

    def __init__(self) -> None:
        super().__init__()
        self.menus: list[tuple[str, list[str]]] = []
        self.texts: list[str] = []  # the questions typed answers were asked with
        self.asked: list[str] = []  # every question, menus and typed ones, in order

    def choose(self, message, items, *args):  # type: ignore[no-untyped-def]
        self.menus.append((message, [f"{it.key}) {it.label}" for it in items if not it.hidden]))
        self.asked.append(message)
        return super().choose(message, items, *args)

    def text(self, message, default="", validate=None):  # type: ignore[no-untyped-def]
        self.texts.append(message)
        self.asked.append(message)
        return super().text(message, default, validate)


def play_keys(game: str, keys: str, rows: int = 40, width: int = 100) -> tuple[str, Recording]:
    """Run `play` on `game` with `keys` typed (end them with a quit), at that terminal
    size; what it printed and the menus it showed."""
    out = io.StringIO()
    ui = Recording()
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        pipe.send_text(keys + "\x03")  # a wrong key sequence ends instead of waiting
        Loop(
            Session(Home(draw=drawn_board), game), Console(file=out, width=width, height=rows), ui
        ).run()
    return out.getvalue(), ui
