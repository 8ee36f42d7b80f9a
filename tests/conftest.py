"""Shared fixtures: a fresh companion home per test, and the real CLI entry point."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

from companion.cli.main import main


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
