"""Which topic governs a trace step, from the `steps` lists of a system's topic file.

A step's title is matched case-insensitively. Titles carry names ("Defence (Robyn)",
"Morale test: Orc Warrior", "Robyn attacks Fawkes"), so a title is tried three ways: as
it is, without its parenthesised parts, and up to its first colon; and a `*` in an entry
of `steps` stands for any text, usually a fighter's name ("* attacks *", "* recovers").
The entry that matches the most literal text wins, so "* is wounded" beats "*". A title
no entry names links to the system's own entry of that name, if any: a step titled
"Warrior" or "Tough: Troll" is governed by that skill or special rule.

The topic file's parsed form is cached like all rules data, and rendering a trace never
loads the fuzzy matcher.
"""

from __future__ import annotations

import re
from functools import lru_cache

from companion.lookup.topics import file_topics

_PARENS = re.compile(r"\s*\([^()]*\)")


def title_forms(title: str) -> tuple[str, ...]:
    """The title as it is, without parenthesised parts, and up to its first colon."""
    full = " ".join(title.casefold().split())
    bare = " ".join(_PARENS.sub("", full).split())
    head = bare.split(":", 1)[0].strip()
    return tuple(dict.fromkeys(f for f in (full, bare, head) if f))


def glob_match(parts: tuple[str, ...], text: str) -> bool:
    """Whether `text` is the parts of a `steps` entry (split at its `*`) with some text,
    at least one character, in place of each `*`. Plain string work: compiling a regular
    expression per entry would cost a table command more than the rest of its output."""
    if len(parts) == 1:
        return text == parts[0]
    first, last = parts[0], parts[-1]
    if not text.startswith(first) or not text.endswith(last):
        return False
    pos, end = len(first) + 1, len(text) - len(last) - 1
    for middle in parts[1:-1]:
        found = text.find(middle, pos, end)
        if found < 0:
            return False
        pos = found + len(middle) + 1
    return pos <= end + 1


@lru_cache(maxsize=16)
def _patterns(system_id: str) -> tuple[tuple[tuple[str, ...], str], ...]:
    out = []
    for t in file_topics(system_id):
        for entry in t.steps:
            parts = tuple(" ".join(entry.casefold().split()).split("*"))
            out.append((parts, t.id))
    # The most literal text first: the most specific entry wins.
    return tuple(sorted(out, key=lambda p: -sum(len(x) for x in p[0])))


@lru_cache(maxsize=16)
def _names(system_id: str) -> dict[str, str]:
    """The system's own entries by id and by name ("Warrior (passive)" is "warrior")."""
    from companion import systems

    out: dict[str, str] = {}
    for t in systems.get(system_id).topics():
        out.setdefault(_PARENS.sub("", t.label).strip().casefold(), t.id)
        out.setdefault(t.id, t.id)
    return out


def topic_of_step(system_id: str, title: str) -> str | None:
    """The id of the topic that governs a step with this title, or None."""
    forms = title_forms(title)
    for parts, tid in _patterns(system_id):
        if any(glob_match(parts, f) for f in forms):
            return tid
    names = _names(system_id)
    return next((names[f] for f in forms if f in names), None)
