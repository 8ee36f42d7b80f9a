"""The kept summaries: one entry per game, so the record is quick however long it grows.

`history.json` in the data folder holds each game's summary with the size and time of
change of the game file it was read from (every command that changes a game rewrites
that file). A game whose file still has that size and time is not read again: a call
reads only the games changed since the last one. The file is checked before it is
believed: its first line carries the schema and a checksum of the rest, and each entry
is checked field by field as it is read; a missing, damaged or foreign file (or entry)
is simply rebuilt from the games themselves, never trusted. The checksums are CRC-32s:
they are there to catch a damaged file (its fields are checked besides), and zlib costs
a fifth of what hashlib costs at start-up, which every `history` pays.
"""

from __future__ import annotations

import json
import os
import zlib
from collections.abc import Callable, Mapping

from companion import TYPE_CHECKING
from companion.errors import CompanionError
from companion.game.repo import Home
from companion.game.store import atomic_write, stem
from companion.history.summary import GameSummary, Warbands
from companion.home import read_regular
from companion.values import frozen
from companion.version import installed

if TYPE_CHECKING:
    from typing import Any

KEPT = "history.json"
# 3: a line each for the summaries, the fighters (a side's names in one string, with their
# counts) and the rolls, under CRC-32s; headlines that name the leader by the scenario's
# own score.
SCHEMA = 3
MAX_BYTES = 64 * 1024 * 1024


@frozen
class Record:
    """Every game's summary, the games that could not be read (name, why), and the
    warbands as they are now."""

    games: tuple[GameSummary, ...]
    damaged: tuple[tuple[str, str], ...]
    rosters: Warbands
    read: tuple[str, ...] = ()  # the games read from their files this time


def kept_path(home: Home) -> str:
    return os.path.join(home.root, KEPT)


# The lines below the first, in order: each game's summary, its fighters, its rolls.
PARTS = ("summaries", "fighters", "rolls")


class Kept:
    """The kept file as read: on its first line the schema, the version that wrote it
    and a checksum of each line below; then a line of each game's summary (by name, with
    the size and time of change of its file), all the list reads; a line of each game's
    fighters, a side's in three fields, read only for the standings; and a line of each
    game's rolls, read only for the luck. Anything that fails a check reads as nothing
    kept."""

    def __init__(self, path: str) -> None:
        self.index: dict[str, Any] = {}
        self._lines: list[bytes] = []
        self._sums: list[Any] = []
        self._read: dict[str, dict[str, Any]] = {}
        try:
            raw = read_regular(path, MAX_BYTES)
            head, *lines = raw.split(b"\n")
            meta = json.loads(head)
            if not isinstance(meta, dict) or meta.get("schema") != SCHEMA:
                return
            if meta.get("version") != installed():  # another version's summaries
                return
            sums = meta.get("sums")
            if not isinstance(sums, list) or len(sums) != len(PARTS) or len(lines) != len(PARTS):
                return
            self._lines, self._sums = lines, sums
            self.index = self.part("summaries")
        except (OSError, ValueError):
            return

    def part(self, name: str) -> dict[str, Any]:
        """One of the lines below the first (PARTS), read when first asked for; nothing
        where its checksum fails."""
        found = self._read.get(name)
        if found is None:
            found = {}
            i = PARTS.index(name)
            if self._lines and self._sums[i] == zlib.crc32(self._lines[i]):
                try:
                    parsed = json.loads(self._lines[i])
                except ValueError:
                    parsed = None
                found = parsed if isinstance(parsed, dict) else {}
            self._read[name] = found
        return found


def write_kept(path: str, parts: dict[str, dict[str, Any]]) -> None:
    """The kept file, with each of PARTS (by game name) on its own line."""
    lines = [
        json.dumps(parts[name], separators=(",", ":"), ensure_ascii=False).encode("utf-8")
        for name in PARTS
    ]
    head = {
        "schema": SCHEMA,
        "version": installed(),
        "sums": [zlib.crc32(x) for x in lines],
    }
    text = b"\n".join([json.dumps(head).encode(), *lines]).decode("utf-8")
    try:
        atomic_write(path, text)
    except CompanionError:
        pass  # a folder that cannot be written: the record is read in full next time


def stamp(path: str) -> list[int] | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return [st.st_size, st.st_mtime_ns]


def _kept(entry: Any, now: list[int] | None) -> Any:
    """What an entry keeps, if it was kept for the game file as it is now (else None)."""
    if now is not None and type(entry) is list and len(entry) == 3 and entry[:2] == now:
        return entry[2]
    return None


def collect(
    home: Home,
    summarize: Callable[[Home, str], GameSummary] | None = None,
    fighters: bool = False,
    rolls: bool = False,
) -> Record:
    """Every game's summary (with its fighters when `fighters`, for the standings, and
    its rolls when `rolls`, for the luck): kept ones whose game file is unchanged, the
    others read afresh (`summarize`, by default `read_game`), and the kept file brought
    up to date."""
    read_one = summarize or read_game
    path = kept_path(home)
    with home.reading():
        names = home.game_names()
        kept = Kept(path) if names else Kept("")
        index: dict[str, Any] = {}
        games: list[GameSummary] = []
        fresh: dict[str, GameSummary] = {}
        damaged: list[tuple[str, str]] = []
        stamps = {name: stamp(home.game_path(name)) for name in names}
        for name in names:
            now = stamps[name]
            try:
                found = GameSummary.from_row(
                    _kept(kept.index.get(name), now),
                    _kept_part(kept, "fighters", name, now) if fighters else None,
                    _kept_part(kept, "rolls", name, now) if rolls else None,
                )
            except (ValueError, TypeError):
                pass  # not kept, kept for another version of the game, or damaged
            else:
                index[name] = kept.index[name]
                games.append(found)
                continue
            try:
                fresh[name] = summary = read_one(home, name)
            except CompanionError as e:
                damaged.append((name, str(e)))
                continue
            games.append(summary)
            index[name] = [*now, summary.to_row()] if now else None
        rosters = _roster_names(home)
    if fresh or index.keys() != kept.index.keys():
        _write(path, kept, {n: e for n, e in index.items() if e is not None}, fresh)
    return Record(tuple(games), tuple(damaged), rosters, tuple(fresh))


def _kept_part(kept: Kept, part: str, name: str, now: list[int] | None) -> Any:
    """A game's entry in one of the kept lines, if kept for its file as it is now."""
    found = _kept(kept.part(part).get(name), now)
    if found is None:
        raise ValueError(f"no {part} kept for the game as it is now")
    return found


def _write(path: str, kept: Kept, index: dict[str, Any], fresh: Mapping[str, GameSummary]) -> None:
    """The kept file brought up to date: the games read afresh replace their entries,
    the others keep theirs."""
    parts = {"summaries": index}
    for part in PARTS[1:]:
        parts[part] = {n: e for n, e in kept.part(part).items() if n in index and n not in fresh}
    for name, summary in fresh.items():
        entry = index.get(name)
        if entry is not None:
            parts["fighters"][name] = [*entry[:2], summary.kept_fighters()]
            parts["rolls"][name] = [*entry[:2], summary.kept_rolls()]
    write_kept(path, parts)


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
