"""WarStuff unit building: costs, the quickplay library, warband limits and advice."""

from __future__ import annotations

import pytest
from warstuff_helpers import WS, unit

from companion.game.state import freeze
from companion.roster import Roster

# Every quickplay unit: (name, listed cost in the text, cost worked out by hand as
# Quality x 10 + special rules, at least 5). Where they differ both are kept (R-WS-03).
PINNED = {
    "fantasy": [
        ("Human Warrior", 20, 20),
        ("Human Archer", 35, 35),
        ("Knight", 30, 30),
        ("Wizard", 50, 45),
        ("Orc Warrior", 35, 35),
        ("Boar Rider", 45, 45),
        ("Goblin Warrior", 10, 10),
        ("Wolf Rider", 20, 20),
        ("Elf Warrior", 25, 25),
        ("Elf Archer", 40, 40),
        ("Dwarf Warrior", 25, 25),
        ("Dwarf Rifleman", 40, 40),
        ("Rat Warrior", 25, 30),
        ("Rat Ogre", 60, 65),
        ("Skink Warrior", 25, 20),
        ("Saurus Warrior", 35, 35),
        ("Zombie", 5, 5),
        ("Skeleton", 5, 5),
        ("Ghoul", 25, 20),
        ("Vampire", 60, 60),
    ],
    "napoleonic": [
        ("Carabineer", 30, 30),
        ("Fusilier", 35, 35),
        ("Hussar", 30, 30),
        ("Cuirassier", 45, 45),
        ("General", 70, 70),
    ],
    "modern": [
        ("Partisan", 20, 20),
        ("Engineer", 35, 30),
        ("Medic", 35, 35),
        ("Rifleman", 35, 35),
        ("Machinegunner", 45, 45),
        ("Sniper", 50, 50),
        ("Sergeant", 65, 65),
    ],
    "tank-battles": [
        ("M3 Stuart", 20, 20),
        ("M4 Sherman", 35, 35),
        ("Stug III", 30, 30),
        ("Tiger I", 55, 55),
        ("T-34", 45, 45),
        ("SU-100", 60, 60),
    ],
    "animals-monsters": [
        ("Stone Golem", 50, 50),
        ("Giant Scorpion", 50, 45),
        ("Bear", 40, 40),
        ("Minotaur", 55, 55),
        ("Chimera", 80, 80),
        ("Troll", 65, 65),
        ("Giant Spider", 70, 65),
        ("Giant", 95, 95),
        ("Dragon", 100, 95),
    ],
    "space-dogfights": [
        ("X-Wing", 40, 40),
        ("Millennium Falcon", 45, 45),
        ("Tie Fighter", 40, 40),
        ("Tie Bomber", 45, 40),
    ],
    "space-battles": [
        ("Frigate", 25, 25),
        ("Cruiser", 40, 40),
        ("Attack Craft", 40, 40),
        ("Battlecruiser", 55, 55),
        ("Battleship", 60, 60),
    ],
    "science-fiction": [
        ("Guardsman", 35, 35),
        ("Space Marine", 55, 55),
        ("Terminator", 65, 65),
        ("Eldar Guardian", 35, 40),
        ("Eldar Jetbike", 40, 45),
        ("Ork Choppa Boy", 25, 25),
        ("Ork Shoota Boy", 30, 30),
        ("Scarab Swarm", 15, 15),
        ("Necron Warrior", 45, 45),
        ("Termagant", 25, 30),
        ("Hormagant", 30, 35),
        ("Genestealer", 60, 60),
        ("Carnifex", 90, 90),
    ],
    "ancient": [
        ("Slinger", 15, 15),
        ("Pikeman", 20, 20),
        ("Archer", 25, 25),
        ("Savage", 35, 35),
        ("Horseman", 30, 30),
        ("Centurion", 60, 60),
        ("Elephant", 70, 70),
    ],
    "superheroes": [
        ("Catwoman", 45, 45),
        ("Joker", 45, 45),
        ("Bane", 55, 55),
        ("Batman", 70, 70),
        ("Superman", 80, 80),
        ("Iron Man", 70, 70),
        ("Hulk", 70, 70),
        ("Captain America", 65, 65),
        ("Thor", 70, 70),
        ("Loki", 55, 55),
    ],
    "dinosaurs": [
        ("Pterodactyl", 30, 30),
        ("Velociraptor", 40, 40),
        ("Stegosaurus", 40, 40),
        ("Triceratops", 55, 55),
        ("Ankylosaurus", 55, 55),
        ("Brontosaurus", 70, 70),
        ("T-Rex", 85, 85),
    ],
    "medieval": [
        ("Peasant", 10, 10),
        ("Man at Arms", 20, 20),
        ("Crossbowman", 35, 35),
        ("Knight", 30, 30),
        ("King", 75, 75),
    ],
}


def test_every_quickplay_unit_cost_is_pinned():
    d = WS.data
    got = {
        g.id: [(u.name, u.listed, d.cost(u.quality, u.rules)) for u in g.units]
        for g in d.genres.values()
    }
    assert got == PINNED


def test_library_has_the_twelve_genres_and_known_differences():
    assert [g.label for g in WS.genres()] == [
        "Fantasy",
        "Napoleonic",
        "Modern",
        "Tank Battles",
        "Animals & Monsters",
        "Space Dogfights",
        "Space Battles",
        "Science Fiction",
        "Ancient",
        "Superheroes",
        "Dinosaurs",
        "Medieval",
    ]
    differ = {
        u.name: (u.listed, WS.unit_cost(u))
        for u in WS.data.library()
        if u.listed != WS.unit_cost(u)
    }
    assert differ["Wizard"] == (50, 45)
    assert len(differ) == 14


def test_space_battles_rows_add_up_as_rebuilt():
    # R-WS-P01: each rebuilt row matches its printed cost exactly.
    for u in WS.find_genre("space battles").units:
        assert WS.unit_cost(u) == u.listed


@pytest.mark.parametrize(
    "quality, rules, cost",
    [
        (3, (), 30),
        (3, ("armored",), 35),  # the text's worked example
        (1, ("undead",), 5),
        (1, ("slow", "undead", "small"), 5),  # never below 5
        (5, ("intimidating", "leader", "tough"), 125),
    ],
)
def test_cost_formula(quality, rules, cost):
    assert WS.data.cost(quality, rules) == cost


def test_fighter_checks():
    assert not WS.check_fighter(unit("Ok", 3, "tough"))
    bad = WS.check_fighter(unit("Bad", 6, "laser-eyes"))
    assert {p.severity for p in bad} == {"error"}
    assert len(bad) == 2
    big = WS.check_fighter(unit("Big", 5, "tough", "fear", "fire"))
    assert [p.severity for p in big] == ["warning"]  # 75 pts advice: 80 pts


def test_roster_limit_and_options():
    units = tuple(unit(f"Troll {i}", 4, "fear", "tough") for i in range(3))  # 195 pts
    r = Roster("Trolls", "warstuff", units)
    errors = [p for p in WS.check_roster(r) if p.severity == "error"]
    assert any("195" in p.message and "150" in p.message for p in errors)
    r300 = Roster("Trolls", "warstuff", units, options=freeze({"points": 300}))
    assert not [p for p in WS.check_roster(r300) if p.severity == "error"]
    odd = Roster("Trolls", "warstuff", units[:1], options=freeze({"points": 200}))
    assert any("points" in p.message for p in WS.check_roster(odd))


def test_listed_costs_option():
    wiz = WS.unit_fighter(WS.find_unit("Wizard"), [])
    r = Roster("W", "warstuff", (wiz,))
    assert WS.roster_total(r) == (45, 150)
    listed = Roster("W", "warstuff", (wiz,), options=freeze({"costs": "listed"}))
    assert WS.roster_total(listed) == (50, 150)


def test_find_unit_needs_a_genre_for_shared_names():
    with pytest.raises(Exception, match="more than one genre"):
        WS.find_unit("Knight")
    assert WS.find_unit("Knight", "medieval").genre == "medieval"
    assert WS.find_unit("t-re").name == "T-Rex"
    assert WS.find_genre("sci-fi").id == "science-fiction"


def test_sample_rosters_follow_the_rules():
    for r in WS.sample_rosters():
        assert not [p for p in WS.check_roster(r) if p.severity == "error"], r.name
