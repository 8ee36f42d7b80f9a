"""A move's outcomes are listed as a ruler reads: shortest distance first, in `--odds`
and in the chances `play` shows before the dice."""

from __future__ import annotations

import re

from play_helpers import play_keys


def inches(text: str) -> list[int]:
    return [int(n) for n in re.findall(r'(\d+)"', text)]


def start(run, system: str) -> str:
    assert run("game", "new", "--system", system, "--name", "g").code == 0
    assert run("turn", "--seed", "1").code == 0
    b = run("status", "--json").json()
    side = b.get("next_side") or 0
    name = str(b["sides"][side]["fighters"][0]["name"])
    assert run("activate", name).code == 0
    return name


def test_odds_list_a_run_shortest_first_and_still_name_the_likeliest(run):
    name = start(run, "skirmashed")
    r = run("act", name, "run", "--odds", "--json")
    assert r.code == 0, r.err
    out = r.json()
    said = [inches(s["outcome"])[0] for s in out["steps"]]
    assert said == sorted(said) and len(said) > 5, said
    # 2D10 added to the run: the middle total is still named the likeliest
    best = max(out["steps"], key=lambda s: s["probability"]["value"])
    assert best["outcome"] in out["outcome"]


def test_play_shows_a_run_s_chances_in_distance_order(run):
    start(run, "skirmashed")
    _, ui = play_keys("g", "r" + "q")
    labels = next(lb for m, lb in ui.menus if "what now" in m)
    key = next(x[0] for x in labels if ") Run" in x)
    out, _ = play_keys("g", key + "q", width=200)
    line = next(x for x in out.splitlines() if x.startswith("Chances:"))
    assert len(inches(line)) > 2 and inches(line) == sorted(inches(line)), line
