"""The quick path of the table commands: same values, same output as the Typer path."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import typer

from companion.cli import (
    action_ops,
    concede,
    game_view,
    log_ops,
    misc,
    quick,
    rolls_cmd,
    root,
    roster_view,
    rules_cmd,
    solo_cmd,
    solo_view,
    table_ops,
    units_view,
)
from companion.cli.main import main
from companion.game import repo


def test_every_hot_table_command_has_a_quick_path() -> None:
    hot = {"attack", "odds", "turn", "activate", "recover", "fall", "skill", "act", "set"}
    hot |= {"vp", "initiative", "undo", "redo", "log", "status", "roll", "done"}
    assert all(quick.declaration(name) is not None for name in hot)
    assert quick.declaration("roster") is None


def test_each_declared_command_is_the_typer_command() -> None:
    """Typer's command is built from the declaration: same names, kinds and bounds."""
    group = typer.main.get_command(root.full_app)
    for name in ("attack", "set", "log", "vp", "roll", "fall"):
        cmd = quick.declaration(name)
        assert cmd is not None
        click_cmd = group.commands[name]  # type: ignore[attr-defined]
        by_dest = {p.name: p for p in click_cmd.params}
        assert list(by_dest) == [p.dest for p in cmd.params]
        for p in cmd.params:
            c = by_dest[p.dest]
            assert c.required == p.required, p.dest
            if not p.is_argument:
                assert tuple(c.opts) == p.names and tuple(c.secondary_opts) == p.off
            if p.kind == "int" and (p.low, p.high) != (None, None):
                assert (c.type.min, c.type.max) == (p.low, p.high)


# Command lines Typer accepts; the quick path must hand the implementation the same values.
GOOD = [
    ["attack", "Robyn", "T-999"],
    ["attack", "Robyn", "T-999", "--range", "7", "--dice", "3,5", "--json"],
    ["attack", "Rob", "Frog", "--opt=band=long", "--cover", "--opt", "ganging=2", "-d", "1,2"],
    ["attack", "--json", "Robyn", "--no-cover", "T-999", "--seed", "+4", "-g", "sample"],
    ["attack", "Robyn", "T-999", "--opt", "tank=John", "--opt=charge=true", "--opt", ""],
    ["attack", "Robyn", "T-999", "--opt", "near=A,B", "--opt", "splash=C", "--ranged", "--range=0"],
    ["odds", "Robyn", "T-999", "--range", "100", "--json"],
    ["turn"],
    ["turn", "--dice", "7,3", "--json", "--game=sample"],
    ["activate", "Robyn"],
    ["done"],
    ["done", "Robyn", "--seed", "2", "--json"],
    ["recover", "John", "--dice", "6"],
    ["fall", "Rabbit", "--inches", "3", "--dice", "5,2"],
    ["fall", "--inches=0", "Rabbit"],
    ["skill", "John", "healer", "Robyn", "--dice", "3"],
    ["skill", "John", "healer"],
    ["act", "Robyn", "command", "John", "--opt", "count=2", "--opt", "z1=3"],
    ["act", "Robyn", "hold"],
    ["set", "John", "--state", "upright", "--wounds", "0"],
    ["set", "John", "--no-token", "--stat", "99", "--flag", "wild=1", "--flag", "crew="],
    ["set", "John", "--token", "--wounds", "99", "--json"],
    ["vp", "1", "+1"],
    ["vp", "Robyn", "-1", "--json"],
    ["vp", "2", "7", "-g", "sample"],
    ["initiative", "Cpt"],
    ["undo"],
    ["undo", "3", "--json"],
    ["redo", "1000"],
    ["log", "--last", "5", "--traces"],
    ["log", "--no-traces", "--json"],
    ["status"],
    ["status", "--json", "--game", "sample"],
    ["roll", "3d8kl1", "--seed", "7", "--json"],
    ["roll", "2d6", "-d", "3,4"],
    ["rules", "show", "1ss", "cover"],
    ["rules", "show", "1ss"],
    ["rules", "show", "--json", "1ss", "shoot", "into", "melee"],
    ["rules", "1ss", "tank"],
    ["rules", "warstuff"],
    ["rules", "search", "sheild"],
    ["rules", "search", "lying", "down", "-n", "2", "--json"],
    ["rules", "search", "how", "far", "--system", "1ss", "can", "I", "move", "-n", "3"],
    ["rules", "search", "cover", "--limit=50", "--json", "-s", "warstuff"],
    ["rules", "sheet", "1ss"],
    ["rules", "sheet", "smbfat", "--format", "html"],
    ["rules", "sheet", "--format=text", "monochrome", "--json"],
    ["rules", "rulings", "skirmashed"],
    ["roster", "show", "Robyn"],
    ["roster", "show", "--json", "Cpt"],
    ["roster", "list"],
    ["roster", "list", "--json"],
    ["game", "list"],
    ["game", "show"],
    ["game", "show", "sample", "--json"],
    ["units", "warstuff"],
    ["units", "warstuff", "--genre", "fantasy", "--json"],
    ["solo", "odds"],
    ["solo", "odds", "--turns", "0", "--shut=6", "--json"],
    ["solo", "profile", "list"],
    ["solo", "profile", "show", "undead", "--json"],
    ["monochrome", "scenario", "--dice", "5,3,6"],
    ["monochrome", "scenario", "--seed", "7", "--json"],
    ["concede", "Robyn"],
    ["concede", "2", "--json", "-g", "sample"],
    ["solo", "opfor", "--cannot-attack", "--in-open", "--no-resolve", "--range", "7"],
    ["solo", "opfor", "Grunt", "--target", "Robyn", "--ganging", "2", "--seed", "3"],
    ["solo", "new", "-r", "Outlaws", "--board", "24", "--scenario", "collect"],
    ["solo", "new", "-r", "Outlaws", "--scenario", "hostage", "--boss-corner", "right"],
    ["solo", "opfor", "Grunt", "--distraction", "none", "--target", "Robyn"],
    ["solo", "opfor", "Grunt", "--can-attack", "--in-open", "--no-engaged", "--seed", "2"],
    ["solo", "opfor", "Grunt", "--engaged", "--cannot-attack", "--json"],
    ["solo", "token", "T3", "pick", "--by", "Robyn", "--free"],
    ["solo", "regenerate", "John", "--skip"],
    ["solo", "profile", "new", "orcs", "--rookie", "2", "--specialist", "4", "--boss", "6"]
    + ["--specialization", "brawler", "--boss-skill", "command"],
]

# Command lines the quick path leaves to Typer (help, errors, anything unusual).
UNUSUAL = [
    [],
    ["--version"],
    ["--help"],
    ["attack", "--help"],
    ["attack", "-h"],
    ["attack", "Robyn"],  # a missing argument
    ["attack", "Robyn", "T-999", "extra"],
    ["attack", "Robyn", "T-999", "--range", "seven"],
    ["attack", "Robyn", "T-999", "--range", "101"],
    ["attack", "Robyn", "T-999", "--range", "-1"],
    ["attack", "Robyn", "T-999", "--range", "7", "--range", "8"],
    ["attack", "Robyn", "T-999", "--range"],
    ["attack", "Robyn", "T-999", "--rang", "7"],
    ["attack", "Robyn", "T-999", "--json=yes"],
    ["attack", "Robyn", "T-999", "--", "--json"],
    ["attack", "Robyn", "T-999", "-gsample"],
    ["attack", "Robyn", "T-999", "--game", "--json"],
    ["attack", "-", "T-999"],
    ["attack", "Robyn", "T-999", "--seed", "1_0"],
    ["attack", "Robyn", "T-999", "--seed", "٣"],
    ["fall", "Rabbit"],  # --inches is required
    ["undo", "0"],
    ["undo", "1001"],
    ["vp", "1", "-x"],
    ["set", "John", "--stat", "-3"],  # a value with a dash: Typer decides
    ["roster", "new", "Red Caps", "--system", "1ss"],  # not declared: Typer's
    ["solo", "profile"],
    ["solo", "profile", "nosuch"],
    ["solo", "opfor", "--can-attack", "--cannot-attack"],
    ["statu"],
    ["rules"],
    ["rules", "--help"],
    ["rules", "show"],
    ["rules", "show", "1ss", "--help"],
    ["rules", "search"],
    ["rules", "search", "-n", "0", "cover"],
    ["rules", "search", "-x"],
    ["rules", "sheet", "1ss", "--format", "pdf"],
    ["rules", "sheet", "1ss", "extra"],
    ["rules", "chess", "cover"],  # no such system: no such command, Typer says
    ["rules", "--json", "1ss"],
]


def _typer_values(argv: list[str], monkeypatch: pytest.MonkeyPatch) -> tuple[str, dict[str, Any]]:
    """What the Typer path hands the implementation for this command line."""
    seen: list[tuple[str, dict[str, Any]]] = []
    views = (
        rules_cmd,
        roster_view,
        game_view,
        units_view,
        solo_view,
        solo_cmd,
        rolls_cmd,
        concede,
    )
    for module in (table_ops, action_ops, misc, log_ops, *views):
        for name in dir(module):
            fn = getattr(module, name)
            if callable(fn) and getattr(fn, "__module__", None) == module.__name__:
                if name in (
                    "register",
                    "shorthand",
                    "library_system",
                    "scenario_name",
                    "echo",
                    "declared",
                    "rolls_of",
                ):
                    continue

                def record(*args: Any, _n: str = f"{module.__name__}:{name}", **kw: Any) -> None:
                    assert not args
                    seen.append((_n, kw))

                monkeypatch.setattr(module, name, record)
    command = typer.main.get_command(root.full_app)
    command.main(args=argv, prog_name="companion", standalone_mode=False)
    monkeypatch.undo()
    assert len(seen) == 1
    return seen[0]


@pytest.mark.parametrize("argv", GOOD, ids=" ".join)
def test_quick_values_are_typer_values(argv: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    expected = _typer_values(argv, monkeypatch)
    assert quick.parse(argv) == expected


@pytest.mark.parametrize("argv", UNUSUAL, ids=lambda a: " ".join(a) or "(nothing)")
def test_unusual_command_lines_go_to_typer(argv: list[str]) -> None:
    assert quick.parse(argv) is None


# -- end to end: both ways give the same output, exit status and files -------------------

SESSION = [
    ["status", "--json"],
    ["activate", "Robyn"],
    ["turn", "--dice", "7,3", "--json"],
    ["turn", "--dice", "7,3"],
    ["activate", "Robyn", "--json"],
    ["attack", "Robyn", "T-999", "--dice", "3,5,2,4,6,1"],
    ["attack", "Robyn", "Nobody", "--dice", "3,5"],
    ["attack", "Robyn", "T-999", "--range", "200"],
    ["odds", "Robyn", "T-999", "--range", "12", "--json"],
    ["odds", "Robyn", "T-999", "--range", "12"],
    ["recover", "John", "--dice", "6", "--json"],
    ["fall", "Rabbit", "--inches", "3", "--dice", "5,2,1,1", "--json"],
    ["skill", "John", "healer", "Robyn", "--dice", "3"],
    ["act", "Robyn", "command", "John", "--json"],
    ["set", "John", "--state", "upright", "--wounds", "0", "--flag", "wild=1"],
    ["set", "John", "--flag", "x=1"],
    ["set", "John"],
    ["set", "John", "--state", "asleep"],
    ["vp", "1", "+1", "--json"],
    ["vp", "1", "-1"],
    ["vp", "2", "abc"],
    ["initiative", "2", "--json"],
    ["undo", "2"],
    ["redo", "--json"],
    ["redo", "5"],
    ["log", "--json"],
    ["log", "--last", "3", "--traces"],
    ["status"],
    ["status", "--game", "nope"],
    ["attack", "--seed", "4", "Robyn", "T-999", "--dice", "1"],
    ["undo", "--json"],
]


def _session(tmp: Path, monkeypatch: pytest.MonkeyPatch, capsys: Any, typer_only: bool) -> Any:
    home = tmp / ("typer" if typer_only else "quick")
    monkeypatch.setenv("COMPANION_HOME", str(home))
    # Both sessions at the same moment: events and files carry the time of writing.
    monkeypatch.setattr(repo, "now", lambda: "2026-01-02T03:04:05Z")
    # And the same new rosters' ids, which are otherwise drawn at random.
    import companion.roster

    ids = iter(range(10**6))
    monkeypatch.setattr(companion.roster, "new_roster_id", lambda: f"r-{next(ids)}")
    if typer_only:
        monkeypatch.setattr(quick, "run", lambda args: False)
    results = []
    for argv in [["demo"], *SESSION]:
        capsys.readouterr()
        code = 0
        try:
            main(argv)
        except SystemExit as e:
            code = e.code if isinstance(e.code, int) else 1
        cap = capsys.readouterr()
        results.append((argv, code, cap.out, cap.err))
    files = {
        str(p.relative_to(home)): json.loads(p.read_text())
        for p in sorted(home.rglob("*.json"))
        if p.relative_to(home).parts[0] != "cache"  # parsed rules data, warm in one only
    }
    monkeypatch.undo()
    return results, files


def test_quick_and_typer_paths_give_the_same_results(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: Any
) -> None:
    monkeypatch.setenv("COLUMNS", "120")
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.delenv("CI", raising=False)
    via_typer, typer_files = _session(tmp_path, monkeypatch, capsys, typer_only=True)
    monkeypatch.setenv("COLUMNS", "120")
    monkeypatch.setenv("NO_COLOR", "1")
    via_quick, quick_files = _session(tmp_path, monkeypatch, capsys, typer_only=False)
    for a, b in zip(via_typer, via_quick, strict=True):
        assert a == b
    # Failures too: the session must exercise errors, not just successes.
    assert {code for _, code, _, _ in via_quick} >= {0, 1, 2}
    assert typer_files == quick_files
