"""The one reader of every system's rules files: each shipped file reads, and a broken one
is refused with the file, the table and the key (1ss and its solo file in the words their
hand-written readers used before)."""

from __future__ import annotations

import copy
import importlib
from collections.abc import Callable
from types import ModuleType
from typing import Any

import pytest

from companion.data import load_toml
from companion.errors import DataError
from companion.systems.kit import rules_file
from companion.systems.kit.rules_file import Each, Num, Shape, Text
from companion.systems.one_stat import data as one_stat
from companion.systems.one_stat.solo import data as solo
from companion.values import frozen

Mutation = Callable[[dict[str, Any]], object]


def first(table: dict[str, Any]) -> dict[str, Any]:
    return next(iter(table.values()))  # type: ignore[no-any-return]


BROKEN: list[tuple[str, Mutation, str]] = [
    ("skirmashed", lambda d: d["system"].pop("name"), "system.name: is missing"),
    ("skirmashed", lambda d: d["system"].update(rounds=0), "system.rounds: 0 is outside 1..None"),
    ("skirmashed", lambda d: d["stats"][1].update(min="x"), "stats[1].min: expected a whole"),
    ("skirmashed", lambda d: d["hit"].update(near=500), "hit.near: 500 is outside -100..100"),
    ("skirmashed", lambda d: d["hit"].update(bogus=1), "hit: unknown key 'bogus'"),
    ("skirmashed", lambda d: d["moves"].pop("run_dice"), "moves.run_dice: is missing"),
    ("skirmashed", lambda d: d["rulings"][2].pop("title"), "rulings[2].title: is missing"),
    (
        "skirmashed",
        lambda d: d["samples"][0]["fighters"][1].update(rank="king"),
        "samples[0].fighters[1].rank: 'king' is not one of figure, fighter",
    ),
    (
        "smbfat",
        lambda d: first(d["types"]).update(speed=3),
        "types.brawler: unknown key 'speed' (allowed: label, cost, melee, ranged, examples)",
    ),
    ("smbfat", lambda d: first(d["maps"]).update(spread=0), "maps.standard.spread: 0 is outside"),
    (
        "smbfat",
        lambda d: first(d["scenarios"]).update(map="moon"),
        "scenarios.battle.map: 'moon' is not one of standard, small",
    ),
    (
        "smbfat",
        lambda d: d["samples"][0].update(colour=1),
        "samples[0]: unknown key 'colour' (allowed: name, notes, rerolls, figures)",
    ),
    (
        "smbfat",
        lambda d: d["samples"][0]["figures"][0].update(traits=["nope"]),
        "samples[0].figures[0].traits: unknown trait 'nope'",
    ),
    (
        "warstuff",
        lambda d: first(d["rules"]).update(label="Zzz"),
        "rules.armored.label: the id must be the label's slug 'zzz'",
    ),
    ("warstuff", lambda d: d["moves"].update(fast=[1]), "moves.fast: expected [walk, run]"),
    (
        "warstuff",
        lambda d: first(d["genres"])["units"][0].update(quality=99),
        "genres.fantasy.units[0].quality: 99 is outside 1..5",
    ),
    (
        "warstuff",
        lambda d: d["samples"][0].update(units=["Nobody"]),
        "samples[0].units: no unit 'Nobody' in genre fantasy",
    ),
    (
        "warstuff",
        lambda d: d.update(extra={}),
        "(top): unknown key 'extra' (allowed: system, moves, actions, rules, scenarios, genres, "
        "samples, rulings, facts, options)",
    ),
    (
        "monochrome",
        lambda d: first(d["classes"]).update(actions=["fly"]),
        "classes.soldier.actions: unknown action 'fly'",
    ),
    (
        "monochrome",
        lambda d: first(d["actions"]).update(move="far"),
        "actions.walk.move: expected D6, 2D6, 3D6 or whole inches",
    ),
    (
        "monochrome",
        lambda d: d["objectives"][0].update(roll=2),
        "(top): the blood list needs one objective per roll 1-6, found [2, 2, 3, 4, 5, 6]",
    ),
    (
        "monochrome",
        lambda d: first(d["targets"]).update({"class": "zz"}),
        "targets.monster.class: 'zz' is not one of soldier",
    ),
    (
        "monochrome",
        lambda d: d["samples"][0].update(fighters=[["a", "zz", 1, 1]]),
        "samples[0].fighters: bad fighter ['a', 'zz', 1, 1]",
    ),
]


ONE_STAT: list[tuple[Mutation, str]] = [
    (lambda d: d.pop("system"), "system: is missing"),
    (lambda d: d["system"].pop("name"), "system.name: is missing"),
    (
        lambda d: d["system"].update(aliases="x"),
        "system.aliases: expected a list of text, found 'x'",
    ),
    (lambda d: d["system"].update(last_turn=0), "system.last_turn: 0 is outside 1..None"),
    (
        lambda d: d["system"].update(actions_per_activation="two"),
        "system.actions_per_activation: expected a whole number, found 'two'",
    ),
    (
        lambda d: d["ranks"]["rookie"].update(die=1),
        "ranks.rookie.die: 1 is outside 2..None",
    ),
    (lambda d: d["ranks"]["boss"].update(hands=5), "ranks.boss.hands: 5 is outside 0..4"),
    (lambda d: d["ranks"]["boss"].pop("order"), "ranks.boss.order: is missing"),
    (
        lambda d: d["armory"]["melee-1h"].update(kind="laser"),
        "armory.melee-1h.kind: 'laser' is not one of none, melee, shooter, shield, magic",
    ),
    (
        lambda d: d["armory"]["light-shooter"].update(shooter="huge"),
        "armory.light-shooter.shooter: 'huge' is not one of light, medium, heavy",
    ),
    (
        lambda d: d["armory"]["light-shooter"].pop("shooter"),
        "armory.light-shooter.shooter: is missing",
    ),
    (
        lambda d: d["armory"]["none"].update(short=3),
        "armory.none.short: expected text, found 3",
    ),
    (
        lambda d: d["armory"]["none"].update(hands=4),
        "armory.none.hands: 4 is outside 0..3",
    ),
    (
        lambda d: d["roles"]["thug"].update(min_stat="x"),
        "roles.thug.min_stat: expected a whole number, found 'x'",
    ),
    (lambda d: d["roles"]["thug"].pop("summary"), "roles.thug.summary: is missing"),
    (lambda d: d["skills"]["command"].pop("active"), "skills.command.active: is missing"),
    (
        lambda d: d["skills"]["command"].update(boss_only="yes"),
        "skills.command.boss_only: expected true or false, found 'yes'",
    ),
    (
        lambda d: d["skills"]["tank"].update(mission_only=1),
        "skills.tank.mission_only: expected true or false, found 1",
    ),
    (
        lambda d: d["scenarios"]["manhunt"].update(last_turn=100),
        "scenarios.manhunt.last_turn: 100 is outside 0..99",
    ),
    (
        lambda d: d["scenarios"]["manhunt"].pop("label"),
        "scenarios.manhunt.label: is missing",
    ),
    (lambda d: d["rulings"][3].pop("title"), "rulings[3].title: is missing"),
    (lambda d: d["rulings"][3].update(id=4), "rulings[3].id: expected text, found 4"),
    (lambda d: d["samples"][0].pop("name"), "samples[0].name: is missing"),
    (
        lambda d: d["samples"][0].update(preset="yes"),
        "samples[0].preset: expected true or false, found 'yes'",
    ),
    (
        lambda d: d["samples"][1].update(notes=1),
        "samples[1].notes: expected text, found 1",
    ),
    (
        lambda d: d["samples"][0]["fighters"][1].update(rank="king"),
        "samples[0].fighters[1].rank: 'king' is not one of rookie, specialist, boss",
    ),
    (
        lambda d: d["samples"][0]["fighters"][0].update(equipment=["laser:gun"]),
        "samples[0].fighters[0].equipment: unknown armory item 'laser:gun'",
    ),
    (
        lambda d: d["samples"][0]["fighters"][0].pop("stat"),
        "samples[0].fighters[0].stat: is missing",
    ),
    (
        lambda d: d["samples"][1]["treasure_hunt"][1].update(skills=["juggling"]),
        "samples[1].treasure_hunt[1].skills: unknown skill or role 'juggling'",
    ),
    (
        lambda d: d["samples"][1]["treasure_hunt"][0].update(name=7),
        "samples[1].treasure_hunt[0].name: expected text, found 7",
    ),
    (
        lambda d: d["samples"][1].update(treasure_hunt=3),
        "samples[1].treasure_hunt: expected an array of tables",
    ),
    (
        lambda d: d.update(extra={}),
        (
            "(top): unknown key 'extra' (allowed: system, ranks, armory, roles, skills, "
            "scenarios, rulings, samples, facts, options)"
        ),
    ),
    (lambda d: d.update(ranks=[]), "ranks: expected a table, found list"),
]

SOLO: list[tuple[Mutation, str]] = [
    (lambda d: d.pop("solo"), "solo: is missing"),
    (
        lambda d: d["solo"].update(colour="red"),
        (
            "solo: unknown key 'colour' (allowed: board, grid, spawnpoints, "
            "spawn_dice, leader_range, warband)"
        ),
    ),
    (lambda d: d["solo"].update(board=5), "solo.board: 5 is outside 12..120"),
    (
        lambda d: d["solo"].update(leader_range=0),
        "solo.leader_range: 0 is outside 1..None",
    ),
    (
        lambda d: d["solo"]["warband"].update(rookie=-1),
        "solo.warband.rookie: -1 is outside 0..None",
    ),
    (
        lambda d: d["solo"]["warband"].update(hero=1),
        "solo.warband: unknown key 'hero' (allowed: rookie, specialist, boss)",
    ),
    (lambda d: d["solo"].pop("warband"), "solo.warband: is missing"),
    (lambda d: d["names"].pop("rookie"), "names.rookie: is missing"),
    (
        lambda d: d["names"].update(king="x"),
        "names: unknown key 'king' (allowed: rookie, specialist, boss)",
    ),
    (
        lambda d: d["profiles"]["undead"].update(rookie=9),
        "profiles.undead.rookie: 9 is outside 1..6",
    ),
    (
        lambda d: d["profiles"]["undead"].update(specialization="juggler"),
        (
            "profiles.undead.specialization: 'juggler' is not one of command, "
            "assassin, brawler, doppelganger, berserker, controller, copycat, driver, engineer, "
            "force-user, guard, healer, influencer, maniac, charger, martial-artist, "
            "minion-master, preacher, ranger, regenerator, shapeshifter, skirmisher, sniper, "
            "switcher, tank, veteran, warrior"
        ),
    ),
    (
        lambda d: d["profiles"]["undead"].update(specialization="command"),
        "profiles.undead.specialization: 'command' is a boss-only skill",
    ),
    (
        lambda d: d["profiles"]["undead"].update(boss_skill="juggler"),
        (
            "profiles.undead.boss_skill: 'juggler' is not one of command, assassin, "
            "brawler, doppelganger, berserker, controller, copycat, driver, engineer, force-user, "
            "guard, healer, influencer, maniac, charger, martial-artist, minion-master, preacher, "
            "ranger, regenerator, shapeshifter, skirmisher, sniper, switcher, tank, veteran, "
            "warrior"
        ),
    ),
    (
        lambda d: d["profiles"]["undead"].update(attacks="magic"),
        "profiles.undead.attacks: 'magic' is not one of melee, ranged, both",
    ),
    (
        lambda d: d["profiles"]["undead"].update(names={"rookie": 3}),
        "profiles.undead.names.rookie: expected text, found 3",
    ),
    (
        lambda d: d["profiles"]["undead"].update(names={"king": "x"}),
        ("profiles.undead.names: unknown key 'king' (allowed: rookie, specialist, boss)"),
    ),
    (
        lambda d: d["profiles"]["undead"].update(colour="red"),
        (
            "profiles.undead: unknown key 'colour' (allowed: label, rookie, "
            "specialist, boss, specialization, boss_skill, attacks, names)"
        ),
    ),
    (
        lambda d: d["profiles"].pop("default"),
        "profiles: a profile called 'default' is needed",
    ),
    (
        lambda d: d["scenarios"]["bounty"].update(win=["dance"]),
        (
            "scenarios.bounty.win: unknown objective 'dance' (known: wiped-out, "
            "survive, boss-out, trek-destroyed, treasures-home, devices-shut, stations-shut, "
            "escort-out, time-up, trek-arrived, escort-arrived, boss-escaped, boss-home, "
            "hostage-reached, friend-home, event-done, event-failed)"
        ),
    ),
    (
        lambda d: d["scenarios"]["bounty"].pop("lose"),
        "scenarios.bounty.lose: is missing",
    ),
    (
        lambda d: d["scenarios"]["collect"].update(tokens=["gold"]),
        ("scenarios.collect.tokens: unknown token kind 'gold' (known: treasure, clue-x, clue-y)"),
    ),
    (
        lambda d: d["scenarios"]["collect"].update(boss_corner=[7, 1]),
        "scenarios.collect.boss_corner: expected [column, row], each 1-6",
    ),
    (
        lambda d: d["scenarios"]["collect"].update(boss_corner=[1]),
        "scenarios.collect.boss_corner: expected [column, row], each 1-6",
    ),
    (
        lambda d: d["scenarios"]["collect"].update(boss="dragon"),
        "scenarios.collect.boss: 'dragon' is not one of bounty, hostage",
    ),
    (
        lambda d: d["scenarios"]["escort"].update(trek="yes"),
        "scenarios.escort.trek: expected true or false, found 'yes'",
    ),
    (
        lambda d: d["scenarios"]["escort"].pop("last_turn"),
        "scenarios.escort.last_turn: is missing",
    ),
    (
        lambda d: d["scenarios"]["escort"].update(colour=1),
        (
            "scenarios.escort: unknown key 'colour' (allowed: label, summary, "
            "last_turn, win, lose, tokens, boss, boss_corner, trek, escort, hostage, devices)"
        ),
    ),
    (
        lambda d: d["scenarios"].pop("skirmish"),
        "scenarios: a scenario called 'skirmish' is needed",
    ),
    (
        lambda d: d["events"]["rover"].update(roll=1),
        ("events: events need one entry for each D6 face, found rolls [1, 1, 2, 3, 5, 6]"),
    ),
    (
        lambda d: d["events"]["rover"].update(spawn=["king"]),
        "events.rover.spawn: unknown rank 'king'",
    ),
    (
        lambda d: d["events"]["rover"].update(deadline_die=21),
        "events.rover.deadline_die: 21 is outside 0..20",
    ),
    (
        lambda d: d["events"]["rover"].update(colour=1),
        (
            "events.rover: unknown key 'colour' (allowed: roll, label, summary, "
            "check, clear, spawn, deadline_die)"
        ),
    ),
    (
        lambda d: d["setups"]["hangman"].update(profile="pirates"),
        "setups.hangman.profile: unknown profile 'pirates'",
    ),
    (
        lambda d: d["setups"]["hangman"].update(scenarios=["nowhere"]),
        "setups.hangman.scenarios: unknown scenario 'nowhere'",
    ),
    (
        lambda d: d["setups"]["hangman"].update(event="flood"),
        "setups.hangman.event: unknown event 'flood'",
    ),
    (
        lambda d: d["setups"]["hangman"].update(last_turn="x"),
        "setups.hangman.last_turn: expected a whole number, found 'x'",
    ),
    (
        lambda d: d["setups"]["hangman"].update(win=["dance"]),
        (
            "setups.hangman.win: unknown objective 'dance' (known: wiped-out, "
            "survive, boss-out, trek-destroyed, treasures-home, devices-shut, stations-shut, "
            "escort-out, time-up, trek-arrived, escort-arrived, boss-escaped, boss-home, "
            "hostage-reached, friend-home, event-done, event-failed)"
        ),
    ),
    (
        lambda d: d["setups"]["hangman"].update(stations=7),
        "setups.hangman.stations: 7 is outside 0..6",
    ),
    (
        lambda d: d["setups"]["hangman"].update(boss_skills=[1]),
        "setups.hangman.boss_skills: expected a list of text, found [1]",
    ),
    (
        lambda d: d["setups"]["hangman"].update(colour=1),
        (
            "setups.hangman: unknown key 'colour' (allowed: label, scenarios, "
            "theme, profile, summary, notes, last_turn, win, lose, boss_name, boss_skills, "
            "escort_name, event, stations, questioning, charge)"
        ),
    ),
    (lambda d: d["rulings"][0].pop("id"), "rulings[0].id: is missing"),
    (
        lambda d: d.update(extra={}),
        (
            "(top): unknown key 'extra' (allowed: solo, names, profiles, rulings, "
            "scenarios, events, setups, facts)"
        ),
    ),
]


def load_broken(module: ModuleType, mutate: Mutation, monkeypatch: pytest.MonkeyPatch) -> DataError:
    broken = copy.deepcopy(dict(load_toml(module.FILE)))
    mutate(broken)
    monkeypatch.setattr(
        rules_file, "load_toml", lambda name: broken if name == module.FILE else load_toml(name)
    )
    one_stat.load.cache_clear()
    module.load.cache_clear()
    try:
        with pytest.raises(DataError) as e:
            module.load()
    finally:
        one_stat.load.cache_clear()
        module.load.cache_clear()
    return e.value


@pytest.mark.parametrize("system_id", ["skirmashed", "smbfat", "warstuff", "monochrome"])
def test_the_shipped_file_reads(system_id: str) -> None:
    data = importlib.import_module(f"companion.systems.{system_id}.data")
    d = data.load()
    assert d.info.id == system_id and d.info.name and d.rulings and d.samples


@pytest.mark.parametrize(("system_id", "mutate", "message"), BROKEN)
def test_a_broken_file_names_file_table_and_key(
    system_id: str, mutate: Mutation, message: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = importlib.import_module(f"companion.systems.{system_id}.data")
    assert str(load_broken(data, mutate, monkeypatch)).startswith(f"{data.FILE}: {message}")


def test_the_1ss_files_read() -> None:
    d = one_stat.load()
    assert list(d.ranks) == ["rookie", "specialist", "boss"] and d.samples and d.rulings
    assert [len(j) for j in d.joiners.values()] == [2, 2]
    s = solo.load()
    assert set(s.scenarios) >= {"skirmish", "bounty", "collect", "shutdown"}
    assert s.profiles["default"].names == s.names
    assert sorted(e.roll for e in s.events.values()) == [1, 2, 3, 4, 5, 6]


@pytest.mark.parametrize(("mutate", "message"), ONE_STAT)
def test_a_broken_1ss_file_names_file_table_and_key(
    mutate: Mutation, message: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert str(load_broken(one_stat, mutate, monkeypatch)) == f"1ss.toml: {message}"


@pytest.mark.parametrize(("mutate", "message"), SOLO)
def test_a_broken_solo_file_names_file_table_and_key(
    mutate: Mutation, message: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert str(load_broken(solo, mutate, monkeypatch)) == f"1ss_solo.toml: {message}"


@frozen
class Piece:
    id: str
    size: int
    colour: str = "grey"


@frozen
class Box:
    name: str
    pieces: tuple[Piece, ...]


def test_a_shape_reads_fields_by_their_declared_type_and_defaults() -> None:
    shape = Shape(Box, name=Text("box.name"), pieces=Each(Shape(Piece, size=Num(lo=1)), "piece"))
    top = rules_file.Reader("toy.toml", {"box": {"name": "B"}, "piece": [{"id": "a", "size": 2}]})
    assert shape.read(top) == Box("B", (Piece("a", 2),))
    bad = rules_file.Reader("toy.toml", {"box": {"name": "B"}, "piece": [{"id": "a", "size": 0}]})
    with pytest.raises(DataError, match=r"^toy.toml: piece\[0\].size: 0 is outside 1..None$"):
        shape.read(bad)


def test_a_field_without_a_reader_is_a_mistake_of_the_declaration() -> None:
    @frozen
    class Odd:
        things: dict[str, int]

    with pytest.raises(TypeError, match="Odd.things: declare how it is read"):
        Shape(Odd)


@frozen
class Shelf:
    size: int
    boxes: tuple[str, ...]
    label: str | None
    colour: str | None


SHELF = Shape(
    Shelf,
    closed=("shelf",),
    size=Num("shelf.size", lo=1),
    boxes=rules_file.Known("box", lambda ctx: ("a", "b"), "shelf.boxes", listed=True),
    label=rules_file.OptText("shelf.label"),
    colour=rules_file.OptText("shelf.colour", choices=("red", "blue")),
)


def _shelf(**given: object) -> Shelf:
    return SHELF.read(rules_file.Reader("toy.toml", {"shelf": {"size": 1, "boxes": [], **given}}))


def test_known_names_optional_text_and_a_closed_table() -> None:
    assert _shelf(boxes=["b"], label="") == Shelf(1, ("b",), None, None)
    assert _shelf(colour="red", label="top").colour == "red"
    with pytest.raises(
        DataError, match=r"^toy.toml: shelf.boxes: unknown box 'c' \(known: a, b\)$"
    ):
        _shelf(boxes=["c"])
    with pytest.raises(DataError, match=r"^toy.toml: shelf.colour: 'green' is not one of red, b"):
        _shelf(colour="green")
    with pytest.raises(
        DataError, match=r"^toy.toml: shelf: unknown key 'x' \(allowed: size, boxes, "
    ):
        _shelf(x=1)
