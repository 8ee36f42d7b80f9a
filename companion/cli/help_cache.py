"""`companion [COMMAND...] --help` as Typer last printed it, kept in the user's cache folder.

Start-up device: with it off (Typer prints the help), `companion --help` takes 7.7x as
long and `companion roster --help` 5.4x (cpu, median of 15 paired runs, the device off
against on).

Loading Typer and its Rich help formatter alone takes ten times as long as starting
Python, which is most of what a `--help` costs. The help is the same every time for the
same command line, installed code and kind of terminal, so the first `--help` of each
command is printed by Typer and kept (stamped with the code, `companion.stamp`), and later
ones print the kept text. The key holds everything Rich and Typer decide the layout and
colours from: the environment variables they read, whether each standard stream is a
terminal and its size, and the output encoding. Any doubt, and Typer prints it afresh.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Iterator
from typing import Any

HELP = ("--help", "-h")


def wanted(args: list[str]) -> bool:
    """Whether the command line only asks for help: command words, then --help, of a
    command the registry knows (a typo's error is never kept, nor looked for)."""
    if not args or args[-1] not in HELP or any(a.startswith("-") for a in args[:-1]):
        return False
    return len(args) == 1 or _known(args[0])


def _known(name: str) -> bool:
    from companion.cli.registry import BY_NAME

    if name in BY_NAME:
        return True
    from companion import systems

    return name in systems.commands()


# What Rich and Typer read from the environment to lay out and colour the help.
_ENV = (
    "COLUMNS",
    "LINES",
    "NO_COLOR",
    "FORCE_COLOR",
    "PY_COLORS",
    "TERM",
    "COLORTERM",
    "TTY_COMPATIBLE",
    "TTY_INTERACTIVE",
    "JUPYTER_COLUMNS",
    "JUPYTER_LINES",
    "UNICODE_VERSION",
    "TERMINAL_WIDTH",
    "GITHUB_ACTIONS",
    "DATABRICKS_RUNTIME_VERSION",
    "TYPER_USE_RICH",
    "_TYPER_FORCE_DISABLE_TERMINAL",
    "PYTHONIOENCODING",
    "LANG",
    "LC_ALL",
    "LC_CTYPE",
)


def _terminal(fd: int) -> str:
    try:
        if not os.isatty(fd):
            return "-"
        size = os.get_terminal_size(fd)
    except OSError:
        return "?"
    return f"{size.columns}x{size.lines}"


def _path(args: list[str]) -> str | None:
    from companion.data import cache_dir
    from companion.stamp import code_stamp

    folder = cache_dir()
    if folder is None:
        return None
    import hashlib

    key = [
        code_stamp(),
        sys.version,
        " ".join(args),
        str(getattr(sys.stdout, "encoding", "")),
        *(_terminal(fd) for fd in (0, 1, 2)),
        *(f"{k}={os.environ.get(k)}" for k in _ENV),
        *sorted(k for k in os.environ if k.startswith(("_TYPER", "TYPER"))),
    ]
    digest = hashlib.sha256("\0".join(key).encode("utf-8", "replace")).hexdigest()[:24]
    return os.path.join(folder, f"help-{digest}.txt")


def serve(args: list[str]) -> bool:
    """Print the kept help for this command line; True if it did."""
    if not wanted(args):
        return False
    try:
        path = _path(args)
        if path is None:
            return False
        from companion.home import read_kept

        raw = read_kept(path, os.path.dirname(path), 1024 * 1024)
        if raw is None:  # not there, or nothing to trust: the help is made afresh
            return False
        text = raw.decode("utf-8")
    except (OSError, ValueError):
        return False
    sys.stdout.write(text)
    sys.stdout.flush()
    return True


class _Tee:
    """Standard output as it is, also remembering what was written."""

    def __init__(self, out: Any) -> None:
        self._out = out
        self.parts: list[str] = []

    def write(self, text: str) -> int:
        written: int = self._out.write(text)  # click probes with bytes: refused here first
        self.parts.append(text)
        return written

    def __getattr__(self, name: str) -> Any:
        return getattr(self._out, name)


@contextlib.contextmanager
def keeping(args: list[str]) -> Iterator[None]:
    """Keep what Typer prints for a help command line, if it finishes cleanly."""
    if not wanted(args):
        yield
        return
    out = sys.stdout
    tee = _Tee(out)
    sys.stdout = tee
    try:
        yield
    finally:
        sys.stdout = out
    try:
        path = _path(args)
        if path is None or not tee.parts:
            return
        from pathlib import Path

        from companion.game.store import atomic_write

        atomic_write(Path(path), "".join(tee.parts))
    except (OSError, ValueError, TypeError):
        pass  # the help was printed; keeping it is only a saving
