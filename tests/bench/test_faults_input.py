"""F3, quick: generated bad command lines get one clear line and change nothing."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bench import faults  # noqa: E402


def test_generated_command_lines_never_trace_back_or_write_when_refused() -> None:
    # Every option of every command once with a hostile value, then generated lines.
    rep = faults.f3_fuzz(60, seed=3)
    assert rep.ok, rep.failures
    assert rep.figures["refused"] > 150


def test_every_command_is_fuzzed() -> None:
    specs = faults.command_specs()
    paths = {" ".join(p) for p, _ in specs}
    assert {"status", "vp", "undo", "roster import", "game new", "attack", "roll"} <= paths
    assert {"game repair", "roster repair"} <= paths


def test_the_sweep_gives_every_option_of_every_command_a_hostile_value() -> None:
    specs = faults.command_specs()
    swept = list(faults.sweep(specs, 1, ["A", "B"]))
    for path, params in specs:
        for p in params:
            if p.param_type_name == "option" and not p.is_flag:
                assert any(a[: len(path)] == path and p.opts[0] in a for a in swept), (path, p)
    full = {a[-1].split("=", 1)[-1] for a in faults.sweep(specs, len(faults.HOSTILE), ["A"])}
    assert set(faults.HOSTILE) <= full


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


def test_the_readme_table_is_written_from_the_reports() -> None:
    rep = faults.Report("F9", "a run", cases=1234, figures={"slowest": "5 ms"})
    bad = faults.Report("F8", "another", failures=["x"])
    text = f"intro\n{faults.TABLE_BEGIN}\n| F8 | old |\n| F1 | kept |\n{faults.TABLE_END}\nrest\n"
    out = faults.with_table(text, [(rep, 2.0), (bad, 1.0)], full=True)
    assert out.startswith("intro\n") and out.endswith("\nrest\n") and "old" not in out
    assert "| F9 | a run | 1,234 | 1,234 | 0 | slowest 5 ms | 2 s | full, " in out
    assert "| F8 | another | 0 | 0 | 1 |  | 1 s | full, " in out
    # A run not run this time keeps its row; rows stay in order.
    assert out.index("| F1 | kept |") < out.index("| F8 |") < out.index("| F9 |")
    readme = Path(__file__).resolve().parents[2] / "README.md"
    assert faults.TABLE_BEGIN in readme.read_text()
