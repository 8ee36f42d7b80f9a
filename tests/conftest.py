"""Shared fixtures: a fresh companion home per test, and the real CLI entry point; the
example rule system installed for the whole run (`example_install`)."""

from __future__ import annotations

import json
import shutil
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from example_install import install

from companion.cli.main import main

_INSTALLED: list[Path] = []


def pytest_configure(config: pytest.Config) -> None:
    # Before collection: the contract suite is parametrized over every registered system.
    target = Path(tempfile.mkdtemp(prefix="companion-example-"))
    _INSTALLED.append(target)
    install(target)


def pytest_unconfigure(config: pytest.Config) -> None:
    for target in _INSTALLED:
        shutil.rmtree(target, ignore_errors=True)


@dataclass
class Result:
    code: int
    out: str
    err: str

    def json(self) -> Any:
        return json.loads(self.out)


Run = Callable[..., Result]


@pytest.fixture
def home(tmp_path, monkeypatch):
    h = tmp_path / "home"
    monkeypatch.setenv("COMPANION_HOME", str(h))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))  # parsed rules data
    monkeypatch.setenv("COLUMNS", "120")
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.delenv("CI", raising=False)
    # Files a command writes beside the player (play's battle report) land here, never in
    # the checkout the tests run from.
    monkeypatch.chdir(tmp_path)
    return h


@pytest.fixture
def run(home, capsys) -> Run:
    """Run `companion ARGS...` in-process through the real entry point."""

    def _run(*args: str) -> Result:
        capsys.readouterr()
        code = 0
        try:
            main(list(args))
        except SystemExit as e:
            code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
        cap = capsys.readouterr()
        return Result(code, cap.out, cap.err)

    return _run


@pytest.fixture
def demo(run) -> Run:
    """The sample training game, set up and current."""
    r = run("demo")
    assert r.code == 0, r.err
    return run
