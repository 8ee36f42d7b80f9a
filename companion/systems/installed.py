"""The rule systems installed packages bring: the entry points of the `companion.systems`
group, kept in the cache folder.

Reading them takes `importlib.metadata`, which imports a dozen modules and opens every
installed package's metadata: measured, about 4.7 bare interpreter starts, some 40% of
a look-up over every system (`rules search WORDS`, 11.6 starts). What it
finds changes only when a package is installed or removed, which changes the folder it
is installed into, so the list is kept keyed by the time of change of every folder on
the import path (the key `importlib.metadata` keeps its own cache by), and read back
from there while none has changed. The first folder of the path is left out: it is the
folder of the script that started (or the current folder), which differs between ways
of starting companion, not where packages are installed.
"""

from __future__ import annotations

import os
import sys

from companion.data import from_cache, to_cache

#: the entry point group through which an installed package brings a rule system
GROUP = "companion.systems"


def _key() -> str:
    parts = [f"{sys.version_info[0]}.{sys.version_info[1]}"]
    for entry in sys.path[1:]:
        try:
            parts.append(f"{entry}:{os.stat(entry or '.').st_mtime_ns}")
        except OSError:
            parts.append(f"{entry}:-")
    return "\n".join(parts)


def entry_points() -> list[tuple[str, str]]:
    """(name, value) of each entry point of the group, in the order found."""
    key = _key()
    kept = from_cache("installed-systems", key)
    points = kept.get("points") if kept is not None else None
    if isinstance(points, list) and all(
        isinstance(p, list) and len(p) == 2 and all(isinstance(x, str) for x in p) for p in points
    ):
        return [(p[0], p[1]) for p in points]
    from importlib.metadata import entry_points as read

    found = [(p.name, p.value) for p in read(group=GROUP)]
    to_cache("installed-systems", key, {"points": [list(p) for p in found]})
    return found
