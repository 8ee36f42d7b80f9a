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
