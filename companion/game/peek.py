"""A game's rule system and state, read straight from its file for a command that only
reads them (the odds of an action).

Opening a game the usual way (`repo.Home.open_game`) loads TinyDB and the whole game
layer, a tenth of such a command's start-up. The game file keeps the state after its
last event, so a command that needs nothing else reads that, under the home's shared
lock, with the same checks `open_game` makes. Anything out of the ordinary (a prefix of a
game's name, a file that fails a check, an old format, another platform) returns None,
and `peeking` opens the game the usual way, so every error message is that way's own.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager

from companion.game.state import GameState
from companion.home import game_doc, read_locked
from companion.values import record

SEGMENT = 100  # as repo.SEGMENT: events per segment file (a test keeps them equal)


@record
class GameView:
    """What a reading command needs of a game: its name, rule system and state."""

    name: str
    system: str
    state: GameState


def _view(home: str, game: str | None) -> GameView | None:
    found = game_doc(home, game)
    if found is None:
        return None
    game, meta = found
    GameState.from_dict(meta["setup"])  # type: ignore[arg-type]  # checked as open_game does
    snap = meta.get("snapshot")
    name, system = meta["name"], meta["system"]
    if not isinstance(snap, dict) or not isinstance(name, str) or not isinstance(system, str):
        return None
    count = snap.get("count")
    if not isinstance(count, int) or isinstance(count, bool) or count < 0 or "state" not in snap:
        return None
    segment = os.path.join(home, "games", f"{game}.events", f"{(count - 1) // SEGMENT:06d}.json")
    if count and not os.path.exists(segment):
        return None
    return GameView(name, system, GameState.from_dict(snap["state"]))


def peek(game: str | None) -> GameView | None:
    """The game's view as its file keeps it, or None where the usual way must open it."""
    return read_locked(lambda home: _view(home, game))


@contextmanager
def peeking(game: str | None) -> Iterator[GameView]:
    """The game to read, from its file, or opened the usual way when that cannot be."""
    view = peek(game)
    if view is not None:
        yield view
        return
    from companion.game.repo import Home

    home = Home()
    with home.reading():
        gf = home.open_game(game)
        yield GameView(gf.name, gf.system, gf.state)
