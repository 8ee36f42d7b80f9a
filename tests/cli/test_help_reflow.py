"""Help paragraphs reflow at any width: no hard line break in the middle of one."""

from __future__ import annotations

import pytest
import typer
from test_help import walk

from companion.cli.main import app
from companion.cli.reflow import reflow


def _breaks(text: str, width: int) -> list[str]:
    """Lines of the help's description that end early although the next word of the
    same paragraph would have fit: a paragraph broken by a hard line break."""
    lines = [ln.rstrip() for ln in text.split("╭", 1)[0].splitlines()]
    found = []
    for a, b in zip(lines, lines[1:], strict=False):
        words = b.split()
        if (
            not a.strip()
            or not words
            or b.startswith("  ")
            and not b.startswith(" " * 1 + words[0])
        ):
            continue
        if a.strip().startswith("companion") or words[0] == "companion" or a.endswith(":"):
            continue  # an example keeps its lines
        if b.startswith("     "):
            continue  # an indented continuation, as written
        if len(a) + 1 + len(words[0]) < width - 2:
            found.append(f"{a.strip()!r} / {b.strip()!r}")
    return found


@pytest.mark.parametrize("width", [60, 80, 120])
def test_no_help_paragraph_is_broken_by_a_hard_line_break(run, monkeypatch, width):
    monkeypatch.setenv("COLUMNS", str(width))
    group = typer.main.get_command(app)
    bad = {}
    for path, _ in walk(group):
        r = run(*path, "--help")
        assert r.code == 0, path
        found = _breaks(r.out, width)
        if found:
            bad[" ".join(path)] = found[:3]
    assert not bad, bad


def test_prose_is_joined_and_examples_keep_their_lines():
    text = """Resolve an attack, melee by default,
    step by step.

    Example:
    companion turn --dice 7,3
    companion activate Robyn

    - one item
    - another
    """
    assert reflow(text) == (
        "Resolve an attack, melee by default, step by step.\n\n"
        "Example:\ncompanion turn --dice 7,3\ncompanion activate Robyn\n\n"
        "- one item\n- another"
    )
