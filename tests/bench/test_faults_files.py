"""F4 and F5, quick: damaged game files and hostile roster files are refused, kept as is."""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bench import faults  # noqa: E402


def test_damaged_files_are_refused_naming_file_and_backup() -> None:
    rep = faults.f4_corruption(full=False)
    assert rep.ok, rep.failures
    assert rep.cases > 200


def test_hostile_roster_files_are_refused_quickly() -> None:
    rep = faults.f5_hostile(8, max_seconds=5.0)
    assert rep.ok, rep.failures


def test_bad_game_file_names_the_backup(demo, home: Path) -> None:
    assert demo("vp", "1", "+1").code == 0
    game = home / "games" / "sample.json"
    bak = home / "games" / "sample.json.bak"
    assert bak.exists()
    game.write_bytes(game.read_bytes()[:100])
    r = demo("status", "--json")
    assert r.code == 1
    assert str(game) in r.err and str(bak) in r.err
    assert game.read_bytes() == game.read_bytes()[:100]
    # Going back to the backup as the message says gives a working game again.
    game.write_bytes(bak.read_bytes())
    r = demo("status", "--json")
    assert r.code == 0 and r.json()["game"] == "sample"


def test_events_live_in_segments_and_the_game_file_stays_small(demo, home: Path) -> None:
    from companion.cli.shared import drawn_board
    from companion.game.events import set_side
    from companion.game.repo import Home, event_for

    h = Home(home, draw=drawn_board)
    with h.writing():
        gf = h.open_game(None)
        for i in range(119):
            gf.append(event_for("vp", f"VP {i + 1}", [set_side(0, "vp", i + 1)], gf.state))
        gf.db.commit()
    assert demo("vp", "1", "+1").code == 0
    segs = sorted((home / "games" / "sample.events").glob("*.json"))
    assert [p.name for p in segs] == ["000000.json", "000001.json"]
    assert len(json.loads(segs[1].read_text())["events"]) == 20
    assert (home / "games" / "sample.json").stat().st_size < 20_000
    log = demo("log", "--json").json()["items"]
    assert len(log) == 120
    assert demo("status", "--json").json()["sides"][0]["vp"] == 120


def test_undo_then_a_new_event_replaces_the_undone_one(demo) -> None:
    demo("vp", "1", "+1")
    demo("vp", "1", "+1")
    assert demo("undo").code == 0
    demo("vp", "2", "+5")
    log = demo("log", "--json").json()["items"]
    assert [e["kind"] for e in log] == ["vp", "vp"]
    assert "0 → 5" in log[-1]["summary"]
    assert demo("redo").code == 2  # a new event clears the redo stack


def test_legacy_single_file_game_is_read_and_moved_to_segments(demo, home: Path) -> None:
    demo("vp", "1", "+2")
    game = home / "games" / "sample.json"
    data = json.loads(game.read_text())
    seg = home / "games" / "sample.events" / "000000.json"
    data["events"] = json.loads(seg.read_text())["events"]
    data["game"]["1"].pop("board")
    seg.unlink()
    game.write_text(json.dumps(data))
    assert demo("status", "--json").json()["sides"][0]["vp"] == 2
    assert demo("vp", "1", "+1").code == 0
    assert "events" not in json.loads(game.read_text())
    assert len(demo("log", "--json").json()["items"]) == 2


def test_status_fast_path_prints_what_the_full_command_prints(demo, monkeypatch) -> None:
    from companion.cli import fast

    demo("turn", "--seed", "4")
    quick_json, quick_board = demo("status", "--json").out, demo("status").out
    monkeypatch.setattr(fast, "serve", lambda args: False)
    assert demo("status", "--json").out == quick_json
    assert demo("status").out == quick_board


def test_status_fast_path_ignores_a_board_drawn_by_other_code(demo, home: Path) -> None:
    demo("vp", "1", "+3")
    game = home / "games" / "sample.json"
    data = json.loads(game.read_text())
    data["game"]["1"]["board"]["stamp"] = "old"
    data["game"]["1"]["board"]["data"]["sides"][0]["vp"] = 77
    game.write_text(json.dumps(data))
    assert demo("status", "--json").json()["sides"][0]["vp"] == 3


def test_backup_kept_twice_of_the_same_file_leaves_no_temporary(tmp_path: Path) -> None:
    # A command killed after keeping the backup and before replacing the file leaves the
    # backup a link of the live file; the next backup must not leave its link behind.
    from companion.game.store import keep_backup

    live, bak = tmp_path / "g.json", tmp_path / "g.json.bak"
    live.write_text("{}")
    keep_backup(live, bak)
    keep_backup(live, bak)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.json", "g.json.bak"]
