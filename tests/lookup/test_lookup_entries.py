"""Every role, skill, item, trait and class of every system has a topic of its own that
`rules show` finds, and an id two entries would share is refused when the data loads."""

from __future__ import annotations

import pytest
from lookup_helpers import COVER, topic_file

from companion import systems
from companion.errors import DataError
from companion.lookup.topics import all_topics, check_ids
from companion.systems.records import Topic

# Which lists of each system's data hold its entries, and the kind of topic each gets.
# SKIRMASHED has no such lists: its one designation, the fighter, has the topic
# "fighters" (checked below).
ENTRIES = {
    "1ss": {"skills": "skill", "roles": "role", "armory": "armory"},
    "warstuff": {"rules": "rule"},
    "smbfat": {"traits": "trait", "types": "type"},
    "monochrome": {"classes": "class", "actions": "action"},
    "skirmashed": {},
}


def test_every_built_in_system_is_listed():
    # A plug-in's own entries are its `topics()`, checked by the contract suite.
    assert set(ENTRIES) == {sid for sid in systems.ids() if systems.built_in(sid)}


@pytest.mark.parametrize("system_id", sorted(ENTRIES))
def test_every_entry_has_its_own_topic_that_show_finds(system_id, run):
    data = systems.get(system_id).data
    by_id = {t.id: t for t in all_topics(system_id)}
    checked = 0
    for attr, kind in ENTRIES[system_id].items():
        for entry_id in getattr(data, attr):
            topic = by_id.get(entry_id)
            assert topic is not None and topic.kind == kind, (attr, entry_id, topic)
            r = run("rules", "show", system_id, entry_id, "--json")
            assert r.code == 0 and r.json()["items"][0]["id"] == entry_id, (entry_id, r.err)
            checked += 1
    assert checked or system_id == "skirmashed"


def test_the_1ss_fighter_role_is_shown_and_listed_with_the_other_roles(run):
    role = run("rules", "show", "1ss", "fighter", "--json").json()["items"]
    assert role[0]["kind"] == "role" and "-1" in role[0]["text"]
    roles = run("rules", "show", "1ss", "roles", "--json").json()["items"]
    assert len(roles) == len(systems.get("1ss").data.roles) == 7
    # The basics topic it used to hide behind keeps its place under another id.
    basics = run("rules", "show", "1ss", "ranks", "--json").json()["items"]
    assert basics[0]["section"] == "Basics" and "D8" in basics[0]["text"]


def test_the_skirmashed_fighter_designation_has_a_topic(run):
    r = run("rules", "show", "skirmashed", "fighter", "--json").json()["items"]
    assert r[0]["id"] == "fighters" and "Hack counts 2 lower" in r[0]["text"]


def test_a_kind_lists_its_entries_and_the_fuller_texts_that_replace_some():
    kinds = {t.id: t.kind for t in all_topics("1ss")}
    assert kinds["melee-2h"] == kinds["heavy-shooter"] == "armory"
    assert kinds["training"] == kinds["treasure-hunt"] == "scenario"
    assert {t.id for t in all_topics("smbfat") if t.kind == "trait"} == set(
        systems.get("smbfat").data.traits
    )


def test_two_entries_sharing_an_id_are_refused():
    entries = [Topic("skill", "guard", "Guard", "x"), Topic("role", "guard", "Guard", "y")]
    with pytest.raises(DataError, match=r"1ss.toml: role 'guard': the id is also the skill"):
        check_ids("1ss", (), entries)


def test_a_topic_that_takes_an_entry_id_by_accident_is_refused(tmp_path, monkeypatch):
    text = COVER + COVER.replace('"cover"', '"fighter"')
    with topic_file(tmp_path, monkeypatch, text):
        with pytest.raises(
            DataError,
            match=r"1ss_topics.toml: topics\[1\].id: 'fighter' is the id of the role 'Fighter'",
        ):
            all_topics("1ss")
