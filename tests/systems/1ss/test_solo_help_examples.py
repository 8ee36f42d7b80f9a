"""The solo commands' help examples run as printed, in a home with the sample game and
the solo warband Outlaws (the examples that cost an action show the turn and the
activation first)."""

from __future__ import annotations

import json
import re
import shlex

import pytest

from tests.solo_helpers import WARBAND

COMMANDS = ["token", "shutdown", "question", "regenerate"]


def example_lines(help_text: str) -> list[str]:
    rest = help_text.split("Example:", 1)[1]
    lines = [ln.strip() for ln in rest.splitlines()]
    out = []
    for ln in lines[1:] if not lines[0] else lines:
        if not ln.startswith("companion "):
            break
        out.append(ln)
    return out


@pytest.mark.parametrize("command", COMMANDS)
def test_solo_help_example_runs_as_printed(run, tmp_path, monkeypatch, command):
    monkeypatch.chdir(tmp_path)
    assert run("demo").code == 0
    (tmp_path / "outlaws.json").write_text(json.dumps(WARBAND))
    assert run("roster", "import", str(tmp_path / "outlaws.json")).code == 0
    lines = example_lines(run("solo", command, "--help").out)
    assert lines and lines[-1].startswith(f"companion solo {command}")
    for line in lines:
        r = run(*shlex.split(line)[1:])
        assert r.code == 0, (line, r.err)
    assert re.search(r"\S", r.out)
