"""The one reader of the rules files of WarStuff, SKIRMASHED, SMBFAT and Monochrome: each
shipped file reads, and a broken one is refused with the file, the table and the key."""

from __future__ import annotations

import copy
import importlib
from collections.abc import Callable
from typing import Any

import pytest

from companion.data import load_toml
from companion.errors import DataError
from companion.systems.kit import rules_file
from companion.systems.kit.rules_file import Each, Num, Shape, Text
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
    broken = copy.deepcopy(dict(load_toml(data.FILE)))
    mutate(broken)
    monkeypatch.setattr(rules_file, "load_toml", lambda name: broken)
    data.load.cache_clear()
    try:
        with pytest.raises(DataError) as e:
            data.load()
    finally:
        data.load.cache_clear()
    assert str(e.value).startswith(f"{data.FILE}: {message}")


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
