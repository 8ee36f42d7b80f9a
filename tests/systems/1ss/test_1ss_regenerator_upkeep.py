"""Two-player 1ss: a face-down Regenerator's upkeep roll may be passed, as in solo (the
text: "you may perform 1 roll"), R-1SS-P28."""

from __future__ import annotations

import json

import pytest
from onestat_helpers import band, mend


@pytest.fixture
def game(run, tmp_path):
    for name, regen in (("Menders", "Mend"), ("Ghouls", "Ghoul")):
        p = tmp_path / f"{name}.json"
        p.write_text(json.dumps(band(name, regen)))
        assert run("roster", "import", str(p)).code == 0
    r = run("game", "new", "-r", "Menders", "-r", "Ghouls", "--scenario", "training")
    assert r.code == 0, r.err
    assert run("turn", "--dice", "7,3").code == 0  # Menders have the initiative
    # Mend takes his second wound: face down until upkeep
    assert run("set", "Mend", "--state", "face-down", "--wounds", "2").code == 0
    return run


def upkeep_steps(run, dice: str) -> list[dict]:
    r = run("turn", "--force", "--dice", dice, "--json")
    assert r.code == 0, r.err
    return r.json()["event"]["trace"]["steps"]


def test_passing_keeps_the_regenerator_face_down_without_a_roll(game):
    lines = game("status", "--json").json()["notes"]
    assert any("Mend lies face down: it rolls to recover at upkeep" in x for x in lines)
    r = game("act", "Mend", "regenerate", "--opt", "roll=false", "--json")
    assert r.code == 0, r.err
    assert "stays face down at the next upkeep" in r.json()["event"]["summary"]
    lines = game("status", "--json").json()["notes"]
    assert any("no recovery roll at upkeep, as its player passed" in x for x in lines)
    steps = upkeep_steps(game, "7,3")  # only the initiative dice are rolled
    stay = next(s for s in steps if s["title"] == "Mend stays face down")
    assert "R-1SS-P28" in stay["rulings"]
    assert (mend(game)["status"], mend(game)["wounds"]) == ("face-down", 2)
    assert "regen_skip" not in mend(game)["flags"]  # the pass was for that upkeep only
    # Said nothing the next time, the roll is made: his D8 shows 5, at least his stat 5
    upkeep_steps(game, "5,7,3")
    assert (mend(game)["status"], mend(game)["wounds"]) == ("wounded", 1)


def test_taking_the_roll_back_rolls_it(game):
    assert game("act", "Mend", "regenerate", "--opt", "roll=false").code == 0
    assert game("act", "Mend", "regenerate", "--opt", "roll=true").code == 0
    upkeep_steps(game, "2,7,3")  # his D8 shows 2, below his stat: removed
    assert mend(game)["status"] == "out"


def test_only_a_face_down_regenerator_may_pass(game):
    r = game("act", "Ghoul", "regenerate", "--opt", "roll=false")
    assert r.code == 1 and "Ghoul is no Regenerator lying face down" in r.err
    r = game("act", "Mend", "regenerate", "--opt", "roll=maybe")
    assert r.code == 2
