"""The installed package's version, read from its metadata at start-up's cost.

Start-up device: importing importlib.metadata costs 5.6x a bare interpreter start (cpu,
median of 15 paired runs); `--version` takes 1.6x one (the README's benchmark table).

`importlib.metadata.version("companion")` reads the `Version:` line of the package's
metadata, found in the first `companion-VERSION.dist-info` (or `.egg-info`) folder on
`sys.path`; importing it costs about five times a bare interpreter start, which
`companion --version` cannot afford. This finds and reads the same file the same way with
`os` alone, and asks importlib.metadata only where it finds none (a test checks that both
always agree).
"""

from __future__ import annotations

import os
import sys

NAME = "companion"
UNKNOWN = "0+unknown"  # run from a checkout that was never installed


def installed() -> str:
    for entry in sys.path:
        try:
            names = os.listdir(entry or ".")
        except OSError:
            continue
        for n in sorted(names):
            found = _version_in(entry or ".", n)
            if found is not None:
                return found
    try:
        from importlib.metadata import PackageNotFoundError, version

        try:
            return version(NAME)
        except PackageNotFoundError:
            return UNKNOWN
    except ImportError:  # pragma: no cover - every supported Python has it
        return UNKNOWN


def _version_in(folder: str, name: str) -> str | None:
    """The version a distribution folder of this package declares, or None when `name`
    is not one (or its metadata cannot be read)."""
    stem, dot, kind = name.rpartition(".")
    if kind not in ("dist-info", "egg-info") or not dot:
        return None
    project, dash, _ = stem.partition("-")
    if not dash or project.replace("_", "-").replace(".", "-").casefold() != NAME:
        return None
    meta = os.path.join(folder, name, "METADATA" if kind == "dist-info" else "PKG-INFO")
    try:
        with open(meta, encoding="utf-8") as fh:
            for line in fh:
                if line.startswith("Version:"):
                    return line.split(":", 1)[1].strip()
                if not line.strip():  # the headers end at the first blank line
                    break
    except OSError:
        return None
    return None
