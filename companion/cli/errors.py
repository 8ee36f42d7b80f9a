"""Printing an error: one line on stderr, then the exit status."""

from __future__ import annotations

import sys

from companion import TYPE_CHECKING

if TYPE_CHECKING:
    from typing import NoReturn

# Longer than any path or name a message means to show; shorter than a value pasted by mistake.
LONG_WORD = 160


def tidy(line: str) -> str:
    """One error line fit to print: control and direction characters escaped, and any
    word longer than LONG_WORD (a value quoted back in full by a library) cut short."""
    import re

    from companion.numbers import SHOWN, escape

    return re.sub(
        rf"\S{{{LONG_WORD + 1},}}",
        lambda m: f"{m[0][:SHOWN]}…({len(m[0]):,} characters)",
        escape(line),
    )


def fail(message: str, code: int) -> NoReturn:
    from companion.names import with_suggestion

    first = tidy(message.strip().splitlines()[0] if message.strip() else "failed")
    first = with_suggestion(first)
    sys.stderr.write(f"companion: error: {first}\n")
    sys.stderr.flush()
    sys.exit(code)
