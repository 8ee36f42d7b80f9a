"""A line of plain text printed as Rich would print it, without loading Rich.

Start-up device (with `styled.py`): importing rich.console costs 6.4x a bare interpreter
start (cpu, median of 15 paired runs); with these printers off, `odds` takes 1.38x as long.

Loading Rich costs a table command about as much as all the rest of its start-up. A
command that only reports a one-line summary (activate, vp, set...) prints it here when
Rich would print it unchanged: no markup or emoji code in it, nothing to wrap at the
console's width, no control or zero-width characters. Anything else goes to Rich.
"""

from __future__ import annotations

import os
import sys
import unicodedata

from companion import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Callable

    from rich.console import Console


def width() -> int | None:
    """The width Rich's console (`companion.render.console`) would use, or None when that
    is not plain to see here."""
    cols = os.environ.get("COLUMNS")
    if cols and cols.isdigit():
        return max(40, int(cols))
    if sys.platform == "win32" or os.environ.get("TERM", "").lower() in ("dumb", "unknown"):
        return None
    for fd in (0, 1, 2):  # Rich asks the standard streams in this order
        try:
            return os.get_terminal_size(fd).columns
        except (OSError, ValueError):
            continue
    return 80


def _cells(text: str) -> int | None:
    """Cells on a terminal, or None for a character whose width is not plain."""
    if text.isascii():
        return len(text)
    n = 0
    for ch in text:
        if unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Me", "Cf", "Co"):
            return None
        n += 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
    return n


cells = _cells  # the width a renderer without Rich measures with (companion.render.styled)


def _no_emoji_code(text: str) -> bool:
    """Whether no emoji code can be in `text`: Rich reads one between two colons with no
    space between them (`:smile:`), so every stretch between two colons has a space."""
    between = text.split(":")[1:-1]
    return all(any(c.isspace() for c in part) for part in between)


def _no_markup(text: str) -> bool:
    """Whether Rich reads no markup tag in `text`: a bracket not starting a tag (as in
    "[3 turns]", Rich's `markup.RE_TAGS`) and no backslash that could escape one."""
    if "[" not in text:
        return True
    import re

    return "\\" not in text and re.search(r"\[[a-z#/@][^[]*?]", text) is None


def literal(text: str) -> bool:
    """Whether Rich would print `text` (markup on) as it is, wrapping aside: printable,
    no markup tag and no emoji code in it."""
    return text.isprintable() and _no_markup(text) and _no_emoji_code(text)


def fits(text: str, markup: bool = True) -> bool:
    """Whether Rich would print `text` (no style; markup on unless said) exactly as it is."""
    if not text.isprintable() or (markup and not literal(text)):
        return False
    cells, room = _cells(text), width()
    return cells is not None and room is not None and cells <= room


def print_json(data: object) -> None:
    """Print `data` as a `--json` output: the contract's document (`companion.schemas`)."""
    from companion.schemas import text

    sys.stdout.write(text(data))


def write(text: str) -> None:
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


def show(text: str | None, rich: Callable[[Console], object]) -> None:
    """Print `text`, what Rich would print, as it stands; where it is None (only Rich
    can say), `rich` draws on a fresh console instead."""
    if text is not None:
        sys.stdout.write(text)
        sys.stdout.flush()
        return
    from companion.render.console import make_console

    rich(make_console())
