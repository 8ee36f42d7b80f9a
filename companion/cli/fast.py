"""The quick way to `companion status`: the board as the game file keeps it.

Start-up device: with it off (the rules draw the board), `status` takes 2.98x as long
(cpu, median of 15 paired runs, the device off against on).

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

import sys

from companion import TYPE_CHECKING

if TYPE_CHECKING:
    from typing import Any

    from rich.console import Console


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


def _board(home: str, game: str | None) -> dict[str, Any] | None:
    from companion.home import game_doc

    found = game_doc(home, game)
    if found is None:
        return None
    cached = found[1].get("board")
    if not isinstance(cached, dict) or not isinstance(cached.get("data"), dict):
        return None
    from companion.stamp import code_stamp

    # The package of a plug-in system is stamped too (its code drew the board).
    extra = cached.get("folders", [])
    if not isinstance(extra, list) or not all(isinstance(f, str) for f in extra):
        return None
    if cached.get("stamp") != code_stamp(*extra):
        return None
    board: dict[str, Any] = cached["data"]
    return board


def serve(args: list[str]) -> bool:
    """Print the board if this command line is a plain `status`; True if it did."""
    parsed = _parse(args)
    if parsed is None:
        return False
    return stored_board(*parsed)


def stored_board(as_json: bool, game: str | None) -> bool:
    """Print the board the game file keeps for the game named exactly `game` (None: the
    current one), if it is current; True if it did."""
    from companion.home import read_locked

    board = read_locked(lambda home: _board(home, game))
    if board is None:
        return False
    if as_json:
        from companion.schemas import text

        sys.stdout.write(text(board))
        return True
    from companion.render.board_lines import plain_board
    from companion.render.plain import show

    def rich(console: Console) -> None:
        from companion.render.board import render_board

        render_board(console, board)

    show(plain_board(board), rich)  # as Rich draws it, without loading Rich, where it can
    return True
