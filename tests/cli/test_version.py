"""`companion --version` says the installed package's version, which pyproject.toml sets and
the CHANGELOG follows; reading it costs no import of importlib.metadata."""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from importlib.metadata import version
from pathlib import Path

from companion.version import installed

ROOT = Path(__file__).resolve().parents[2]


def project_version() -> str:
    with open(ROOT / "pyproject.toml", "rb") as fh:
        return str(tomllib.load(fh)["project"]["version"])


def _parts(text: str) -> tuple[int, ...]:
    return tuple(int(x) for x in text.split("."))


def test_version_is_the_installed_packages(run):
    r = run("--version")
    assert r.code == 0
    assert r.out == f"companion {version('companion')}\n"
    assert installed() == version("companion") == project_version()


def test_the_full_command_says_the_same(run):
    r = run("--version", "--help")  # not the quick path: Typer's eager option
    assert r.code == 0
    import companion

    assert companion.__version__ == project_version()


def test_the_version_is_not_behind_the_changelog():
    """The newest release heading of the CHANGELOG is at most the version being made (the
    release heading is written when it is cut)."""
    text = (ROOT / "CHANGELOG.md").read_text()
    released = re.findall(r"^## \[(\d+(?:\.\d+)+)\]", text, re.M)
    assert "## [Unreleased]" in text
    if released:
        assert _parts(project_version()) >= _parts(released[0])


def test_reading_the_version_imports_no_metadata_library():
    code = (
        "import sys; from companion.version import installed; v = installed(); "
        "print(v, 'importlib.metadata' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == [project_version(), "False"]
