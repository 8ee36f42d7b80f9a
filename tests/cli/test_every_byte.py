"""Every byte checked: what did not hold when tried as an attacker would, one test a point,
through the real entry point (bench/faults_bytes.py runs the same at length)."""

from __future__ import annotations

import json
import os

import pytest

from companion.game.files import SEGMENT


def _long(home, run, n: int) -> None:
    """The sample game with `n` events (a turn and VP changes)."""
    assert run("turn", "--seed", "3").code == 0
    from companion.game.events import set_side
    from companion.game.repo import Home, append_outcome
    from companion.systems.base import Outcome

    h = Home(home)
    with h.writing():
        gf = h.open_game(None)
        for i in range(n - 1):
            append_outcome(gf, Outcome("vp", f"vp {i}", (set_side(i % 2, "vp", i % 3),)))
        gf.db.commit()


BAD = ["bad\x01name", "x\x7f", "\x1b]0;pwn\x07X", "R\u202e", "n" * 100_000]


@pytest.mark.parametrize(
    "args",
    [
        ["roster", "new", "NAME"],
        ["roster", "add", "Robyn", "NAME", "-r", "rookie", "--stat", "3"],
        ["roster", "edit", "Robyn", "John", "--name", "NAME"],
        ["game", "new", "--system", "1ss", "--name", "NAME"],
        [
            *["solo", "profile", "new", "NAME", "--rookie", "2", "--specialist", "4"],
            *["--boss", "6", "--specialization", "brawler", "--boss-skill", "command"],
        ],
    ],
    ids=lambda a: " ".join(a[:2]),
)
@pytest.mark.parametrize("bad", BAD)
def test_1_a_bad_name_is_refused_by_every_command_naming_the_rule(demo, home, args, bad):
    before = (home / "rosters.json").read_bytes()
    r = demo(*[bad if a == "NAME" else a for a in args])
    assert r.code == 2 and r.err.count("\n") == 1
    assert "no control characters or direction overrides" in r.err
    assert "\x1b" not in r.err and "\u202e" not in r.err
    assert (home / "rosters.json").read_bytes() == before
    assert demo("roster", "list").code == 0


def test_1_repair_keeps_a_roster_without_its_one_bad_fighter(demo, home):
    path = home / "rosters.json"
    data = json.loads(path.read_text())
    data["rosters"]["1"]["fighters"][2]["name"] = "bad\x01name"
    path.write_text(json.dumps(data))
    assert demo("roster", "list").code != 0
    r = demo("roster", "repair", "--json")
    assert r.code == 0
    done = r.json()
    assert done["kept"] == 2 and any("bad\\u0001name" in n for n in done["notes"])
    rosters = demo("roster", "list", "--json").json()["items"]
    assert [x["fighters"] for x in rosters] == [4, 5]
    kept = next(home.glob("rosters.json.damaged-*"))
    assert "bad\\u0001name" in kept.read_text()  # the bad one, set aside in the kept copy


def test_2_stored_escapes_are_shown_not_obeyed(demo, home):
    path = home / "games" / "sample.json"
    data = json.loads(path.read_text())
    for state in (data["game"]["1"]["setup"], data["game"]["1"]["snapshot"]["state"]):
        state["fighters"][0]["name"] = "Ev\x1b]0;pwn\x07il\u202e"
    path.write_text(json.dumps(data))
    for args in (["status"], ["status", "--json"], ["game", "show"]):
        r = demo(*args)
        assert r.code == 0, r.err
        assert "\x1b" not in r.out and "\x07" not in r.out and "\u202e" not in r.out
        assert "pwn" in r.out


@pytest.mark.parametrize("damage", ["empty", "random", "folder", "fifo", "zero", "cut"])
def test_3_damage_to_the_first_file_keeps_the_events_after_a_whole_snapshot(demo, home, damage):
    _long(home, demo, 150)
    seg = home / "games" / "sample.events" / "000000.json"
    good = seg.read_bytes()
    seg.unlink()
    if damage == "empty":
        seg.write_bytes(b"")
    elif damage == "random":
        seg.write_bytes(os.urandom(len(good)))
    elif damage == "folder":
        seg.mkdir()
    elif damage == "fifo":
        os.mkfifo(seg)
    elif damage == "zero":
        seg.symlink_to("/dev/zero")
    else:
        seg.write_bytes(good[: good.index(b'"51":')])  # events 1-50 whole
    r = demo("game", "repair", "sample", "--json")
    assert r.code == 0, r.err
    done = r.json()
    first = 50 if damage == "cut" else 0
    assert (done["kept"], done["lost"]) == (first + 50, 100 - first)
    assert any(f"events {first + 1} to {SEGMENT} are lost" in n for n in done["notes"])
    assert len(demo("log", "--json").json()["items"]) == 150
    assert demo("undo").code == 0 and demo("vp", "1", "+1").code == 0
    r = demo("undo", "60")
    assert r.code == 1 and "lost to damage" in r.err


@pytest.mark.parametrize("where", [b'"kind":"v', b'"summary":"v', b'"value":'])
def test_4_a_changed_byte_inside_an_event_is_named_by_readers_and_repair(demo, home, where):
    _long(home, demo, 150)
    seg = home / "games" / "sample.events" / "000000.json"
    data = seg.read_bytes()
    at = data.index(where, data.index(b'"51":')) + len(where)  # a letter, or a digit
    data = data[:at] + bytes([data[at] ^ 1]) + data[at + 1 :]
    seg.write_bytes(data)
    r = demo("log")
    assert r.code == 1 and "event 51" in r.err and "checksum" in r.err
    done = demo("game", "repair", "sample", "--json").json()
    assert (done["kept"], done["lost"]) == (100, 50)
    assert any("event 51: it was changed after it was written" in n for n in done["notes"])


def test_4_a_game_stored_without_checksums_loads_unchanged(demo, home):
    _long(home, demo, 120)
    before = demo("log", "--json").json()["items"]
    for seg in (home / "games" / "sample.events").glob("0*.json"):
        d = json.loads(seg.read_text())
        for e in d["events"].values():
            e.pop("sum")
        seg.write_text(json.dumps(d))
    assert demo("log", "--json").json()["items"] == before
    assert demo("game", "repair", "sample", "--json").json()["notes"] == ["nothing needed repair"]


@pytest.mark.parametrize("kind", ["fifo", "zero", "out"])
def test_5_a_cache_file_that_is_not_a_plain_file_of_its_folder_is_rebuilt(
    demo, home, tmp_path, kind
):
    import subprocess
    import sys

    def companion(*args: str) -> int:
        """The installed command in its own process (in this one the cache is read once)."""
        p = subprocess.run(
            [sys.executable, "-m", "companion", *args],
            env=os.environ,
            stdin=subprocess.DEVNULL,
            capture_output=True,
            timeout=60,
        )
        return p.returncode

    assert demo("vp", "1", "+1").code == 0
    assert companion("rules", "search", "armour") == 0
    cache = home / "cache"
    files = [p for p in cache.rglob("*") if p.is_file()]
    assert files
    for p in files:
        p.unlink()
        if kind == "fifo":
            os.mkfifo(p)
        elif kind == "zero":
            p.symlink_to("/dev/zero")
        else:
            (tmp_path / "elsewhere.json").write_text('{"key": "x", "data": {}}')
            p.symlink_to(tmp_path / "elsewhere.json")
    for args in (["game", "list"], ["rules", "search", "armour"], ["undo"]):
        assert companion(*args) == 0  # never waited on (a FIFO), nor read (a device)


def test_6_repair_of_a_huge_event_file_reads_no_more_than_events_take(demo, home):
    assert demo("vp", "1", "+1").code == 0
    seg = home / "games" / "sample.events" / "000000.json"
    os.truncate(seg, 200 * 1024 * 1024)
    from companion.game import replayable

    seen: list[str] = []
    real = replayable.read_json_file

    def spy(path, *a, **k):
        seen.append(str(path))
        return real(path, *a, **k)

    replayable.read_json_file = spy
    try:
        r = demo("game", "repair", "sample", "--json")
    finally:
        replayable.read_json_file = real
    assert r.code == 0 and r.json()["lost"] == 1
    assert any("209,715,200 bytes" in n for n in r.json()["notes"])


@pytest.mark.parametrize("args", [["status"], ["log"], ["game", "list"]])
def test_7_a_reading_command_removes_what_a_killed_one_left(demo, home, args):
    left = [
        home / ".settings.json.99999.tmp",
        home / "games" / ".sample.json.99999.tmp",
        home / "games" / "sample.events" / ".000000.json.99999.tmp",
    ]
    for p in left:
        p.write_text("half")
    assert demo(*args).code == 0
    assert not any(p.exists() for p in left)


def test_8_when_takes_what_list_and_its_json_show(demo):
    assert demo("game", "delete", "sample", "--yes").code == 0
    kept = demo("game", "restore", "--list", "--json").json()["items"][0]
    assert demo("game", "restore", "sample", "--when", kept["deleted"]).code == 0
    assert demo("game", "delete", "sample", "--yes").code == 0
    kept = demo("game", "restore", "--list", "--json").json()["items"][0]
    assert demo("game", "restore", "sample", "--when", kept["when"]).code == 0


def test_8_a_damaged_record_of_an_unfinished_command_is_set_aside(demo, home):
    (home / ".unfinished.json").write_text('{"state": "pend')
    (home / "games" / ".sample.json.99999.tmp").write_text("half")
    r = demo("vp", "1", "+1")
    assert r.code == 0 and "set aside" not in r.out and "was damaged" in r.err
    assert not (home / ".unfinished.json").exists()
    assert list(home.glob(".unfinished.json.damaged-*"))
    assert not (home / "games" / ".sample.json.99999.tmp").exists()


def test_8_import_errors_are_companions_words_whole_and_exit_2(demo, tmp_path):
    f = tmp_path / "r.json"
    f.write_text('{"name": "x", ')
    r = demo("roster", "import", str(f))
    assert r.code == 2 and "it is not JSON from line 1, column" in r.err
    f.chmod(0)
    if not os.access(f, os.R_OK):  # (root reads anything)
        r = demo("roster", "import", str(f))
        assert r.code == 2


def test_8_a_game_file_linked_out_of_the_data_folder_is_said_not_repaired(demo, home, tmp_path):
    game = home / "games" / "sample.json"
    game.rename(tmp_path / "out.json")
    game.symlink_to(tmp_path / "out.json")
    r = demo("game", "repair", "sample")
    assert r.code == 1 and "Repair cannot fix this itself" in r.err
    assert "game repair" not in demo("game", "list").out


def test_8_the_board_of_a_damaged_game_shows_no_path(demo, home):
    from companion.game.repo import Home
    from companion.serve.view import read

    (home / "games" / "sample.json").write_text("{")
    shown = read(Home(home), "sample")
    assert shown.kind == "damaged" and "games/sample.json" in shown.html
    assert str(home) not in shown.html and os.path.realpath(home) not in shown.html


def test_8_oversized_request_headers_get_431() -> None:
    from companion.serve.app import _refusal

    scope = {"path": "/", "query_string": b"", "method": "GET"}
    many = [(b"x-a", b"1")] * 10_000
    big = [(b"host", b"127.0.0.1"), (b"x-big", b"a" * 100_000)]
    assert _refusal({**scope, "headers": many}, "")[0] == 431
    assert _refusal({**scope, "headers": big}, "")[0] == 431
    assert _refusal({**scope, "headers": [(b"host", b"127.0.0.1")]}, "")[0] == 0


def test_a_terminal_keeps_its_style_sequences_under_no_color(monkeypatch):
    """NO_COLOR takes the colours away, not bold: Rich still sends style sequences to a
    terminal, and they must reach it as sequences, not as text; a title never does."""
    import io

    from companion.cli.safe_out import Guarded

    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.setenv("NO_COLOR", "1")
    out = Tty()
    Guarded(out).write("\x1b[1mResult:\x1b[0m \x1b]0;pwn\x07X")
    assert out.getvalue().startswith("\x1b[1mResult:\x1b[0m ")
    assert "\x1b]" not in out.getvalue() and "\\u001b]0;pwn" in out.getvalue()
