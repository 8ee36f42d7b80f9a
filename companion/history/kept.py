"""The kept summaries: one entry per game, so the record is quick however long it grows.

`history.json` in the data folder holds each game's summary with the size and time of
change of the game file it was read from (every command that changes a game rewrites
that file). A game whose file still has that size and time is not read again: a call
reads only the games changed since the last one. The file is checked before it is
believed: its first line carries the schema and a checksum of the rest, and each entry
is checked field by field as it is read; a missing, damaged or foreign file (or entry)
is simply rebuilt from the games themselves, never trusted.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable
from typing import Any

from companion.errors import CompanionError
from companion.game.repo import Home
from companion.game.store import atomic_write, stem
from companion.history.summary import GameSummary, Warbands
from companion.home import read_regular
from companion.values import frozen
from companion.version import installed

KEPT = "history.json"
SCHEMA = 1
MAX_BYTES = 64 * 1024 * 1024


@frozen
class Record:
    """Every game's summary (by name), the games that could not be read, and the current
    name of each warband key."""

    games: tuple[GameSummary, ...]
    damaged: tuple[tuple[str, str], ...]
    rosters: Warbands
    read: tuple[str, ...] = ()  # the games read from their files this time


def kept_path(home: Home) -> str:
    return os.path.join(home.root, KEPT)


def read_kept(path: str) -> dict[str, Any]:
    """The kept entries by game name, or none when the file is missing, damaged, from
    another schema, or does not match its checksum."""
    try:
        raw = read_regular(path, MAX_BYTES)
    except (OSError, ValueError):
        return {}
    head, _, body = raw.partition(b"\n")
    try:
        meta = json.loads(head)
        if not isinstance(meta, dict) or meta.get("schema") != SCHEMA:
            return {}
        if meta.get("version") != installed():  # another version's summaries: read afresh
            return {}
        if meta.get("sum") != hashlib.sha256(body).hexdigest():
            return {}
        games = json.loads(body)
    except ValueError:
        return {}
    return games if isinstance(games, dict) else {}


def write_kept(path: str, entries: dict[str, Any]) -> None:
    body = json.dumps(entries, separators=(",", ":"), ensure_ascii=False)
    data = body.encode("utf-8")
    head = json.dumps(
        {"schema": SCHEMA, "version": installed(), "sum": hashlib.sha256(data).hexdigest()}
    )
    try:
        atomic_write(path, head + "\n" + body)
    except CompanionError:
        pass  # a folder that cannot be written: the record is read in full next time


def stamp(path: str) -> list[int] | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return [st.st_size, st.st_mtime_ns]


def collect(home: Home, summarize: Callable[[Home, str], GameSummary] | None = None) -> Record:
    """Every game's summary: kept ones whose game file is unchanged, the others read
    afresh (`summarize`, by default `read_game`), and the kept file brought up to date."""
    read_one = summarize or read_game
    path = kept_path(home)
    with home.reading():
        names = home.game_names()
        kept = read_kept(path) if names else {}
        fresh: dict[str, Any] = {}
        games: list[GameSummary] = []
        damaged: list[tuple[str, str]] = []
        read: list[str] = []
        for name in names:
            now = stamp(home.game_path(name))
            entry = kept.get(name)
            if now is not None and isinstance(entry, dict) and entry.get("stamp") == now:
                try:
                    games.append(GameSummary.from_dict(entry.get("summary")))
                    fresh[name] = entry
                    continue
                except (ValueError, TypeError, IndexError, AttributeError):
                    pass  # a damaged entry: read the game again
            try:
                summary = read_one(home, name)
            except CompanionError as e:
                damaged.append((name, str(e)))
                continue
            read.append(name)
            games.append(summary)
            fresh[name] = {"stamp": now, "summary": summary.to_dict()}
        rosters = _roster_names(home)
    if read or fresh.keys() != kept.keys():
        write_kept(path, fresh)
    return Record(tuple(games), tuple(damaged), rosters, tuple(read))


def read_game(home: Home, name: str) -> GameSummary:
    """One game's summary, read from its files."""
    from companion import systems
    from companion.history.summary import summarize

    gf = home.open_game(name)
    recorded = gf.db.docs("game")[0].get("rosters")
    summary = summarize(systems.get(gf.system), gf, recorded if isinstance(recorded, list) else ())
    if summary.name != stem(gf.path):  # listed, and found again, by its file's name
        from companion.values import replace

        summary = replace(summary, name=stem(gf.path))
    return summary


def _roster_names(home: Home) -> Warbands:
    """The current name of each warband key (none when the rosters cannot be read: the
    names the games recorded are shown instead)."""
    from companion.game.store import read_json_file

    file = os.path.join(home.root, "rosters.json")
    if not os.path.exists(file):
        return Warbands()
    try:
        data = read_json_file(file)
        table = data.get("rosters") if isinstance(data, dict) else None
        docs = [d for d in table.values() if isinstance(d, dict)] if isinstance(table, dict) else []
    except CompanionError:
        return Warbands()
    return Warbands(docs)
