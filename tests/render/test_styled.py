"""Lines printed without Rich are byte for byte what Rich prints, or left to Rich.

Traces of every rule system (turns, attacks, their odds) and rolls are printed both
ways at several widths, to a pipe and to a terminal (with and without colour, and a
dumb one): wherever the printer without Rich takes a case, its output must be Rich's.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from typing import Any

import pytest

from companion import systems
from companion.dice import SeededDice
from companion.errors import CompanionError
from companion.game.events import apply_event
from companion.game.repo import event_for
from companion.game.state import freeze
from companion.render import styled
from companion.render.console import make_console
from companion.render.trace_print import plain_trace
from companion.render.trace_view import render_trace
from companion.systems.base import ActionRequest
from companion.trace import Trace

OPTIONS = [
    {"ranged": False},
    {"ranged": True, "range": 7},
    {"ranged": True, "range": 20, "cover": True},
]


def _traces() -> Iterator[tuple[str, Trace]]:
    for sid in systems.ids():
        system = systems.get(sid)
        state = system.new_game(system.sample_rosters(), system.scenarios()[0].id, {})
        for seed in (1, 2, 3):
            out = system.next_turn(state, SeededDice(seed))
            if out.trace is not None:
                yield sid, out.trace
        out = system.next_turn(state, SeededDice(3))
        state = apply_event(state, event_for(out.kind, out.summary, out.changes, state))
        side = system.next_side(state)
        if side is None:
            continue
        actor = state.side_fighters(side)[0]
        out = system.activate(state, actor.id)
        state = apply_event(state, event_for(out.kind, out.summary, out.changes, state))
        for target in [f for f in state.fighters if f.side != actor.side][:3]:
            for opts in OPTIONS:
                req = ActionRequest("attack", actor.id, target.id, freeze(opts))
                try:
                    yield sid, system.odds(state, req)
                    for seed in (1, 2):
                        res = system.resolve(state, req, SeededDice(seed))
                        if res.trace is not None:
                            yield sid, res.trace
                except CompanionError:
                    continue


TRACES = list(_traces())
TERMINALS: dict[str, dict[str, Any]] = {
    "pipe": {},
    "colour": {"FORCE_COLOR": "1"},
    "no colour": {"FORCE_COLOR": "1", "NO_COLOR": "1"},
    "dumb": {"FORCE_COLOR": "1", "TERM": "dumb"},
}


def _set(monkeypatch: pytest.MonkeyPatch, width: int, env: dict[str, str]) -> None:
    for key in ("FORCE_COLOR", "NO_COLOR", "TTY_COMPATIBLE"):
        monkeypatch.delenv(key, raising=False)
    monkeypatch.setenv("TERM", "xterm-256color")
    monkeypatch.setenv("COLUMNS", str(width))
    for key, value in env.items():
        monkeypatch.setenv(key, value)


def _rich(draw: Any) -> str:
    c = make_console()
    c.file = io.StringIO()
    draw(c)
    return str(c.file.getvalue())


def test_every_system_gives_traces_to_compare() -> None:
    assert {sid for sid, _ in TRACES} >= {"1ss", "warstuff"}
    assert len(TRACES) > 30


@pytest.mark.parametrize("terminal", sorted(TERMINALS))
@pytest.mark.parametrize("width", [40, 60, 80, 120, 200])
def test_a_trace_printed_without_rich_is_what_rich_prints(
    terminal: str, width: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    _set(monkeypatch, width, TERMINALS[terminal])
    plain = 0
    for sid, trace in TRACES:
        after: tuple[str, ...] = ("The game is over: Robyn wins",)
        ours = plain_trace(trace, sid, after)
        if ours is None:
            continue
        plain += 1

        def draw(c: Any, trace: Trace = trace, sid: str = sid, after: Any = after) -> None:
            render_trace(c, trace, sid)
            for a in after:
                c.print(a, style="bold magenta")

        assert ours == _rich(draw), f"{sid}: {trace.title}"
    if terminal != "dumb":  # a dumb terminal's size is Rich's to say
        assert plain > len(TRACES) * 0.8  # the quick way is the usual way
    if terminal == "colour" and width == 120:
        assert "\x1b[" in (plain_trace(TRACES[0][1], TRACES[0][0]) or "")


@pytest.mark.parametrize("terminal", sorted(TERMINALS))
def test_styles_are_rich_codes(terminal: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from rich.text import Text

    _set(monkeypatch, 80, TERMINALS[terminal])
    words = ["", "bold", "dim strike", "italic dim", "dim cyan", "bold reverse", "dim red"]
    words += ["bold magenta", "green", "red", "bold underline", "yellow", "bold cyan"]
    line = [(f"<{w}>", w) for w in words]
    t = Text()
    for text, style in line:
        t.append(text, style=style or None)
    if terminal == "dumb":
        assert styled.render([line]) is None  # Rich's own size for a dumb terminal
    else:
        assert styled.render([line]) == _rich(lambda c: c.print(t))


@pytest.mark.parametrize(
    "line",
    [
        [("x" * 81, "")],  # wider than the console: Rich wraps it
        [("tab\there", "")],
        [("e\u0301", "bold")],  # a combining accent
        [("odd style", "blink")],
    ],
)
def test_what_rich_would_change_is_left_to_rich(
    line: list[tuple[str, str]], monkeypatch: pytest.MonkeyPatch
) -> None:
    _set(monkeypatch, 80, {})
    assert styled.render([line]) is None


@pytest.mark.parametrize("terminal", ["pipe", "colour"])
def test_a_roll_prints_as_rich_would(
    terminal: str, run: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from rich.text import Text

    r = run("roll", "4d6kh3+2", "--dice", "2,5,1,3")
    assert r.code == 0, r.err
    _set(monkeypatch, 120, TERMINALS[terminal])
    r = run("roll", "4d6kh3+2", "--dice", "2,5,1,3")
    t = Text("4d6kh3+2: ")
    for j, v in enumerate([2, 5, 1, 3]):
        t.append((" " if j else "") + str(v), style="bold" if j != 2 else "dim strike")
    t.append("  keep highest 3")
    t.append("  +2")
    t.append("  = 12", style="bold")

    def draw(c: Any) -> None:
        c.print(t)
        c.print("Average 14.2446; chance of 12 or more 82.5%, of 12 or less 26.9%.", style="dim")

    assert r.out == _rich(draw)


@pytest.mark.parametrize("terminal", ["pipe", "colour"])
def test_a_long_summary_and_an_announcement_print_as_rich_would(
    terminal: str, demo: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A write's one-line summary, wrapped at its words when it is longer than the
    console, and the game's announcement in bold magenta: Rich's bytes, without Rich."""
    from companion.cli.shared import drawn_board, report
    from companion.game.events import Event
    from companion.game.repo import Home

    _set(monkeypatch, 40, TERMINALS[terminal])
    summary = "Robyn's merry men: 3 → 4 VP (set by hand at the table, after a long talk)"
    event = Event("vp", summary, (), turn=1)
    with Home(draw=drawn_board).reading():
        gf = Home(draw=drawn_board).open_game(None)
    announcements = ("The game is over: Robyn's merry men win",)
    r = demo("status", "--json")  # clears the captured output
    assert r.code == 0
    import sys

    out = io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)

    def no_rich() -> None:
        raise AssertionError("printed with Rich")

    monkeypatch.setattr("companion.cli.shared.console", no_rich)
    report(gf, event, False, announcements)

    def draw(c: Any) -> None:
        c.print(summary)
        c.print(announcements[0], style="bold magenta")

    assert out.getvalue() == _rich(draw)
