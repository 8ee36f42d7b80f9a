"""The board drawn without Rich is byte for byte Rich's board, or left to Rich.

Every system's sample game is drawn at many widths (the table and the narrow list), on
a pipe and at a terminal with and without colour, before and after a turn and with a
fighter active, wounded and out; wherever the drawing without Rich takes a board, it
must be what Rich draws.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from typing import Any

import pytest

from companion import systems
from companion.dice import SeededDice
from companion.game.events import apply_event
from companion.game.repo import event_for
from companion.game.state import GameState, replace_fighter
from companion.render.board import render_board
from companion.render.board_data import board
from companion.render.board_lines import plain_board
from companion.render.console import make_console

TERMINALS: dict[str, dict[str, str]] = {
    "pipe": {},
    "colour": {"FORCE_COLOR": "1"},
    "no colour": {"FORCE_COLOR": "1", "NO_COLOR": "1"},
}


def _apply(state: GameState, out: Any) -> GameState:
    return apply_event(state, event_for(out.kind, out.summary, out.changes, state))


def _boards() -> Iterator[tuple[str, dict[str, Any]]]:
    for sid in systems.ids():
        system = systems.get(sid)
        for scen in system.scenarios()[:2]:
            state = system.new_game(system.sample_rosters(), scen.id, {})
            yield sid, board(system, "sample", state)
            state = _apply(state, system.next_turn(state, SeededDice(3)))
            yield sid, board(system, "sample", state)
            side = system.next_side(state)
            if side is None:
                continue
            first = state.side_fighters(side)[0]
            state = _apply(state, system.activate(state, first.id))
            yield sid, board(system, "a game with a longer name", state)
            other = state.side_fighters(1 - side)
            wounded = replace_fighter(state, other[0].id, status="wounded", wounds=1)
            out = replace_fighter(wounded, other[-1].id, status="out")
            yield sid, board(system, "sample", out)


def _odd(b: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """The board with what makes a layout hard: a word longer than its column, a long
    note, a flag on a fighter, an unknown status."""
    import copy

    odd = copy.deepcopy(b)
    f = odd["sides"][0]["fighters"][0]
    f["name"] = "Supercalifragilisticexpialidocious-the-second"
    f["flag_text"] = ["pinned", "on fire"]
    f["status"] = "dazed"
    odd["notes"] = ["A long note " * 12]
    yield odd


BOARDS = list(_boards())
BOARDS += [(sid, odd) for sid, b in BOARDS[:3] for odd in _odd(b)]


def _set(monkeypatch: pytest.MonkeyPatch, width: int, env: dict[str, str]) -> None:
    for key in ("FORCE_COLOR", "NO_COLOR", "TTY_COMPATIBLE"):
        monkeypatch.delenv(key, raising=False)
    monkeypatch.setenv("TERM", "xterm-256color")
    monkeypatch.setenv("COLUMNS", str(width))
    for key, value in env.items():
        monkeypatch.setenv(key, value)


def test_every_system_has_boards_to_compare() -> None:
    assert {sid for sid, _ in BOARDS} == set(systems.ids())


@pytest.mark.parametrize("terminal", sorted(TERMINALS))
@pytest.mark.parametrize("width", [40, 64, 80, 99, 100, 110, 120, 140, 160, 200])
def test_a_board_drawn_without_rich_is_what_rich_draws(
    terminal: str, width: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    _set(monkeypatch, width, TERMINALS[terminal])
    drawn = 0
    for sid, b in BOARDS:
        ours = plain_board(b)
        if ours is None:
            continue
        drawn += 1
        c = make_console()
        c.file = io.StringIO()
        render_board(c, b)
        assert ours == c.file.getvalue(), f"{sid} at {width}: {b['game']}"
    assert drawn > len(BOARDS) * 0.8, f"{drawn} of {len(BOARDS)}"  # the usual way


def test_markup_in_a_name_is_left_to_rich(monkeypatch: pytest.MonkeyPatch) -> None:
    import copy

    _set(monkeypatch, 120, {})
    b = copy.deepcopy(BOARDS[0][1])
    assert plain_board(b) is not None
    b["sides"][0]["fighters"][0]["name"] = "[red]Robyn[/red]"
    assert plain_board(b) is None


def _at_a_terminal(args: list[str], env: dict[str, str]) -> bytes:
    """What a command writes to a pseudo-terminal 120 columns wide, as bytes."""
    import fcntl
    import os
    import pty
    import struct
    import termios

    pid, fd = pty.fork()
    if pid == 0:  # the child: the terminal's size is set before it starts
        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
        os.execvpe(args[0], args, env)
    out = b""
    try:
        while True:
            try:
                data = os.read(fd, 65536)
            except OSError:  # the terminal is gone: the command ended
                break
            if not data:
                break
            out += data
    finally:
        os.close(fd)
        _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0, out.decode(errors="replace")
    return out


def test_at_a_real_terminal_status_prints_richs_board(tmp_path: Any) -> None:
    """In a pseudo-terminal (its width asked of the terminal, colours on), `status`
    prints the very bytes Rich draws for the same board."""
    import json
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = str(Path(__file__).resolve().parents[2])
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("COLUMNS", "LINES", "NO_COLOR", "FORCE_COLOR", "TTY_COMPATIBLE", "CI")
    }
    env.update(
        COMPANION_HOME=str(tmp_path / "home"),
        XDG_CACHE_HOME=str(tmp_path / "cache"),
        TERM="xterm-256color",
        PYTHONPATH=root,
    )
    companion = [sys.executable, "-m", "companion"]
    for args in (["demo"], ["turn", "--seed", "3"]):
        subprocess.run([*companion, *args], env=env, check=True, capture_output=True)
    board = subprocess.run(
        [*companion, "status", "--json"], env=env, check=True, capture_output=True, text=True
    ).stdout
    (tmp_path / "board.json").write_text(board)
    status = (
        "import sys\n"
        "from companion.cli.main import main\n"
        "main(['status'])\n"
        "sys.stdout.write('Rich loaded: %s' % ('rich' in sys.modules))\n"
    )
    ours = _at_a_terminal([sys.executable, "-c", status], env)
    assert ours.endswith(b"Rich loaded: False")  # drawn without Rich
    ours = ours[: -len(b"Rich loaded: False")]
    draw = (
        "import json, sys\n"
        "from companion.render.board import render_board\n"
        "from companion.render.console import make_console\n"
        "render_board(make_console(), json.load(open(sys.argv[1])))\n"
    )
    theirs = _at_a_terminal([sys.executable, "-c", draw, str(tmp_path / "board.json")], env)
    assert b"\x1b[1m" in ours and "┏".encode() in ours  # colours, and the wide table
    assert ours == theirs
    assert json.loads(board)["game"] == "sample"
