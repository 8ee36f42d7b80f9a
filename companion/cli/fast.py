"""The quick way to `companion status`: the board as the game file keeps it.

`status` is the command a player runs most, and start-up is most of its cost: Typer,
the rules code and the database layer take several times longer to import than the
board takes to print. Every command that changes a game stores the board beside the
state, stamped with the code that drew it (`companion.stamp`). When the command line is
exactly `status [--json] [--game NAME]` and that stored board is current, it is printed
from here with nothing but the standard library (the board drawn as Rich draws it, by
`companion.render.board_lines`, and by Rich itself where that cannot). Anything
else, or any doubt at all, returns False and the full command runs instead, so the
output and every error message are the full command's own.
"""

from __future__ import annotations

import json
import os
import sys

TYPE_CHECKING = False  # typing itself costs `status` a tenth of its start-up
if TYPE_CHECKING:
    from typing import Any


def _parse(args: list[str]) -> tuple[bool, str | None] | None:
    """(as_json, game) for a plain `status` command line, or None."""
    if not args or args[0] != "status":
        return None
    as_json, game = False, None
    rest = args[1:]
    i = 0
    while i < len(rest):
        a = rest[i]
        if a == "--json" and not as_json:
            as_json = True
        elif a in ("--game", "-g") and game is None and i + 1 < len(rest):
            game = rest[i + 1]
            i += 1
        elif a.startswith("--game=") and game is None:
            game = a[len("--game=") :]
        else:
            return None
        i += 1
    if game is not None and (not game or game.startswith("-")):
        return None
    return as_json, game


def _home() -> str | None:
    env = os.environ.get("COMPANION_HOME")
    if env:
        return os.path.expanduser(env)
    if sys.platform.startswith("linux"):
        # What platformdirs answers on Linux for user_data_dir("companion").
        base = os.environ.get("XDG_DATA_HOME", "")
        if not base.strip():
            base = os.path.expanduser("~/.local/share")
        return os.path.join(base, "companion")
    return None


def _only_doc(data: Any, table: str) -> dict[str, Any] | None:
    if not isinstance(data, dict):
        return None
    docs = data.get(table)
    if not isinstance(docs, dict) or len(docs) != 1:
        return None
    doc = next(iter(docs.values()))
    return doc if isinstance(doc, dict) else None


def _read(path: str) -> Any:
    with open(path, "rb") as fh:
        return json.loads(fh.read())


def _board(home: str, game: str | None) -> dict[str, Any] | None:
    if game is None:
        settings = _only_doc(_read(os.path.join(home, "settings.json")), "settings")
        game = settings.get("current") if settings else None
        if not isinstance(game, str):
            return None
    # Only an exact file name here: prefixes and their errors are the full command's.
    if not game or "/" in game or os.sep in game or game.startswith("."):
        return None
    path = os.path.join(home, "games", game + ".json")
    if not os.path.isfile(path):
        return None
    data = _read(path)
    meta = _only_doc(data, "game")
    if meta is None or data.get("events"):
        return None
    cached = meta.get("board")
    if not isinstance(cached, dict) or not isinstance(cached.get("data"), dict):
        return None
    from companion.stamp import code_stamp

    if cached.get("stamp") != code_stamp():
        return None
    board: dict[str, Any] = cached["data"]
    return board


def serve(args: list[str]) -> bool:
    """Print the board if this command line is a plain `status`; True if it did."""
    parsed = _parse(args)
    if parsed is None:
        return False
    as_json, game = parsed
    home = _home()
    if home is None or not os.path.isfile(os.path.join(home, ".lock")):
        return False
    try:
        fd = os.open(os.path.join(home, ".lock"), os.O_RDWR)
    except OSError:
        return False
    try:
        try:
            import fcntl
        except ImportError:  # pragma: no cover - Windows takes the full path
            return False
        fcntl.flock(fd, fcntl.LOCK_SH)
        try:
            board = _board(home, game)
        except (OSError, ValueError, RecursionError):
            return False
    finally:
        os.close(fd)
    if board is None:
        return False
    if as_json:
        sys.stdout.write(json.dumps(board, indent=2, ensure_ascii=False) + "\n")
        return True
    from companion.render.board_lines import plain_board

    text = plain_board(board)  # as Rich draws it, without loading Rich, where it can
    if text is not None:
        sys.stdout.write(text)
        sys.stdout.flush()
        return True
    from companion.render.board import render_board
    from companion.render.console import make_console

    render_board(make_console(), board)
    return True
