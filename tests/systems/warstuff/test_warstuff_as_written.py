"""WarStuff as written, through the real CLI and `play`: no victory points to set in the
guided mode, and the points-limit error names the limits a roster can have."""

from __future__ import annotations

import pytest
from play_helpers import play_keys


@pytest.mark.parametrize("system", ["warstuff", "skirmashed"])
def test_play_more_menu_offers_no_victory_points_where_none_are_kept(run, system):
    assert run("game", "new", "--system", system, "--name", "w").code == 0
    assert run("turn", "--seed", "1").code == 0
    _, ui = play_keys("w", "rmbq")  # dice rolled, More, back, quit
    more = next(labels for msg, labels in ui.menus if msg == "More:")
    assert not any("Victory points" in x for x in more), more
    # Nor does any other menu (the main menu names its "more" key in its question).
    assert not any("VP" in x for _, labels in ui.menus for x in labels), ui.menus


def test_play_more_menu_still_offers_victory_points_in_1ss(demo):
    assert demo("turn", "--dice", "7,3").code == 0
    _, ui = play_keys("sample", "rmbq")
    more = next(labels for msg, labels in ui.menus if msg == "More:")
    assert "v) Victory points" in more


def test_over_the_points_limit_the_error_names_150_or_300(run):
    assert run("roster", "new", "Knights", "-s", "warstuff").code == 0
    r = run("roster", "add-unit", "Knights", "Knight", "--genre", "medieval", "--count", "6")
    assert r.code == 1 and "over its limit of 150 pts" in r.err
    assert "a warband's limit is 150 or 300 pts" in r.err and "points=300" in r.err
    assert "points=N" not in r.err
    r = run("roster", "add-unit", "Knights", "Knight", "--genre", "medieval", "--count", "11")
    assert r.code == 1 and "even 300 pts is too few" in r.err
    r = run(
        "roster",
        "add-unit",
        "Knights",
        "Knight",
        "--genre",
        "medieval",
        "--count",
        "6",
        "--over-limit",
    )
    assert r.code == 0
    assert run("roster", "new", "Orcs", "-s", "warstuff").code == 0
    assert run("roster", "add-unit", "Orcs", "Knight", "--genre", "medieval").code == 0
    r = run("game", "new", "-r", "Knights", "-r", "Orcs", "--opt", "points=150")
    assert r.code == 2 and "over this game's limit of 150 pts" in r.err
    assert "a warband's limit is 150 or 300 pts" in r.err
