"""Deleting asks first on a terminal, "no" by default, and keeps a copy to restore."""

from __future__ import annotations

import os

import pytest
from ptydrive import PtyProcess, companion


def env(home):
    return {**os.environ, "COMPANION_HOME": str(home), "NO_COLOR": "1", "TERM": "xterm"}


@pytest.mark.parametrize(
    ("args", "question"),
    [
        (("roster", "delete", "Robyn"), "Delete roster"),
        (("game", "delete", "sample"), "Delete game"),
    ],
)
def test_delete_on_a_terminal_defaults_to_no(demo, home, args, question):
    p = PtyProcess(companion(*args), env(home))
    try:
        p.expect(question)
        p.expect(r"\(y/N\)")
        p.send("\r")  # just Enter: the default, no
        assert p.wait() == 2
        assert "cancelled; nothing was deleted" in p.text
    finally:
        p.kill()
    assert demo("roster", "show", "Robyn").code == 0
    assert demo("status").code == 0
    p = PtyProcess(companion(*args), env(home))
    try:
        p.expect(question)
        p.send("y")
        assert p.wait() == 0
    finally:
        p.kill()
    what, name = args[0], args[2]
    assert demo(what, "restore", name).code == 0


def test_game_delete_keeps_the_files_aside(demo, home):
    assert demo("turn", "--dice", "7,3").code == 0
    assert demo("game", "delete", "sample", "--yes").code == 0
    assert not (home / "games" / "sample.json").exists()
    assert (home / "deleted" / "games" / "sample" / "sample.json").exists()
    r = demo("status")
    assert r.code == 2
    assert demo("game", "restore", "sam").code == 0
    assert "Turn 1 begins" in demo("log").out
