"""`companion history` over a record of every kind of game: listed, filtered, added up into
standings and luck, written as a page; games shared as one file and taken back in."""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from typing import Any

from history_helpers import SYSTEMS

ALL = {f"{s}-game" for s in SYSTEMS} | {
    "conceded",
    "agreed-draw",
    "solo-won",
    "solo-lost",
    "shared",
    "sample",
}


def games_of(run, *args):
    r = run("history", "--json", *args)
    assert r.code == 0, r.err
    return {g["name"]: g for g in r.json()["games"]}


def test_every_game_is_listed_finished_or_not(record):
    games = games_of(record)
    assert set(games) == ALL
    assert {g["system"] for g in games.values()} == set(SYSTEMS)
    assert [n for n, g in games.items() if not g["finished"]] == ["sample"]
    assert {n for n, g in games.items() if g["solo"]} == {"solo-won", "solo-lost"}
    for name in ALL - {"sample"}:
        assert games[name]["headline"], name
    text = record("history").out
    assert text.startswith("11 games: 10 finished, 1 running, 2 solo.")
    assert "not begun" in text  # the sample game, marked


def test_draws_concessions_and_solo_results(record):
    games = games_of(record)
    draw = games["agreed-draw"]
    assert draw["draw"] and [s["outcome"] for s in draw["sides"]] == ["draw", "draw"]
    conceded = games["conceded"]
    assert [(s["warband"], s["conceded"], s["outcome"]) for s in conceded["sides"]] == [
        ("Iron Dwarfs", False, "win"),
        ("Greenskin Raiders", True, "loss"),
    ]
    assert games["solo-won"]["sides"][0]["outcome"] == "win"
    assert games["solo-lost"]["profile"] == "City guard"
    assert games["solo-lost"]["sides"][0]["outcome"] == "loss"


def test_a_renamed_roster_keeps_its_games(record):
    r = record("history", "--by", "roster", "--json")
    rows = {x["name"]: x for x in r.json()["standings"]}
    # The conceded game and its imported copy, played as Dwarf Hold before the rename.
    assert rows["Iron Dwarfs"]["games"] == 2 and rows["Iron Dwarfs"]["won"] == 2
    assert rows["Outlaws"] | {"group": ""} == rows["Outlaws"]
    assert (rows["Outlaws"]["won"], rows["Outlaws"]["lost"]) == (1, 1)
    robyn = rows["Robyn's merry men"]
    assert (robyn["games"], robyn["drawn"], robyn["running"]) == (2, 2, 1)
    out = record("history", "--by", "roster").out
    assert "Standings by roster" in out and "Iron Dwarfs" in out
    assert "Solo games, by OpFor profile and scenario" in out


def test_solo_results_per_profile_and_scenario(record):
    solo = record("history", "--by", "scenario", "--json").json()["solo"]
    assert [(x["name"], x["group"], x["won"], x["lost"]) for x in solo] == [
        ("City guard", "Collect", 0, 1),
        ("OpFor", "Solo skirmish", 1, 0),
    ]


def test_standings_by_system_and_scenario(record):
    rows = record("history", "--by", "system", "--json").json()["standings"]
    assert {x["group"] for x in rows} >= {"WarStuff", "SKIRMASHED", "Monochrome skirmish"}
    by_scenario = record("history", "--by", "scenario", "-s", "warstuff", "--json").json()
    assert {x["group"] for x in by_scenario["standings"]} == {"Skirmish (WarStuff)"}


def test_fighters_who_took_most_out_and_fell_least(record):
    data = record("history", "--by", "roster", "--json").json()
    most = data["took_most_out"]
    assert most and all(m["took_out"] > 0 for m in most)
    assert [m["took_out"] for m in most] == sorted((m["took_out"] for m in most), reverse=True)
    least = data["fell_least"]
    assert least and all(x["games"] >= 2 for x in least)


def test_filters(record):
    assert set(games_of(record, "--system", "warstuff")) == {"warstuff-game", "conceded", "shared"}
    assert set(games_of(record, "--roster", "iron dwarfs")) == {"conceded", "shared"}
    assert set(games_of(record, "--scenario", "collect")) == {"solo-lost"}
    assert games_of(record, "--since", "2999-01-01") == {}
    assert set(games_of(record, "--until", "2999-01-01")) == ALL


def test_bad_options_are_refused_in_one_line(record):
    for args in (
        ("--since", "yesterday"),
        ("--by", "colour"),
        ("--format", "pdf"),
        ("--format", "html"),
        ("--system", "chess"),
    ):
        r = record("history", *args)
        assert r.code == 2, args
        assert r.err.count("\n") == 1 and "Traceback" not in r.err, args


def test_luck_across_games_is_the_sum_of_each_games_report(record):
    """Robyn's merry men's rolls in their finished and their running games, summed by
    kind of roll: as each game's battle report counts them."""
    want: dict[str, list[Any]] = defaultdict(lambda: [0, Fraction(0), Fraction(0)])
    for game in ("1ss-game", "agreed-draw", "sample"):
        for x in record("report", "--game", game, "--json").json()["luck"]:
            if x["side"] == "Robyn's merry men" and x["kind"] != "All tests":
                want[x["kind"]][0] += x["rolls"]
                want[x["kind"]][1] += Fraction(x["got"]["fraction"])
                want[x["kind"]][2] += Fraction(x["expected"]["fraction"])
    rows = record("history", "--luck", "--json").json()["luck"]
    got = {x["kind"]: x for x in rows if x["side"] == "Robyn's merry men"}
    assert want and set(want) <= set(got)
    for kind, (rolls, total, expected) in want.items():
        assert got[kind]["rolls"] == rolls, kind
        assert Fraction(got[kind]["got"]["fraction"]) == total, kind
        assert Fraction(got[kind]["expected"]["fraction"]) == expected, kind
    tests = [x for x in got.values() if x["tests"] and x["kind"] != "All tests"]
    if len(tests) > 1:
        assert got["All tests"]["rolls"] == sum(x["rolls"] for x in tests)
    text = record("history", "--luck").out
    assert "Luck across games" in text and "Robyn's merry men" in text


def test_the_page(record, tmp_path):
    page = tmp_path / "history.html"
    r = record("history", "--format", "html", "-o", str(page), "--by", "roster")
    assert r.code == 0, r.err
    html = page.read_text()
    assert html.startswith("<!DOCTYPE html>")
    assert "Standings" in html and "Iron Dwarfs" in html and "<svg" in html
    assert "Luck across games" in html and "<script" not in html
