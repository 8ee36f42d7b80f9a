"""A question's and a topic's words as the look-up compares them: lower-cased, the small
words that name no rule dropped, each cut to a rough stem ("ranges", "ranged" and "range"
meet). The ranking (`companion.lookup.search`) and the players' words
(`companion.lookup.synonyms`) both read text through these.
"""

from __future__ import annotations

import re

STOP_WORDS = frozenset(
    "a an and are at be by can do does for from get go how i if in is it its me my of on "
    "or so the to what when where which who why with work works you your again "
    # Words of a question that name no rule: "what happens when he makes ...".
    "make makes take takes happen happens he she they them his her their this that now "
    "guy guys many than then will would could should has have there".split()
)
_WORD = re.compile(r"[a-z0-9]+")
_SUFFIXES = ("ing", "ed", "es", "s")


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
