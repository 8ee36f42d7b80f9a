"""companion's data folder, and a game's stored document in it, found with the standard
library alone, for the quick paths.

Start-up device: importing platformdirs costs 3.1x a bare interpreter start (cpu, median
of 15 paired runs), which every command would pay to find its data folder.

`game.store.default_home` asks platformdirs; on Linux its answer is plain to compute,
and the quickest commands (`status --json`, `odds`) compute it here rather than import
platformdirs at every start.
"""

from __future__ import annotations

import json
import os
import sys

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, without importing typing at start-up
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import TypeVar

    T = TypeVar("T")

MAX_FILE_BYTES = 256 * 1024 * 1024  # as store.MAX_FILE_BYTES


def data_home() -> str | None:
    """COMPANION_HOME, or on Linux what platformdirs answers for the data folder; None
    where only platformdirs can tell."""
    env = os.environ.get("COMPANION_HOME")
    if env:
        return os.path.expanduser(env)
    if sys.platform.startswith("linux"):
        base = os.environ.get("XDG_DATA_HOME", "")
        if not base.strip():
            base = os.path.expanduser("~/.local/share")
        return os.path.join(base, "companion")
    return None


def read_regular(path: str, limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of a regular file of at most `limit` bytes. Anything else (a FIFO, a
    device, a folder, a file that grows past the limit while read) is a ValueError saying
    what it is, raised before a byte is read: a FIFO never blocks, a device never streams."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    try:
        st = os.fstat(fd)
        mode = st.st_mode
        if not (mode & 0o170000) == 0o100000:  # stat.S_ISREG, without importing stat
            raise ValueError(f"{path} is {file_kind(mode)}, not a regular file")
        if st.st_size > limit:
            raise ValueError(f"{path} is {st.st_size} bytes, larger than the limit of {limit}")
        chunks = []
        left = limit + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        if left <= 0:
            raise ValueError(f"{path} grew past the limit of {limit} bytes while being read")
        return b"".join(chunks)
    finally:
        os.close(fd)


# A kept cache file (parsed rules, prepared look-ups, help, compiled templates) is at most a
# few MB: anything larger is not one of ours.
CACHE_BYTES = 64 * 1024 * 1024


def read_kept(path: str, folder: str, limit: int = CACHE_BYTES) -> bytes | None:
    """The bytes of a file companion keeps for itself in `folder` (a cache), or None when
    it must not be trusted: missing, not a regular file (a FIFO is never waited on, a
    device never read), larger than `limit`, or a link leading out of `folder`. The
    caller then builds afresh what the file would have held."""
    try:
        if outside(path, folder) is not None:
            return None
        return read_regular(path, limit)
    except (OSError, ValueError):
        return None


def file_kind(mode: int) -> str:
    """What a non-regular file is, in words."""
    kinds = {
        0o010000: "a FIFO",
        0o020000: "a character device",
        0o040000: "a folder",
        0o060000: "a block device",
        0o140000: "a socket",
    }
    return kinds.get(mode & 0o170000, "not a regular file")


def state_sum(*parts: object) -> int:
    """A checksum of a stored snapshot (and the board drawn from it): a snapshot whose
    sum does not match was changed or damaged after it was written, and is not trusted.
    The JSON text keeps dict order and reads back the same, so a sum made before writing
    matches one made after reading."""
    from binascii import crc32

    return crc32(json.dumps(parts, separators=(",", ":")).encode("utf-8", "surrogatepass"))


def outside(path: str, root: str) -> str | None:
    """Where a data file really is, if that is outside the data folder `root` (a link, or
    a linked folder, leading out of it); None for a file inside it."""
    real, top = os.path.realpath(path), os.path.realpath(root)
    return None if real == top or real.startswith(top.rstrip(os.sep) + os.sep) else real


def read_doc(path: str, table: str, root: str) -> dict[str, object] | None:
    """The one document of `table` in a database file, or None (outside the data folder
    `root`, not a regular file, too large, not a database of that shape, or a game from
    before event segments)."""
    if outside(path, root):
        return None
    data = json.loads(read_regular(path))
    if not isinstance(data, dict) or not all(
        isinstance(t, dict) and all(isinstance(d, dict) for d in t.values()) for t in data.values()
    ):
        return None
    docs = data.get(table)
    if not isinstance(docs, dict) or len(docs) != 1 or data.get("events"):
        return None  # none or several, or a game from before event segments
    doc = next(iter(docs.values()))
    return doc if isinstance(doc, dict) else None


def game_doc(home: str, game: str | None) -> tuple[str, dict[str, object]] | None:
    """The file name and stored document of the game named exactly `game` (None: the
    current game), or None where the usual way must answer (prefixes, errors, unusual
    files)."""
    if game is None:
        settings = read_doc(os.path.join(home, "settings.json"), "settings", home)
        game = settings.get("current") if settings else None  # type: ignore[assignment]
        if not isinstance(game, str):
            return None
    if not game or "/" in game or os.sep in game or game.startswith("."):
        return None
    path = os.path.join(home, "games", game + ".json")
    if not os.path.isfile(path):
        return None
    doc = read_doc(path, "game", home)
    if doc is None or ("sum" in doc and doc["sum"] != game_sum(doc)):
        return None  # a damaged snapshot: the usual way rebuilds it from the events
    return game, doc


def game_sum(doc: dict[str, object]) -> int:
    """The checksum a game document keeps over its snapshot and board."""
    return state_sum(doc.get("snapshot"), doc.get("board"))


def clean_stray_temps(folder: str) -> None:
    """Remove temporary files left by a process that was killed mid-write (named
    `.NAME.PID.tmp` by `store.atomic_write`); the caller holds the data folder's lock, so
    no command is writing one now."""
    try:
        names = os.listdir(folder)
    except OSError:  # not there, or not a folder
        return
    for n in names:
        if n.startswith(".") and n.endswith(".tmp") and len(n) > 5:
            try:
                os.unlink(os.path.join(folder, n))
            except OSError:
                pass


def tidy_temps(home: str) -> None:
    """Every temporary file a killed command left in the data folder, removed: by the
    next command that holds its lock, whether it writes or only reads (a reader's shared
    lock, too, means no command is writing)."""
    games = os.path.join(home, "games")
    clean_stray_temps(home)
    clean_stray_temps(games)
    try:
        folders = [n for n in os.listdir(games) if n.endswith(".events")]
    except OSError:
        folders = []
    for name in folders:
        clean_stray_temps(os.path.join(games, name))
    clean_stray_temps(os.path.join(home, "deleted", "rosters"))


def read_locked(read: Callable[[str], T | None]) -> T | None:
    """`read(home)` under the data folder's shared lock, as the quick paths read: None
    where they must leave it to the usual way (no data folder, a home never written, no
    fcntl, or anything unusual in reading it)."""
    home = data_home()
    if home is None or not os.path.isfile(os.path.join(home, ".lock")):
        return None
    if os.path.lexists(os.path.join(home, ".unfinished.json")):  # as store.JOURNAL
        return None  # a command killed half-way: the usual way finishes it first
    try:
        import fcntl
    except ImportError:  # pragma: no cover - Windows takes the usual way
        return None
    try:
        fd = os.open(os.path.join(home, ".lock"), os.O_RDWR)
    except OSError:
        return None
    try:
        fcntl.flock(fd, fcntl.LOCK_SH)
        tidy_temps(home)
        return read(home)
    except (OSError, ValueError, RecursionError, KeyError, TypeError, AttributeError):
        return None
    finally:
        os.close(fd)
