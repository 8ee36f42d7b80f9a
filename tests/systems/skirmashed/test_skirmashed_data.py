"""SKIRMASHED rules data: the look-up topics cover every section of the text, every ruling
the code cites is listed, and the sample warbands are legal and labelled as samples."""

from __future__ import annotations

import re
from pathlib import Path

from skirmashed_helpers import SKM

from companion.lookup.topics import file_topics

SECTIONS = (
    "setup", "stats", "fighters", "warband", "round", "activation", "movement", "charger",
    "ranged", "melee", "block", "active-block", "killing", "stamina", "winning",
)  # fmt: skip


def test_every_section_of_the_text_has_a_topic():
    ids = [t.id for t in file_topics("skirmashed")]
    assert set(SECTIONS) <= set(ids) and len(ids) == len(set(ids))
    assert all(t.text and t.sheet for t in file_topics("skirmashed"))


def test_every_ruling_the_code_cites_is_listed():
    listed = {r.id for r in SKM.rulings()}
    package = Path(__file__).resolve().parents[3] / "companion" / "systems" / "skirmashed"
    cited = set()
    for f in package.glob("*.py"):
        cited |= set(re.findall(r"R-SKM-P?\d+", f.read_text()))
    assert cited and cited <= listed
    assert {f"R-SKM-0{i}" for i in range(1, 6)} <= listed


def test_project_rulings_give_a_reason():
    for r in SKM.rulings():
        if r.id.startswith("R-SKM-P"):
            assert "Why:" in r.text, r.id


def test_samples_are_legal_and_say_they_are_samples():
    samples = SKM.sample_rosters()
    assert len(samples) == 2
    for r in samples:
        assert "sample values" in r.notes
        assert not [p for p in SKM.check_roster(r) if p.severity == "error"]


def test_roster_check_reports_everything_at_once():
    from dataclasses import replace

    from skirmashed_helpers import fig

    bad = replace(
        SKM.sample_rosters()[0],
        fighters=tuple(fig(f"F{i}", man=10 if i == 0 else 5) for i in range(11))
        + (fig("G", rank="fighter"),),
    )
    messages = [p.message for p in SKM.check_roster(bad)]
    assert any("12 figures is more than 10" in m for m in messages)
    assert any("Manoeuvre 10 is outside its range 1-9" in m for m in messages)
    fighter = replace(fig("G", rank="fighter"), stats={**fig("G").stats})
    notes = SKM.check_fighter(fighter)
    assert [p.severity for p in notes] == ["note", "note"]
    assert "Firepower 5 is unused" in notes[0].message
