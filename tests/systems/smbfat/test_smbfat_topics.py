"""SMBFAT look-up topics and rulings: every section of the text, every trait, every ruling."""

from __future__ import annotations

from smbfat_helpers import SMB

from companion.lookup.topics import file_topics
from companion.systems.records import Question

TOPICS = file_topics("smbfat")


def test_every_section_and_trait_has_a_topic():
    ids = {t.id for t in TOPICS}
    sections = {"forces", "types", "traits", "rerolls", "battlefield", "objectives", "round"}
    sections |= {"turn", "skill", "attack", "end", "small-map"}
    assert sections <= ids
    assert set(SMB.data.traits) <= ids


def test_topics_name_only_known_rulings_and_have_a_sheet_line():
    rulings = {r.id for r in SMB.rulings()}
    for t in TOPICS:
        assert set(t.rulings) <= rulings, t.id
        assert t.sheet and len(t.sheet) <= 100, t.id


def test_every_reading_of_ours_is_a_listed_ruling_with_a_reason():
    ours = [r for r in SMB.rulings() if r.id.startswith("R-SMB-P")]
    assert [r.id for r in ours] == [f"R-SMB-P{i:02d}" for i in range(1, len(ours) + 1)]
    assert len(ours) >= 9
    for r in ours:
        assert r.title and len(r.text) > 40


def test_game_options_name_the_rulings_they_reverse():
    spec = SMB.game_options()
    assert spec is not None
    asks = {f.key: f.ask for f in spec.facts}
    assert "R-SMB-P01" in asks["leader-chain"]
    assert "R-SMB-P02" in asks["extra-keeps-turn"]
    assert "R-SMB-P05" in asks["reroll-again"]


def test_play_asks_about_the_spread_weapon_only_a_figure_that_has_one():
    from smbfat_helpers import fig, game

    state = game([fig("X"), fig("M", "gunslinger", "spread")], [fig("Y")])
    spread = SMB.declared_actions()["attack"].fact("spread")
    assert not SMB.asks(Question(state, state.fighter("x"), spread, {}))
    assert SMB.asks(Question(state, state.fighter("m"), spread, {}))
    ranged = SMB.declared_actions()["attack"].fact("ranged")
    assert not SMB.asks(Question(state, state.fighter("x"), ranged, {}))  # a Brawler
    assert SMB.asks(Question(state, state.fighter("m"), ranged, {}))
