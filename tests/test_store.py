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
