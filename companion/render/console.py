"""The Rich console, set up once: honours NO_COLOR, COLUMNS and narrow terminals."""

from __future__ import annotations

import os

from rich.console import Console


def make_console(stderr: bool = False) -> Console:
    width = None
    cols = os.environ.get("COLUMNS")
    if cols and cols.isdigit():
        width = max(40, int(cols))
    return Console(
        stderr=stderr,
        width=width,
        highlight=False,
        no_color=bool(os.environ.get("NO_COLOR")) or None,
    )
