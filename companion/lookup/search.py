"""Ranking topics against a question typed at the table ("shoot into melee", "sheild").

Words are read as `companion.lookup.words` reads them (lower-cased, small question words
dropped, cut to a rough stem), so plurals and word forms match. Each word of the question
scores its best match in each topic: the same stem counts fully, a word the topic's word
begins with a little less, and a near spelling (a typo) by how near it is. Where the word
is found matters: the title, id and keywords weigh most, then the one-line summary, then
the text. A topic's score is the sum over the question's words, so a topic that answers
every word of the question ranks above one that answers a single word very well.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from companion.lookup.synonyms import synonyms
from companion.lookup.topics import RuleTopic
from companion.lookup.words import words
from companion.values import frozen

# Where a word is found, and how much that counts.
W_NAME = 3.0  # title and id
W_KEYWORD = 2.6
W_SECTION = 1.0
W_SHEET = 1.2
W_TEXT = 0.7

FOCUS = 0.6  # bonus for a title made only of the question's words

RARE_FLOOR = 0.3  # the least a found word counts, however common
RARE_POWER = 1.0  # above 1, rare words count more against common ones
LEAN = 0.0  # how much a word used by fewer systems counts for them, per word

TYPO_CUTOFF = 78.0  # rapidfuzz ratio (0-100) below which two words are not a typo apart

# Each topic's weighted stems where they were worked out ahead (`companion.lookup.prepared`
# keeps them in the cache folder), so a look-up need not read every topic's text.
KNOWN: dict[RuleTopic, dict[str, float]] = {}


@frozen
class Hit:
    topic: RuleTopic
    score: float


def _fields(t: RuleTopic) -> Iterable[tuple[float, str]]:
    yield W_NAME, t.title + " " + t.id.replace("-", " ")
    yield W_KEYWORD, " ".join(t.keywords)
    yield W_SECTION, t.section
    yield W_SHEET, t.sheet
    yield W_TEXT, t.text


def _weights(t: RuleTopic) -> dict[str, float]:
    """Each stem of the topic with the weight of the weightiest place it appears."""
    out: dict[str, float] = {}
    for weight, text in _fields(t):
        for w in words(text):
            if out.get(w, 0.0) < weight:
                out[w] = weight
    return out


def _similar(query: str, vocabulary: Sequence[str]) -> dict[str, float]:
    """How close each word of the vocabulary is to one word of the question (0-1)."""
    from rapidfuzz import fuzz, process

    out: dict[str, float] = {}
    for word, score, _ in process.extract(
        query, vocabulary, scorer=fuzz.ratio, score_cutoff=TYPO_CUTOFF, limit=None
    ):
        out[word] = 0.8 * score / 100.0
    for word in vocabulary:
        if word == query:
            out[word] = 1.0
        elif len(query) >= 3 and word.startswith(query):
            out[word] = max(out.get(word, 0.0), 0.75)
    return out


def search(query: str, topics: Sequence[RuleTopic], limit: int = 6) -> list[Hit]:
    """The topics that match `query`, best first (none when no word matches at all).

    A phrase of a topic's system's synonym table counts as one word of the question,
    matched by the rules' word as well as the player's ("lying down" finds prone)."""
    asked = words(query)
    if not asked:
        return []
    tables = {sid: synonyms(sid) for sid in {t.system for t in topics}}
    slots_of = {sid: _dedupe(table.slots(asked)) for sid, table in tables.items()}
    weights = [KNOWN.get(t) or _weights(t) for t in topics]
    rare = _rarity(weights)
    vocabulary = sorted(rare)
    near: dict[str, dict[str, float]] = {}
    for slots in slots_of.values():
        for slot in slots:
            for w in slot:
                if w not in near:
                    near[w] = _similar(w, vocabulary)
    sims_of = {sid: [_merged(slot, near) for slot in slots] for sid, slots in slots_of.items()}
    # What finding each word is worth: a near word ("ranger" for "ranges") never counts
    # for more than the question's own word would, however rare it is.
    worth = {w: _worth(w, n, rare) for w, n in near.items()}
    values_of = {sid: [_merged(slot, worth) for slot in slots] for sid, slots in slots_of.items()}
    counts = {sid: [tables[sid].weight(slot) for slot in slots] for sid, slots in slots_of.items()}
    leaning = _leaning(topics, weights, sims_of, rare) if len(tables) > 1 else {}
    hits = []
    for t, ws in zip(topics, weights, strict=True):
        sims = sims_of[t.system]
        score = 0.0
        for v, count in zip(values_of[t.system], counts[t.system], strict=True):
            score += count * max((v[w] * weight for w, weight in ws.items() if w in v), default=0)
        title = set(words(t.title))
        if score > 0 and title:
            # A title the question covers whole is the focused answer: "shield" before
            # "Meat Shield", "shooting" before "Shooting into melee".
            covered = sum(max((s.get(w, 0.0) for s in sims), default=0) for w in title)
            score += FOCUS * covered / len(title)
        if score > 0:
            hits.append(Hit(t, round(score + leaning.get(t.system, 0.0), 3)))
    hits.sort(key=lambda h: -h.score)
    return hits[:limit]


def _worth(asked: str, near: dict[str, float], rare: dict[str, float]) -> dict[str, float]:
    own = rare.get(asked)
    return {
        w: sim * (rare[w] if w == asked or own is None else min(rare[w], own))
        for w, sim in near.items()
    }


def _rarity(weights: Sequence[dict[str, float]]) -> dict[str, float]:
    """How much finding each word tells (BM25's inverse document frequency, scaled so a
    word in half the topics counts about half of one found in a single topic)."""
    df: dict[str, int] = {}
    for ws in weights:
        for w in ws:
            df[w] = df.get(w, 0) + 1
    n = len(weights)
    top = math.log(1 + n)
    return {
        w: RARE_FLOOR + (1 - RARE_FLOOR) * (math.log(1 + n / d) / top) ** RARE_POWER
        for w, d in df.items()
    }


def _leaning(
    topics: Sequence[RuleTopic],
    weights: Sequence[dict[str, float]],
    sims_of: dict[str, list[dict[str, float]]],
    rare: dict[str, float],
) -> dict[str, float]:
    """How much the question's words lean toward each system, when several are searched:
    a word only one system uses ("quality", "rookie", "manoeuvre") or a system's own
    name tells which game the player means."""
    vocab: dict[str, set[str]] = {}
    for t, ws in zip(topics, weights, strict=True):
        vocab.setdefault(t.system, set()).update(ws)
    systems_of: dict[str, int] = {}
    for v in vocab.values():
        for w in v:
            systems_of[w] = systems_of.get(w, 0) + 1
    n = len(vocab)
    out: dict[str, float] = {}
    for sid, sims in sims_of.items():
        lean = 0.0
        for s in sims:
            lean += max(
                (v * math.log(n / systems_of[w]) for w, v in s.items() if w in vocab[sid]),
                default=0.0,
            )
        out[sid] = LEAN * lean
    return out


def _dedupe(slots: list[tuple[str, ...]]) -> list[tuple[str, ...]]:
    """Each slot once: a word asked twice counts once, as it always has."""
    return list(dict.fromkeys(slots))


def _merged(slot: tuple[str, ...], near: dict[str, dict[str, float]]) -> dict[str, float]:
    """How close each word of the vocabulary is to the slot: its best alternative."""
    if len(slot) == 1:
        return near[slot[0]]
    out: dict[str, float] = {}
    for alt in slot:
        for w, v in near[alt].items():
            if out.get(w, 0.0) < v:
                out[w] = v
    return out
