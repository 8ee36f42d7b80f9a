"""How well the search answers players' questions in their own words: the right topic
first at least 48 times of 50 within the system, and always among the first three; and
the synonym table of each system that makes that possible."""

from __future__ import annotations

import pytest
from lookup_helpers import COVER, topic_file
from lookup_questions import QUESTIONS

from companion import systems
from companion.errors import DataError
from companion.lookup.search import search
from companion.lookup.synonyms import synonyms
from companion.lookup.topics import all_topics
from companion.lookup.words import stem, words


def _ranks() -> list[tuple[str, str, str, int]]:
    out = []
    for system_id, questions in QUESTIONS.items():
        topics = all_topics(system_id)
        for question, want in questions:
            ids = [h.topic.id for h in search(question, topics, 10)]
            out.append((system_id, question, want, ids.index(want) + 1 if want in ids else 99))
    return out


def test_the_question_set_covers_every_system_ten_times():
    # companion's own systems (a plug-in's questions would be its own package's)
    assert set(QUESTIONS) == {sid for sid in systems.ids() if systems.built_in(sid)}
    assert all(len(qs) >= 10 for qs in QUESTIONS.values())
    for system_id, questions in QUESTIONS.items():
        ids = {t.id for t in all_topics(system_id)}
        assert {want for _, want in questions} <= ids, system_id


def test_players_words_find_the_rule_first_48_of_50_and_always_in_the_top_3():
    ranks = _ranks()
    first = [r for r in ranks if r[3] == 1]
    missed = [r for r in ranks if r[3] > 1]
    assert len(ranks) >= 50
    assert len(first) >= len(ranks) - 2, missed
    assert all(r[3] <= 3 for r in ranks), missed


@pytest.mark.parametrize(
    ("system_id", "question", "topic"),
    [
        ("1ss", "my specialist is lying down how does he get back up", "recover"),
        ("warstuff", "when does my unit die", "kill-roll"),
        ("skirmashed", "how far does a figure move", "movement"),
        ("monochrome", "morale when half my warband is dead", "morale"),
        ("monochrome", "which actions can a drone take", "drone"),
        ("skirmashed", "can I dodge", "active-block"),
    ],
)
def test_the_questions_that_went_wrong_find_their_rule_first(system_id, question, topic):
    assert search(question, all_topics(system_id))[0].topic.id == topic


def test_a_phrase_of_the_table_is_one_word_of_the_question_read_as_the_rules_word():
    table = synonyms("1ss")
    # "lying down" is one slot that looks for prone; "dead" keeps the player's word too.
    assert table.slots(words("specialist lying down")) == [("specialist",), (stem("prone"),)]
    assert table.slots(["dead"])[0][0] == "dead" and "out" in table.slots(["dead"])[0]
    assert table.weight(("fighter",)) < table.weight(("specialist",))


@pytest.mark.parametrize(
    ("table", "error"),
    [
        ('[synonyms]\nprone = ["the", "lying down"]\n', r"synonyms.prone: 'the' has no word"),
        ('[synonyms]\nprone = "lying down"\n', r"synonyms.prone: expected a list of text"),
        ('[synonyms]\nkill = ["killed"]\n', r"synonyms.kill: 'killed' is the word itself"),
    ],
)
def test_a_broken_synonym_table_names_file_and_key(tmp_path, monkeypatch, table, error):
    with topic_file(tmp_path, monkeypatch, table + COVER):
        with pytest.raises(DataError, match="1ss_topics.toml: " + error):
            synonyms("1ss")
