"""Rosters and games on disk, and the one way a command changes a game.

A command opens the home folder (`Home`), under its lock, reads what it needs, asks the
core for an outcome, appends one event and commits once. If anything fails before the
commit, nothing is written.
"""

from __future__ import annotations

import contextlib
import json
import os
import time
from collections.abc import Iterator, Sequence

from companion import TYPE_CHECKING
from companion.errors import (
    NoCurrentGameError,
    NotFoundError,
    RefusedError,
    StoreError,
    UsageError,
)
from companion.game.events import Event, apply_event, replay, set_game
from companion.game.files import (
    CREATED,
    LOST,
    SEGMENT,
    SEGMENT_BYTES,
    backup_path,
    event_intact,
    event_shaped,
    events_dir,
    holds_files,
    meta_sound,
    seal_event,
    sealed,
    segment_fault,
    segment_path,
    start_doc,
    start_sound,
)
from companion.game.state import GameState, thaw
from companion.game.store import (
    JOURNAL,
    Database,
    all_or_nothing,
    atomic_write,
    default_home,
    file_slug,
    finish_unfinished,
    home_lock,
    names_in,
    read_json_file,
    stem,
    within,
)
from companion.home import outside, tidy_temps
from companion.names import match
from companion.numbers import shown
from companion.roster import Roster
from companion.values import field, record

# Paths are plain strings joined with os.path: pathlib (and what it imports) would cost
# every table command a few milliseconds for nothing.
if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import Any, Protocol

    from companion.dice import DiceSource
    from companion.game.events import Change
    from companion.game.files import Drawer
    from companion.game.store import StrPath
    from companion.trace import Trace

    class Outcome(Protocol):
        """What a rule decided, as the store records it (a system's `Outcome` is one):
        declared here, so the store does not import the rule systems above it."""

        @property
        def kind(self) -> str: ...
        @property
        def summary(self) -> str: ...
        @property
        def changes(self) -> tuple[Change, ...]: ...
        @property
        def trace(self) -> Trace | None: ...
        @property
        def data(self) -> Mapping[str, Any]: ...


# What an event of each kind is called in the log (and the report).
ROSTERS = "rosters.json"
SETTINGS = "settings.json"
GAMES = "games"


def now() -> str:
    # time, not datetime: the same UTC text, and one import less for every write.
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


@record
class GameFile:
    """A game as read from its file: setup, state, redo stack; events read when needed.

    On disk a game is its game file (`games/NAME.json`: setup, the state after the last
    event, the event count, the redo stack and the board as last drawn) and its events
    in segments (`games/NAME.events/000000.json`, ...). The game file is written last
    and is what counts: a segment may hold events past the count (written by a command
    that was killed, or undone), and those are not part of the game.
    """

    db: Database
    name: str
    system: str
    created: str
    setup: GameState
    count: int
    redo: list[dict[str, Any]]
    state: GameState
    ended: bool = False
    _raw: list[dict[str, Any]] | None = field(default=None, repr=False)
    _events: list[Event] | None = field(default=None, repr=False)
    _segments: dict[int, list[dict[str, Any]]] = field(default_factory=dict, repr=False)
    _starts: dict[int, dict[str, Any]] = field(default_factory=dict, repr=False)
    _dirty: set[int] = field(default_factory=set, repr=False)
    _checked: set[int] = field(default_factory=set, repr=False)  # checksums checked
    _legacy: bool = False
    # What draws the board kept beside the state (see `Home`).
    draw: Drawer | None = field(default=None, repr=False)

    @property
    def path(self) -> str:
        return self.db.path

    @property
    def raw_events(self) -> list[dict[str, Any]]:
        """Every event as stored (reads every segment: use `count` for the number)."""
        if self._raw is None:
            self._raw = [e for k in range(self._nsegments()) for e in self._segment(k)][
                : self.count
            ]
            if len(self._raw) < self.count:
                raise StoreError(
                    f"{events_dir(self.path)} holds {len(self._raw)} events but {self.path} "
                    f"counts {self.count}; both were left untouched: restore the folder from "
                    "a backup, or move both aside and start a new game"
                )
        return self._raw

    @property
    def events(self) -> list[Event]:
        if self._events is None:
            self._events = [Event.from_dict(e) for e in self.raw_events]
        return self._events

    def raw_tail(self, n: int) -> list[dict[str, Any]]:
        """The last `n` events as stored, reading only the segments that hold them."""
        return self._raw_range(max(0, self.count - max(0, n)), self.count)

    def tail(self, n: int) -> list[Event]:
        """The last `n` events, reading only the segments that hold them."""
        if self._events is not None:
            return self._events[max(0, self.count - max(0, n)) :]
        return [Event.from_dict(e) for e in self.raw_tail(n)]

    def chunks(self) -> Iterator[list[dict[str, Any]]]:
        """Every event as stored, a segment at a time; a segment not read before is let go
        once the next is asked for, so a long game is read in bounded memory."""
        for start in range(0, self.count, SEGMENT):
            kept = start // SEGMENT in self._segments
            yield self._raw_range(start, min(self.count, start + SEGMENT))
            if not kept:
                self._segments.pop(start // SEGMENT, None)

    def _raw_range(self, start: int, end: int) -> list[dict[str, Any]]:
        """Events `start` to `end` (0-based, end excluded) as stored."""
        if self._raw is not None:
            return self._raw[start:end]
        first = start // SEGMENT
        held = [e for k in range(first, (end + SEGMENT - 1) // SEGMENT) for e in self._segment(k)]
        out = held[start - first * SEGMENT : end - first * SEGMENT]
        if len(out) < end - start:
            raise StoreError(
                f"{events_dir(self.path)} is missing events that {self.path} counts; both were "
                "left untouched: restore the folder from a backup, or move both aside"
            )
        return out

    def _state_at(self, n: int) -> GameState:
        """The state after the first `n` events: the nearest snapshot at or before event
        `n`, with the events after it replayed."""
        k, base = n // SEGMENT, self.setup
        while k > 0:
            self._segment(k)
            if k in self._starts:
                try:
                    base = GameState.from_dict(self._starts[k])
                    break
                except (KeyError, TypeError, ValueError, AttributeError):
                    del self._starts[k]  # a damaged snapshot: the events behind it still count
            k -= 1  # a game written before snapshots: an earlier one, or the setup
        return replay(base, (Event.from_dict(e) for e in self._raw_range(k * SEGMENT, n)))

    def _nsegments(self) -> int:
        return (self.count + SEGMENT - 1) // SEGMENT

    def _segment(self, k: int, checked: bool = True) -> list[dict[str, Any]]:
        """Segment k as stored (it may run past the count). Each event's shape is checked
        as it is read and, when `checked` (whenever the events are used, not only added
        to), its checksum: a damaged event is named, never replayed or shown."""
        if checked and k not in self._checked:
            held = self._segment(k, checked=False)
            fault = segment_fault(held) if k not in self._dirty else None
            if fault is not None:
                p = segment_path(self.path, k)
                raise StoreError(
                    f"event {k * SEGMENT + fault[0] + 1} in {p} is damaged: {fault[1]}; it "
                    f"was left untouched: 'companion game repair {stem(self.path)}' keeps "
                    "every event that can be replayed"
                )
            self._checked.add(k)
        if k not in self._segments:
            p = segment_path(self.path, k)
            docs: list[dict[str, Any]] = []
            within(p, os.path.dirname(os.path.dirname(os.path.dirname(p))))
            if os.path.exists(p):
                fix = (
                    f"'companion game repair {stem(self.path)}' keeps every event that can be "
                    "replayed"
                )
                try:
                    data = read_json_file(p, "companion event segment", limit=SEGMENT_BYTES)
                except StoreError as e:
                    raise StoreError(f"{e}; {fix}") from None
                table = data.get("events") if isinstance(data, dict) else None
                if not isinstance(table, dict):
                    raise StoreError(
                        f"{p} is JSON but not a segment of events; it was left untouched: {fix}"
                    )
                docs = list(table.values())
                bad = next((i for i, d in enumerate(docs) if not event_shaped(d)), None)
                if bad is not None:
                    raise StoreError(
                        f"event {k * SEGMENT + bad + 1} in {p} is damaged: it is an event of "
                        f"the wrong shape; it was left untouched: {fix}"
                    )
                start = data.get("start")
                snap = start.get("1") if isinstance(start, dict) else None
                if start_sound(snap, k):
                    self._starts[k] = snap["state"]  # type: ignore[index]
            self._segments[k] = docs
        return self._segments[k]

    def check_tail(self) -> None:
        """Read the segment the next event goes to: a damaged one shows before any write."""
        if self.count and not self._legacy:
            self._segment((self.count - 1) // SEGMENT, checked=False)

    def _put(self, index: int, raw: dict[str, Any], before: GameState) -> None:
        """Store event number `index` (0-based), dropping anything stored after it;
        `before` is the state the event starts from (kept when it opens a segment)."""
        k, i = divmod(index, SEGMENT)
        seg = self._segment(k, checked=False)[:i]  # added to: its events are not used
        if i == 0 and k:
            self._starts[k] = before.to_dict()
        if len(seg) < i:
            raise StoreError(
                f"{segment_path(self.path, k)} is missing events the game counts; it was left "
                "untouched: restore it from a backup, or move the game aside"
            )
        seg.append(raw)
        self._segments[k] = seg
        self._dirty.add(k)
        self._schedule()

    def _schedule(self) -> None:
        if self._flush not in self.db.before_commit:
            self.db.before_commit.append(self._flush)

    def _flush(self) -> None:
        for k in sorted(self._dirty):
            seg = self._segments[k]
            if k and k not in self._starts:  # its snapshot was damaged: written afresh
                with contextlib.suppress(StoreError, KeyError, TypeError, ValueError):
                    self._starts[k] = self._state_at(k * SEGMENT).to_dict()
            doc: dict[str, Any] = {"events": {str(i + 1): e for i, e in enumerate(seg)}}
            if k in self._starts:
                doc["start"] = {"1": start_doc(k, self._starts[k])}
            atomic_write(segment_path(self.path, k), json.dumps(doc, separators=(",", ":")))
        self._dirty.clear()

    def _migrate(self) -> None:
        """Move the events of a game file written before segments into segments."""
        raw = self.raw_events
        self._legacy = False
        self._segments = {}
        for k in range(self._nsegments()):
            self._segments[k] = raw[k * SEGMENT : (k + 1) * SEGMENT]
            self._dirty.add(k)
        self.db.drop_table("events")
        self._schedule()

    def append(self, event: Event) -> GameState:
        raw = event.to_dict()
        if self._legacy:
            self._migrate()
        self._add(event, raw)
        self.redo = []
        self._save()
        return self.state

    def _add(self, event: Event, raw: dict[str, Any]) -> None:
        """The event at the log's end, its state applied (an append, or a redo)."""
        raw = seal_event(raw)  # every event is stored with the checksum its readers check
        before, self.state = self.state, apply_event(self.state, event)
        self._put(self.count, raw, before)
        self.count += 1
        if self._raw is not None:
            self._raw.append(raw)
        if self._events is not None:
            self._events.append(event)

    def extend(self, events: Sequence[Event]) -> GameState:
        """Append many events as one change (a game being imported): saved once."""
        if self._legacy:
            self._migrate()
        for event in events:
            self._add(event, event.to_dict())
        self.redo = []
        self._save()
        return self.state

    def undo(self) -> Event:
        if not self.count:
            raise UsageError("nothing to undo: the game is as it was set up")
        if self._legacy:
            self._migrate()
        last = self.raw_tail(1)[0]
        if last.get("kind") == LOST:
            raise RefusedError(
                f"event {self.count} was lost to damage and repaired around, so the game "
                "before it is not known: undo cannot go back past it"
            )
        if self._raw is not None:
            self._raw = self._raw[:-1]
        if self._events is not None:
            self._events = self._events[:-1]
        self.count -= 1
        self.redo.append(last)
        self.state = self._state_at(self.count)
        self._save()
        return Event.from_dict(last)

    def redo_last(self) -> Event:
        if not self.redo:
            raise UsageError("nothing to redo")
        if self._legacy:
            self._migrate()
        raw = self.redo[-1]
        if not isinstance(raw, dict) or not event_shaped(raw) or not event_intact(raw):
            raise StoreError(
                f"the undone event that redo would put back in {self.path} is damaged; "
                "it was left untouched: 'companion undo' and new moves still work"
            )
        self.redo.pop()
        event = Event.from_dict(raw)
        self._add(event, raw)
        self._save()
        return event

    def _save(self) -> None:
        self.db.update_doc(
            "game",
            {
                **sealed(self.draw, self.system, self.name, self.count, self.state),
                "redo": self.redo,
                "updated": now(),
            },
        )

    def set_meta(self, **values: Any) -> None:
        self.db.update_doc("game", values)


def with_backup_hint(message: str, path: StrPath, repair: str | None = None) -> str:
    """Add where the newest good copy of a file is, when one is kept, and the command that
    puts it back (`repair`; a game's by default)."""
    bak = backup_path(path)
    if outside(os.fspath(path), os.path.dirname(os.path.dirname(os.fspath(path)))) or outside(
        os.fspath(path), os.path.dirname(os.fspath(path))
    ):
        return message  # a link out of the data folder: no repair follows it (it says so)
    repair = repair or f"companion game repair {stem(path)}"
    if os.path.exists(bak):
        return (
            f"{message}. The newest good copy is {bak}: '{repair}' goes back to it and keeps "
            "the bad file aside"
        )
    return f"{message}. '{repair}' keeps what can be read and the bad file aside"


def open_with_backup(path: StrPath, repair: str) -> Database:
    """A database file whose last good version is kept beside it (rosters, settings)."""
    try:
        return Database(path, keep=backup_path(path), root=os.path.dirname(path))
    except StoreError as e:
        raise StoreError(with_backup_hint(str(e), path, repair)) from None


class Home:
    """The folder holding rosters.json, settings.json and games/<name>.json."""

    def __init__(self, root: StrPath | None = None, draw: Drawer | None = None) -> None:
        """`draw` draws the board each game file keeps for the quick `status`: handed in
        by the layer that draws, as the store draws nothing (without it no board is kept,
        and `status` draws the board the usual way)."""
        self.root = os.fspath(root) if root else default_home()
        self.draw = draw

    # -- locking -------------------------------------------------------------------
    @contextlib.contextmanager
    def writing(self, batch: bool = False) -> Iterator[None]:
        """Hold the write lock, after finishing what a killed command left; with `batch`,
        the command's file changes happen all together or not at all."""
        with home_lock(self.root, exclusive=True):
            self._tidy()
            if batch:
                with all_or_nothing(self.root):
                    yield
            else:
                yield

    def _tidy(self) -> None:
        finish_unfinished(self.root)
        tidy_temps(self.root)
        from companion.data import drop_stale_cache_temps

        drop_stale_cache_temps()

    @contextlib.contextmanager
    def reading(self) -> Iterator[None]:
        if os.path.lexists(os.path.join(self.root, JOURNAL)):
            with home_lock(self.root, exclusive=True):  # a command killed half-way: finish it
                self._tidy()
        with home_lock(self.root, exclusive=False):
            tidy_temps(self.root)  # no command is writing now: what a killed one left goes
            from companion.data import drop_stale_cache_temps

            drop_stale_cache_temps()
            yield

    # -- rosters -------------------------------------------------------------------
    def rosters_db(self) -> Database:
        return open_with_backup(os.path.join(self.root, ROSTERS), "companion roster repair")

    def rosters(self, db: Database | None = None) -> list[Roster]:
        db = db or self.rosters_db()
        out = []
        for i, doc in enumerate(db.table("rosters").all()):
            out.append(Roster.from_dict(dict(doc), f"{db.path} roster {i + 1}"))
        return out

    def find_roster(self, name: str, db: Database | None = None) -> Roster:
        return match(name, self.rosters(db), lambda r: r.name, "roster")

    def save_roster(self, db: Database, roster: Roster, old_name: str | None = None) -> None:
        from tinydb import Query

        # Whatever command made it, a roster is stored only as a reader accepts it: one bad
        # name must never make a whole rosters file unreadable.
        Roster.from_dict(roster.to_dict(), f"roster {shown(roster.name)}")
        t = db.table("rosters")
        key = old_name or roster.name
        stored = t.get(Query().name == key)
        t.remove(Query().name == key)
        t.insert(with_id(roster, stored, t.all()).to_dict())

    def delete_roster(self, db: Database, name: str) -> None:
        from tinydb import Query

        db.table("rosters").remove(Query().name == name)

    # -- settings ------------------------------------------------------------------
    def settings(self) -> tuple[Database, dict[str, Any]]:
        db = open_with_backup(os.path.join(self.root, SETTINGS), "companion game repair --settings")
        docs = db.docs("settings")
        return db, docs[0] if docs else {}

    def set_setting(self, key: str, value: Any) -> None:
        db, current = self.settings()
        current[key] = value
        t = db.table("settings")
        t.truncate()
        t.insert(current)
        db.commit()

    def current_game_name(self) -> str | None:
        _, s = self.settings()
        name = s.get("current")
        return name if isinstance(name, str) else None

    # -- games ---------------------------------------------------------------------
    def game_path(self, name: str) -> str:
        return os.path.join(self.root, GAMES, f"{file_slug(name)}.json")

    def games_folder(self) -> str:
        """The games folder; something else in its place is said, not taken for none."""
        folder = os.path.join(self.root, GAMES)
        if os.path.lexists(folder) and not os.path.isdir(folder):
            raise StoreError(
                f"{folder} is not a folder, so no game can be read or kept there; move it "
                "aside and try again"
            )
        return folder

    def game_names(self) -> list[str]:
        """Every game with a file in the games folder, or only a backup or events where
        its file is missing (listed, and opened, as damaged, so repair can find it)."""
        folder = self.games_folder()
        listed = names_in(folder, "")  # listed once: a long record's folder is long
        names = {
            n[: -len(suffix)]
            for n in listed
            for suffix in (".json", ".json.bak")
            if n.endswith(suffix) and n != suffix
        }
        # An events folder counts only where it holds files, looked at only where no game
        # file names the game already (a folder listed per game would cost a long record).
        names |= {
            n[: -len(".events")]
            for n in listed
            if n.endswith(".events")
            and n != ".events"
            and n[: -len(".events")] not in names
            and holds_files(os.path.join(folder, n))
        }
        return sorted(n for n in names if n and not n.startswith("."))

    def resolve_game(self, name: str | None) -> str:
        if name is None:
            self.games_folder()
            name = self.current_game_name()
            if name is None or not (os.path.lexists(self.game_path(name)) or self.leftovers(name)):
                raise NoCurrentGameError(
                    "no current game; start one with 'companion game new' (or 'companion demo'), "
                    "or pick one with 'companion game use NAME'"
                )
            return name
        names = self.game_names()
        return match(name, names, lambda n: n, "game")

    def leftovers(self, name: str) -> list[str]:
        """What a game of this name has on disk besides its file (backup, events)."""
        path = self.game_path(name)
        found = [backup_path(path)] if os.path.lexists(backup_path(path)) else []
        return found + ([events_dir(path)] if holds_files(events_dir(path)) else [])

    def create_game(self, name: str, state: GameState, rosters: Sequence[str] = ()) -> GameFile:
        """A new game; `rosters` are the keys of the warbands on its sides, in order
        (`roster.roster_key`), kept so a warband's games follow it through renames."""
        path = self.game_path(name)
        if os.path.lexists(path) or self.leftovers(name):
            # Another game's files, whole or not: never overwritten by a new one.
            raise UsageError(
                f"a game called '{file_slug(name)}' already exists (or its backup or events "
                "do); pick another --name, delete it with 'companion game delete', or repair "
                "it with 'companion game repair'"
            )
        db = Database(path, keep=backup_path(path), root=self.root)
        doc = {
            "name": file_slug(name),
            "system": state.system,
            "created": now(),
            "setup": state.to_dict(),
            "redo": [],
            **sealed(self.draw, state.system, file_slug(name), 0, state),
            "ended": False,
            **({"rosters": list(rosters)} if rosters else {}),
        }
        db.table("game").insert(doc)
        created = json.dumps({"game": {"1": doc}}, separators=(",", ":"))
        db.before_commit.append(
            lambda: atomic_write(os.path.join(events_dir(path), CREATED), created)
        )
        return self._game_from(db)

    def open_game(self, name: str | None) -> GameFile:
        resolved = self.resolve_game(name)
        path = self.game_path(resolved)
        if not os.path.lexists(path):
            if self.leftovers(resolved):
                raise StoreError(
                    f"{path} is missing, but the game's backup or events are there; "
                    f"'companion game repair {resolved}' rebuilds it from them"
                )
            raise NotFoundError(f"no game named '{resolved}'")
        try:
            db = Database(path, keep=backup_path(path), root=self.root)
        except StoreError as e:
            raise StoreError(with_backup_hint(str(e), path)) from None
        try:
            return self._game_from(db)
        except StoreError as e:
            raise StoreError(with_backup_hint(str(e), path)) from None

    def _game_from(self, db: Database) -> GameFile:
        docs = db.docs("game")
        if not docs:
            raise StoreError(f"{db.path} has no game in it; move it aside and start a new game")
        meta = docs[0]
        try:
            setup = GameState.from_dict(meta["setup"])
            snap = meta.get("snapshot") or {}
            legacy = db.has_table("events")
            raw = [dict(e) for e in db.table("events").all()] if legacy else None
            count = len(raw) if raw is not None else snap.get("count")
            if not isinstance(count, int) or isinstance(count, bool) or count < 0:
                raise ValueError("the event count is missing")
            last = segment_path(db.path, (count - 1) // SEGMENT) if count else ""
            if not legacy and count and not os.path.exists(last):
                # Checked before reading anything: a count of 10**9 must not mean 10**7 reads.
                raise StoreError(
                    f"{db.path} counts {count} events but {events_dir(db.path)} holds fewer; "
                    "both were left untouched"
                )
            if not isinstance(meta["name"], str) or not isinstance(meta["system"], str):
                raise TypeError("the game's name or rule system is not text")
            gf = GameFile(
                db,
                meta["name"],
                meta["system"],
                meta.get("created", ""),
                setup,
                count,
                list(meta.get("redo", [])),
                setup,
                bool(meta.get("ended")),
                _raw=raw,
                _legacy=legacy,
                draw=self.draw,
            )
            if snap.get("count") == count and "state" in snap and meta_sound(meta):
                gf.state = GameState.from_dict(snap["state"])
            elif legacy:
                gf.state = replay(setup, gf.events)
            else:  # a damaged or missing snapshot is rebuilt from the events, never trusted
                gf.state = gf._state_at(count)
        except (KeyError, TypeError, ValueError, AttributeError) as e:
            raise StoreError(
                f"{db.path} is not a readable companion game ({type(e).__name__}: {e}); it was "
                "left untouched: move it aside or restore it from a backup"
            ) from None
        return gf


def with_id(roster: Roster, stored: Any, others: list[Any]) -> Roster:
    """The roster with its id: the one it has, else the one stored under its name (or, for
    a roster stored before ids, the key of that name, which the games played then
    recorded), else a new one; an id another roster holds (a copy imported) is never
    taken over."""
    from companion.roster import legacy_key, new_roster_id
    from companion.values import replace

    rid = roster.id
    if not rid and isinstance(stored, dict):
        rid = str(stored.get("id") or legacy_key(str(stored.get("name", roster.name))))
    if not rid or any(isinstance(o, dict) and o.get("id") == rid for o in others):
        rid = new_roster_id()
    return roster if rid == roster.id else replace(roster, id=rid)


def event_for(
    kind: str,
    summary: str,
    changes: Sequence[Any],
    state: GameState,
    trace: dict[str, Any] | None = None,
    data: dict[str, Any] | None = None,
) -> Event:
    from companion.game.state import freeze

    event = Event(
        kind=kind,
        summary=summary,
        changes=tuple(changes),
        trace=trace,
        data=freeze(thaw(data or {})),
        at=now(),
        turn=state.turn,
    )
    # The log files an event under the turn it leaves the game in (a 'turn' event
    # belongs to the turn it starts).
    after = apply_event(state, event)
    return Event(kind, summary, event.changes, trace, event.data, event.at, after.turn)


def append_outcome(gf: GameFile, outcome: Outcome, dice: DiceSource | None = None) -> Event:
    """Append an outcome to the game as one event (written at the next commit), with the
    dice that decided it: their values, whether they were typed, and the seed."""
    data = dict(outcome.data)
    if dice is not None:
        dice.finish()
        if dice.history:
            data["dice"] = list(dice.all_values)
            data["typed"] = any(r.typed for r in dice.history)
            seed = getattr(dice, "seed", None)
            if seed is not None:
                data["seed"] = seed
    event = event_for(
        outcome.kind,
        outcome.summary,
        outcome.changes,
        gf.state,
        trace=outcome.trace.to_dict() if outcome.trace else None,
        data=data,
    )
    gf.append(event)
    return event


def end_event(state: GameState, result: str) -> Event:
    """The players end the game now, with `result` in their words (undo takes it back)."""
    changes = [set_game("phase", "ended"), set_game("result", result)]
    return event_for("end", f"The game is ended: {result}", changes, state)
