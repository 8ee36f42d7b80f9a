"""The guided mode's screen fits the terminal: the last result is cut last, and sensibly."""

from __future__ import annotations

import io

from rich.console import Console

from companion.render.play_view import Block, render_screen, short_trace
from companion.trace import Roll, Step, Trace


def _trace(n: int) -> Trace:
    steps = [Step(f"Note {i}", "noted") for i in range(n)]
    steps[2] = Step(
        "Attack roll", "hit", roll=Roll("Robyn", 10, 1, None, 1, (4,), (0,)), target=6, compare="<="
    )
    return Trace("Melee attack: Robyn against Cpt. Fawkes", tuple(steps), "Cpt. Fawkes out")


def test_a_long_trace_keeps_its_title_dice_and_result_and_says_what_it_left_out():
    lines = [t.plain for t in short_trace(_trace(8), 5, 80)]
    assert len(lines) == 5
    assert lines[0] == "Melee attack: Robyn against Cpt. Fawkes"
    assert lines[-1] == "Result: Cpt. Fawkes out"
    assert any("Attack roll" in x and "4" in x for x in lines)  # the dice come first
    assert any("6 more steps: k shows the whole trace" in x for x in lines)


def test_a_trace_that_fits_is_shown_whole():
    lines = [t.plain for t in short_trace(_trace(3), 10, 80)]
    assert len(lines) == 5 and not any("more step" in x for x in lines)


def test_the_screen_leaves_room_for_the_menu_and_drops_fighters_before_the_result():
    out = io.StringIO()
    c = Console(file=out, width=80, height=24)
    from rich.text import Text

    fighters = [Text(f"fighter {i}") for i in range(30)]
    render_screen(c, Text("game"), [Block(_trace(12))], fighters, menu_lines=14)
    lines = out.getvalue().splitlines()
    assert len(lines) <= 24 - 14 - 1
    assert lines[-1] == "Result: Cpt. Fawkes out"
    assert lines[0] == "game"
