"""An attack's result reads as a player says it: "Frogger with pistol and claw: missed",
"Dwarf Warrior: no effect", in every system, typed dice fixing a miss."""

from __future__ import annotations

import pytest


def said(run, *args: str) -> str:
    r = run("attack", *args)
    assert r.code == 0, r.err
    return " ".join(r.out.split())


def test_1ss_a_miss(demo):
    out = said(demo, "-s", "1ss", "Robyn:Robyn", "Cpt:Frogger with pistol and claw", "--dice", "9")
    assert "Robyn attacks Frogger with pistol and claw; Frogger with pistol and claw: missed" in out


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (
            ("-s", "warstuff", "Orc Warrior", "Dwarf Warrior", "--dice", "1"),
            "Dwarf Warrior: no effect",
        ),
        (
            ("-s", "smbfat", "shooter", "warrior armor", "--range", "10", "--dice", "1"),
            "Warrior: missed",
        ),
        (
            ("-s", "monochrome", "warrior attack=7 defence=2", "soldier attack=5 defence=1")
            + ("--dice", "1,6"),
            "Soldier: missed",
        ),
        (
            ("-s", "skirmashed", "figure firepower=4 boom=6", "figure manoeuvre=5 stamina=8")
            + ("--range", "5", "--dice", "1,1,1,1"),
            "Figure 2: missed",
        ),
    ],
)
def test_a_miss_in_every_system(run, args, words):
    out = said(run, *args)
    result = out.split("Result:", 1)[1]
    assert words in result, out
    assert " miss " not in result + " "


def test_the_odds_name_the_fighter_the_same_way(run):
    out = said(run, "-s", "warstuff", "Orc Warrior", "Dwarf Warrior", "--dice", "1")
    assert "Dwarf Warrior: killed" in out and "Dwarf Warrior: no effect 50% (1/2)" in out
