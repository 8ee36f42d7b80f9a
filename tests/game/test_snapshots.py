"""A game's cost stays flat in its length: state snapshots per segment, partial reads."""

from __future__ import annotations

import json
from pathlib import Path

from companion.cli.shared import drawn_board
from companion.game.events import replay, set_side
from companion.game.repo import SEGMENT, Home, event_for


def _grow(home: Path, n: int) -> None:
    h = Home(home, draw=drawn_board)
    with h.writing():
        gf = h.open_game(None)
        for i in range(n):
            gf.append(event_for("vp", f"VP {i + 1}", [set_side(0, "vp", i + 1)], gf.state))
        gf.db.commit()


def _segments(home: Path) -> list[Path]:
    return sorted((home / "games" / "sample.events").glob("*.json"))


def test_each_later_segment_keeps_the_state_it_starts_from(demo, home: Path) -> None:
    _grow(home, 2 * SEGMENT + 5)
    first, second, third = (json.loads(p.read_text()) for p in _segments(home))
    assert "start" not in first  # the setup is the first segment's start
    assert second["start"]["1"]["count"] == SEGMENT
    assert second["start"]["1"]["state"]["sides"][0]["vp"] == SEGMENT
    assert third["start"]["1"]["state"]["sides"][0]["vp"] == 2 * SEGMENT


def test_undo_across_a_segment_boundary_gives_the_replayed_state(demo, home: Path) -> None:
    _grow(home, 2 * SEGMENT + 2)
    for expected in (2 * SEGMENT + 1, 2 * SEGMENT, 2 * SEGMENT - 1, 2 * SEGMENT - 2):
        r = demo("undo", "--json")
        assert r.code == 0, r.err
        assert demo("status", "--json").json()["sides"][0]["vp"] == expected
    assert demo("redo", "3").code == 0
    h = Home(home, draw=drawn_board)
    with h.reading():
        gf = h.open_game(None)
        assert gf.count == 2 * SEGMENT + 1
        assert replay(gf.setup, gf.events) == gf.state


def test_undo_and_log_last_read_only_the_newest_segment(demo, home: Path) -> None:
    _grow(home, SEGMENT + 3)
    # Without its first segment the game cannot be replayed from the setup; undo, redo and
    # `log --last` still work because they read the second segment and its snapshot only.
    oldest = _segments(home)[0]
    oldest.rename(oldest.with_name("aside.json.keep"))
    assert demo("undo", "2").code == 0
    assert demo("status", "--json").json()["sides"][0]["vp"] == SEGMENT + 1
    assert demo("redo").code == 0
    log = demo("log", "--last", "2", "--json").json()["items"]
    assert [e["index"] for e in log] == [SEGMENT + 1, SEGMENT + 2]
    assert [e["summary"] for e in log] == [f"VP {SEGMENT + 1}", f"VP {SEGMENT + 2}"]
    assert demo("vp", "1", "+1").code == 0
    # The full log needs every event, and says so.
    r = demo("log", "--json")
    assert r.code == 1 and "sample.events" in r.err


def test_a_game_written_before_snapshots_is_replayed_from_the_setup(demo, home: Path) -> None:
    _grow(home, SEGMENT + 2)
    second = _segments(home)[1]
    doc = json.loads(second.read_text())
    del doc["start"]
    second.write_text(json.dumps(doc))
    assert demo("undo").code == 0
    assert demo("status", "--json").json()["sides"][0]["vp"] == SEGMENT + 1


def test_the_full_log_read_a_segment_at_a_time_is_the_whole_history(demo, home: Path) -> None:
    _grow(home, 2 * SEGMENT + 7)
    h = Home(home, draw=drawn_board)
    with h.reading():
        events = h.open_game(None).events
    expected = [{"index": i, **e.to_dict()} for i, e in enumerate(events, 1)]
    out = demo("log", "--json").out
    assert out == json.dumps({"schema": 1, "items": expected}, indent=2, ensure_ascii=False) + "\n"
    lines = demo("log").out.splitlines()
    assert len(lines) == len(events)
    assert lines[0].startswith("   1. T0 vp") and lines[-1].endswith(f"VP {2 * SEGMENT + 7}")
    last = demo("log", "--last", "3").out.splitlines()
    assert last == lines[-3:]
    assert demo("log", "--last", "3", "--json").json()["items"] == expected[-3:]


def test_an_empty_log_says_so(demo) -> None:
    assert demo("log").out == "No events yet.\n"
    assert demo("log", "--json").json()["items"] == []


def test_a_damaged_snapshot_is_passed_over(demo, home: Path) -> None:
    _grow(home, SEGMENT + 2)
    second = _segments(home)[1]
    doc = json.loads(second.read_text())
    doc["start"]["1"]["state"] = {"not": "a state"}
    second.write_text(json.dumps(doc))
    assert demo("undo").code == 0
    assert demo("status", "--json").json()["sides"][0]["vp"] == SEGMENT + 1
