"""A solo game with long names at 80x24 (and 60 columns): every name, state and spawnpoint
whole on the board, who came from each spawnpoint (and when) on the map, the OpFor's
menu entries whole, and the upkeep's spawn on play's screen without pressing k.

The game: a warband whose boss is "Sergeant-at-arms Bartholomew", against a profile
whose fighters have long names; the set-up's spawn, then an upkeep whose spawn dice
(1, 2, 3, 4, 5 and 6) bring a rookie to every spawnpoint.
"""

from __future__ import annotations

import copy
import io
import re
import shutil
from pathlib import Path

import pytest
from play_helpers import play_keys
from solo_helpers import WARBAND, warband_file

from companion.render.board import render_board
from companion.render.board_lines import plain_board
from companion.render.console import make_console

LONG = "Sergeant-at-arms Bartholomew"
PROFILE = {
    "rookie-name": "Watchman-of-the-Gate",
    "specialist-name": "Halberdier Sergeant",
    "boss-name": "Captain of the Night Watch",
}
SIX_SINGLES = "1,2,3,4,5,6"  # a rookie at each spawnpoint (R-1SS-11)
MAP_HEAD = "Who came from each spawnpoint, and when:"
GAME = "watch"


@pytest.fixture
def long_game(run, tmp_path):
    """Turn 1 of a solo game with long names, before its upkeep."""
    w = copy.deepcopy(WARBAND)
    w["fighters"][0]["name"] = LONG
    w["fighters"][1]["name"] = "Quartermaster Johannes"
    assert run("roster", "import", warband_file(tmp_path, w)).code == 0
    args = ["solo", "profile", "new", "long guard", "--rookie", "3", "--specialist", "4"]
    args += ["--boss", "6", "--specialization", "brawler", "--boss-skill", "command"]
    for key, value in PROFILE.items():
        args += [f"--{key}", value]
    r = run(*args)
    assert r.code == 0, r.err
    # Seed 11: Halberdier Sergeants 1 and 2 and Watchmen-of-the-Gate 1 and 2 arrive.
    r = run(
        "solo", "new", "-r", "Outlaws", "--profile", "long guard", "--name", GAME, "--seed", "11"
    )
    assert r.code == 0, r.err
    assert run("turn").code == 0
    return run


@pytest.fixture
def upkept(long_game):
    """The same game after turn 1's upkeep (its spawn: six singles), a fighter of each
    side down and one of the OpFor's out."""
    r = long_game("turn", "--force", "--dice", SIX_SINGLES)
    assert r.code == 0, r.err
    assert long_game("set", LONG, "--state", "wounded", "--wounds", "1").code == 0
    r = long_game("set", "Halberdier Sergeant 2", "--state", "wounded", "--wounds", "1")
    assert r.code == 0, r.err
    assert long_game("set", "Halberdier Sergeant 1", "--state", "out").code == 0
    return long_game


def _fighter_lines(lines: list[str], name: str) -> list[str]:
    """A fighter's line in the list and the lines it flows onto (two spaces in; its
    details, four spaces in, are not part of it)."""
    head = re.compile(rf"^[·●] {re.escape(name)}(  | ◀|$)")
    starts = [i for i, line in enumerate(lines) if head.match(line)]
    assert len(starts) == 1, f"{name!r} not whole on one line:\n" + "\n".join(lines)
    i = starts[0]
    out = [lines[i]]
    for line in lines[i + 1 :]:
        if not re.match(r"^  \S", line):
            break
        out.append(line)
    return out


def _check_board(text: str, board: dict, width: int) -> None:
    lines = [line.rstrip() for line in text.splitlines()]
    assert "…" not in text
    assert all(len(line) <= width for line in lines), text
    for side in board["sides"]:
        for f in side["fighters"]:
            mine = _fighter_lines(lines, f["name"])
            said = "  ".join(x.strip() for x in mine)
            assert f["status_text"] in said, mine
            point = f["flags"].get("spawnpoint")
            if point is not None:
                assert f"from spawnpoint {point}" in said, mine


@pytest.mark.parametrize("width", [60, 80, 100])
def test_status_shows_each_name_state_and_spawnpoint_whole(upkept, monkeypatch, width):
    monkeypatch.setenv("COLUMNS", str(width))
    board = upkept("status", "--json").json()
    assert any(f["name"] == LONG for f in board["sides"][0]["fighters"])
    opfor = board["sides"][1]["fighters"]
    assert len(opfor) == 10 and all("spawnpoint" in f["flags"] for f in opfor)
    r = upkept("status")
    assert r.code == 0, r.err
    # At 100 columns the table would fold "Sergeant-at-arms" in two: the list instead.
    assert "┏" not in r.out
    _check_board(r.out, board, width)
    assert "wounded (prone)" in r.out


@pytest.mark.parametrize("width", [60, 80])
def test_the_board_drawn_by_rich_is_the_same_and_play_s_board_keeps_it_whole(
    upkept, monkeypatch, width
):
    monkeypatch.setenv("COLUMNS", str(width))
    board = upkept("status", "--json").json()
    c = make_console()
    c.file = io.StringIO()
    render_board(c, board)
    assert plain_board(board) == c.file.getvalue()
    # Play's board (s) on a 24-row terminal leaves out the gear, never a name or a state.
    c = make_console()
    c.file = io.StringIO()
    render_board(c, board, rows=23)
    _check_board(c.file.getvalue(), board, width)


def test_a_wide_terminal_still_gets_the_tables_with_every_name_whole(upkept, monkeypatch):
    monkeypatch.setenv("COLUMNS", "160")
    r = upkept("status")
    assert "┏" in r.out and "…" not in r.out
    assert f"│{LONG} " in r.out and "│Captain of the Night Watch 1 " not in r.out
    assert "from spawnpoint 6" in r.out


def _map_entries(text: str) -> dict[int, list[str]]:
    """The map's list of arrivals: each spawnpoint's lines (it flows onto lines three
    spaces in)."""
    assert MAP_HEAD in text, text
    entries: dict[int, list[str]] = {}
    number = None
    for line in text.split(MAP_HEAD, 1)[1].splitlines():
        m = re.match(r"^(\d)x?: +(.*)$", line)
        if m:
            number = int(m.group(1))
            entries[number] = [m.group(2)]
        elif line.strip() and number is not None:
            entries[number].append(line.strip())
    return entries


@pytest.mark.parametrize("width", [60, 80])
def test_solo_map_says_who_came_from_each_spawnpoint_and_in_which_turn(upkept, monkeypatch, width):
    monkeypatch.setenv("COLUMNS", str(width))
    data = upkept("solo", "map", "--json").json()
    board = upkept("status", "--json").json()
    r = upkept("solo", "map")
    assert r.code == 0, r.err
    assert all(len(line) <= width for line in r.out.splitlines()), r.out
    entries = _map_entries(r.out)
    assert sorted(entries) == [1, 2, 3, 4, 5, 6]
    # The data: every OpFor fighter under its spawnpoint, with the turn it arrived in.
    opfor = {f["id"]: f for f in board["sides"][1]["fighters"]}
    listed = {f["id"]: (sp["number"], f) for sp in data["spawnpoints"] for f in sp["fighters"]}
    assert set(listed) == set(opfor)
    for fid, (number, f) in listed.items():
        flags = opfor[fid]["flags"]
        assert number == flags["spawnpoint"] and f["turn"] == flags["spawn_turn"]
        assert f["name"] == opfor[fid]["name"] and f["out"] == (opfor[fid]["status"] == "out")
    turns = sorted({f["turn"] for _, f in listed.values()})
    assert turns == [0, 2]  # the set-up's spawn, and the one the upkeep of turn 1 rolled
    assert all(len(sp["fighters"]) >= 1 for sp in data["spawnpoints"])  # six singles
    # The drawing: each fighter whole on one line of its spawnpoint, with when.
    for number, f in listed.values():
        when = "set-up" if f["turn"] == 0 else f"turn {f['turn']}"
        said = f"{f['name']} ({when}" + (", out)" if f["out"] else ")")
        assert any(said in line for line in entries[number]), (said, entries[number])


def test_the_opfor_menu_fits_80_columns_whole(long_game):
    for f in long_game("status", "--json").json()["sides"][0]["fighters"]:
        assert long_game("activate", f["name"]).code == 0
        assert long_game("done").code == 0
    opfor = [f["name"] for f in long_game("status", "--json").json()["sides"][1]["fighters"]]
    # r: digital dice; the first walk starts by itself, b: the OpFor's menu; q.
    _, ui = play_keys(GAME, "r" + "b" + "q", rows=24, width=80)
    menu = next(labels for m, labels in ui.menus if "(OpFor) to activate" in m)
    walks = [x for x in menu if "OpFor procedure" in x]
    assert len(walks) == len(opfor)
    assert walks[0].endswith(": OpFor procedure, next")
    for name, entry in zip(opfor, walks, strict=True):
        assert "…" not in entry and f") {name} (" in entry, entry
        assert len(" » " + entry) <= 80, entry


def _last_screen(text: str, header: str) -> list[str]:
    """What play drew last: its last header and what follows, but the line quitting
    prints."""
    last = header + text.rsplit(header, 1)[1]
    return last.split("\nLeft '", 1)[0].splitlines()


def test_play_shows_the_upkeep_spawn_at_80_by_24_without_k(long_game):
    """The upkeep's trace is too long for the screen; its spawn dice and who arrived at
    which spawnpoint stay on it, with the menu under them."""
    from companion.play.loop import HINT
    from companion.play.screen import question_lines

    # e: enter dice; t: end your fighters' turn, y: yes; b: not the OpFor walk that
    # starts by itself; t: end turn 1 now, y: yes; the spawn dice; q.
    text, ui = play_keys(GAME, "ety" + "b" + "ty" + SIX_SINGLES + "\rq", rows=24, width=80)
    log = long_game("log", "--json").json()["items"]
    upkeep = log[-1]
    assert upkeep["kind"] == "turn" and upkeep["turn"] == 2
    arrived = upkeep["data"]["spawned"]
    assert sorted(a["spawnpoint"] for a in arrived) == [1, 2, 3, 4, 5, 6]
    screen = _last_screen(text, f"{GAME} · 1 Stat Skirmish · turn 2/8")
    message, labels = ui.menus[-1]
    menu = question_lines(message, HINT, 80) + len(labels)
    assert len(screen) + menu <= 24, "\n".join(screen)
    shown = "\n".join(screen)
    assert "…" not in shown
    assert "Spawn dice: OpFor rolls 6D6 → 1 2 3 4 5 6" in shown, shown
    assert "Result: turn 2: your fighters first" in shown, shown
    for a in arrived:
        line = f"Spawnpoint {a['spawnpoint']}: {a['name']} (D{a['die']}, stat {a['stat']})"
        assert any(line in x for x in screen), (line, shown)


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
def test_in_a_real_terminal_the_upkeep_spawn_is_on_screen(long_game, tmp_path, home, monkeypatch):
    monkeypatch.syspath_prepend(str(Path(__file__).resolve().parents[1] / "play"))
    from test_play_pty import Term

    t = Term(tmp_path, home, "play", 80, 24)
    try:
        t.wait("roll for you, or enter")
        t.press("e", "m: more)")
        # t ends your fighters' turn (the OpFor's turn is next), t again the turn.
        t.press("t", "End your fighters' turn now?")
        t.press("y", "OpFor procedure")
        t.press("b", "m: more)")  # the OpFor's menu, not the walk that starts by itself
        t.press("t", "End turn 1 now?")
        t.press("y", "Roll D6 for the spawn dice")
        t.press(SIX_SINGLES, "End your fighters' turn now", enter=True)
        t.settle()
        shown = t.visible()
        log = long_game("log", "--json").json()["items"]
        for a in log[-1]["data"]["spawned"]:
            assert f"Spawnpoint {a['spawnpoint']}: {a['name']} (D6, stat 3)" in shown, shown
        assert "Spawn dice: OpFor rolls 6D6 → 1 2 3 4 5 6" in shown, shown
        assert "…" not in shown
        assert all(len(line) <= 80 for line in shown.splitlines())
    finally:
        t.close()
