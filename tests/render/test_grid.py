"""Tables printed without Rich are Rich's tables, byte for byte: as wide as their widest
cells where they fit, narrowed and wrapped as Rich narrows and wraps them where not."""

from __future__ import annotations

import io
import random
import sys

import pytest

from companion.render.console import make_console
from companion.render.grid import Grid, Say, plain, render_rich

WORDS = ["a", "bb", "ccc", "sword", "(melee),", "longbow", "Robyn", "Specialist", "D10", "", "-"]


def _rich(parts: list[Grid | Say]) -> str:
    c = make_console()
    c.file = io.StringIO()
    render_rich(c, parts)
    return c.file.getvalue()


def _tables(seed: int, n: int) -> list[Grid]:
    rnd = random.Random(seed)
    out = []
    for _ in range(n):
        cols = rnd.randint(1, 7)
        headers = tuple(rnd.choice(["Fighter", "Rank", "Stat", "Notes", "Q"]) for _ in range(cols))
        rows = tuple(
            tuple(
                " ".join(rnd.choice(WORDS) for _ in range(rnd.randint(0, 6))).strip()
                for _ in range(cols)
            )
            for _ in range(rnd.randint(0, 5))
        )
        out.append(Grid(headers, rows, title=rnd.choice(["", "Robyn (1ss)", "A longer title"])))
    return out


@pytest.mark.parametrize("colour", [False, True])
@pytest.mark.parametrize("columns", ["40", "60", "80", "120"])
def test_a_table_is_printed_as_rich_prints_it(
    colour: bool, columns: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", columns)
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.delenv("TTY_COMPATIBLE", raising=False)
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setattr(sys, "stdout", io.StringIO())
    if colour:
        monkeypatch.setenv("FORCE_COLOR", "1")
    else:
        monkeypatch.delenv("FORCE_COLOR", raising=False)
    printed = 0
    for g in _tables(int(columns) + colour, 150):
        parts: list[Grid | Say] = [g, Say("bosses: 0: 68.1%, 1: 31.2%", "dim")]
        text = plain(parts)
        if text is not None:
            printed += 1
            assert text == _rich(parts), g
    assert printed > 50  # most of them, wrapped or not


@pytest.mark.parametrize(
    "grid",
    [
        Grid(("a",), (("[bold]x[/bold]",),)),  # markup
        Grid(("a",), (("x" * 200,),)),  # a word Rich folds
        Grid(("a",), (("two\nlines",),)),
        Grid(("a", "b"), (("one",),)),  # a short row
    ],
)
def test_what_only_rich_can_print_is_left_to_it(
    grid: Grid, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    assert plain([grid]) is None
