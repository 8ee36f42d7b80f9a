"""Ranking topics against a question typed at the table ("shoot into melee", "sheild").

Words are lower-cased, small question words dropped, and cut to a rough stem ("ranges",
"ranged" and "range" meet), so plurals and word forms match. Each word of the question
scores its best match in each topic: the same stem counts fully, a word the topic's word
begins with a little less, and a near spelling (a typo) by how near it is. Where the word
is found matters: the title, id and keywords weigh most, then the one-line summary, then
the text. A topic's score is the sum over the question's words, so a topic that answers
every word of the question ranks above one that answers a single word very well.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from companion.lookup.topics import RuleTopic
from companion.values import frozen

STOP_WORDS = frozenset(
    "a an and are at be by can do does for from get go how i if in is it its me my of on "
    "or so the to what when where which who why with work works you your again".split()
)
_WORD = re.compile(r"[a-z0-9]+")
_SUFFIXES = ("ing", "ed", "es", "s")

# Where a word is found, and how much that counts.
W_NAME = 3.0  # title and id
W_KEYWORD = 2.6
W_SECTION = 1.0
W_SHEET = 1.2
W_TEXT = 0.7

FOCUS = 0.6  # bonus for a title made only of the question's words

TYPO_CUTOFF = 78.0  # rapidfuzz ratio (0-100) below which two words are not a typo apart

# Each topic's weighted stems where they were worked out ahead (`companion.lookup.prepared`
# keeps them in the cache folder), so a look-up need not read every topic's text.
KNOWN: dict[RuleTopic, dict[str, float]] = {}


def stem(word: str) -> str:
    """A rough stem: enough for plurals and -ing/-ed forms of the words rules use."""
    w = word.casefold()
    for suffix in _SUFFIXES:
        if w.endswith(suffix) and len(w) - len(suffix) >= 3 and not w.endswith("ss"):
            w = w[: -len(suffix)]
            break
    if w.endswith("e") and len(w) > 3:
        w = w[:-1]
    return w


def words(text: str) -> list[str]:
    """The stems of the words of `text` that carry meaning."""
    return [stem(w) for w in _WORD.findall(text.casefold()) if w not in STOP_WORDS]


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
    """The topics that match `query`, best first (none when no word matches at all)."""
    asked = list(dict.fromkeys(words(query)))
    if not asked:
        return []
    weights = [KNOWN.get(t) or _weights(t) for t in topics]
    vocabulary = sorted({w for ws in weights for w in ws})
    near = [_similar(q, vocabulary) for q in asked]
    hits = []
    for t, ws in zip(topics, weights, strict=True):
        score = 0.0
        for sims in near:
            score += max((sims[w] * weight for w, weight in ws.items() if w in sims), default=0)
        title = set(words(t.title))
        if score > 0 and title:
            # A title the question covers whole is the focused answer: "shield" before
            # "Meat Shield", "shooting" before "Shooting into melee".
            covered = sum(max((sims.get(w, 0.0) for sims in near), default=0) for w in title)
            score += FOCUS * covered / len(title)
        if score > 0:
            hits.append(Hit(t, round(score, 3)))
    hits.sort(key=lambda h: -h.score)
    return hits[:limit]
