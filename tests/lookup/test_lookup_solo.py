"""1ss solo explanations link to the solo topics: set-up, spawns, the OpFor walk, upkeep,
and the steps of each solitaire scenario."""

from __future__ import annotations

import pytest
from solo_helpers import PLAYERS, warband_file

from companion.lookup.links import topic_of_step

SCENARIOS = ["skirmish", "ambush", "bounty", "collect", "escort", "hostage", "investigate"]
SCENARIOS += ["rescue", "shutdown"]


def _titles(run) -> dict[str, str]:
    out: dict[str, str] = {}
    for e in run("log", "--json").json()["items"]:
        trace = e.get("trace") or {}
        for s in trace.get("steps", ()):
            out.setdefault(s["title"], trace["title"])
    return out


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_solo_steps_name_their_topics(run, tmp_path, scenario):
    assert run("roster", "import", warband_file(tmp_path)).code == 0
    r = run("solo", "new", "-r", "Outlaws", "--scenario", scenario, "--seed", "4")
    assert r.code == 0, r.err
    run("turn", "--seed", "2")
    for name in PLAYERS:
        run("activate", name)
    run("solo", "opfor", "--cannot-attack", "--no-los", "--seed", "1")
    run("solo", "opfor", "--cannot-attack", "--los", "--target", "Robyn")
    run("solo", "opfor", "--can-attack", "--in-cover", "--target", "Robyn", "--no-resolve")
    run("solo", "spawn", "--dice", "6,6,6,6,6,6")
    run("solo", "shutdown", "1", "--by", "Robyn", "--seed", "1")
    run("solo", "wound")
    run("solo", "check")
    titles = _titles(run)
    assert len(titles) > 5
    # A set-up step titled with a fighter's own name says where it starts: no topic.
    sides = run("status", "--json").json()["sides"]
    names = {f["name"] for side in sides for f in side["fighters"]}
    missing = {
        t: trace
        for t, trace in titles.items()
        if t not in names and topic_of_step("1ss", t) is None
    }
    assert not missing, missing
