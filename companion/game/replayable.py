"""Which stored events a repair keeps: every event that replays from a state known to be
right, and for every one it cannot keep, which it is and why.

A state is known at the game's setup and at each segment's snapshot whose checksum holds.
From a known state events are replayed while each is whole (its shape and checksum hold)
and applies; from the first that does not, the state is unknown, and so are the events
after it, until the next segment whose snapshot is whole: the game goes on from there.
Events lost in the middle of a game stay in it as marks (`files.lost_event`) so that every
later event keeps its number; events lost at its end are left out.
"""

from __future__ import annotations

import os
from typing import Any

from companion.errors import CompanionError, StoreError
from companion.game.events import Event, apply_event
from companion.game.files import (
    SEGMENT,
    SEGMENT_BYTES,
    event_intact,
    event_shaped,
    events_dir,
    lost_event,
    segment_path,
    start_sound,
)
from companion.game.state import GameState
from companion.game.store import read_json_file
from companion.home import file_kind, outside
from companion.values import frozen


@frozen
class Segment:
    """One segment file as found: the events that read (all of them, or those before the
    damage), why it is damaged (None: it read whole) and its snapshot as stored."""

    docs: tuple[Any, ...]
    why: str | None
    start: Any


def segment_files(path: str) -> int:
    """How many segment files a game has: one past the highest numbered one there (a
    missing one among them counts, as missing)."""
    try:
        names = os.listdir(events_dir(path))
    except OSError:
        return 0
    numbers = [int(n[:6]) for n in names if len(n) == 11 and n[6:] == ".json" and n[:6].isdigit()]
    return max(numbers) + 1 if numbers else 0


def read_segment(path: str, k: int, salvage: Any) -> Segment:
    """Segment k of the game at `path`, read as far as it can be (`salvage` reads the
    events before the damage of a file that does not parse)."""
    p = segment_path(path, k)
    name = os.path.basename(p)
    if not os.path.lexists(p):
        return Segment((), f"{name} is missing", None)
    root = os.path.dirname(os.path.dirname(os.path.dirname(p)))
    if outside(p, root) is not None:
        return Segment((), f"{name} leads outside the data folder", None)
    try:
        data = read_json_file(p, "companion event segment", limit=SEGMENT_BYTES)
        table = data["events"]
        if not isinstance(table, dict):
            raise TypeError(table)
        start = data.get("start")
        snap = start.get("1") if isinstance(start, dict) else None
        return Segment(tuple(table.values()), None, snap)
    except (StoreError, KeyError, TypeError, AttributeError):
        pass
    try:
        st = os.stat(p)
    except OSError as e:
        return Segment((), f"{name} cannot be read ({e.strerror})", None)
    if st.st_mode & 0o170000 != 0o100000:
        return Segment((), f"{name} is {file_kind(st.st_mode)}, not a file of events", None)
    if st.st_size > SEGMENT_BYTES:
        return Segment((), f"{name} is {st.st_size:,} bytes, far more than events take", None)
    if st.st_size == 0:
        return Segment((), f"{name} is empty", None)
    docs, _ended = salvage(p)
    return Segment(tuple(docs), f"{name} is damaged (its JSON is not whole)", None)


@frozen
class Walk:
    """What a repair keeps: the events by place (None where one is lost), the state after
    the last kept one, the state each segment starts from, and what was lost and why."""

    events: tuple[Any, ...]  # up to and including the last kept event
    kept: int  # events kept (not counting the marks of lost ones)
    state: GameState
    starts: dict[int, Any]  # segment -> the state before its first event, as stored
    gaps: tuple[tuple[int, int, str], ...]  # first and last lost event (1-based), why
    tail: tuple[int, int, str] | None  # events lost at the end, and why
    snapshots_bad: tuple[int, ...]  # segments whose snapshot differed from the replay
    resumed: tuple[int, ...]  # segments whose snapshot the game went on from

    @property
    def lost(self) -> int:
        ends = [*self.gaps, *([self.tail] if self.tail else [])]
        return sum(b - a + 1 for a, b, _ in ends)


def _as_stored(state: GameState) -> Any:
    """A state as it reads back from its file (tuples as lists, keys as text)."""
    import json

    return json.loads(json.dumps(state.to_dict()))


def _fault(raw: Any, state: GameState) -> tuple[GameState | None, str]:
    """The state after `raw`, or None and why it cannot be kept."""
    if raw is None:
        return None, ""
    if not event_shaped(raw):
        return None, "it is an event of the wrong shape"
    if not event_intact(raw):
        return None, "it was changed after it was written (its checksum does not match)"
    try:
        return apply_event(state, Event.from_dict(raw)), ""
    except (CompanionError, KeyError, TypeError, ValueError, IndexError, AssertionError) as e:
        return None, f"it does not apply to the game ({e})"


def walk(
    setup: GameState,
    candidates: list[Any],
    whys: list[str | None],
    starts: dict[int, Any],
    stop: int,
) -> Walk:
    """Replay `candidates[:stop]` (None where no event could be read; `whys` says why)
    from `setup`, going on from a whole snapshot (`starts`, by segment) after damage."""
    state, known = setup, True
    events: list[Any] = []
    gaps: list[list[Any]] = []
    starts_out: dict[int, Any] = {}
    bad: list[int] = []
    resumed: list[int] = []
    last = 0
    for i, raw in enumerate(candidates[:stop]):
        k, j = divmod(i, SEGMENT)
        if j == 0 and k:
            snap: Any = starts.get(k)
            if known:
                stored = _as_stored(state)
                if snap is not None and (not start_sound(snap, k) or snap.get("state") != stored):
                    bad.append(k)
                starts_out[k] = stored
            elif start_sound(snap, k):
                try:
                    state, known = GameState.from_dict(snap["state"]), True
                    starts_out[k] = snap["state"]
                    resumed.append(k)
                except (KeyError, TypeError, ValueError, AttributeError):
                    pass
        after, why = _fault(raw, state) if known else (None, "")
        if after is not None:
            state, last = after, i + 1
            events.append(raw)
            continue
        events.append(None)
        if known:
            first_why = whys[i] if raw is None and i < len(whys) else None
            gaps.append([i + 1, i + 1, first_why or f"event {i + 1}: {why or 'missing'}"])
            known = False
        else:
            gaps[-1][1] = i + 1
    tail = None
    if gaps and gaps[-1][1] > last:
        a, _b, why = gaps.pop()
        tail = (a, stop, why)
    elif stop > last:
        tail = (last + 1, stop, "missing")
    marks: list[Any] = []
    turn = 0
    for n, e in enumerate(events[:last]):
        if e is None:
            why = next(w for a, b, w in gaps if a <= n + 1 <= b)
            e = lost_event(why, turn)
        turn = e.get("turn", turn) if type(e.get("turn", turn)) is int else turn
        marks.append(e)
    return Walk(
        tuple(marks),
        sum(e is not None for e in events),
        state,
        starts_out,
        tuple((a, b, w) for a, b, w in gaps),
        tail,
        tuple(bad),
        tuple(resumed),
    )
