"""Two-player 1ss in `play`: a face-down Regenerator's upkeep roll may be passed where
upkeep is run, as with 'companion act NAME regenerate --opt roll=false' (R-1SS-P28)."""

from __future__ import annotations

import json

from onestat_helpers import band, mend
from play_helpers import play_keys


def setup(run, tmp_path) -> None:
    for name, regen in (("Menders", "Mend"), ("Ghouls", "Ghoul")):
        p = tmp_path / f"{name}.json"
        p.write_text(json.dumps(band(name, regen)))
        assert run("roster", "import", str(p)).code == 0
    r = run("game", "new", "-r", "Menders", "-r", "Ghouls", "--scenario", "training", "--name", "g")
    assert r.code == 0, r.err
    assert run("turn", "--dice", "7,3").code == 0
    assert run("set", "Mend", "--state", "face-down", "--wounds", "2").code == 0


def test_play_asks_before_upkeep_and_a_no_passes_the_roll(run, tmp_path):
    setup(run, tmp_path)
    # Rolled dice; end the turn early (t, y), then "no" to Mend's roll, then quit.
    _, ui = play_keys("g", "r" + "ty" + "n" + "q")
    asked = [msg for msg, _ in ui.menus if "Mend's recovery" in msg]
    assert asked == ["Roll for Mend's recovery (Regenerator)? A failure removes it."]
    kinds = [e["kind"] for e in run("log", "--json").json()["items"]]
    assert kinds[-2:] == ["regenerate", "turn"], kinds
    steps = run("log", "--json").json()["items"][-1]["trace"]["steps"]
    assert any(s["title"] == "Mend stays face down" for s in steps), steps
    assert (mend(run)["status"], mend(run)["wounds"]) == ("face-down", 2)


def test_a_yes_rolls_and_writes_no_extra_step(run, tmp_path):
    setup(run, tmp_path)
    _, ui = play_keys("g", "r" + "ty" + "y" + "q")
    kinds = [e["kind"] for e in run("log", "--json").json()["items"]]
    assert kinds[-1] == "turn" and "regenerate" not in kinds, kinds
    assert mend(run)["status"] in ("wounded", "out")  # the roll was made


def test_a_pass_given_by_command_is_the_default_and_yes_takes_it_back(run, tmp_path):
    setup(run, tmp_path)
    assert run("act", "Mend", "regenerate", "--opt", "roll=false").code == 0
    _, ui = play_keys("g", "r" + "ty" + "\r" + "q")  # Enter keeps the pass
    labels = next(lb for msg, lb in ui.menus if "Mend's recovery" in msg)
    assert labels[0] == "n) No", labels
    assert mend(run)["status"] == "face-down"


def test_the_rarer_keys_answer_only_behind_more(demo):
    """v (victory points) and o (override) are behind m: from the main menu they do
    nothing, as the CHANGELOG now says."""
    _, ui = play_keys("sample", "r" + "vo" + "q")
    assert not any("victory points" in m or "Which fighter" in m for m, _ in ui.menus)
    _, ui = play_keys("sample", "mv" + "b" + "q")
    assert any(m == "Whose victory points?" for m, _ in ui.menus), ui.menus
