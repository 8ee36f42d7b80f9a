"""The look-up's data, worked out once and kept in the cache folder.

A rules look-up needs each system's topics, its rulings and what the search ranks topics
by (each topic's weighted words, and the system's table of players' words). Working them
out loads every rule system and reads every topic's text, several times the cost of the
look-up itself; the result depends only on the installed code and the rules files, so it
is kept (`companion.data.prepared`, keyed by their fingerprint) and read back as plain
data by later look-ups.
"""

from __future__ import annotations

from functools import lru_cache

from companion import TYPE_CHECKING
from companion.data import prepared
from companion.lookup.topics import RuleTopic

if TYPE_CHECKING:
    from typing import Any

_LISTS = ("keywords", "rulings", "steps", "terms")
# Players' questions are index data only: their words are in the weights, and kept as
# text they would make the cache file, read by every look-up, twice as long.
_INDEX_ONLY = ("asks",)


def _build(system_id: str) -> dict[str, Any]:
    from companion import systems
    from companion.lookup.search import _weights, holding, lengths, packed
    from companion.lookup.synonyms import read
    from companion.lookup.topics import all_topics

    system = systems.get(system_id)
    topics = all_topics(system_id)
    weights = [_weights(t) for t in topics]
    return {
        "name": system.info.name,
        "rulings": [[r.id, r.title, r.text] for r in system.rulings()],
        "topics": [
            {k: list(v) if k in _LISTS else v for k, v in _fields(t).items()} for t in topics
        ],
        "weights": [packed(w) for w in weights],
        "lengths": [lengths(w) for w in weights],
        "held": holding(weights),
        "synonyms": read(system_id).to_data(),
    }


def _fields(t: RuleTopic) -> dict[str, Any]:
    return {k: getattr(t, k) for k in RuleTopic.__annotations__ if k not in _INDEX_ONLY}


@lru_cache(maxsize=8)
def _doc(system_id: str) -> dict[str, Any]:
    from companion import systems

    extra = systems.data_folders(system_id)
    return prepared(f"topics-{system_id}", lambda: _build(system_id), extra)


def name(system_id: str) -> str:
    """The system's full name."""
    return str(_doc(system_id)["name"])


def rulings(system_id: str) -> list[tuple[str, str, str]]:
    """The system's rulings: id, title and text."""
    return [(r[0], r[1], r[2]) for r in _doc(system_id)["rulings"]]


@lru_cache(maxsize=8)
def topics(system_id: str) -> tuple[RuleTopic, ...]:
    """`companion.lookup.topics.all_topics(system_id)`, from the prepared data, without the
    players' questions (index data: their words are in the weights); the search
    (`companion.lookup.search`) is handed each topic's weighted words and the system's
    table of players' words (`companion.lookup.synonyms`) with it."""
    from companion.lookup import search, synonyms

    doc = _doc(system_id)
    fields: list[dict[str, Any]] = [
        {k: tuple(v) if k in _LISTS else v for k, v in t.items()} for t in doc["topics"]
    ]
    out = tuple(RuleTopic(**f) for f in fields)
    search.KNOWN.update(zip(out, zip(doc["weights"], doc["lengths"], strict=True), strict=True))
    search.COUNTS[system_id] = (tuple(t.id for t in out), doc["held"])
    synonyms.KNOWN[system_id] = synonyms.Synonyms.from_data(doc["synonyms"])
    return out
