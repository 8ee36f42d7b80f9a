"""Rosters through the real CLI: create, add, edit, remove, show, list, check, export, import."""

from __future__ import annotations

import json


def make(run):
    assert run("roster", "new", "Red Caps", "--system", "1ss").code == 0
    assert (
        run(
            "roster",
            "add",
            "red",
            "Gob",
            "-r",
            "boss",
            "--stat",
            "6",
            "-e",
            "melee-1h:club",
            "--skill",
            "command",
            "--skill",
            "veteran",
        ).code
        == 0
    )
    assert (
        run(
            "roster",
            "add",
            "red",
            "Snik",
            "-r",
            "specialist",
            "--stat",
            "5",
            "--skill",
            "Sniper",
            "-e",
            "light-shooter:sling",
        ).code
        == 0
    )
    for n in ("Ug", "Og"):
        r = run(
            "roster",
            "add",
            "red",
            n,
            "-r",
            "rookie",
            "--stat",
            "3",
            "--role",
            "thug",
            "-e",
            "melee-1h",
        )
        assert r.code == 0, r.err


def test_build_show_and_check_a_roster(run):
    make(run)
    shown = run("roster", "show", "red", "--json").json()
    assert [f["name"] for f in shown["fighters"]] == ["Gob", "Snik", "Ug", "Og"]
    assert shown["fighters"][1]["skills"] == ["sniper"]
    r = run("roster", "check", "red")
    assert r.code == 0 and "follows the warband rules" in r.out
    assert run("roster", "list", "--json").json()["items"] == [
        {"name": "Red Caps", "system": "1ss", "fighters": 4}
    ]


def test_check_lists_every_problem_and_fails(run):
    make(run)
    run("roster", "add", "red", "Zed", "-r", "specialist", "--stat", "4", "--skill", "sniper")
    r = run("roster", "check", "red", "--json")
    assert r.code == 1
    msgs = [p["message"] for p in r.json()["problems"]]
    assert any("2 specialists need at least 4 rookies" in m for m in msgs)
    assert any("share the skill Sniper" in m for m in msgs)


def test_bad_fighter_is_refused_in_one_line_and_nothing_written(run, home):
    make(run)
    before = (home / "rosters.json").read_bytes()
    r = run("roster", "add", "red", "Big", "-r", "rookie", "--stat", "7")
    assert r.code == 2
    assert r.err.count("\n") == 1 and "stat must be 1-6, not 7" in r.err
    assert (home / "rosters.json").read_bytes() == before
    r = run("roster", "add", "red", "Big", "-r", "general", "--stat", "3")
    assert r.code == 2 and "rank 'general'" in r.err


def test_edit_and_remove_by_prefix(run):
    make(run)
    assert run("roster", "edit", "red", "sn", "--stat", "7", "--name", "Snikkit").code == 0
    shown = run("roster", "show", "red", "--json").json()
    assert shown["fighters"][1]["name"] == "Snikkit"
    assert shown["fighters"][1]["stats"] == {"stat": 7}
    assert run("roster", "remove", "red", "og").code == 0
    assert len(run("roster", "show", "red", "--json").json()["fighters"]) == 3


def test_ambiguous_prefix_is_a_usage_error(run):
    make(run)
    r = run("roster", "remove", "red", "g")  # Gob only: prefix is case-insensitive
    assert r.code == 0
    r = run("roster", "add", "red", "Ugh", "-r", "rookie", "--stat", "2")
    r = run("roster", "remove", "red", "ug")  # exact match wins over prefix
    assert r.code == 0
    run("roster", "add", "red", "Ugo", "-r", "rookie", "--stat", "2")
    r = run("roster", "remove", "red", "u")
    assert r.code == 2 and "more than one fighter" in r.err


def test_export_import_round_trip(run, tmp_path):
    make(run)
    out = tmp_path / "red.json"
    assert run("roster", "export", "red", str(out)).code == 0
    data = json.loads(out.read_text())
    assert data["name"] == "Red Caps"
    r = run("roster", "import", str(out))
    assert r.code == 1 and "already exists" in r.err
    assert run("roster", "import", str(out), "--name", "Blue Caps").code == 0
    assert run("roster", "show", "blue", "--json").json()["fighters"] == data["fighters"]


def test_import_refuses_unknown_keys_and_wrong_types(run, tmp_path, home):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"name": "X", "system": "1ss", "fighters": [], "evil": 1}))
    r = run("roster", "import", str(bad))
    assert r.code == 2 and "unknown key 'evil'" in r.err
    bad.write_text(
        json.dumps(
            {
                "name": "X",
                "system": "1ss",
                "fighters": [{"name": "A", "rank": "rookie", "stats": {"stat": "3"}}],
            }
        )
    )
    r = run("roster", "import", str(bad))
    assert r.code == 2 and "stats.stat: expected a whole number" in r.err
    bad.write_text("{not json")
    r = run("roster", "import", str(bad))
    assert r.code != 0 and "not a valid roster file" in r.err
    assert not (home / "rosters.json").exists()


def test_delete_roster(run):
    make(run)
    r = run("roster", "delete", "red")
    assert r.code == 2 and "--yes" in r.err  # no terminal to ask: nothing deleted
    assert len(run("roster", "list", "--json").json()["items"]) == 1
    assert run("roster", "delete", "red", "--yes").code == 0
    assert run("roster", "list", "--json").json()["items"] == []
    r = run("roster", "show", "red")
    assert r.code == 2 and "no roster named 'red'" in r.err


def test_a_deleted_roster_is_restored_whole(run):
    make(run)
    before = run("roster", "show", "red", "--json").out
    assert run("roster", "delete", "red", "--yes").code == 0
    r = run("roster", "restore", "red")
    assert r.code == 0, r.err
    assert run("roster", "show", "red", "--json").out == before
    r = run("roster", "restore", "red")
    assert r.code == 2 and "no deleted roster" in r.err


def test_import_names_a_folder_a_pipe_or_a_device(demo, run, tmp_path):
    import os

    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    for path, kind in [
        (tmp_path, "is a folder"),
        (fifo, "is a pipe"),
        ("/dev/null", "is a device"),
    ]:
        r = run("roster", "import", str(path))
        assert r.code == 2 and kind in r.err and r.err.count("\n") == 1, r.err


def test_export_asks_before_replacing_and_says_when_it_creates_folders(demo, run, tmp_path):
    out = tmp_path / "new" / "deeper" / "robyn.json"
    r = run("roster", "export", "Robyn", str(out))
    assert r.code == 0, r.err
    assert f"Created the folder {tmp_path / 'new'}." in r.out
    assert f"Created the folder {tmp_path / 'new' / 'deeper'}." in r.out
    before = out.read_bytes()
    r = run("roster", "export", "Cpt", str(out))
    assert r.code == 2 and "already a file; give --force" in r.err
    assert out.read_bytes() == before
    assert run("roster", "export", "Cpt", str(out), "--force").code == 0
    assert b"Fawkes" in out.read_bytes()
    # A link is replaced by the file itself; what it pointed to is left alone.
    link = tmp_path / "link.json"
    link.symlink_to(out)
    r = run("roster", "export", "Robyn", str(link))
    assert r.code == 2 and "already a link" in r.err
    assert run("roster", "export", "Robyn", str(link), "--force").code == 0
    assert not link.is_symlink() and b"Fawkes" in out.read_bytes()
    r = run("roster", "export", "Robyn", str(tmp_path))
    assert r.code == 2 and "is a folder" in r.err


def _importing(run, tmp_path, data: bytes) -> str:
    f = tmp_path / "in.json"
    f.write_bytes(data)
    r = run("roster", "import", str(f))
    assert r.code in (1, 2) and r.err.count("\n") == 1 and str(f) in r.err, r.err
    return r.err


def test_import_is_held_to_the_rules_of_the_commands(run, tmp_path, home):
    make(run)
    out = tmp_path / "red.json"
    assert run("roster", "export", "red", str(out)).code == 0
    red = json.loads(out.read_text())
    red["name"] = "Copy"
    twice = {**red, "fighters": red["fighters"] + red["fighters"][:1]}
    assert "is used twice" in _importing(run, tmp_path, json.dumps(twice).encode())
    for value in (10**30, "x" * 500_000):
        bad = {**red, "options": {"points": value}}
        _importing(run, tmp_path, json.dumps(bad).encode())
    ws = {"name": "Greens", "system": "warstuff", "fighters": [], "options": {"points": 10**30}}
    assert "more than 18 digits" in _importing(run, tmp_path, json.dumps(ws).encode())
    ws["options"] = {"points": 299}
    assert "must be one of" in _importing(run, tmp_path, json.dumps(ws).encode())
    ws["options"] = {"points": 300}
    (tmp_path / "ok.json").write_text(json.dumps(ws))
    assert run("roster", "import", str(tmp_path / "ok.json")).code == 0


def test_import_takes_utf8_only_and_each_key_once(run, tmp_path):
    doc = {"name": "Red", "system": "1ss", "fighters": []}
    text = json.dumps(doc)
    assert "not UTF-8" in _importing(run, tmp_path, text.encode("utf-16"))
    assert "byte-order mark" in _importing(run, tmp_path, b"\xef\xbb\xbf" + text.encode())
    twice = '{"name": "Red", "name": "Blue", "system": "1ss", "fighters": []}'
    assert "written twice" in _importing(run, tmp_path, twice.encode())
    (tmp_path / "ok.json").write_text(text, encoding="utf-8")
    assert run("roster", "import", str(tmp_path / "ok.json")).code == 0


def test_a_flag_name_is_held_to_a_length(demo):
    assert demo("turn", "--seed", "3").code == 0
    r = demo("set", "Robyn", "--flag", "x" * 120_000 + "=1")
    assert r.code == 2 and "at most 60 characters" in r.err and r.err.count("\n") == 1
    assert len(r.err) < 300
    assert demo("set", "Robyn", "--flag", "charge_left=1").code == 0
