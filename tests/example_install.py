"""The example rule system (tests/example_system), installed for the test run as an
installer lays a package out: its package folder and a `*.dist-info` folder holding its
METADATA and its entry points (read from its own pyproject.toml), in a folder put on
`sys.path`, and on PYTHONPATH for the CLI run as a subprocess. companion then finds it
only as it finds any installed plug-in: through the `companion.systems` entry point.
"""

from __future__ import annotations

import os
import shutil
import sys
import tomllib
from pathlib import Path

SOURCE = Path(__file__).parent / "example_system"


def lay_out(target: Path) -> None:
    """Write the installed form of the example package into `target`."""
    project = tomllib.loads((SOURCE / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    for package in (p for p in SOURCE.iterdir() if (p / "__init__.py").is_file()):
        skip = shutil.ignore_patterns("__pycache__")
        shutil.copytree(package, target / package.name, ignore=skip)
    name, version = project["name"], project["version"]
    info = target / f"{name.replace('-', '_')}-{version}.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(
        f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n", encoding="utf-8"
    )
    groups = project.get("entry-points", {})
    text = "".join(
        f"[{group}]\n" + "".join(f"{k} = {v}\n" for k, v in points.items()) + "\n"
        for group, points in groups.items()
    )
    (info / "entry_points.txt").write_text(text, encoding="utf-8")


def install(target: Path) -> None:
    """Lay the example out in `target` and make it importable here and in subprocesses."""
    lay_out(target)
    sys.path.insert(0, str(target))
    os.environ["PYTHONPATH"] = os.pathsep.join(
        p for p in (str(target), os.environ.get("PYTHONPATH", "")) if p
    )
