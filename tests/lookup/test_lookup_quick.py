"""The quick rules look-up: the prepared topics are the topics, kept by the fingerprint of
the code and the rules files, and printed byte for byte as Rich prints them."""

from __future__ import annotations

import io
import shutil
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from companion import data, systems
from companion.lookup import prepared, synonyms
from companion.lookup.search import _weights, packed, search
from companion.lookup.sheet import sections
from companion.lookup.topics import all_topics
from companion.render.topic_lines import Block, line_spans, plain, topic_blocks


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A private copy of rules_data and an empty cache folder."""
    folder = tmp_path / "rules_data"
    shutil.copytree(data.data_dir(), folder)
    monkeypatch.setattr(data, "data_dir", lambda: str(folder))
    monkeypatch.setenv("COMPANION_HOME", str(tmp_path / "home"))
    prepared._doc.cache_clear()
    prepared.topics.cache_clear()
    yield folder
    prepared._doc.cache_clear()
    prepared.topics.cache_clear()


@pytest.mark.parametrize("sid", systems.ids())
def test_the_prepared_topics_are_the_topics_and_their_search_weights(sid: str, cache: Path) -> None:
    kept = prepared.topics(sid)
    # the players' questions are index data: their words are in the weights
    assert kept == tuple(replace(t, asks=()) for t in all_topics(sid))
    prepared._doc.cache_clear()
    prepared.topics.cache_clear()
    again = prepared.topics(sid)  # read back from the cache folder
    assert again == kept
    doc = prepared._doc(sid)
    assert doc["weights"] == [packed(_weights(t)) for t in all_topics(sid)]
    assert prepared.rulings(sid) == [(r.id, r.title, r.text) for r in systems.get(sid).rulings()]
    assert prepared.name(sid) == systems.get(sid).info.name
    # The players' words come with the topics, as the topic file has them.
    assert synonyms.KNOWN[sid] == synonyms.read(sid)
    for question in ("cover", "sheild", "how far can I move", "lying down", "how far"):
        found = [(h.topic.id, h.score) for h in search(question, again)]
        assert found == [(h.topic.id, h.score) for h in search(question, all_topics(sid))]


def test_a_changed_rules_file_prepares_the_topics_again(cache: Path) -> None:
    before = prepared.topics("warstuff")
    assert (Path(data.cache_dir() or "") / "rules-topics-warstuff.json").is_file()
    path = cache / "warstuff_topics.toml"
    text = path.read_text(encoding="utf-8")
    title = before[0].title
    assert f'title = "{title}"' in text
    path.write_text(text.replace(f'title = "{title}"', 'title = "Edited"', 1), encoding="utf-8")
    data.load_toml.cache_clear()
    from companion.lookup import topics

    topics.file_topics.cache_clear()
    prepared._doc.cache_clear()
    prepared.topics.cache_clear()
    try:
        assert prepared.topics("warstuff")[0].title == "Edited"
    finally:
        data.load_toml.cache_clear()
        topics.file_topics.cache_clear()


def test_a_corrupt_cache_file_is_prepared_again(cache: Path) -> None:
    first = prepared.topics("1ss")
    file = Path(data.cache_dir() or "") / "rules-topics-1ss.json"
    file.write_text("{not json", encoding="utf-8")
    prepared._doc.cache_clear()
    prepared.topics.cache_clear()
    assert prepared.topics("1ss") == first


def _every_print(sid: str) -> list[list[Block]]:
    """Every kind of output the look-up prints for a system."""
    topics = all_topics(sid)
    titles = {r.id: r.title for r in systems.get(sid).rulings()}
    out = [[*topic_blocks(t, titles), ([], 0), ([("See also:", "bold")], 0)] for t in topics]
    listing: list[Block] = []
    for section, items in sections(topics):
        listing += [([(section, "bold")], 0), *(line_spans(t, True) for t in items)]
    return [*out, listing]


@pytest.mark.parametrize("sid", systems.ids())
@pytest.mark.parametrize("columns", ["40", "80", "120"])
@pytest.mark.parametrize("colour", [False, True])
def test_a_topic_is_printed_as_rich_prints_it(
    sid: str, columns: str, colour: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    from companion.render.console import make_console
    from companion.render.topic_view import render_blocks

    monkeypatch.setenv("COLUMNS", columns)
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.delenv("TTY_COMPATIBLE", raising=False)
    monkeypatch.setattr(sys, "platform", "linux")
    if colour:
        monkeypatch.setenv("FORCE_COLOR", "1")
    else:
        monkeypatch.delenv("FORCE_COLOR", raising=False)
    monkeypatch.setattr(sys, "stdout", io.StringIO())
    printed = 0
    for blocks in _every_print(sid):
        text = plain(blocks)
        c = make_console()
        c.file = io.StringIO()
        render_blocks(c, blocks)
        if text is not None:
            printed += 1
            assert text == c.file.getvalue()
    assert printed >= len(all_topics(sid)) // 2  # most are printed without Rich
