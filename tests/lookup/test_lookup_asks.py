"""Players' questions kept beside each topic (`rules_data/<id>_asks.toml`): written from the
rule texts, never from the measured question sets, for every topic, and checked on load."""

from __future__ import annotations

import pytest
from lookup_helpers import COVER, topic_file
from score import OWN, copied

from companion.errors import DataError
from companion.lookup import topics as topics_mod
from companion.lookup.search import search
from companion.lookup.topics import all_topics


@pytest.mark.parametrize("system_id", OWN)
def test_every_topic_keeps_players_questions(system_id):
    thin = [t.id for t in all_topics(system_id) if len(t.asks) < 4]
    assert not thin


def test_no_question_of_the_measured_sets_is_kept_as_a_topics_question():
    # The asks are written from the rule texts: a question of either half copied into them
    # would make the figures the README reports say nothing. (A short question two writers
    # wrote alike by chance is taken out of the asks, so it flatters no figure either.)
    assert copied([a for sid in OWN for t in all_topics(sid) for a in t.asks]) == 0


def test_a_topics_question_finds_it_among_the_first_three():
    # Each question sits under the topic whose text answers it: within its own system the
    # search puts that topic near the top for nearly all of them.
    asked = found = 0
    for sid in OWN:
        topics = all_topics(sid)
        for t in topics:
            for a in t.asks[::5]:
                asked += 1
                found += t.id in [h.topic.id for h in search(a, topics, 3)]
    assert found >= 0.95 * asked


def test_a_broken_asks_file_names_file_and_key(tmp_path, monkeypatch):
    with topic_file(tmp_path, monkeypatch, COVER):
        asks = tmp_path / "1ss_asks.toml"
        asks.write_text('[asks]\nnope = ["where is it"]\n')
        with pytest.raises(DataError, match=r"1ss_asks.toml: asks.nope: no topic 'nope' in 1ss"):
            all_topics("1ss")
        asks.write_text('[asks]\ncover = ["  "]\n')
        topics_mod.file_asks.cache_clear()
        from companion.data import load_toml

        load_toml.cache_clear()
        with pytest.raises(DataError, match=r"1ss_asks.toml: asks.cover: a question must"):
            all_topics("1ss")
