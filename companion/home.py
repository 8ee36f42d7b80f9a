"""companion's data folder, and a game's stored document in it, found with the standard
library alone, for the quick paths.

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


def read_doc(path: str, table: str) -> dict[str, object] | None:
    """The one document of `table` in a database file, or None (too large, not a
    database of that shape, or a game from before event segments)."""
    if os.path.getsize(path) > MAX_FILE_BYTES:
        return None
    with open(path, "rb") as fh:
        data = json.loads(fh.read())
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
        settings = read_doc(os.path.join(home, "settings.json"), "settings")
        game = settings.get("current") if settings else None  # type: ignore[assignment]
        if not isinstance(game, str):
            return None
    if not game or "/" in game or os.sep in game or game.startswith("."):
        return None
    path = os.path.join(home, "games", game + ".json")
    if not os.path.isfile(path):
        return None
    doc = read_doc(path, "game")
    return None if doc is None else (game, doc)


def read_locked(read: Callable[[str], T | None]) -> T | None:
    """`read(home)` under the data folder's shared lock, as the quick paths read: None
    where they must leave it to the usual way (no data folder, a home never written, no
    fcntl, or anything unusual in reading it)."""
    home = data_home()
    if home is None or not os.path.isfile(os.path.join(home, ".lock")):
        return None
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
        return read(home)
    except (OSError, ValueError, RecursionError, KeyError, TypeError, AttributeError):
        return None
    finally:
        os.close(fd)
