"""A game shared as one file: exported, imported under its name or another, and refused in
one line, with nothing written, when it is damaged or from a newer companion."""

from __future__ import annotations

import json


def names(run):
    return sorted(g["name"] for g in run("game", "list", "--json").json()["items"])


def test_an_imported_game_tells_the_same_story(record, tmp_path):
    out = tmp_path / "g.json"
    assert record("game", "export", "smbfat-game", "-o", str(out)).code == 0
    r = record("game", "import", str(out), "--as", "from-a-friend", "--json")
    assert r.code == 0, r.err
    want = {"game": "from-a-friend", "system": "smbfat", "events": r.json()["events"]}
    assert r.json() == {"schema": 1, **want}
    a = record("report", "--game", "smbfat-game", "--json").json()
    b = record("report", "--game", "from-a-friend", "--json").json()
    assert a | {"game": ""} == b | {"game": ""}
    games = {g["name"]: g for g in record("history", "--json").json()["games"]}
    assert games["from-a-friend"]["headline"] == games["smbfat-game"]["headline"]
    assert games["from-a-friend"]["created"] == games["smbfat-game"]["created"]


def test_refused_in_one_line_with_nothing_written(record, tmp_path, home):
    good = tmp_path / "good.json"
    assert record("game", "export", "conceded", "-o", str(good)).code == 0
    doc = json.loads(good.read_text())
    newer = tmp_path / "newer.json"
    newer.write_text(json.dumps(doc | {"schema": 2}))
    cut = tmp_path / "cut.json"
    cut.write_text(good.read_text()[:-100])
    changed = tmp_path / "changed.json"
    doc["events"][0]["summary"] = "something else"
    changed.write_text(json.dumps(doc))
    # Sealed with a checksum that matches, an event that names no fighter of the game.
    from companion.history.share import _sum

    bad = json.loads(good.read_text())
    bad["events"][-1]["changes"] = [{"target": "fighter", "key": "nobody", "field": "wounds"}]
    bad["events"][-1]["changes"][0]["value"] = 1
    bad["sum"] = _sum(bad["game"], bad["events"])
    unplayable = tmp_path / "unplayable.json"
    unplayable.write_text(json.dumps(bad))
    other = tmp_path / "roster.json"
    other.write_text(json.dumps({"name": "x", "system": "1ss"}))
    before = names(record)
    files = sorted(p.name for p in (home / "games").iterdir())
    for path, says in (
        (newer, "newer companion"),
        (cut, "not a valid"),
        (changed, "checksum"),
        (unplayable, "nobody"),
        (other, "not a game exported"),
        (good, "already here"),  # its own name is taken
        (tmp_path / "missing.json", "cannot read"),
    ):
        r = record("game", "import", str(path))
        assert r.code == 2, (path, r.err)
        assert says in r.err and r.err.count("\n") == 1, r.err
    assert names(record) == before
    assert sorted(p.name for p in (home / "games").iterdir()) == files


def test_export_needs_a_file(record):
    r = record("game", "export", "sample")
    assert r.code == 2 and "-o FILE" in r.err
