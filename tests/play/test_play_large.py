"""A large warband in the guided mode: the menu keeps to the screen and to one-key
choices, and every fighter stays reachable through a search."""

from __future__ import annotations

from play_helpers import Recording, play_keys

from companion import systems
from companion.cli.shared import drawn_board
from companion.game.repo import Home
from companion.play.loop import MAX_KEYED
from companion.roster import Roster, RosterFighter


def _band(name: str, n: int) -> Roster:
    rookie = {"stat": 3}
    fighters = [RosterFighter(f"{name} {i:02d}", "rookie", rookie, ("sword",)) for i in range(n)]
    return Roster(name, "1ss", tuple(fighters))


def _game(home: Home, n: int) -> None:
    system = systems.get("1ss")
    state = system.new_game([_band("Reds", n), _band("Blues", n)], "training", {"force": True})
    home.create_game("big", state).db.commit()
    home.set_setting("current", "big")


def _drive(keys: str, rows: int) -> tuple[str, Recording, Home]:
    out, ui = play_keys("big", keys, rows=rows, width=80)
    return out, ui, Home(draw=drawn_board)


def test_a_warband_of_25_keeps_the_menu_on_an_80x24_screen_and_reaches_the_last(home):
    _game(Home(draw=drawn_board), 25)
    # r: roll for me; n: turn 1 (initiative); then the choose menu, its last numbered
    # entry searches the others: "24" filters to the last fighter, Enter activates it.
    _, ui, h = _drive("rnq", 24)
    choose = next(labels for msg, labels in ui.menus if "to activate" in msg)
    phase = [x for x in choose if "Activate" in x or "Another" in x]
    # Header, the shortest result, the question and every menu line fit 24 rows.
    assert len(choose) + 1 + 3 + 1 <= 24, choose
    assert phase[-1].endswith("more: type to search)"), phase
    more_key = phase[-1].split(")")[0]
    side = "Reds" if "Reds" in phase[0] else "Blues"
    _, ui, h = _drive(f"r{more_key}{side} 24\rq", 24)
    gf = h.open_game("big")
    last = gf.tail(1)[0]
    assert last.kind == "activate" and last.summary.startswith(f"{side} 24"), last.summary


def test_a_tall_terminal_lists_as_many_as_there_are_keys(home):
    _game(Home(draw=drawn_board), 25)
    _, ui, _ = _drive("rnq", 60)
    choose = next(labels for msg, labels in ui.menus if "to activate" in msg)
    phase = [x for x in choose if "Activate" in x or "Another" in x]
    assert len(phase) == MAX_KEYED and "more: type to search" in phase[-1]
