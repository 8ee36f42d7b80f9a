"""Odds read the game's state straight from its file, or open it the usual way: the
same answers and the same errors either way."""

from __future__ import annotations

import json
from pathlib import Path

from companion.game import peek, repo


def test_the_segment_size_is_the_game_layers() -> None:
    assert peek.SEGMENT == repo.SEGMENT
    from companion import home
    from companion.game import store

    assert home.MAX_FILE_BYTES == store.MAX_FILE_BYTES


def test_the_view_is_the_state_open_game_reads(demo, home: Path) -> None:
    assert demo("turn", "--seed", "3").code == 0
    view = peek.peek(None)
    assert view is not None
    h = repo.Home(home)
    with h.reading():
        gf = h.open_game(None)
    assert (view.name, view.system, view.state) == (gf.name, gf.system, gf.state)
    assert peek.peek("sample") == view


def test_what_peek_leaves_to_the_usual_way(demo, home: Path) -> None:
    assert peek.peek("sam") is None  # a prefix: the usual way resolves it
    assert peek.peek("nothing") is None
    assert demo("odds", "Cpt", "Robyn", "--range", "7", "--game", "sam").code == 0
    r = demo("odds", "Cpt", "Robyn", "--range", "7", "--game", "nothing")
    assert r.code != 0 and "nothing" in r.err


def test_odds_on_a_damaged_game_say_what_the_usual_way_says(demo, home: Path) -> None:
    game = home / "games" / "sample.json"
    doc = json.loads(game.read_text())
    doc["game"]["1"]["setup"] = {"not": "a state"}
    game.write_text(json.dumps(doc))
    assert peek.peek(None) is None
    odds = demo("odds", "Cpt", "Robyn", "--range", "7")
    status = demo("log", "--json")
    assert odds.code == status.code != 0
    assert "not a readable companion game" in odds.err
    assert odds.err.splitlines()[-1].split("(")[0] == status.err.splitlines()[-1].split("(")[0]


def test_odds_on_a_game_missing_its_events_say_so(demo, home: Path) -> None:
    assert demo("vp", "1", "+1").code == 0
    for seg in (home / "games" / "sample.events").glob("*.json"):
        seg.unlink()
    assert peek.peek(None) is None
    r = demo("odds", "Cpt", "Robyn", "--range", "7")
    assert r.code != 0 and "holds fewer" in r.err
