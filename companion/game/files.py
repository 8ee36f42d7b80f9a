"""Where a game's files are, and the checksums that seal its snapshots.

A game is its game file (`games/NAME.json`), the backup beside it, and its events in
segment files (`games/NAME.events/000000.json`, ...) with the game as created kept
among them. The snapshots that spare a replay (the game file's, with its board, and
each later segment's) carry a checksum over what they hold: a reader trusts one only
when it matches, so a snapshot changed after it was written is rebuilt from the events.
"""

from __future__ import annotations

import os

from companion import TYPE_CHECKING
from companion.game.state import GameState
from companion.game.store import stem
from companion.home import game_sum, state_sum

if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any, TypeAlias

    from companion.game.store import StrPath

    # What draws the board a game file keeps beside its state (system id, game name,
    # state; None when it cannot): handed to the store by the layer that draws, which
    # the store never imports.
    Drawer: TypeAlias = Callable[[str, str, GameState], dict[str, Any] | None]

# Events live in segment files of this many events beside the game file, so a command
# that adds an event rewrites one small segment and the small game file, whatever the
# length of the game. Each segment after the first also keeps the state its first event
# starts from (a snapshot), so undo replays at most one segment, not the whole game.
SEGMENT = 100


# The game document as it was created, kept with the events: what repair rebuilds a game
# from when both its file and the backup are gone.
CREATED = "game.created"


def events_dir(path: StrPath) -> str:
    return os.path.join(os.path.dirname(path), stem(path) + ".events")


def backup_path(path: StrPath) -> str:
    return os.fspath(path) + ".bak"


def segment_path(path: StrPath, k: int) -> str:
    return os.path.join(events_dir(path), f"{k:06d}.json")


def event_shaped(doc: Any) -> bool:
    """Whether a stored event has the shape every reader relies on (checked as a segment is
    read, so a damaged event is reported before anything is appended after it)."""
    if not isinstance(doc, dict):
        return False
    changes = doc.get("changes")
    return (
        isinstance(doc.get("kind"), str)
        and isinstance(doc.get("summary"), str)
        and isinstance(changes, list)
        and all(
            isinstance(c, dict)
            and isinstance(c.get("target"), str)
            and isinstance(c.get("field"), str)
            for c in changes
        )
        and type(doc.get("turn", 0)) is int
    )


def sealed(
    draw: Drawer | None, system_id: str, name: str, count: int, state: GameState
) -> dict[str, Any]:
    """A game document's snapshot (the state after `count` events), the board drawn from
    it by the drawer the store was handed (None when it was handed none), and the
    checksum over both that readers check before trusting either."""
    snapshot = {"count": count, "state": state.to_dict()}
    board = draw(system_id, name, state) if draw is not None else None
    return {"snapshot": snapshot, "board": board, "sum": state_sum(snapshot, board)}


def start_doc(k: int, state: dict[str, Any]) -> dict[str, Any]:
    """The snapshot segment k keeps: the state its first event starts from, sealed."""
    return {"count": k * SEGMENT, "state": state, "sum": state_sum(k * SEGMENT, state)}


def start_sound(snap: Any, k: int) -> bool:
    """Whether a segment's stored snapshot may be trusted: the right count, and its
    checksum matches (one written before checksums has none, and is trusted as it was)."""
    return (
        isinstance(snap, dict)
        and snap.get("count") == k * SEGMENT
        and "state" in snap
        and ("sum" not in snap or snap["sum"] == state_sum(k * SEGMENT, snap["state"]))
    )


def meta_sound(meta: dict[str, Any]) -> bool:
    """Whether a game document's snapshot and board match their checksum (a document
    written before checksums has none, and is trusted as it was)."""
    return "sum" not in meta or meta["sum"] == game_sum(meta)


def holds_files(folder: str) -> bool:
    """Whether a folder holds anything but temporary files (an events folder that a
    command killed before it finished made, and left empty, is no game)."""
    try:
        return any(not (n.startswith(".") and n.endswith(".tmp")) for n in os.listdir(folder))
    except OSError:  # something else in the way of a game's events is not overwritten
        return os.path.lexists(folder)
