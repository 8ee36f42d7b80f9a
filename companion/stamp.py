"""A fingerprint of the installed code, so data derived from it can be cached safely.

The game file keeps the board as `status --json` prints it, so that reading the board
needs no rules code at all. That copy is only used while the code that drew it is the
code installed now: version, number and newest change time of the package's files.
"""

from __future__ import annotations

import os

_HERE = os.path.dirname(os.path.abspath(__file__))


def code_stamp(*extra: str) -> str:
    """The stamp of companion's code and rules files, and of the `extra` folders' (a
    plug-in system's package) where given."""
    newest, count = 0, 0
    for top in (_HERE, os.path.join(os.path.dirname(_HERE), "rules_data"), *extra):
        for dirpath, dirnames, filenames in os.walk(top):
            dirnames[:] = [d for d in dirnames if d != "__pycache__"]
            for name in filenames:
                if name.endswith((".py", ".toml")):
                    st = os.stat(os.path.join(dirpath, name))
                    newest = max(newest, st.st_mtime_ns)
                    count += 1
    from companion.version import installed

    return f"{installed()}:{count}:{newest}"
