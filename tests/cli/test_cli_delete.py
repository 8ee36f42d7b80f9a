"""Deleting asks first on a terminal, "no" by default, and keeps a copy to restore."""

from __future__ import annotations

import os

import pytest
from ptydrive import PtyProcess, companion


def env(home):
    return {**os.environ, "COMPANION_HOME": str(home), "NO_COLOR": "1", "TERM": "xterm"}


@pytest.mark.parametrize(
    ("args", "question"),
    [
        (("roster", "delete", "Robyn"), "Delete roster"),
        (("game", "delete", "sample"), "Delete game"),
    ],
)
def test_delete_on_a_terminal_defaults_to_no(demo, home, args, question):
    p = PtyProcess(companion(*args), env(home))
    try:
        p.expect(question)
        p.expect(r"\(y/N\)")
        p.send("\r")  # just Enter: the default, no
        assert p.wait() == 2
        assert "cancelled; nothing was deleted" in p.text
    finally:
        p.kill()
    assert demo("roster", "show", "Robyn").code == 0
    assert demo("status").code == 0
    p = PtyProcess(companion(*args), env(home))
    try:
        p.expect(question)
        p.send("y")
        assert p.wait() == 0
    finally:
        p.kill()
    what, name = args[0], args[2]
    assert demo(what, "restore", name).code == 0


def test_game_delete_keeps_the_files_aside(demo, home):
    assert demo("turn", "--dice", "7,3").code == 0
    assert demo("game", "delete", "sample", "--yes").code == 0
    assert not (home / "games" / "sample.json").exists()
    [kept] = (home / "deleted" / "games").glob("sample.*")
    assert (kept / "sample.json").exists() and (kept / "sample.events").is_dir()
    r = demo("status")
    assert r.code == 2
    assert demo("game", "restore", "sam").code == 0
    assert "Turn 1 begins" in demo("log").out


def _vp(run, side: int) -> int:
    return int(run("status", "--json").json()["sides"][side]["vp"])


def test_deleting_a_name_twice_keeps_both_copies_and_restores_the_newest(demo, home):
    assert demo("turn", "--dice", "7,3").code == 0
    for _ in range(7):
        assert demo("vp", "1", "+1").code == 0
    assert demo("game", "delete", "sample", "--yes").code == 0
    assert demo("demo").code == 0
    assert demo("vp", "2", "+1").code == 0
    assert demo("game", "delete", "sample", "--yes").code == 0
    listed = demo("game", "restore", "--list", "--json").json()["items"]
    assert [k["name"] for k in listed] == ["sample", "sample"]
    assert demo("game", "restore", "sample").code == 0
    assert (_vp(demo, 0), _vp(demo, 1)) == (0, 1)  # the newest copy
    # The older copy is still kept, and is restored by its time.
    assert demo("game", "delete", "sample", "--yes").code == 0
    older = sorted(
        demo("game", "restore", "--list", "--json").json()["items"], key=lambda k: k["path"]
    )[0]
    when = older["path"].rsplit(".", 1)[1]
    assert demo("game", "restore", "sample", "--when", when).code == 0
    assert (_vp(demo, 0), _vp(demo, 1)) == (7, 0)
    assert len(demo("game", "restore", "--list", "--json").json()["items"]) == 1


def test_deleting_a_roster_name_twice_keeps_both_copies(demo, home):
    assert demo("roster", "new", "Red Caps", "--system", "1ss").code == 0
    assert demo("roster", "delete", "Red Caps", "--yes").code == 0
    assert demo("roster", "new", "Red Caps", "--system", "1ss").code == 0
    assert demo("roster", "delete", "Red Caps", "--yes").code == 0
    assert len(demo("roster", "restore", "--list", "--json").json()["items"]) == 2
    assert demo("roster", "restore", "Red Caps").code == 0
    assert len(demo("roster", "restore", "--list", "--json").json()["items"]) == 1
    assert demo("roster", "show", "Red Caps").code == 0


def test_demo_fresh_keeps_the_played_game(demo, home):
    assert demo("vp", "1", "+1").code == 0
    r = demo("demo", "--fresh")
    assert r.code == 0 and "companion game restore sample" in r.out, r.out
    assert _vp(demo, 0) == 0
    assert demo("game", "delete", "sample", "--yes").code == 0
    kept = demo("game", "restore", "--list", "--json").json()["items"]
    assert len(kept) == 2
    # The copy kept by --fresh is the older one: the played game.
    older = sorted(kept, key=lambda k: k["path"])[0]["path"].rsplit(".", 1)[1]
    assert demo("game", "restore", "sample", "--when", older).code == 0
    assert _vp(demo, 0) == 1


def test_a_copy_kept_before_times_were_added_is_still_restored(demo, home):
    assert demo("vp", "1", "+1").code == 0
    assert demo("game", "delete", "sample", "--yes").code == 0
    [kept] = (home / "deleted" / "games").glob("sample.*")
    kept.rename(kept.with_name("sample"))  # the old layout: deleted/games/NAME/
    assert demo("game", "restore", "sample").code == 0
    assert _vp(demo, 0) == 1
