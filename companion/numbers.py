"""Whole numbers and text typed by a person: one parser for every number on a command line.

Every whole number a command takes (an option, an argument, a side number, the count and
sides of a dice notation, a typed die, a number inside `--opt`) is read by `whole_number`,
so a 5,000-digit value or a stray character is refused with the same one clear line
everywhere, before Python's own integer limits can turn it into a traceback. Error messages
quote a bad value through `shown`: a short piece, with control characters escaped.
"""

from __future__ import annotations

from companion.errors import UsageError

# Nothing a player types needs more: 18 digits hold any seed a person copies from a log.
MAX_DIGITS = 18
SHOWN = 40


def shown(text: str, limit: int = SHOWN) -> str:
    """`text` quoted for an error message: control and direction characters escaped
    (a right-to-left mark cannot reorder the line), and cut to `limit` characters."""
    out = escape(text[:limit])
    more = f"… ({len(text):,} characters)" if len(text) > limit else ""
    return f"'{out}'{more}"


def escape(text: str) -> str:
    """Control and direction characters written as \\uXXXX, so they show and do nothing."""
    return "".join(c if c.isprintable() else f"\\u{ord(c):04x}" for c in text)


def is_whole(text: str) -> bool:
    """Whether `text` is written as a whole number (ASCII digits, an optional sign)."""
    t = text.strip()
    digits = t[1:] if t[:1] in "+-" else t
    return digits.isascii() and digits.isdigit()


def whole_number(text: str, what: str, lo: int | None = None, hi: int | None = None) -> int:
    """`text` as a whole number within lo..hi, or a UsageError naming `what`."""
    t = text.strip()
    if not is_whole(t):
        raise UsageError(f"{what} must be a whole number, not {shown(text)}")
    sign = -1 if t[:1] == "-" else 1
    digits = (t[1:] if t[:1] in "+-" else t).lstrip("0") or "0"
    if len(digits) > MAX_DIGITS:
        raise UsageError(
            f"{what} has {len(digits):,} digits, too many for any count, distance or seed; "
            f"give at most {MAX_DIGITS}"
        )
    value = sign * int(digits)
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        raise UsageError(f"{what} must be {bounds(lo, hi)}, not {value}")
    return value


def bounds(lo: int | None, hi: int | None) -> str:
    if lo is not None and hi is not None:
        return f"from {lo} to {hi}"
    return f"at least {lo}" if lo is not None else f"at most {hi}"
