"""Ranking topics against a question typed at the table ("shoot into melee", "sheild").

Words are read as `companion.lookup.words` reads them (lower-cased, small question words
dropped, cut to a rough stem), so plurals and word forms match. Each word of the question
scores its best match in each topic: the same stem counts fully, a word the topic's word
begins with a little less, and a near spelling (a typo) by how near it is. Where the word
is found matters: the title, id and keywords weigh most, then the one-line summary, then
the text. Each word counts as BM25F counts it: by how few topics hold it, finding it
again adds less and less, and a long text counts each finding for less. A topic's score
is the sum over the question's words (plus the pairs of them it holds side by side), so
a topic that answers every word of the question ranks above one that answers a single
word very well.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from companion.lookup.synonyms import synonyms
from companion.lookup.topics import RuleTopic
from companion.lookup.words import words
from companion.values import frozen

# The places a word is found, each with how much it counts and how much a long place
# counts each word for less (BM25's b: 0 for a title, whose length says nothing).
FIELDS = ("name", "keyword", "section", "sheet", "text", "terms", "asks")
W_FIELD = (3.0, 2.6, 1.0, 0.8, 0.5, 1.0, 0.5)
B_FIELD = (0.3, 0.0, 0.0, 0.5, 0.75, 0.5, 0.3)
K1 = 1.2  # how soon a word found again adds little (BM25's k1)

FOCUS = 1.5  # bonus for a title made only of the question's words
PAIR = 0.2  # what two of the question's words side by side in a topic count, as one more

TYPO_CUTOFF = 78.0  # rapidfuzz ratio (0-100) below which two words are not a typo apart

# Each topic's stems with how often each place holds them, where they were worked out
# ahead (`companion.lookup.prepared` keeps them in the cache folder), so a look-up need
# not read every topic's text; with them, how many words each place holds (what BM25F's
# length normalisation reads). The counts of one stem are packed into one number, `BITS`
# a place (`packed`): the cache file is read several times faster as numbers than as
# lists, and only the stems a question finds are unpacked.
KNOWN: dict[RuleTopic, tuple[dict[str, int], list[int]]] = {}
BITS = 6
# Worked out ahead too: per system, its topics' ids with how many of those topics hold
# each stem (what rarity is counted from). A search of whole systems adds these up
# instead of going through every word of every topic.
COUNTS: dict[str, tuple[tuple[str, ...], dict[str, int]]] = {}


@frozen
class Hit:
    topic: RuleTopic
    score: float


def _fields(t: RuleTopic) -> tuple[tuple[str, ...], ...]:
    """Each place's text, in pieces: two words side by side count as a pair only within
    one piece (the index terms are each a piece of their own)."""
    return (
        (t.title + " " + t.id.replace("-", " "),),
        (" ".join(t.keywords),),
        (t.section,),
        (t.sheet,),
        (t.text,),
        t.terms,
        t.asks,
    )


def _weights(t: RuleTopic) -> dict[str, list[int]]:
    """Each stem of the topic with how often each place (`FIELDS`) holds it."""
    out: dict[str, list[int]] = {}
    for i, pieces in enumerate(_fields(t)):
        for text in pieces:
            stems = words(text)
            for w in stems:
                out.setdefault(w, [0] * len(FIELDS))[i] += 1
            for pair in _pairs(stems):
                out.setdefault(pair, [0] * len(FIELDS))[i] += 1
    return out


def _pairs(stems: Sequence[str]) -> list[str]:
    """Each two stems side by side, as one key ("line sight"): a topic that has the
    question's words together answers it better than one that has them apart."""
    return [f"{a} {b}" for a, b in zip(stems, stems[1:], strict=False) if a != b]


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
    indexed = [_index_of(t) for t in topics]
    terms = [ts for ts, _ in indexed]
    held = _held(topics, terms)
    vocabulary = sorted(w for w in held if " " not in w)
    near: dict[str, dict[str, float]] = {}
    for slots in slots_of.values():
        for slot in slots:
            for w in slot:
                if w not in near:
                    near[w] = _similar(w, vocabulary)
    sims_of = {sid: [_merged(slot, near) for slot in slots] for sid, slots in slots_of.items()}
    rare = _rarity(held, len(topics), {w for n in near.values() for w in n} | set(_pairs(asked)))
    # What finding each word is worth: a near word ("ranger" for "ranges") never counts
    # for more than the question's own word would, however rare it is.
    worth = {w: _worth(w, n, rare) for w, n in near.items()}
    values_of = {
        sid: [_shared(slot, _merged(slot, worth), rare) for slot in slots]
        for sid, slots in slots_of.items()
    }
    counts = {sid: [tables[sid].weight(slot) for slot in slots] for sid, slots in slots_of.items()}
    norms = _norms([row for _, row in indexed])
    pairs = [p for p in _pairs(asked) if p in rare]
    hits = []
    for t, ts, norm in zip(topics, terms, norms, strict=True):
        score = 0.0
        for v, count in zip(values_of[t.system], counts[t.system], strict=True):
            best = 0.0
            for w, value in v.items():
                tf = ts.get(w)
                if tf is not None:
                    found = _found(tf, norm)
                    best = max(best, value * found * (K1 + 1) / (found + K1))
            score += count * best
        for pair in pairs:
            tf = ts.get(pair)
            if tf is not None:
                found = _found(tf, norm)
                score += PAIR * rare[pair] * found * (K1 + 1) / (found + K1)
        title = set(words(t.title))
        if score > 0 and title:
            # A title the question covers whole is the focused answer: "shield" before
            # "Meat Shield", "shooting" before "Shooting into melee".
            sims = sims_of[t.system]
            covered = sum(max((s.get(w, 0.0) for s in sims), default=0) for w in title)
            score += FOCUS * covered / len(title)
        if score > 0:
            hits.append(Hit(t, round(score, 3)))
    hits.sort(key=lambda h: -h.score)
    return hits[:limit]


def _index_of(t: RuleTopic) -> tuple[dict[str, int], list[int]]:
    known = KNOWN.get(t)
    if known is None:
        weights = _weights(t)
        known = KNOWN[t] = (packed(weights), lengths(weights))
    return known


def packed(weights: dict[str, list[int]]) -> dict[str, int]:
    """Each stem's counts per place as one number (a count over `BITS` bits is kept as
    the most they hold: BM25 has long stopped adding by then)."""
    top = (1 << BITS) - 1
    out = {}
    for w, tf in weights.items():
        code = 0
        for i, n in enumerate(tf):
            code |= min(n, top) << (BITS * i)
        out[w] = code
    return out


def _found(code: int, norm: tuple[float, ...]) -> float:
    """A packed stem's counts, each place's weighed by `norm`, added up."""
    top = (1 << BITS) - 1
    total = 0.0
    i = 0
    while code:
        total += (code & top) * norm[i]
        code >>= BITS
        i += 1
    return total


def lengths(weights: dict[str, list[int]]) -> list[int]:
    """How many words each place of a topic holds (its pairs not counted)."""
    out = [0] * len(FIELDS)
    for w, tf in weights.items():
        if " " not in w:
            for i, n in enumerate(tf):
                out[i] += n
    return out


def _norms(lengths: Sequence[list[int]]) -> list[tuple[float, ...]]:
    """Per topic, what one finding in each place counts: the place's weight, less for a
    place longer than that place is on average (BM25F's length normalisation)."""
    n = max(len(lengths), 1)
    average = [max(sum(row[i] for row in lengths) / n, 1.0) for i in range(len(FIELDS))]
    return [
        tuple(
            w / (1 - b + b * length / avg)
            for w, b, length, avg in zip(W_FIELD, B_FIELD, row, average, strict=True)
        )
        for row in lengths
    ]


def _shared(
    slot: tuple[str, ...], values: dict[str, float], rare: dict[str, float]
) -> dict[str, float]:
    """A phrase of the synonym table is one idea, however it is worded: the rules' word
    found counts as much as the rarest of its words would ("die" or "kill")."""
    if len(slot) == 1:
        return values
    top = max((rare.get(w, 0.0) for w in slot), default=0.0)
    return {w: v * top / rare[w] if w in slot and rare.get(w) else v for w, v in values.items()}


def _worth(asked: str, near: dict[str, float], rare: dict[str, float]) -> dict[str, float]:
    own = rare.get(asked)
    return {
        w: sim * (rare[w] if w == asked or own is None else min(rare[w], own))
        for w, sim in near.items()
    }


def holding(terms: Sequence[Mapping[str, object]]) -> dict[str, int]:
    """How many of the topics hold each stem (or pair)."""
    out: dict[str, int] = {}
    for ts in terms:
        for w in ts:
            out[w] = out.get(w, 0) + 1
    return out


def _held(topics: Sequence[RuleTopic], terms: Sequence[dict[str, int]]) -> dict[str, int]:
    """`holding(terms)`, added up from each system's counts worked out ahead where the
    search covers that system's topics whole."""
    groups: dict[str, list[int]] = {}
    for i, t in enumerate(topics):
        groups.setdefault(t.system, []).append(i)
    out: dict[str, int] = {}
    for sid, rows in groups.items():
        ahead = COUNTS.get(sid)
        if ahead is not None and ahead[0] == tuple(topics[i].id for i in rows):
            counts = ahead[1]
        else:
            counts = holding([terms[i] for i in rows])
        if not out:
            out = dict(counts)
            continue
        for w, d in counts.items():
            out[w] = out.get(w, 0) + d
    return out


def _rarity(held: dict[str, int], n: int, wanted: set[str]) -> dict[str, float]:
    """How much finding each wanted word tells: BM25's inverse document frequency."""
    return {
        w: math.log(1 + (n - d + 0.5) / (d + 0.5)) for w in wanted if (d := held.get(w)) is not None
    }


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
