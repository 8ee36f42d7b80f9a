"""Styled lines printed byte for byte as Rich prints them, without loading Rich.

Start-up device (with `plain.py` and `board_lines.py`): with it off (Rich prints),
`odds` takes 1.38x as long and `status` 2.57x (cpu, median of 15 paired runs, the device
off against on).

Loading Rich costs a table command about a third of its start-up. What the table
commands print most (a roll, a trace, the board) is a few lines of short styled pieces,
so Rich's only work would be to wrap the lines at their words and each piece in its
colour codes. A line here is a list of spans, (text, style), in Rich's style words
("bold", "dim red"). When every character is printable and one cell wide and only the
styles below are used, `emit` prints the lines exactly as Rich would: wrapped as Rich
wraps them, with no codes where Rich writes none (not a terminal) and Rich's own codes
at a terminal (NO_COLOR drops the colours, as Rich does). Anything else (a word longer
than a line, a dumb terminal, Windows) returns False, and the caller prints with Rich.
Tests compare both ways byte for byte.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable, Sequence

from companion import TYPE_CHECKING
from companion.render import plain

if TYPE_CHECKING:
    from typing import TypeVar

    T = TypeVar("T")

Span = tuple[str, str]
_WORD = re.compile(r"\s*\S+\s*")
Line = Sequence[Span]

# Rich's style words and their codes; the attributes in the order Rich writes them.
_ATTRIBUTES = {"bold": 0, "dim": 1, "italic": 2, "underline": 3, "reverse": 6, "strike": 8}
_ATTRIBUTE_CODE = {0: "1", 1: "2", 2: "3", 3: "4", 6: "7", 8: "9"}
_COLOURS = {
    "black": "30",
    "red": "31",
    "green": "32",
    "yellow": "33",
    "blue": "34",
    "magenta": "35",
    "cyan": "36",
    "white": "37",
}


def _codes(style: str, colours: bool) -> str | None:
    """The SGR codes Rich writes for `style`, or None for a style not known here."""
    bits = 0
    colour = None
    for word in style.split():
        if word in _ATTRIBUTES:
            bits |= 1 << _ATTRIBUTES[word]
        elif word in _COLOURS:
            colour = _COLOURS[word]  # the last colour named wins, as in Rich
        else:
            return None
    sgr = [code for bit, code in sorted(_ATTRIBUTE_CODE.items()) if bits & (1 << bit)]
    if colour is not None and colours:
        sgr.append(colour)
    return ";".join(sgr)


def _mode() -> tuple[bool, bool] | None:
    """(codes written, colours written) as Rich's console would decide for standard
    output, or None where only Rich can tell (Windows, notebooks, IDLE, dumb terminals)."""
    import builtins

    if sys.platform == "win32" or hasattr(builtins, "get_ipython"):
        return None
    if getattr(sys.stdin, "__module__", "").startswith("idlelib"):
        return None
    env = os.environ
    tty = env.get("TTY_COMPATIBLE", "")
    if tty == "0":
        terminal = False
    elif tty == "1":
        terminal = True
    elif env.get("FORCE_COLOR") is not None:
        terminal = env.get("FORCE_COLOR") != ""
    else:
        try:
            terminal = sys.stdout.isatty()
        except (AttributeError, ValueError):
            terminal = False
    if not terminal:
        return False, False
    if env.get("TERM", "").lower() in ("dumb", "unknown"):
        return None  # Rich gives a dumb terminal a size of its own
    return True, env.get("NO_COLOR", "") == ""


def _words(text: str) -> list[tuple[int, str]]:
    """Each word with the spaces around it, as Rich's wrap reads words."""
    return [(m.start(), m.group(0)) for m in _WORD.finditer(text)]


def wrap(line: Line, room: int) -> list[list[Span]] | None:
    """The line as Rich wraps it to `room` cells (breaks before the word that does not
    fit; a break keeps the spaces before it while they fit), or None where Rich would
    do more than that (a word longer than a line, characters wider than one cell)."""
    text = "".join(t for t, _ in line)
    if plain.cells(text) != len(text):
        return None
    if len(text) <= room:
        return [list(line)]
    breaks: list[int] = []
    offset = 0
    for start, word in _words(text):
        length = len(word.rstrip())
        if room - offset >= length:
            offset += len(word)
        elif length > room:
            return None  # Rich folds the word across lines
        elif offset and start:
            breaks.append(start)
            offset = len(word)
    out: list[list[Span]] = []
    edges = [0, *breaks, len(text)]
    for a, b in zip(edges, edges[1:], strict=False):
        piece = text[a:b]
        if len(piece) > room:
            spaces = len(piece) - len(piece.rstrip())
            b -= min(spaces, len(piece) - room)
            if b - a > room:
                return None
        out.append(_cut(line, a, b))
    return out


def padded(line: Line, left: int, room: int) -> list[list[Span]] | None:
    """The line as Rich prints it in a Padding `left` cells to the left (not expanded):
    wrapped to the room beside the padding and, when it takes more than one line, each
    line filled with spaces to that room."""
    inner = room - left
    text = "".join(t for t, _ in line)
    if inner < 1 or plain.cells(text) != len(text):
        return None
    lines = wrap(line, inner)
    if lines is None:
        return None
    pad = ("", "") if len(lines) == 1 else None
    return [
        [(" " * left, ""), *part, pad or (" " * (inner - sum(len(t) for t, _ in part)), "")]
        for part in lines
    ]


def _cut(line: Line, a: int, b: int) -> list[Span]:
    """The spans of characters a to b of the line."""
    out: list[Span] = []
    pos = 0
    for text, style in line:
        lo, hi = max(a, pos), min(b, pos + len(text))
        if lo < hi:
            out.append((text[lo - pos : hi - pos], style))
        pos += len(text)
    return out


def render(lines: Sequence[Line]) -> str | None:
    """The text Rich would print for these lines, or None when only Rich can say."""
    mode, room = _mode(), plain.width()
    if mode is None or room is None:
        return None
    codes_on, colours = mode
    out: list[str] = []
    for whole in lines:
        if not all(text.isprintable() for text, _ in whole):
            return None
        cells = plain.cells("".join(text for text, _ in whole))
        if cells is None:
            return None
        parts = wrap(whole, room) if cells > room else [whole]
        if parts is None:
            return None
        for line in parts:
            plain_run = ""
            for text, style in line:
                if not text:
                    continue
                if not style:
                    plain_run += text
                    continue
                codes = _codes(style, colours)
                if codes is None:
                    return None
                out.append(plain_run)
                plain_run = ""
                out.append(f"\x1b[{codes}m{text}\x1b[0m" if codes_on and codes else text)
            out.append(plain_run + "\n")
    return "".join(out)


def render_each(
    parts: Sequence[T], lines_of: Callable[[T, int], Sequence[Line] | None]
) -> str | None:
    """The text Rich would print for the parts, each drawn as lines by `lines_of(part,
    width)`; None where the width, or any part, is for Rich alone to say."""
    room = plain.width()
    if room is None:
        return None
    lines: list[Line] = []
    for part in parts:
        drawn = lines_of(part, room)
        if drawn is None:
            return None
        lines += drawn
    return render(lines)


def emit(lines: Sequence[Line]) -> bool:
    """Print the lines as Rich would; False (nothing printed) when Rich must."""
    text = render(lines)
    if text is None:
        return False
    sys.stdout.write(text)
    sys.stdout.flush()
    return True


def split(spans: Line) -> list[list[Span]]:
    """Spans that may hold line breaks, as lines (a break is never styled, as in Rich)."""
    lines: list[list[Span]] = [[]]
    for text, style in spans:
        first, *rest = text.split("\n")
        lines[-1].append((first, style))
        for part in rest:
            lines.append([(part, style)])
    return lines
