"""What several command groups do with games: show the board, name a new game, and
the sample warbands a game can start with."""

from __future__ import annotations

import sys
from typing import Any

from companion import systems
from companion.cli.shared import console, print_json
from companion.game.repo import GameFile, Home
from companion.game.store import file_slug
from companion.render.board_data import board
from companion.roster import Roster
from companion.systems.base import RuleSystem


def show_board(gf: GameFile, as_json: bool) -> None:
    sys_ = systems.get(gf.system)
    b = board(sys_, gf.name, gf.state)
    if as_json:
        print_json(b)
        return
    from companion.render.board_lines import plain_board

    text = plain_board(b)  # as Rich draws it, without loading Rich, where it can
    if text is not None:
        sys.stdout.write(text)
        return
    from companion.render.board import render_board

    render_board(console(), b)


def sample_rosters(home: Home, db: Any, sys_: RuleSystem) -> list[Roster]:
    """A system's first two sample warbands, added to the rosters where missing; they are
    written when the caller commits `db`, so a command refused later writes nothing."""
    have = {r.name for r in home.rosters(db)}
    samples = list(sys_.sample_rosters())[:2]
    for r in samples:
        if r.name not in have:
            home.save_roster(db, r)
    return [home.find_roster(r.name, db) for r in samples]


def free_name(home: Home, base: str) -> str:
    existing = set(home.game_names())
    n = 1
    while f"{file_slug(base)}-{n}" in existing:
        n += 1
    return f"{file_slug(base)}-{n}"
