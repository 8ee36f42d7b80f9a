"""F3, quick: generated bad command lines get one clear line and change nothing."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import faults  # noqa: E402


def test_generated_command_lines_never_trace_back_or_write_when_refused() -> None:
    rep = faults.f3_fuzz(200, seed=3)
    assert rep.ok, rep.failures
    assert rep.figures["refused"] > 100


def test_every_command_is_fuzzed() -> None:
    paths = {" ".join(p) for p, _ in faults.command_specs()}
    assert {"status", "vp", "undo", "roster import", "game new", "attack", "roll"} <= paths


def test_unusable_file_names_are_one_clear_line(run, tmp_path) -> None:
    run("demo")
    long_name = str(tmp_path / ("a" * 300))
    for args in (["roster", "import", long_name], ["roster", "export", "Robyn", long_name]):
        r = run(*args)
        assert r.code == 2, r.err
        assert r.err.startswith("companion: error: ") and "file name too long" in r.err
        assert len(r.err) < 200
    r = run("roster", "import", "a\0b")
    assert r.code == 2 and r.err.count("\n") == 1


def test_the_app_is_importable_with_every_command() -> None:
    import typer

    from companion.cli.main import app

    names = set(typer.main.get_command(app).commands)  # type: ignore[attr-defined]
    assert {"status", "attack", "roster", "game", "demo", "roll"} <= names
