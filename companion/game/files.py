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


# The largest event segment a reader takes: a hundred events with their traces are a
# few hundred KB, so anything near this is damage, refused before it is read whole.
SEGMENT_BYTES = 32 * 1024 * 1024

# What stands in, in a repaired game, for an event that was lost to damage while later
# events were kept (replayed from a snapshot that was whole): it changes nothing, and
# undo stops before it, as the state before it is not known.
LOST = "lost"


def event_sum(doc: dict[str, Any]) -> int:
    """The checksum an event carries: CRC-32 over its canonical JSON, the sum left out
    (JSON keeps the keys' order and reads back the same)."""
    return state_sum({k: v for k, v in doc.items() if k != "sum"})


def seal_event(doc: dict[str, Any]) -> dict[str, Any]:
    """The event as stored: with the checksum every reader checks."""
    return {**{k: v for k, v in doc.items() if k != "sum"}, "sum": event_sum(doc)}


def event_intact(doc: dict[str, Any]) -> bool:
    """Whether a stored event is as it was written: its checksum matches. An event stored
    without one (by a version before checksums, even into a segment of this one's) is
    taken as it is: a checksum guards against damage, and anyone editing by hand could
    write a matching one."""
    if "sum" not in doc:
        return True
    return type(doc["sum"]) is int and doc["sum"] == event_sum(doc)


def segment_fault(docs: list[Any]) -> tuple[int, str] | None:
    """The first event of a segment that is not as written (its place in the segment,
    0-based, and why), or None when every event is whole."""
    for i, doc in enumerate(docs):
        if not event_shaped(doc):
            return i, "it is an event of the wrong shape"
        if not event_intact(doc):
            return i, "it was changed after it was written (its checksum does not match)"
    return None


def lost_event(why: str, turn: int) -> dict[str, Any]:
    """What stands for an event lost to damage (see LOST), saying why it was lost."""
    doc: dict[str, Any] = {
        "kind": LOST,
        "summary": f"(lost to damage: {why})",
        "changes": [],
        "trace": None,
        "data": {"lost": why},
        "at": "",
        "turn": turn,
    }
    return seal_event(doc)


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
