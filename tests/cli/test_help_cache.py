"""`companion --help` is kept after Typer prints it, and printed from the cache after."""

from __future__ import annotations

from pathlib import Path

import pytest


def _kept(_: Path | None = None) -> list[Path]:
    from companion.data import cache_dir

    folder = cache_dir()  # under COMPANION_HOME, which the tests set
    assert folder is not None
    return sorted(Path(folder).glob("help-*.txt"))


def test_the_second_help_is_the_kept_first(run, tmp_path: Path, monkeypatch) -> None:
    cache = tmp_path / "cache"
    first = run("--help")
    assert first.code == 0 and "Usage: companion" in first.out
    [kept] = _kept(cache)
    assert kept.read_text(encoding="utf-8") == first.out
    # Typer is not asked again: the kept text is what is printed.
    monkeypatch.setattr("companion.cli.root.build", lambda args: pytest.fail("Typer ran"))
    again = run("--help")
    assert again.code == 0 and again.out == first.out


def test_another_width_or_colour_setting_is_printed_afresh(
    run, tmp_path: Path, monkeypatch
) -> None:
    wide = run("--help").out
    monkeypatch.setenv("COLUMNS", "70")
    narrow = run("--help").out
    assert narrow != wide and max(len(line) for line in narrow.splitlines()) <= 70
    monkeypatch.delenv("NO_COLOR")
    monkeypatch.setenv("FORCE_COLOR", "1")
    coloured = run("--help").out
    assert "\x1b[" in coloured
    assert len(_kept(tmp_path / "cache")) == 3


def test_kept_help_from_other_code_is_not_used(run, tmp_path: Path, monkeypatch) -> None:
    first = run("--help").out
    [kept] = _kept(tmp_path / "cache")
    monkeypatch.setattr("companion.stamp.code_stamp", lambda: "another build")
    kept.write_text("stale", encoding="utf-8")
    assert run("--help").out == first


@pytest.mark.parametrize(
    "argv",
    [("roster", "--help"), ("rules", "show", "--help"), ("solo", "odds", "-h"), ("vp", "--help")],
)
def test_a_command_s_help_is_kept_too(run, monkeypatch, argv: tuple[str, ...]) -> None:
    first = run(*argv)
    assert first.code == 0 and "Usage: companion" in first.out
    monkeypatch.setattr("companion.cli.root.build", lambda args: pytest.fail("Typer ran"))
    again = run(*argv)
    assert again.code == 0 and again.out == first.out


def test_only_a_plain_help_command_line_is_kept(run) -> None:
    assert run("roster", "show", "--json", "--help").code == 0
    assert run("nosuch", "--help").code == 2
    assert _kept() == []
