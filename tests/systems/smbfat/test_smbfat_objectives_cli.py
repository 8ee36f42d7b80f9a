"""SMBFAT's objectives are scored for the whole game: `act objectives` names no figure."""

from __future__ import annotations

from smbfat_helpers import ended


def test_objectives_are_scored_without_naming_a_figure(run):
    ended(run)
    result = run("status", "--json").json()["result"]
    assert "'companion act objectives'" in result, result
    r = run("act", "objectives", "--opt", "centre=Sir Aldric", "--json")
    assert r.code == 0, r.err
    steps = r.json()["event"]["trace"]["steps"]
    centre = next(s for s in steps if s["title"] == "Objective: centre")
    assert centre["outcome"] == "held by Knights of the Vale"
    assert [e["kind"] for e in run("log", "--json").json()["items"]][-1] == "objectives"


def test_an_action_a_figure_takes_still_needs_it(run):
    ended(run)
    r = run("act", "move")
    assert r.code == 2 and "say who takes it: 'companion act FIGHTER move'" in r.err, r.err
