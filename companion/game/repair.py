"""The way back from a damaged file: rebuild what can be read, keep the damaged file aside.

A game is rebuilt from its game file, or from the backup beside it when the game file
cannot be read, and from its event segments: every event up to the first one that is
missing, damaged or does not apply is kept, the state is the setup replayed through them.
Rosters and settings go back to their backup, or keep the entries that can still be read.
Nothing is ever deleted: each damaged file is renamed `NAME.damaged-<time>` beside itself.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from companion.errors import CompanionError, StoreError
from companion.game.events import Event, apply_event
from companion.game.repo import (
    SEGMENT,
    backup_path,
    board_cache,
    event_shaped,
    now,
    segment_path,
)
from companion.game.state import GameState
from companion.game.store import (
    MAX_FILE_BYTES,
    atomic_write,
    database_shaped,
    read_json_file,
    reason,
)
from companion.names import plural
from companion.values import frozen


@frozen
class Repair:
    """What a repair found and did, for the player to read."""

    path: str
    source: str  # where the kept content came from: "the file", "the backup", "what was readable"
    kept: int  # events (a game) or entries (rosters) kept
    lost: int  # events or entries that could not be kept
    moved: tuple[str, ...]  # damaged files renamed aside
    notes: tuple[str, ...]

    @property
    def changed(self) -> bool:
        return bool(self.moved) or self.source != "the file"

    def to_dict(self) -> dict[str, Any]:
        return {
            "path": self.path,
            "source": self.source,
            "kept": self.kept,
            "lost": self.lost,
            "moved_aside": list(self.moved),
            "notes": list(self.notes),
        }


def aside(path: Path, stamp: str) -> str:
    """Rename a damaged file out of the way (never delete it); the new name."""
    target = path.with_name(f"{path.name}.damaged-{stamp}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.damaged-{stamp}-{n}")
    try:
        os.replace(path, target)
    except OSError as e:
        raise StoreError(f"cannot move {path} aside ({reason(e)}); nothing was changed") from None
    return str(target)


def stamp() -> str:
    return time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())


def salvage_table(path: Path, table: str) -> tuple[list[Any], bool]:
    """The documents of `table` that can be read from the start of a database file, in order,
    and whether the whole table was read. A file cut short keeps the documents before the cut."""
    try:
        if path.stat().st_size > MAX_FILE_BYTES:
            return [], False
        text = path.read_bytes().decode("utf-8", errors="replace")
    except OSError:
        return [], False
    decoder = json.JSONDecoder()
    head = f'{{"{table}":{{'
    compact = text.lstrip()
    if not compact.startswith(head):
        try:  # written by another tool, with spaces: parse it whole or not at all
            return list(json.loads(text)[table].values()), True
        except (ValueError, RecursionError, KeyError, TypeError, AttributeError):
            return [], False
    i = len(head)
    docs: list[Any] = []
    try:
        while compact[i] != "}":
            _key, i = decoder.raw_decode(compact, i)
            if compact[i] != ":":
                return docs, False
            doc, i = decoder.raw_decode(compact, i + 1)
            docs.append(doc)
            if compact[i] == ",":
                i += 1
        return docs, compact[i:].strip() == "}}"
    except (ValueError, IndexError, RecursionError):
        return docs, False


def _game_meta(path: Path) -> dict[str, Any] | None:
    """The game document of a game file (or its backup), if it is whole and readable."""
    try:
        data = read_json_file(path)
        meta = dict(data["game"]["1"])
        GameState.from_dict(meta["setup"])
        if not isinstance(meta["name"], str) or not isinstance(meta["system"], str):
            return None
        return meta
    except (StoreError, KeyError, TypeError, ValueError, AttributeError):
        return None


def repair_game(path: Path) -> Repair:
    """Rebuild the game stored at `path` (the caller holds the home's write lock)."""
    when = stamp()
    moved: list[str] = []
    notes: list[str] = []
    meta = _game_meta(path) if path.exists() else None
    source = "the file"
    if meta is None:
        bak = Path(backup_path(path))
        meta = _game_meta(bak) if bak.exists() else None
        if meta is None:
            raise StoreError(
                f"neither {path} nor its backup {bak.name} holds a readable game, so it cannot "
                "be rebuilt; both were left as they are"
            )
        source = "the backup"
        notes.append("the game file could not be read: the game is rebuilt from its backup")
    snap: dict[str, Any] = meta["snapshot"] if isinstance(meta.get("snapshot"), dict) else {}
    meta_events = None
    whole_file = read_json_file(path) if source == "the file" else None
    if isinstance(whole_file, dict) and isinstance(whole_file.get("events"), dict):
        meta_events = list(whole_file["events"].values())
    want = len(meta_events) if meta_events is not None else snap.get("count")
    if type(want) is not int or want < 0:
        want = None  # unknown: keep every event that reads and applies
        notes.append("the event count was unreadable: every readable event is kept")

    setup = GameState.from_dict(meta["setup"])
    state = setup
    kept: list[dict[str, Any]] = []
    stored = 0
    if meta_events is not None:
        candidates: list[Any] = meta_events
        complete = True
    else:
        candidates, complete = [], True
        k = 0
        while complete and (want is None or k * SEGMENT < want):
            p = Path(segment_path(path, k))
            if not p.exists():
                break
            docs, whole = salvage_table(p, "events")
            shaped = [d for d in docs if event_shaped(d)]
            if not whole or len(shaped) < len(docs):
                moved.append(aside(p, when))
                complete = False
            candidates += docs
            k += 1
    for raw in candidates if want is None else candidates[:want]:
        stored += 1
        try:
            if not event_shaped(raw):
                raise StoreError("an event of the wrong shape")
            state = apply_event(state, Event.from_dict(raw))
        except (CompanionError, KeyError, TypeError, ValueError, IndexError, AssertionError):
            break
        kept.append(raw)
    lost = (want - len(kept)) if want is not None else max(0, stored - len(kept))
    if want is not None and stored < want:
        notes.append(f"the game counts {want:,} events but its event files hold only {stored:,}")
    if lost:
        notes.append(
            f"events {len(kept) + 1} to {len(kept) + lost} could not be read or applied and "
            "were left out: the game stands after event " + str(len(kept))
        )
    if want is not None and len(candidates) > want == len(kept) and source == "the backup":
        notes.append(
            f"{plural(len(candidates) - want, 'event')} stored after those the backup counts were "
            "left out "
            "(the change being written when the file was damaged, or undone ones)"
        )
    if source == "the file" and not lost and not moved:
        return Repair(str(path), source, len(kept), 0, (), ("nothing needed repair",))

    segments = {
        Path(segment_path(path, k)): json.dumps(
            {
                "events": {
                    str(i + 1): e for i, e in enumerate(kept[k * SEGMENT : (k + 1) * SEGMENT])
                }
            },
            separators=(",", ":"),
        )
        for k in range((len(kept) + SEGMENT - 1) // SEGMENT)
    }
    redo = meta.get("redo") if not lost and isinstance(meta.get("redo"), list) else []
    meta.update(
        snapshot={"count": len(kept), "state": state.to_dict()},
        redo=redo,
        updated=now(),
        board=board_cache(meta["system"], meta["name"], state),
    )
    # Whatever is replaced is kept aside first, damaged or not: a repair loses nothing.
    for p, text in segments.items():
        if p.exists() and p.read_bytes() != text.encode():
            moved.append(aside(p, when))
    if path.exists():
        moved.append(aside(path, when))
    for p, text in segments.items():
        if not p.exists():
            atomic_write(p, text)
    atomic_write(path, json.dumps({"game": {"1": meta}}, separators=(",", ":")))
    return Repair(str(path), source, len(kept), lost, tuple(moved), tuple(notes))


def repair_database(
    path: Path, table: str, valid: Callable[[Any], bool], what: str = "entries"
) -> Repair:
    """Put a damaged rosters or settings file right: its backup if that reads, else the
    documents of `table` that can be read and pass `valid`."""
    if not path.exists():
        return Repair(str(path), "the file", 0, 0, (), (f"there is no {path.name} yet",))
    try:
        data = read_json_file(path)
        docs = list(data.get(table, {}).values()) if database_shaped(data) else [None]
        if all(valid(d) for d in docs):
            return Repair(str(path), "the file", len(docs), 0, (), ("nothing needed repair",))
    except (StoreError, KeyError, TypeError, AttributeError):
        pass
    when = stamp()
    bak = Path(backup_path(path))
    docs, whole = salvage_table(bak, table) if bak.exists() else ([], False)
    if whole and all(valid(d) for d in docs):
        source, lost, notes = "the backup", 0, ("it holds the last good version",)
    else:
        docs, whole = salvage_table(path, table)
        good = [d for d in docs if valid(d)]
        lost = len(docs) - len(good) + (0 if whole else 1)
        docs = good
        source = "what was readable"
        notes = (f"no good backup: kept the {what} that could be read",)
    moved = (aside(path, when),)
    body = {table: {str(i + 1): d for i, d in enumerate(docs)}}
    atomic_write(path, json.dumps(body, separators=(",", ":")))
    return Repair(str(path), source, len(docs), lost, moved, notes)
