"""Damaged data folders: one damaged game never blocks the others, and the way back."""

from __future__ import annotations

import json
import os
import stat

import pytest

from companion.game.repo import SEGMENT


def _second_game(run) -> None:
    r = run("game", "new", "--roster", "Robyn", "--roster", "Cpt", "--name", "other")
    assert r.code == 0, r.err
    assert run("game", "use", "sample").code == 0


@pytest.fixture
def played(demo, run, home):
    """The sample game with four VP events, and a second game beside it."""
    for _ in range(4):
        assert run("vp", "1", "+1").code == 0
    _second_game(run)
    assert run("roster", "new", "Extra", "--system", "1ss").code == 0  # a second write
    return home


def _cut_game(home):
    """Cut the sample game file short, as a full disk or a broken copy would."""
    path = home / "games" / "sample.json"
    cut = path.read_bytes()[:300]
    path.write_bytes(cut)
    return path, cut


def test_a_truncated_game_is_listed_as_damaged_and_blocks_no_other(played, run):
    path, cut = _cut_game(played)
    r = run("game", "list", "--json")
    assert r.code == 0, r.err
    rows = {row["name"]: row for row in r.json()["items"]}
    assert "not a valid companion database" in rows["sample"]["damaged"]
    assert rows["other"]["events"] == 0
    assert run("vp", "1", "+1", "--game", "other").code == 0
    text = run("game", "list").out
    assert "sample  DAMAGED:" in text and "other  1 Stat Skirmish · Training Mission" in text
    assert path.read_bytes() == cut


def test_repair_rebuilds_from_the_backup_and_keeps_the_damaged_file(played, run):
    path, cut = _cut_game(played)
    r = run("game", "repair", "sample")
    assert r.code == 0, r.err
    # The backup is the game before its last change (three of the four VP events); the
    # fourth reached its event file whole, so it counts too.
    assert "from the backup: 4 events kept" in r.out
    assert "1 event stored after those the backup counts read whole and were kept" in r.out
    aside = list(path.parent.glob("sample.json.damaged-*"))
    assert [p.read_bytes() for p in aside] == [cut]
    status = run("status", "--json", "--game", "sample").json()
    assert status["sides"][0]["vp"] == 4
    assert run("vp", "1", "+1", "--game", "sample").code == 0


def test_a_wrong_shaped_event_is_reported_not_appended_after(played, run):
    seg = played / "games" / "sample.events" / "000000.json"
    data = json.loads(seg.read_text())
    data["events"]["3"] = {"kind": 5, "summary": None}
    bad = json.dumps(data).encode()
    seg.write_bytes(bad)
    for args in (["log"], ["vp", "1", "+1"]):
        r = run(*args)
        assert r.code == 1 and r.err.count("\n") == 1, r.err
        assert "wrong shape" in r.err and "companion game repair sample" in r.err
    assert seg.read_bytes() == bad
    r = run("game", "repair", "sample", "--json")
    assert r.code == 0, r.err
    done = r.json()
    assert (done["kept"], done["lost"]) == (2, 2)
    assert run("status", "--json").json()["sides"][0]["vp"] == 2
    assert any(p.read_bytes() == bad for p in seg.parent.glob("000000.json.damaged-*"))


def test_a_truncated_event_segment_keeps_the_events_before_the_cut(played, run):
    seg = played / "games" / "sample.events" / "000000.json"
    text = seg.read_bytes()
    # Cut inside the fourth event: three whole ones come before it.
    cut = text[: text.index(b'"4":') + 20]
    seg.write_bytes(cut)
    r = run("game", "repair", "sample", "--json")
    assert r.code == 0, r.err
    assert (r.json()["kept"], r.json()["lost"]) == (3, 1)
    assert len(run("log", "--json").json()["items"]) == 3


def test_an_impossible_event_count_is_refused_at_once(played, run, monkeypatch):
    path = played / "games" / "sample.json"
    data = json.loads(path.read_text())
    data["game"]["1"]["snapshot"]["count"] = 10**9
    data["game"]["1"]["snapshot"].pop("state")
    path.write_text(json.dumps(data))
    # Refused from the count and the last event file's absence, before reading any
    # (how long that takes is bench/limits.py's to time).
    from companion.game import repo

    reads: list[int] = []
    real = repo.GameFile._segment
    with monkeypatch.context() as m:
        m.setattr(repo.GameFile, "_segment", lambda gf, k: reads.append(k) or real(gf, k))
        r = run("log")
    assert r.code == 1 and "counts 1000000000 events" in r.err
    assert reads == []
    r = run("game", "repair", "sample", "--json")
    assert r.code == 0 and r.json()["kept"] == 4


def test_repair_of_an_intact_game_changes_nothing(played, run):
    before = {p: p.read_bytes() for p in played.rglob("*") if p.is_file()}
    r = run("game", "repair", "sample")
    assert r.code == 0 and "nothing needed repair" in r.out
    after = {p: p.read_bytes() for p in played.rglob("*") if p.is_file()}
    assert after == before


def test_repair_without_any_good_copy_says_so_and_touches_nothing(played, run):
    path = played / "games" / "sample.json"
    path.write_bytes(b"{")
    (played / "games" / "sample.json.bak").write_bytes(b"")
    (played / "games" / "sample.events" / "game.created").write_bytes(b"[")
    r = run("game", "repair", "sample")
    assert r.code == 1 and "cannot be rebuilt" in r.err
    assert path.read_bytes() == b"{"


def test_rosters_and_settings_have_backups_and_repair(played, run):
    rosters = played / "rosters.json"
    assert (played / "rosters.json.bak").exists() and (played / "settings.json.bak").exists()
    rosters.write_bytes(b'{"rosters": {"1": ')
    r = run("roster", "list")
    assert r.code == 1 and "companion roster repair" in r.err and "rosters.json.bak" in r.err
    r = run("roster", "repair")
    assert r.code == 0 and "from the backup" in r.out, r.err
    assert len(run("roster", "list", "--json").json()["items"]) == 2  # as before 'Extra' was added
    settings = played / "settings.json"
    settings.write_bytes(b"junk")
    assert run("game", "list").code == 0
    r = run("game", "repair", "--settings")
    assert r.code == 0 and "from the backup" in r.out
    assert run("status").code == 0


def test_rosters_without_a_backup_keep_every_roster_that_reads(played, run):
    rosters = played / "rosters.json"
    text = rosters.read_bytes()
    (played / "rosters.json.bak").unlink()
    rosters.write_bytes(text[: text.index(b'"2":') + 30])
    r = run("roster", "repair", "--json")
    assert r.code == 0, r.err
    assert r.json()["source"] == "what was readable" and r.json()["kept"] == 1


@pytest.mark.parametrize(
    "setup,what",
    [
        (lambda h: h.write_text("a file"), "data folder"),
        (lambda h: (h.mkdir(), (h / ".lock").mkdir()), "lock file"),
        (lambda h: (h.mkdir(), (h / "games").write_text("x")), "games"),
    ],
)
def test_an_unusable_data_folder_is_one_line(run, home, setup, what):
    setup(home)
    r = run("demo")
    assert r.code == 1 and r.err.count("\n") == 1, r.err
    assert r.err.startswith("companion: error: ") and what in r.err


def test_a_data_folder_under_proc_is_one_line(run, monkeypatch):
    monkeypatch.setenv("COMPANION_HOME", "/proc/companion")
    r = run("game", "list")
    assert r.code == 1 and "/proc/companion" in r.err and r.err.count("\n") == 1


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes read-only folders")
def test_a_read_only_games_folder_is_one_line_and_changes_nothing(played, run):
    games = played / "games"
    before = {p: p.read_bytes() for p in games.rglob("*") if p.is_file()}
    games.chmod(stat.S_IRUSR | stat.S_IXUSR)
    try:
        r = run("vp", "1", "+1")
    finally:
        games.chmod(stat.S_IRWXU)
    assert r.code == 1 and "cannot write" in r.err and r.err.count("\n") == 1
    assert {p: p.read_bytes() for p in games.rglob("*") if p.is_file()} == before


def test_a_write_that_fails_is_one_line_and_changes_nothing(played, run):
    # Something in the way of the temporary file (as a read-only or immutable folder would
    # be): works even for root, who may write read-only folders.
    games = played / "games"
    (games / f".sample.json.{os.getpid()}.tmp").mkdir()
    before = {p: p.read_bytes() for p in games.rglob("*") if p.is_file()}
    r = run("vp", "1", "+1")
    assert r.code == 1 and "cannot write" in r.err and "sample.json" in r.err, r.err
    assert r.err.count("\n") == 1
    assert {
        p: p.read_bytes() for p in games.rglob("*") if p.is_file() and "events" not in str(p)
    } == {p: b for p, b in before.items() if "events" not in str(p)}


def test_an_event_naming_a_side_that_is_not_there_is_reported(played, run):
    from companion.game.files import seal_event

    seg = played / "games" / "sample.events" / "000000.json"
    data = json.loads(seg.read_text())
    data["events"]["2"]["changes"][0]["key"] = 99
    data["events"]["2"] = seal_event(data["events"]["2"])  # whole as stored, wrong as a rule
    seg.write_text(json.dumps(data))
    path = played / "games" / "sample.json"
    meta = json.loads(path.read_text())
    meta["game"]["1"]["snapshot"].pop("state")  # so the state is replayed from the events
    path.write_text(json.dumps(meta))
    r = run("vp", "2", "+1")
    assert r.code == 1 and "names side 99" in r.err and r.err.count("\n") == 1, r.err
    r = run("game", "repair", "sample", "--json")
    assert r.code == 0 and (r.json()["kept"], r.json()["lost"]) == (1, 3)


def _grow(home, n: int) -> None:
    """Add `n` VP events to the current game in one command (as many commands would)."""
    from companion.cli.shared import drawn_board
    from companion.game.events import set_side
    from companion.game.repo import Home, event_for

    h = Home(home, draw=drawn_board)
    with h.writing():
        gf = h.open_game(None)
        for _ in range(n):
            vp = gf.state.sides[0].vp + 1
            gf.append(event_for("vp", f"VP {vp}", [set_side(0, "vp", vp)], gf.state))
        gf.db.commit()


def test_repair_keeps_every_event_of_a_game_of_several_event_files(demo, run, home):
    # Each event file after the first ends with a snapshot: not damage.
    assert run("turn", "--dice", "7,3").code == 0
    _grow(home, 249)
    assert run("vp", "1", "+1").code == 0
    assert run("game", "repair", "sample").out.endswith("nothing was changed.\n")
    game = home / "games" / "sample.json"
    game.write_bytes(game.read_bytes()[:-1])
    r = run("game", "repair", "sample", "--json")
    assert r.code == 0, r.err
    assert (r.json()["kept"], r.json()["lost"]) == (251, 0)
    assert run("status", "--json").json()["sides"][0]["vp"] == 250
    assert len(run("log", "--json").json()["items"]) == 251
    assert not any(p.name.startswith("00") for p in home.glob("games/sample.events/*.damaged-*"))


def test_repair_of_a_damaged_last_event_file_keeps_every_event_before_it(demo, run, home):
    _grow(home, 1002)
    last = home / "games" / "sample.events" / "000010.json"
    last.write_bytes(last.read_bytes()[:-5])
    r = run("game", "repair", "sample", "--json")
    assert r.code == 0, r.err
    done = r.json()
    assert done["kept"] + done["lost"] == 1002 and done["kept"] >= 1000
    assert run("status", "--json").json()["sides"][0]["vp"] == done["kept"]
    # Nothing is left past the count for a later event to land on.
    assert run("game", "end").code == 0
    assert len(run("log", "--json").json()["items"]) == done["kept"] + 1


def test_a_missing_game_file_is_listed_and_rebuilt_and_demo_keeps_its_events(demo, run, home):
    for _ in range(3):
        assert run("vp", "1", "+1").code == 0
    game = home / "games" / "sample.json"
    game.unlink()
    events = sorted((home / "games" / "sample.events").iterdir())
    row = run("game", "list", "--json").json()["items"][0]
    assert row["name"] == "sample" and "is missing" in row["damaged"]
    for args in (["status"], ["demo"]):
        r = run(*args)
        assert r.code == 1 and "game repair sample" in r.err and r.err.count("\n") == 1, r.err
    assert sorted((home / "games" / "sample.events").iterdir()) == events
    r = run("game", "repair", "sample", "--json")
    assert r.code == 0, r.err
    assert r.json()["source"] == "the backup" and r.json()["kept"] == 3
    assert run("status", "--json").json()["sides"][0]["vp"] == 3


def test_a_game_with_only_its_events_left_is_rebuilt_from_them(demo, run, home):
    for _ in range(2):
        assert run("vp", "1", "+1").code == 0
    (home / "games" / "sample.json").unlink()
    (home / "games" / "sample.json.bak").unlink()
    r = run("game", "repair", "sample", "--json")
    assert r.code == 0, r.err
    assert (r.json()["source"], r.json()["kept"]) == ("its events", 2)
    assert run("status", "--json").json()["sides"][0]["vp"] == 2


def test_a_new_game_never_takes_the_events_of_another_by_that_name(demo, run, home):
    assert run("vp", "1", "+1").code == 0
    (home / "games" / "sample.json").unlink()
    r = run("game", "new", "-r", "Robyn", "-r", "Cpt", "--name", "sample")
    assert r.code == 2 and "already exists" in r.err
    assert (home / "games" / "sample.events" / "000000.json").exists()


def _change_snapshot(path, edit) -> None:
    data = json.loads(path.read_text())
    edit(data)
    path.write_text(json.dumps(data))


def test_a_changed_event_file_snapshot_is_not_trusted_and_repair_rebuilds_it(demo, run, home):
    _grow(home, SEGMENT + 3)
    seg = home / "games" / "sample.events" / "000001.json"
    _change_snapshot(seg, lambda d: d["start"]["1"]["state"]["sides"][0].update(vp=77))
    assert run("undo", "2").code == 0
    assert run("status", "--json").json()["sides"][0]["vp"] == SEGMENT + 1
    assert run("redo", "2").code == 0
    _change_snapshot(seg, lambda d: d["start"]["1"]["state"]["sides"][0].update(vp=77))
    r = run("game", "repair", "sample")
    assert r.code == 0 and "snapshot in 000001.json did not match" in r.out, r.out
    assert json.loads(seg.read_text())["start"]["1"]["state"]["sides"][0]["vp"] == SEGMENT
    assert run("undo", "3").code == 0
    assert run("status", "--json").json()["sides"][0]["vp"] == SEGMENT


def test_a_changed_game_file_snapshot_is_not_trusted_and_repair_rebuilds_it(demo, run, home):
    _grow(home, 3)
    game = home / "games" / "sample.json"

    def seventy_seven(d):
        d["game"]["1"]["snapshot"]["state"]["sides"][0]["vp"] = 77
        d["game"]["1"]["board"]["data"]["sides"][0]["vp"] = 77

    _change_snapshot(game, seventy_seven)
    assert run("status", "--json").json()["sides"][0]["vp"] == 3
    assert "VP 77" not in run("status").out
    r = run("game", "repair", "sample")
    assert r.code == 0 and "game file's snapshot did not match" in r.out, r.out
    assert run("game", "repair", "sample").out.endswith("nothing was changed.\n")


def _two_rosters_of_one_figure(run) -> None:
    stats = ["--stat", "manoeuvre=5", "--stat", "firepower=4", "--stat", "boom=5"]
    stats += ["--stat", "fight=3", "--stat", "hack=6", "--stat", "stamina=9"]
    for roster in ("Reds", "Blues"):
        assert run("roster", "new", roster, "--system", "skirmashed").code == 0
    assert run("roster", "add", "Reds", "Vex", "-r", "figure", *stats).code == 0
    assert run("roster", "add", "Blues", "Holt", "-r", "figure", *stats).code == 0


def test_roster_repair_keeps_the_last_change_when_only_the_end_is_damaged(run, home):
    _two_rosters_of_one_figure(run)
    rosters = home / "rosters.json"
    rosters.write_bytes(rosters.read_bytes()[:-1])
    r = run("roster", "repair", "--json")
    assert r.code == 0, r.err
    assert (r.json()["kept"], r.json()["lost"]) == (2, 0)
    shown = {x["name"]: x["fighters"] for x in run("roster", "list", "--json").json()["items"]}
    assert shown == {"Reds": 1, "Blues": 1}


def test_roster_repair_counts_a_cut_roster_as_lost_and_takes_the_rest_from_the_backup(run, home):
    _two_rosters_of_one_figure(run)
    rosters = home / "rosters.json"
    text = rosters.read_bytes()
    rosters.write_bytes(text[: text.rindex(b'"name":"Blues"') + 20])  # Blues, cut
    r = run("roster", "repair", "--json")
    assert r.code == 0, r.err
    done = r.json()
    assert (done["kept"], done["lost"], done["source"]) == (
        2,
        1,
        "what was readable and the backup",
    )
    assert any("as they were before the last change" in n for n in done["notes"])
    shown = {x["name"]: x["fighters"] for x in run("roster", "list", "--json").json()["items"]}
    assert shown == {"Reds": 1, "Blues": 0}  # Blues before Holt was added: that change is lost
