"""Printing an error: one line on stderr, then the exit status."""

from __future__ import annotations

import sys
from typing import NoReturn


def fail(message: str, code: int) -> NoReturn:
    first = message.strip().splitlines()[0] if message.strip() else "failed"
    sys.stderr.write(f"companion: error: {first}\n")
    sys.stderr.flush()
    sys.exit(code)
