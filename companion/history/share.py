"""A game as one file to hand to a friend: its setup and every event, with a schema
number and a checksum, and the checks that take such a file back in.

The file is JSON: `format`, `schema`, the game (name, rule system, when it was set up,
its warbands' keys and its setup) and its events as stored, with a SHA-256 checksum of
the game and events. An import believes nothing it has not checked: the checksum, the
shape of every event and its trace, and a replay of every event from the setup. A file
that fails any check, or that a newer companion wrote (a higher schema), is refused in
one line, before anything is written.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from companion.errors import CompanionError, DataError
from companion.game.events import Event, apply_event
from companion.game.files import event_shaped
from companion.game.repo import GameFile, now
from companion.game.state import GameState
from companion.values import frozen

FORMAT = "companion game"
SCHEMA = 1  # the newest this version writes and reads
MAX_BYTES = 256 * 1024 * 1024


def _sum(game: dict[str, Any], events: list[Any]) -> str:
    body = json.dumps(
        {"game": game, "events": events}, sort_keys=True, separators=(",", ":"), ensure_ascii=False
    )
    return hashlib.sha256(body.encode("utf-8")).hexdigest()


def export_doc(gf: GameFile) -> dict[str, Any]:
    """The game as the shared file holds it."""
    meta = gf.db.docs("game")[0]
    rosters = meta.get("rosters")
    game = {
        "name": gf.name,
        "system": gf.system,
        "created": gf.created,
        "rosters": rosters if isinstance(rosters, list) else [],
        "setup": gf.setup.to_dict(),
    }
    events = [raw for chunk in gf.chunks() for raw in chunk]
    return {
        "format": FORMAT,
        "schema": SCHEMA,
        "exported": now(),
        "sum": _sum(game, events),
        "game": game,
        "events": events,
    }


def export_text(gf: GameFile) -> str:
    return json.dumps(export_doc(gf), separators=(",", ":"), ensure_ascii=False) + "\n"


@frozen
class Shared:
    """A shared game, checked: ready to be added under a name."""

    name: str
    system: str
    created: str
    rosters: tuple[str, ...]
    setup: GameState
    events: tuple[Event, ...]
    final: GameState


def read_shared(raw: bytes, path: str) -> Shared:
    """The game a shared file holds, every part of it checked (a DataError, naming the
    file and what is wrong, otherwise)."""
    from companion.game.store import parse_json

    try:
        data = parse_json(raw, path, "companion game file", strict=True)
    except CompanionError as e:
        raise DataError(str(e)) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise DataError(f"{path} is not a game exported by companion ('companion game export')")
    schema = data.get("schema")
    if type(schema) is not int or schema < 1:
        raise DataError(f"{path} has no valid schema number; it cannot be imported")
    if schema > SCHEMA:
        raise DataError(
            f"{path} was exported by a newer companion (game file schema {schema}; this one "
            f"reads up to {SCHEMA}): update companion to import it"
        )
    game, events = data.get("game"), data.get("events")
    if not isinstance(game, dict) or not isinstance(events, list):
        raise DataError(f"{path} is damaged: its game or its events are missing")
    if data.get("sum") != _sum(game, events):
        raise DataError(f"{path} is damaged: its checksum does not match what it holds")
    return _checked(game, events, path)


def _checked(game: dict[str, Any], raw_events: list[Any], path: str) -> Shared:
    from companion import systems
    from companion.trace import Trace

    where = f"{path} is damaged"
    try:
        name, system, created = game["name"], game["system"], game.get("created", "")
        if not all(isinstance(x, str) for x in (name, system, created)):
            raise TypeError("the game's name, rule system or date is not text")
        rosters = game.get("rosters", [])
        if not isinstance(rosters, list) or not all(isinstance(r, str) for r in rosters):
            raise TypeError("its warbands' keys are not a list of text")
        setup = GameState.from_dict(game["setup"])
        if setup.system != system:
            raise ValueError("its setup is of another rule system")
        systems.get(system)
        state, events = setup, []
        for i, raw in enumerate(raw_events, 1):
            if not event_shaped(raw):
                raise ValueError(f"event {i} is not an event")
            ev = Event.from_dict(raw)
            if ev.trace is not None:
                Trace.from_dict(ev.trace)
            state = apply_event(state, ev)
            events.append(ev)
    except CompanionError as e:
        raise DataError(f"{where} ({e}); nothing was imported") from None
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as e:
        raise DataError(f"{where} ({type(e).__name__}: {e}); nothing was imported") from None
    return Shared(name, system, created, tuple(rosters), setup, tuple(events), state)
