"""The rules look-up contract, run over every registered system without naming any.

Every system has a topic file; every topic loads, renders and cites rulings that exist;
every step an explanation shows names a topic that `rules show` finds; and a topic's own
title, typed as a question, finds that topic first.
"""

from __future__ import annotations

import json

import pytest
from lookup_helpers import step_titles
from rich.console import Console

from companion import systems
from companion.lookup.links import topic_of_step
from companion.lookup.search import search
from companion.lookup.topics import all_topics, file_topics, has_file
from companion.render.topic_view import render_topic

IDS = systems.ids()


@pytest.mark.parametrize("system_id", IDS)
def test_every_system_has_a_topic_file(system_id):
    assert has_file(system_id), f"rules_data/{system_id}_topics.toml is missing"
    assert len(file_topics(system_id)) >= 8


@pytest.mark.parametrize("system_id", IDS)
def test_every_topic_renders_and_cites_rulings_that_exist(system_id):
    system = systems.get(system_id)
    known = {r.id for r in system.rulings()}
    titles = {r.id: r.title for r in system.rulings()}
    topics = all_topics(system_id)
    assert len({t.id for t in topics}) == len(topics), "topic ids repeat"
    for t in topics:
        assert set(t.rulings) <= known, (t.id, set(t.rulings) - known)
        c = Console(record=True, width=60, color_system=None)
        render_topic(c, t, titles)
        out = c.export_text()
        assert t.title in out and t.id in out
        assert json.loads(json.dumps(t.to_dict()))["id"] == t.id
        assert t.sheet.strip() and t.text.strip()


@pytest.mark.parametrize("system_id", IDS)
def test_every_explanation_step_names_a_topic_that_show_finds(system_id, run):
    system = systems.get(system_id)
    ids = {t.id for t in all_topics(system_id)}
    missing = {}
    linked = set()
    for title, trace in step_titles(system).items():
        tid = topic_of_step(system_id, title)
        if tid is None:
            missing[title] = trace
        else:
            assert tid in ids, f"step {title!r} names topic {tid!r}, which does not exist"
            linked.add(tid)
    assert not missing, f"steps with no topic (step <- trace): {missing}"
    for tid in sorted(linked):
        r = run("rules", "show", system_id, tid, "--json")
        assert r.code == 0 and r.json()["items"][0]["id"] == tid, (tid, r.err)


@pytest.mark.parametrize("system_id", IDS)
def test_a_topic_title_finds_that_topic_first(system_id):
    topics = all_topics(system_id)
    for t in topics:
        hits = search(t.title, topics)
        best = hits[0].score
        # Two entries may share a title's words; the topic must be among the best.
        assert any(h.topic.id == t.id and h.score == best for h in hits), (
            t.title,
            [(h.topic.id, h.score) for h in hits[:3]],
        )
