"""The store never corrupts or overwrites: atomic writes, refusing bad files byte-for-byte."""

from __future__ import annotations

import json

import pytest


@pytest.mark.parametrize(
    "content",
    [b"", b'{"_default": {"1": ', b"\x00\xff junk", b"[1, 2, 3]", b'{"game": [1]}', b"null"],
)
def test_a_corrupt_game_file_is_refused_and_left_byte_identical(demo, home, content):
    path = home / "games" / "sample.json"
    path.write_bytes(content)
    for args in (("status",), ("turn", "--dice", "4,2"), ("activate", "robyn"), ("undo",)):
        r = demo(*args)
        assert r.code != 0
        assert "sample.json" in r.err and "left untouched" in r.err or "no game in it" in r.err
        assert r.err.count("\n") == 1 and "Traceback" not in r.err
        assert path.read_bytes() == content


def test_a_corrupt_rosters_file_is_refused(run, home):
    home.mkdir(parents=True)
    (home / "rosters.json").write_bytes(b"{oops")
    r = run("roster", "new", "X")
    assert r.code == 1 and "rosters.json is not a valid companion database" in r.err
    assert (home / "rosters.json").read_bytes() == b"{oops"


def test_writes_leave_no_temporary_files(demo, home):
    demo("turn", "--dice", "4,2")
    demo("activate", "robyn")
    leftovers = [p.name for p in home.rglob("*.tmp")]
    assert leftovers == []


def test_a_stray_temporary_file_is_cleaned_by_the_next_command(demo, home):
    stray = home / "games" / ".sample.json.999.tmp"
    stray.write_text("half a write")
    assert demo("turn", "--dice", "4,2").code == 0
    assert not stray.exists()


def test_the_file_is_valid_json_with_events_and_a_snapshot(demo, home):
    demo("turn", "--dice", "4,2")
    data = json.loads((home / "games" / "sample.json").read_text())
    assert "game" in data
    assert data["game"]["1"]["snapshot"]["count"] == 1
    segments = list((home / "games" / "sample.events").glob("*.json"))
    events = [e for p in segments for e in json.loads(p.read_text())["events"].values()]
    assert [e["kind"] for e in events] == ["turn"]


@pytest.mark.parametrize("rel", ["settings.json", "rosters.json", "games/sample.json"])
@pytest.mark.parametrize("kind", ["fifo", "zero", "folder", "out"])
def test_a_data_file_that_is_no_regular_file_is_refused_at_once(demo, home, rel, kind):
    import os

    path = home / rel
    away = home.parent / "elsewhere.json"
    away.write_bytes(path.read_bytes())
    path.unlink()
    if kind == "out":
        path.symlink_to(away)  # a good file, but not in the data folder
    elif kind == "fifo":
        os.mkfifo(path)  # reading it would wait for a writer for ever
    elif kind == "zero":
        path.symlink_to("/dev/zero")  # reading it would never end
    else:
        path.mkdir()
    args = ["roster", "list"] if rel == "rosters.json" else ["log"]
    r = demo(*args)
    assert r.code == 1 and r.err.count("\n") == 1, r.err
    assert str(path) in r.err
    if kind in ("out", "zero"):
        target = away if kind == "out" else "/dev/zero"
        assert f"leads to {target}, outside the data folder" in r.err, r.err
        return
    what = {"fifo": "a FIFO", "folder": "a folder"}[kind]
    assert f"is {what}, not a regular file" in r.err or "a folder is in the way" in r.err


@pytest.mark.parametrize(
    "edit",
    [
        lambda g: g["setup"]["fighters"][0].update(skills=[5]),
        lambda g: g["setup"]["fighters"][0].update(equipment=[None]),
        lambda g: g.update(system=5),
        lambda g: g["setup"].update(turn="1"),
        lambda g: g["snapshot"]["state"]["sides"][0].update(vp=10**18),
    ],
)
def test_a_wrong_typed_game_file_is_one_line(demo, home, edit):
    path = home / "games" / "sample.json"
    data = json.loads(path.read_text())
    edit(data["game"]["1"])
    data["game"]["1"].pop("sum")  # as an older file, which has no checksum
    path.write_text(json.dumps(data))
    for args in (["status"], ["undo"], ["game", "list"], ["vp", "1", "+1"]):
        r = demo(*args)
        assert "Traceback" not in r.err, r.err
        if r.code:  # the board kept beside a damaged setup may still be shown
            assert r.code == 1 and r.err.count("\n") == 1 and "sample.json" in r.err, r.err
    assert demo("vp", "1", "+1").code == 1  # nothing is written on top of it


def test_a_deleted_roster_nested_too_deep_is_passed_over(demo, home):
    assert demo("roster", "new", "Extra", "--system", "1ss").code == 0
    assert demo("roster", "delete", "Extra", "--yes").code == 0
    [kept] = (home / "deleted" / "rosters").glob("extra.*.json")
    kept.write_bytes(b"[" * 200_000 + b"]" * 200_000)
    r = demo("roster", "restore", "Extra")
    assert r.code == 1 and r.err.count("\n") == 1, r.err
    assert "no deleted roster is kept" in r.err and str(kept) in r.err


def _kill_before(home, n: int, *args: str) -> int:
    """Run `companion ARGS` in its own process and SIGKILL it before its nth file operation."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    from bench.faults import _KILLER

    env = {**os.environ, "COMPANION_HOME": str(home)}
    return subprocess.run(
        [sys.executable, "-c", _KILLER, str(n), *args], env=env, capture_output=True
    ).returncode


@pytest.mark.parametrize("n", [3, 6, 9, 12])
def test_a_game_delete_killed_half_way_is_undone_by_the_next_command(demo, home, n):
    assert demo("vp", "1", "+1").code == 0
    assert _kill_before(home, n, "game", "delete", "sample", "--yes") == -9
    assert (home / ".unfinished.json").exists()
    assert demo("status", "--json").json()["sides"][0]["vp"] == 1
    assert not (home / ".unfinished.json").exists()
    assert demo("game", "restore", "--list", "--json").json()["items"] == []
    assert demo("vp", "1", "+1").code == 0
    assert not list(home.rglob("*.tmp"))


def test_a_backup_that_is_a_folder_is_named_not_the_game_file(demo, home):
    assert demo("vp", "1", "+1").code == 0
    bak = home / "games" / "sample.json.bak"
    bak.unlink()
    bak.mkdir()
    r = demo("vp", "1", "+1")
    assert r.code == 1 and r.err.count("\n") == 1
    assert f"cannot write {bak} (" in r.err and "last good copy" in r.err, r.err
    assert demo("status", "--json").json()["sides"][0]["vp"] == 1


@pytest.mark.parametrize(
    ("make", "why"),
    [
        (lambda p: p.symlink_to(p.parent / "nowhere"), "which does not exist"),
        (lambda p: p.write_text("x"), "it is a file, not a folder"),
    ],
)
def test_an_unusable_data_folder_says_what_it_is(run, home, make, why):
    home.parent.mkdir(exist_ok=True)
    make(home)
    r = run("demo")
    assert r.code == 1 and why in r.err and str(home) in r.err, r.err


def test_a_games_folder_that_is_a_file_is_said_not_taken_for_no_games(demo, home):
    import shutil

    shutil.rmtree(home / "games")
    (home / "games").write_text("x")
    for args in (["status"], ["game", "list"]):
        r = demo(*args)
        assert r.code == 1 and "is not a folder" in r.err and str(home / "games") in r.err, r.err


def test_a_delete_whose_last_write_fails_puts_every_file_back(demo, home):
    import os

    assert demo("vp", "1", "+1").code == 0
    before = sorted(p.relative_to(home) for p in (home / "games").rglob("*"))
    # Something in the way of the new settings file, as a full disk would be.
    (home / f".settings.json.{os.getpid()}.tmp").mkdir()
    r = demo("game", "delete", "sample", "--yes")
    assert r.code == 1 and "nothing was changed" in r.err and r.err.count("\n") == 1, r.err
    assert sorted(p.relative_to(home) for p in (home / "games").rglob("*")) == before
    assert demo("game", "restore", "--list", "--json").json()["items"] == []
    assert demo("status", "--json").json()["sides"][0]["vp"] == 1


def test_a_cache_write_killed_half_way_leaves_nothing_past_the_next_write(demo, home):
    import os

    cache = home / "cache"
    cache.mkdir(exist_ok=True)
    dead = cache / ".rules-1ss.toml.json.999999999.tmp"  # no process has that id
    dead.write_text("{")
    alive = cache / f".help-x.txt.{os.getpid()}.tmp"  # a write still under way
    alive.write_text("{")
    assert demo("vp", "1", "+1").code == 0
    assert not dead.exists() and alive.exists()
