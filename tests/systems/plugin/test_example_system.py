"""A rule system from a package of its own (tests/example_system, installed for the run
by conftest): found through the `companion.systems` entry point, it plays a game through
the real CLI, gives odds and answers look-ups, and nothing of companion names it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import companion
from companion import systems


def test_the_registry_finds_it_by_id_and_alias_after_the_built_in_systems():
    assert systems.ids()[-1] == "example"
    assert systems.resolve_id("EX") == "example"
    assert not systems.built_in("example") and systems.built_in("1ss")
    assert systems.module_of("example") == "companion_example"


def test_a_game_of_it_through_the_cli(run, home):
    r = run("game", "new", "--system", "example", "--seed", "1")
    assert r.code == 0, r.err
    assert run("turn", "--dice", "5,2").code == 0  # Red Band rolls higher: it goes first
    assert run("activate", "Ash").code == 0
    r = run("attack", "Ash", "Dara", "--dice", "3", "--json")
    assert r.code == 0, r.err
    event = r.json()["event"]
    assert event["summary"] == "Ash attacks Dara; Dara: out"
    rows = {row["effect"]: row["p"]["fraction"] for row in event["trace"]["odds"]}
    assert rows == {"missed": "1/3", "out": "2/3"}  # Skill 4 on a D6
    board = run("status", "--json").json()
    assert [f["status"] for f in board["sides"][1]["fighters"]][0] == "out"
    assert run("undo").code == 0
    board = run("status", "--json").json()
    assert board["sides"][1]["fighters"][0]["status"] == "upright"
    odds = run("odds", "Ash", "Dara", "--json")
    assert odds.code == 0, odds.err
    assert "2/3" in odds.out


def test_its_dice_are_refused_when_they_cannot_be_a_d6(run, home):
    run("game", "new", "--system", "example", "--seed", "1")
    run("turn", "--dice", "5,2")
    run("activate", "Ash")
    r = run("attack", "Ash", "Dara", "--dice", "7")
    assert r.code == 2 and "Traceback" not in r.err and r.err.count("\n") == 1


def test_its_topics_answer_look_ups(run, home):
    r = run("rules", "search", "--system", "example", "who goes first", "--json")
    assert r.code == 0, r.err
    assert r.json()["items"][0]["id"] == "turns"
    r = run("rules", "show", "ex", "attack", "--json")
    assert r.code == 0 and "Skill" in r.json()["items"][0]["text"]


def test_a_player_running_the_installed_command_finds_it(tmp_path):
    # The CLI as its own process: the plug-in is found on the path the installer set.
    env = {**os.environ, "COMPANION_HOME": str(tmp_path / "home"), "NO_COLOR": "1"}
    out = subprocess.run(
        [sys.executable, "-m", "companion", "systems", "--json"],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode == 0, out.stderr
    assert "example" in [s["id"] for s in json.loads(out.stdout)["items"]]


def test_no_file_of_companion_names_it():
    root = Path(companion.__file__).parent
    naming = [
        p
        for p in root.rglob("*")
        if p.suffix in (".py", ".toml", ".json")
        and ("companion_example" in p.read_text(encoding="utf-8"))
    ]
    assert not naming


def _imports(home: Path, *args: str) -> str:
    """What `companion ARGS` imports, as its own process with the example installed."""
    env = {**os.environ, "COMPANION_HOME": str(home), "NO_COLOR": "1"}
    out = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "companion", *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode == 0, out.stderr[-500:]
    return out.stderr


def test_a_game_of_a_built_in_system_never_reads_the_installed_plug_ins(tmp_path):
    home = tmp_path / "home"
    for args in (("demo",), ("turn", "--dice", "7,3"), ("activate", "Robyn")):
        _imports(home, *args)
    for args in (
        ("status",),
        ("attack", "Robyn", "Cpt. Fawkes", "--ranged", "--range", "8", "--seed", "5"),
        ("undo",),
        ("odds", "-s", "ws", "Orc Warrior", "Dwarf Warrior"),  # an alias of a built-in
    ):
        assert "importlib.metadata" not in _imports(home, *args), args
    # A name that is no built-in id reads them, once: then from the cache folder, until a
    # folder of the import path changes (a package installed or removed).
    assert "importlib.metadata" in _imports(home, "rules", "show", "ex", "attack")
    assert "importlib.metadata" not in _imports(home, "rules", "show", "ex", "attack")


def test_a_plug_in_that_calls_itself_another_id_is_refused(monkeypatch):
    import pytest

    from companion.errors import DataError

    wrong = systems.Entry("other", "companion_example:ExampleSkirmish")
    monkeypatch.setattr(systems, "_PLUGINS", {"other": wrong})
    with pytest.raises(DataError, match="registered as 'other'.*calls itself 'example'"):
        systems.get("other")


def test_a_plug_in_cannot_replace_a_built_in_system(tmp_path, monkeypatch, home):
    info = tmp_path / "rogue-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: rogue\nVersion: 1.0\n")
    entry = "[companion.systems]\n1ss = companion_example:ExampleSkirmish\n"
    (info / "entry_points.txt").write_text(entry)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(systems, "_PLUGINS", None)
    # The import path changed, so the installed packages are read again: its 1ss is not taken.
    assert systems.ids().count("1ss") == 1 and "example" in systems.ids()
    assert systems._PLUGINS is not None and "1ss" not in systems._PLUGINS
    assert systems.module_of("1ss").startswith("companion.systems.")
