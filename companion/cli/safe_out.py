"""Output a terminal shows and never obeys, whatever the stored data holds.

Names are checked as they are given (see `names.check_name`), but a file edited by hand,
or written by an older version, may still hold an escape sequence or a direction
override. Every command's output therefore passes through `Guarded`: control characters
(but new lines and tabs), the C1 controls and the direction marks and overrides are
written as `\\uXXXX`, so they show and do nothing. On a terminal the colour, style and
cursor sequences that Rich and the prompts write (CSI: ESC, '[', ..., a final letter) are
let through; a title, a clipboard write or any other OSC/DCS sequence never is.
"""

from __future__ import annotations

import os

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, without importing typing at start-up
if TYPE_CHECKING:
    from typing import Any, TextIO

_BAD = "[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]"
# On a colour terminal: a CSI sequence is kept whole, and so is a carriage return.
_CSI = "\x1b\\[[0-?]*[ -/]*[@-~]|\r"


def _shown(c: str) -> str:
    return f"\\u{ord(c):04x}"


def safe_text(text: str, colour: bool = False) -> str:
    """`text` with what a terminal acts on written out (see the module's notes); with
    `colour`, the CSI sequences a colour terminal is sent are kept."""
    if text.isprintable() or text.replace("\n", "").replace("\t", "").isprintable():
        return text  # nearly all output: no character to look at twice
    import re

    if colour:
        pattern = re.compile(f"({_CSI})|{_BAD}")
        return pattern.sub(lambda m: m[1] or _shown(m[0]), text)
    return re.sub(_BAD, lambda m: _shown(m[0]), text)


class Guarded:
    """A text stream passing everything written through `safe_text`; anything else (its
    buffer, fileno, isatty, encoding) is the stream's own."""

    def __init__(self, raw: TextIO) -> None:
        self.raw = raw
        tty = False
        try:
            tty = raw.isatty()
        except (AttributeError, ValueError, OSError):
            pass
        # A terminal gets its style sequences whatever NO_COLOR says: Rich still writes
        # bold and underline there, and those are CSI sequences too.
        self.colour = bool(os.environ.get("FORCE_COLOR")) or tty

    def write(self, text: Any) -> Any:
        if isinstance(text, str):
            self.raw.write(safe_text(text, self.colour))
            return len(text)
        return self.raw.write(text)  # bytes: the stream says what it makes of them

    def writelines(self, lines: Any) -> None:
        for line in lines:
            self.write(line)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.raw, name)


def guarded(stream: Any) -> Any:
    """`stream` guarded (once: a guarded stream is not wrapped again), or None for none."""
    if stream is None or isinstance(stream, Guarded):
        return stream
    return Guarded(stream)
