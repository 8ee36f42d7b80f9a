"""In a system of side turns (smbfat), ending early in `play` ends one force's turn, and
the menu says so instead of "End turn 1"; once the game is over it offers what the rules
still do."""

from __future__ import annotations

from play_helpers import play_keys
from smbfat_helpers import ended

from companion.names import possessive


def test_the_early_end_entry_names_the_force_whose_turn_it_ends(run):
    assert run("game", "new", "--system", "smbfat", "--name", "f").code == 0
    assert run("turn", "--seed", "1").code == 0
    side = run("status", "--json").json()["next_side_name"]
    _, ui = play_keys("f", "rq")
    labels = next(labels for msg, labels in ui.menus if "to activate" in msg)
    assert f"t) End {possessive(side)} turn now (no more activations)" in labels, labels


def test_after_the_last_round_play_offers_the_objectives_then_the_report(run):
    """smbfat scores its objectives once round 3 is over: `play` offers it (the only way
    before was to leave play and type 'companion act FIGURE objectives')."""
    ended(run)
    _, ui = play_keys("f", "r" + "Q")
    first = ui.menus[1][1] if ui.menus[0][0].startswith("Dice") else ui.menus[0][1]
    key = next(x[0] for x in first if "(the game is over)" in x)
    # The objectives by their key: nobody touches any of the three (their usual
    # answer), Enter on the confirming screen; q.
    _, ui = play_keys("f", key + "\r" + "q")
    first = ui.menus[1][1] if ui.menus[0][0].startswith("Dice") else ui.menus[0][1]
    assert any("(the game is over)" in x for x in first), ui.menus
    log = run("log", "--json").json()["items"]
    assert log[-1]["kind"] == "objectives", [e["kind"] for e in log][-3:]
