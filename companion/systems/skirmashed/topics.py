"""The rules look-up topics of SKIRMASHED, from rules_data/skirmashed_topics.toml."""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from companion.data import Reader, load_toml
from companion.systems.base import Topic
from companion.systems.skirmashed.data import TOPICS_FILE, load
from companion.values import frozen

ID = re.compile(r"^[a-z0-9][a-z0-9-]*$")


@frozen
class RuleTopic:
    id: str
    title: str
    section: str
    keywords: tuple[str, ...]
    rulings: tuple[str, ...]
    steps: tuple[str, ...]
    sheet: str
    text: str


@lru_cache(maxsize=1)
def load_topics() -> tuple[RuleTopic, ...]:
    """Every topic, checked: ids unique and lower-case, rulings known to the system."""
    top = Reader(TOPICS_FILE, load_toml(TOPICS_FILE))
    top.only("topics")
    known = {r.id for r in load().rulings}
    out: list[RuleTopic] = []
    seen: set[str] = set()
    for r in top.tables("topics"):
        r.only("id", "title", "section", "keywords", "rulings", "steps", "sheet", "text")
        tid = r.text("id")
        if not ID.match(tid) or tid in seen:
            r.fail(f"{tid!r} must be lower-case and unique", "id")
        seen.add(tid)
        rulings = r.texts("rulings", ())
        for rid in rulings:
            if rid not in known:
                r.fail(f"unknown ruling {rid!r}", "rulings")
        out.append(
            RuleTopic(
                tid,
                r.text("title"),
                r.text("section"),
                r.texts("keywords", ()),
                rulings,
                r.texts("steps", ()),
                r.text("sheet"),
                r.text("text").strip(),
            )
        )
    return tuple(out)


def as_topics(rows: Sequence[RuleTopic]) -> list[Topic]:
    return [Topic("rule", t.id, t.title, t.sheet) for t in rows]
