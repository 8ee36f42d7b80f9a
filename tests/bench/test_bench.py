"""The benchmark refuses to time a command that fell off its quick path."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bench.common import Install  # noqa: E402
from bench.run import STORED_BOARD, Proc, probe  # noqa: E402


def _this_environment(tmp_path: Path) -> Install:
    """The environment running the tests, as the benchmark's install (its cache apart)."""
    inst = Install(Path(sys.executable).parent.parent, compiled=False)
    inst.env = lambda home, **extra: {  # type: ignore[method-assign]
        **Install.env(inst, home, **extra),
        "XDG_CACHE_HOME": str(tmp_path / "cache"),
    }
    return inst


@pytest.fixture
def installed_demo(home: Path, tmp_path: Path) -> Install:
    """The sample game set up by the installed command itself: the stored board is stamped
    with the code that drew it, and a test run may import another copy of the package (the
    checkout) than the one installed, whose stamp differs."""
    inst = _this_environment(tmp_path)
    inst.run(home, "demo")
    return inst


def test_status_on_its_stored_board_is_timed(installed_demo: Install, home: Path) -> None:
    p = Proc("status", ["status", "--json"], home, installed_demo, forbid=STORED_BOARD)
    probe(p)
    assert p.peak_mib is None or 5 < p.peak_mib < 45


def test_status_off_its_quick_path_stops_the_run(installed_demo: Install, home: Path) -> None:
    game = home / "games" / "sample.json"
    doc = json.loads(game.read_text())
    doc["game"]["1"]["board"]["stamp"] = "drawn by other code"
    game.write_text(json.dumps(doc))
    p = Proc("status", ["status", "--json"], home, installed_demo, forbid=STORED_BOARD)
    with pytest.raises(RuntimeError, match="fell off its quick path"):
        probe(p)


def test_the_readme_table_is_written_from_a_run() -> None:
    from bench.run import TABLE_BEGIN, TABLE_END, Figure, with_table

    figures = [
        Figure("S", "status", 2.0, limit=6, detail="20.0 ms", name="status", variant="compiled"),
        Figure("S", "status", 9.5, limit=9, detail="95.0 ms", name="status", variant="plain"),
        Figure("G", "undo: 5,000 events vs 10", 1.1, "x", limit=1.3, detail="40 ms vs 36 ms"),
        Figure("F", "report of 5,000 events", 0.7, "s", limit=0.5, name="report"),
        Figure("-", "the interpreter alone", 9.0, "ms", name="floor"),
    ]
    text = f"before\n{TABLE_BEGIN}\nold rows\n{TABLE_END}\nafter\n"
    out = with_table(text, figures, 15)
    assert out.startswith("before\n") and out.endswith(f"{TABLE_END}\nafter\n")
    assert "old rows" not in out and "the interpreter alone took 9.0 ms" in out
    assert "| S | `status` (the board, drawn as Rich draws it) | 6x / 9x | 2.00x (20.0 ms) |" in out
    assert "**9.50x**" in out  # over its limit: bold
    assert "| G | undo: 5,000 events vs 10 | 1.3x | 1.10x (40 ms vs 36 ms) | |" in out
    assert "| F | report of 5,000 events | 0.5 s | **0.70 s** | |" in out


def test_the_one_second_promises_are_benchmarks_not_tests() -> None:
    from bench import limits

    assert set(limits.FIGURES) == {
        "report-5000",
        "repair-5000",
        "dice-odds",
        "warstuff-odds",
        "play-step",
    }
    limits.dice_odds(Path("."))()  # runs as the benchmark runs it; timed only there


def test_the_benchmark_reads_the_help_examples_where_their_test_lives():
    from bench import run

    warband, context, help_examples = run.examples_as_tested()
    assert warband and context and callable(help_examples)
