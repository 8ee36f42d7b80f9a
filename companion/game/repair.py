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

from companion import TYPE_CHECKING
from companion.errors import StoreError
from companion.game.files import (
    CREATED,
    SEGMENT,
    backup_path,
    events_dir,
    meta_sound,
    sealed,
    segment_path,
    start_doc,
)
from companion.game.replayable import Walk, read_segment, segment_files, walk
from companion.game.repo import now
from companion.game.state import GameState
from companion.game.store import (
    OutsideError,
    atomic_write,
    database_shaped,
    move,
    read_json_file,
    within,
)
from companion.home import read_regular
from companion.names import plural
from companion.values import frozen, thawed

if TYPE_CHECKING:
    from companion.game.files import Drawer


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
        out = thawed(self, "path", "source", "kept", "lost")
        return {**out, "moved_aside": list(self.moved), "notes": list(self.notes)}


def aside(path: Path, stamp: str) -> str:
    """Rename a damaged file out of the way (never delete it); the new name."""
    target = path.with_name(f"{path.name}.damaged-{stamp}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.damaged-{stamp}-{n}")
    try:
        move(path, target)  # recorded: a repair that does not finish puts it back
    except StoreError as e:
        raise StoreError(f"cannot move {path} aside ({e}); nothing was changed") from None
    return str(target)


def stamp() -> str:
    return time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())


def salvage(path: Path, table: str) -> tuple[list[Any], str]:
    """The documents of `table` that can be read from the start of a database file, in
    order, and how the table ended: "whole" (it closed), "end" (every document that began
    was read; only what closes the file is missing), "cut" (a document began and was cut
    or damaged: it and any after it are lost) or "unreadable" (not even the table's start).
    What follows the table (an event segment's snapshot) is not the table's concern."""
    try:
        text = read_regular(str(path)).decode("utf-8", errors="replace")
    except (OSError, ValueError):
        return [], "unreadable"
    decoder = json.JSONDecoder()
    head = f'{{"{table}":{{'
    compact = text.lstrip()
    if not compact.startswith(head):
        try:  # written by another tool, with spaces: parse it whole or not at all
            return list(json.loads(text)[table].values()), "whole"
        except (ValueError, RecursionError, KeyError, TypeError, AttributeError):
            return [], "unreadable"
    i = len(head)
    docs: list[Any] = []
    try:
        while compact[i] != "}":
            _key, i = decoder.raw_decode(compact, i)
            if compact[i] != ":":
                return docs, "cut"
            doc, i = decoder.raw_decode(compact, i + 1)
            docs.append(doc)
            if not compact[i:].strip():
                return docs, "end"
            if compact[i] == ",":
                i += 1
            elif compact[i] != "}":
                return docs, "cut"
        return docs, "whole"
    except (ValueError, IndexError, RecursionError):
        return docs, "end" if not compact[i:].strip() else "cut"


def _game_meta(path: Path) -> dict[str, Any] | None:
    """The game document of a game file (or its backup, or the copy kept with its events
    at creation), if it is whole and readable."""
    try:
        data = read_json_file(path)
        meta = dict(data["game"]["1"])
        GameState.from_dict(meta["setup"])
        if not isinstance(meta["name"], str) or not isinstance(meta["system"], str):
            return None
        return meta
    except (StoreError, KeyError, TypeError, ValueError, AttributeError, RecursionError):
        return None


def _as_stored(state: GameState) -> Any:
    """A state as it reads back from its file (tuples as lists, keys as text)."""
    return json.loads(json.dumps(state.to_dict()))


def _stored_events(
    path: Path, want: int | None, when: str, moved: list[str]
) -> tuple[list[Any], list[str | None], dict[int, Any], int]:
    """Every event the segments hold, by place: None where one should be and is not (a
    segment damaged, missing or short while later ones follow, or the last one short of
    the count `want`), with why in the second list; the snapshots the segments keep, by
    segment; and how many segment files there are. A damaged segment is moved aside."""
    nfiles = segment_files(str(path))
    candidates: list[Any] = []
    whys: list[str | None] = []
    starts: dict[int, Any] = {}
    for k in range(nfiles):
        if want is not None and k * SEGMENT >= want:
            break
        p = Path(segment_path(path, k))
        seg = read_segment(str(path), k, lambda f: salvage(Path(f), "events"))
        if seg.why is not None and os.path.lexists(p):
            moved.append(aside(p, when))
        starts[k] = seg.start
        docs = list(seg.docs[:SEGMENT])
        candidates += docs
        whys += [None] * len(docs)
        end_k = (k + 1) * SEGMENT
        end = end_k if k < nfiles - 1 else (None if want is None else min(want, end_k))
        if end is not None and len(candidates) < end:  # places where events should be
            why = seg.why or f"{p.name} holds only {plural(len(docs), 'event')}"
            whys += [why] * (end - len(candidates))
            candidates += [None] * (end - len(candidates))
    return candidates, whys, starts, nfiles


def repair_game(path: Path, draw: Drawer | None = None) -> Repair:
    """Rebuild the game stored at `path` (the caller holds the home's write lock).

    The game document comes from the game file, else its backup, else the copy kept with
    its events when it was created. Every segment is read; every event up to the first
    that is damaged or does not apply is kept, and each snapshot is checked against the
    state replayed from the events before it: a snapshot that differs is rebuilt. The
    board the game file keeps is drawn by `draw`, as `Home` draws it."""
    when = stamp()
    moved: list[str] = []
    notes: list[str] = []
    try:
        within(str(path), os.path.dirname(os.path.dirname(path)))
    except OutsideError as e:
        raise OutsideError(
            f"{e}. Repair cannot fix this itself: it never follows a link out of the data "
            "folder, and nothing was changed"
        ) from None
    meta = _game_meta(path) if os.path.lexists(path) else None
    source = "the file"
    bak = Path(backup_path(path))
    kept_copy = Path(events_dir(path)) / CREATED
    if meta is None:
        meta = _game_meta(bak) if bak.exists() else None
        source = "the backup"
        what = "could not be read" if os.path.lexists(path) else "is missing"
        if meta is None:
            meta = _game_meta(kept_copy) if kept_copy.exists() else None
            source = "its events"
        if meta is None:
            raise StoreError(
                f"neither {path} nor its backup {bak.name} nor {kept_copy} holds a readable "
                "game, so it cannot be rebuilt; each was left as it is"
            )
        notes.append(f"the game file {what}: the game is rebuilt from {source}")
    snap: dict[str, Any] = meta["snapshot"] if isinstance(meta.get("snapshot"), dict) else {}
    meta_events = None
    whole_file = read_json_file(path) if source == "the file" else None
    if isinstance(whole_file, dict) and isinstance(whole_file.get("events"), dict):
        meta_events = list(whole_file["events"].values())
    want = len(meta_events) if meta_events is not None else snap.get("count")
    if type(want) is not int or want < 0:
        want = None  # unknown: keep every event that reads and applies
        if source == "the file":
            notes.append("the event count was unreadable: every readable event is kept")
    floor = want
    if source != "the file":
        # The backup is the game before its last change, and that change's events may be on
        # disk whole: every stored event that reads and applies counts, except one that was
        # undone (it stays on the redo stack, where 'companion redo' finds it).
        want = None

    setup = GameState.from_dict(meta["setup"])
    starts: dict[int, Any] = {}
    nfiles = 0
    if meta_events is not None:
        candidates: list[Any] = meta_events
        whys: list[str | None] = [None] * len(candidates)
    else:
        candidates, whys, starts, nfiles = _stored_events(path, want, when, moved)
    redo = meta.get("redo") if isinstance(meta.get("redo"), list) else []
    stop = len(candidates) if want is None else min(want, len(candidates))
    if source != "the file" and floor is not None and redo and floor < stop:
        if candidates[floor] == redo[-1]:
            stop = floor
            notes.append(
                "the events stored after them are the undone ones: 'companion redo' brings "
                "them back"
            )
    done = walk(setup, candidates, whys, starts, stop)
    state, count, lost = done.state, len(done.events), done.lost
    if want is not None and stop < want:
        lost += want - stop
        notes.append(f"the game counts {want:,} events but its event files hold only {stop:,}")
    notes += _lost_notes(done, path)
    if source != "the file" and floor is not None and count > floor:
        notes.append(
            f"{plural(count - floor, 'event')} stored after those the backup counts "
            "read whole and were kept (the change being written when the file was damaged)"
        )
    for k in done.snapshots_bad:
        notes.append(
            f"the snapshot in {Path(segment_path(path, k)).name} did not match the events "
            "before it: it is rebuilt from them"
        )
    file_snapshot_bad = (
        source == "the file"
        and meta_events is None
        and not lost
        and (
            not meta_sound(meta)
            or snap.get("count") != count
            or snap.get("state") != _as_stored(state)
        )
    )
    if file_snapshot_bad:
        notes.append("the game file's snapshot did not match its events: it is rebuilt from them")
    needed = (count + SEGMENT - 1) // SEGMENT
    past = [Path(segment_path(path, k)) for k in range(needed, nfiles)]
    past = [p for p in past if os.path.lexists(p) and str(p) not in moved]
    if past and (lost or source != "the file"):
        notes.append(
            f"{plural(len(past), 'event file')} past the last kept event "
            f"{'was' if len(past) == 1 else 'were'} set aside so that no later event "
            "overwrites it"
        )
    else:
        past = []
    if source == "the file" and not lost and not moved and not done.snapshots_bad:
        if not file_snapshot_bad and not past:
            return Repair(str(path), source, done.kept, 0, (), ("nothing needed repair",))

    segments: dict[Path, str] = {}
    for k in range(needed):
        chunk = done.events[k * SEGMENT : (k + 1) * SEGMENT]
        doc: dict[str, Any] = {"events": {str(i + 1): e for i, e in enumerate(chunk)}}
        if k and k in done.starts:
            doc["start"] = {"1": start_doc(k, done.starts[k])}
        segments[Path(segment_path(path, k))] = json.dumps(doc, separators=(",", ":"))
    redo = redo if not lost else []
    meta.update(
        **sealed(draw, meta["system"], meta["name"], count, state),
        redo=redo,
        updated=now(),
    )
    # Whatever is replaced is kept aside first, damaged or not: a repair loses nothing.
    for p, text in segments.items():
        if p.exists() and p.read_bytes() != text.encode():
            moved.append(aside(p, when))
    for p in past:
        moved.append(aside(p, when))
    if os.path.lexists(path):
        moved.append(aside(path, when))
    for p, text in segments.items():
        if not p.exists():
            atomic_write(p, text)
    atomic_write(path, json.dumps({"game": {"1": meta}}, separators=(",", ":")))
    return Repair(str(path), source, done.kept, lost, tuple(moved), tuple(notes))


def _lost_notes(done: Walk, path: Path) -> list[str]:
    """Which events a repair could not keep, and why, in the player's words."""
    notes = []
    for a, b, why in done.gaps:
        resumed = next(k for k in done.resumed if k * SEGMENT >= b)
        one = a == b
        notes.append(
            f"{_events_named(a, b)} {'is' if one else 'are'} lost ({why}); "
            f"{'it stays' if one else 'they stay'} in the log as lost, and the game goes on "
            "from the snapshot in "
            f"{Path(segment_path(path, resumed)).name}"
        )
    if done.tail is not None:
        a, b, why = done.tail
        notes.append(
            f"{_events_named(a, b)} could not be kept ({why}) and "
            f"{'was' if a == b else 'were'} left out: the game stands after event {a - 1}"
        )
    return notes


def _events_named(a: int, b: int) -> str:
    return f"event {a}" if a == b else f"events {a} to {b}"


def repair_database(
    path: Path,
    table: str,
    valid: Callable[[Any], bool],
    what: str = "entries",
    mend: Callable[[Any], tuple[Any, list[str]] | None] | None = None,
) -> Repair:
    """Put a damaged rosters or settings file right, keeping the newest of everything.

    Every document the damaged file still holds whole and valid is kept, as it is newer
    than the backup. Where a document was cut (and those after it with it), the backup's
    documents of the other names are added: the version before the last change, so the
    cut one counts as lost. A file that cannot be read at all goes back to its backup."""
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
    saved, ended = salvage(bak, table) if bak.exists() else ([], "unreadable")
    backup = saved if ended == "whole" and all(valid(d) for d in saved) else None
    docs, ended = salvage(path, table)
    notes: list[str] = []
    good = []
    for d in docs:
        fixed = None if valid(d) or mend is None else mend(d)
        if fixed is not None:  # kept without its unreadable parts, each named
            d = fixed[0]
            notes += [f"{_name(d)!r}: set aside {part}" for part in fixed[1]]
        if fixed is not None or valid(d):
            good.append(d)
    lost = len(docs) - len(good) + (1 if ended == "cut" else 0)
    if lost:
        notes.append(f"{plural(lost, what.rstrip('s'))} in the damaged file could not be read")
    added: list[Any] = []
    if ended in ("cut", "unreadable") and backup is not None:
        names = {_name(d) for d in good}
        added = [d for d in backup if _name(d) not in names]
        if added:
            notes.append(
                f"{plural(len(added), what.rstrip('s'))} after the damage taken from the backup, "
                "as they were before the last change"
            )
    if ended == "unreadable":
        notes.append("the damaged file could not be read at all: its last change is lost")
    source = "the backup" if not good and backup is not None else "what was readable"
    if good and added:
        source = "what was readable and the backup"
    if backup is None and ended != "whole":
        notes.append(f"no good backup: kept the {what} that could be read")
    moved = (aside(path, when),)
    kept = good + added
    body = {table: {str(i + 1): d for i, d in enumerate(kept)}}
    atomic_write(path, json.dumps(body, separators=(",", ":")))
    return Repair(str(path), source, len(kept), lost, moved, tuple(notes))


def _name(doc: Any) -> Any:
    return doc.get("name") if isinstance(doc, dict) else None
