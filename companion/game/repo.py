"""Rosters and games on disk, and the one way a command changes a game.

A command opens the home folder (`Home`), under its lock, reads what it needs, asks the
core for an outcome, appends one event and commits once. If anything fails before the
commit, nothing is written.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from companion.errors import NotFoundError, StoreError, UsageError
from companion.game.events import Event, apply_event, replay
from companion.game.state import GameState, thaw
from companion.game.store import (
    Database,
    clean_stray_temps,
    default_home,
    file_slug,
    home_lock,
)
from companion.names import match
from companion.roster import Roster

# What an event of each kind is called in the log (and the report).
ROSTERS = "rosters.json"
SETTINGS = "settings.json"
GAMES = "games"


def now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


@dataclass
class GameFile:
    """A game as read from its file: setup, events (raw until needed) and redo stack."""

    db: Database
    name: str
    system: str
    created: str
    setup: GameState
    raw_events: list[dict[str, Any]]
    redo: list[dict[str, Any]]
    state: GameState
    ended: bool = False
    _events: list[Event] | None = field(default=None, repr=False)

    @property
    def events(self) -> list[Event]:
        if self._events is None:
            self._events = [Event.from_dict(e) for e in self.raw_events]
        return self._events

    def append(self, event: Event) -> GameState:
        self.state = apply_event(self.state, event)
        self.raw_events.append(event.to_dict())
        if self._events is not None:
            self._events.append(event)
        self.redo = []
        self._save(new_event=event)
        return self.state

    def undo(self) -> Event:
        if not self.raw_events:
            raise UsageError("nothing to undo: the game is as it was set up")
        last = self.raw_events.pop()
        events = self.events[:-1] if self._events is not None else None
        self._events = events
        self.redo.append(last)
        self.state = replay(self.setup, self.events)
        self._save(removed=True)
        return Event.from_dict(last)

    def redo_last(self) -> Event:
        if not self.redo:
            raise UsageError("nothing to redo")
        raw = self.redo.pop()
        event = Event.from_dict(raw)
        self.state = apply_event(self.state, event)
        self.raw_events.append(raw)
        if self._events is not None:
            self._events.append(event)
        self._save(new_event=event, keep_redo=True)
        return event

    def _save(
        self, new_event: Event | None = None, removed: bool = False, keep_redo: bool = False
    ) -> None:
        meta = self.db.table("game")
        events = self.db.table("events")
        if new_event is not None:
            events.insert(self.raw_events[-1])
        if removed:
            last_id = max((d.doc_id for d in events.all()), default=None)
            if last_id is not None:
                events.remove(doc_ids=[last_id])
        meta.update(
            {
                "snapshot": {"count": len(self.raw_events), "state": self.state.to_dict()},
                "redo": self.redo,
                "updated": now(),
            },
            doc_ids=[1],
        )

    def set_meta(self, **values: Any) -> None:
        self.db.table("game").update(values, doc_ids=[1])


class Home:
    """The folder holding rosters.json, settings.json and games/<name>.json."""

    def __init__(self, root: Path | None = None) -> None:
        self.root = root or default_home()

    # -- locking -------------------------------------------------------------------
    @contextlib.contextmanager
    def writing(self) -> Iterator[None]:
        with home_lock(self.root, exclusive=True):
            clean_stray_temps(self.root)
            clean_stray_temps(self.root / GAMES)
            yield

    @contextlib.contextmanager
    def reading(self) -> Iterator[None]:
        with home_lock(self.root, exclusive=False):
            yield

    # -- rosters -------------------------------------------------------------------
    def rosters_db(self) -> Database:
        return Database(self.root / ROSTERS)

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

        t = db.table("rosters")
        key = old_name or roster.name
        t.remove(Query().name == key)
        t.insert(roster.to_dict())

    def delete_roster(self, db: Database, name: str) -> None:
        from tinydb import Query

        db.table("rosters").remove(Query().name == name)

    # -- settings ------------------------------------------------------------------
    def settings(self) -> tuple[Database, dict[str, Any]]:
        db = Database(self.root / SETTINGS)
        docs = db.table("settings").all()
        return db, dict(docs[0]) if docs else {}

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
    def game_path(self, name: str) -> Path:
        return self.root / GAMES / f"{file_slug(name)}.json"

    def game_names(self) -> list[str]:
        folder = self.root / GAMES
        if not folder.is_dir():
            return []
        names = []
        for p in sorted(folder.glob("*.json")):
            names.append(p.stem)
        return names

    def resolve_game(self, name: str | None) -> str:
        if name is None:
            name = self.current_game_name()
            if name is None or not self.game_path(name).exists():
                raise NotFoundError(
                    "no current game; start one with 'companion game new' (or 'companion demo'), "
                    "or pick one with 'companion game use NAME'"
                )
            return name
        names = self.game_names()
        return match(name, names, lambda n: n, "game")

    def create_game(self, name: str, state: GameState) -> GameFile:
        path = self.game_path(name)
        if path.exists():
            raise UsageError(
                f"a game called '{file_slug(name)}' already exists; pick another "
                "--name or delete it with 'companion game delete'"
            )
        db = Database(path)
        db.table("game").insert(
            {
                "name": file_slug(name),
                "system": state.system,
                "created": now(),
                "setup": state.to_dict(),
                "redo": [],
                "snapshot": {"count": 0, "state": state.to_dict()},
                "ended": False,
            }
        )
        return self._game_from(db)

    def open_game(self, name: str | None) -> GameFile:
        resolved = self.resolve_game(name)
        path = self.game_path(resolved)
        if not path.exists():
            raise NotFoundError(f"no game named '{resolved}'")
        return self._game_from(Database(path))

    def _game_from(self, db: Database) -> GameFile:
        docs = db.table("game").all()
        if not docs:
            raise StoreError(f"{db.path} has no game in it; move it aside and start a new game")
        meta = docs[0]
        try:
            setup = GameState.from_dict(meta["setup"])
            raw = [dict(e) for e in db.table("events").all()]
            snap = meta.get("snapshot") or {}
            if snap.get("count") == len(raw) and "state" in snap:
                state = GameState.from_dict(snap["state"])
                gf = GameFile(
                    db,
                    meta["name"],
                    meta["system"],
                    meta.get("created", ""),
                    setup,
                    raw,
                    list(meta.get("redo", [])),
                    state,
                    bool(meta.get("ended")),
                )
            else:
                gf = GameFile(
                    db,
                    meta["name"],
                    meta["system"],
                    meta.get("created", ""),
                    setup,
                    raw,
                    list(meta.get("redo", [])),
                    setup,
                    bool(meta.get("ended")),
                )
                gf.state = replay(setup, gf.events)
        except (KeyError, TypeError, ValueError, AttributeError) as e:
            raise StoreError(
                f"{db.path} is not a readable companion game ({type(e).__name__}: {e}); it was "
                "left untouched: move it aside or restore it from a backup"
            ) from None
        return gf

    def delete_game(self, name: str) -> None:
        self.game_path(name).unlink()


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
