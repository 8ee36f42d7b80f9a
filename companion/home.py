"""companion's data folder found with the standard library alone, for the quick paths.

`game.store.default_home` asks platformdirs; on Linux its answer is plain to compute,
and the quickest commands (`status --json`, `odds`) compute it here rather than import
platformdirs at every start.
"""

from __future__ import annotations

import os
import sys


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
