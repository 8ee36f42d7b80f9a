"""Look-up topics: loaded from the rules file `<id>_topics.toml`, checked, and merged
with the entries each system lists itself.

Errors name the file and the key (`1ss_topics.toml: topics[3].rulings: ...`), like every
other rules data error, so a broken topic file is fixed in a minute.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import lru_cache

from companion import TYPE_CHECKING
from companion.data import Reader, find, load_toml
from companion.values import frozen, thawed

if TYPE_CHECKING:
    from typing import Any

    from companion.systems.records import Topic

ID_PATTERN = re.compile(r"^[a-z0-9][a-z0-9-]*$")
_PARENS = re.compile(r"\s*\([^()]*\)")
KEYS = ("id", "title", "section", "kind", "keywords", "rulings", "steps", "sheet", "text")

# Where a system's own entries go on the cheat sheet, by their kind.
KIND_SECTIONS = {
    "skill": "Skills",
    "role": "Roles",
    "armory": "Armory",
    "scenario": "Scenarios",
    "rule": "Special rules",
    "action": "Actions",
    "class": "Classes",
    "trait": "Traits",
    "type": "Figure types",
    "genre": "Quickplay units",
}

# Words that find a system's own entries of a kind ("which actions can a drone take":
# a class is the list of actions it may take).
KIND_KEYWORDS = {
    "skill": ("skill",),
    "role": ("role",),
    "armory": ("equipment", "weapon", "item"),
    "rule": ("special rule",),
    "class": ("class", "actions"),
    "trait": ("trait",),
    "type": ("type",),
}


@frozen
class RuleTopic:
    """One look-up entry: a rule section of the text, or a skill, role, item, scenario."""

    system: str
    id: str
    title: str
    section: str
    kind: str  # "topic" for the topic file's sections, else the system's own kind
    sheet: str
    text: str
    keywords: tuple[str, ...] = ()
    rulings: tuple[str, ...] = ()
    steps: tuple[str, ...] = ()
    # Index terms only, never shown: the words of the rule text's own passage for this
    # topic (the topic file's `[terms]` table), so a question in the text's words finds it.
    terms: tuple[str, ...] = ()
    # Index only too: questions players ask that this topic answers, written from the
    # rule text (the system's `<id>_asks.toml`), so a question in players' words finds it.
    asks: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, object]:
        return {
            **thawed(self, "system", "id", "kind", "title"),
            # `label` and `summary` are the names the look-up used before topic files.
            "label": self.title,
            "summary": self.sheet,
            **thawed(self, "section", "keywords", "rulings", "steps", "sheet", "text"),
        }


def file_name(system_id: str) -> str:
    return f"{system_id}_topics.toml"


def has_file(system_id: str) -> bool:
    return find(file_name(system_id)) is not None


@lru_cache(maxsize=16)
def file_topics(system_id: str) -> tuple[RuleTopic, ...]:
    """The topics of a system's topic file, checked; () when the system has none yet."""
    name = file_name(system_id)
    if not has_file(system_id):
        return ()
    top = Reader(name, load_toml(name))
    # `synonyms` and `common_words`: lookup.synonyms; `terms`: file_terms.
    top.only("topics", "synonyms", "common_words", "terms")
    out: list[RuleTopic] = []
    seen: set[str] = set()
    for r in top.tables("topics"):
        r.only(*KEYS)
        tid = r.text("id")
        if not ID_PATTERN.match(tid):
            r.fail(f"{tid!r} must be lower-case letters, digits and dashes", "id")
        if tid in seen:
            r.fail(f"{tid!r} is used by an earlier topic", "id")
        seen.add(tid)
        kind = r.text("kind", "topic")
        if not ID_PATTERN.match(kind):
            r.fail(f"{kind!r} must be lower-case letters, digits and dashes", "kind")
        topic = RuleTopic(
            system=system_id,
            id=tid,
            title=r.text("title"),
            section=r.text("section"),
            kind=kind,
            sheet=r.text("sheet"),
            text=r.text("text").strip(),
            keywords=tuple(dict.fromkeys(r.texts("keywords", ()) + KIND_KEYWORDS.get(kind, ()))),
            rulings=r.texts("rulings", ()),
            steps=r.texts("steps", ()),
        )
        for key in ("title", "section", "sheet", "text"):
            if not str(getattr(topic, key)).strip():
                r.fail("must not be empty", key)
        out.append(topic)
    return tuple(out)


MAX_TERM_WORDS = 3


@lru_cache(maxsize=16)
def file_terms(system_id: str) -> dict[str, tuple[str, ...]]:
    """The topic file's `[terms]` table: per topic id (a topic of the file or an entry
    the system lists), the distinctive words of the passage of the rule text it covers.
    They are index terms, not text: single words or short phrases, never shown."""
    if not has_file(system_id):
        return {}
    name = file_name(system_id)
    table = Reader(name, load_toml(name)).table("terms", {})
    return _per_topic(
        table,
        lambda term: (
            None
            if term.strip() and len(term.split()) <= MAX_TERM_WORDS
            else f"{term!r} must be a word or a phrase of 1-{MAX_TERM_WORDS}"
        ),
    )


def asks_file(system_id: str) -> str:
    return f"{system_id}_asks.toml"


@lru_cache(maxsize=16)
def file_asks(system_id: str) -> dict[str, tuple[str, ...]]:
    """The system's `<id>_asks.toml`: per topic id, questions players ask that it answers.
    They are index data, never shown; a system without the file has none."""
    name = asks_file(system_id)
    if find(name) is None:
        return {}
    top = Reader(name, load_toml(name))
    top.only("asks")
    return _per_topic(
        top.table("asks", {}),
        lambda ask: None if ask.strip() else "a question must not be empty",
    )


def _per_topic(table: Reader, wrong: Callable[[str], str | None]) -> dict[str, tuple[str, ...]]:
    """An index table: per topic id, a list of texts, each checked (`wrong` says what is
    wrong with one, None when nothing is)."""
    out: dict[str, tuple[str, ...]] = {}
    for tid in table.data:
        texts = table.texts(tid)
        for text in texts:
            problem = wrong(text)
            if problem:
                table.fail(problem, tid)
        out[tid] = texts
    return out


def with_index(
    system_id: str,
    topics: tuple[RuleTopic, ...],
    terms: dict[str, tuple[str, ...]],
    asks: dict[str, tuple[str, ...]],
) -> tuple[RuleTopic, ...]:
    """The topics, each with its index terms and players' questions; a list for no topic
    is an error that names the file and the key."""
    from dataclasses import replace

    from companion.errors import DataError

    ids = {t.id for t in topics}
    for name, table, key in (
        (file_name(system_id), terms, "terms"),
        (asks_file(system_id), asks, "asks"),
    ):
        unknown = sorted(set(table) - ids)
        if unknown:
            raise DataError(f"{name}: {key}.{unknown[0]}: no topic {unknown[0]!r} in {system_id}")
    return tuple(
        replace(t, terms=terms.get(t.id, ()), asks=asks.get(t.id, ()))
        if t.id in terms or t.id in asks
        else t
        for t in topics
    )


def check_rulings(system_id: str, topics: Sequence[RuleTopic], known: Sequence[str]) -> None:
    """Every ruling a topic cites must exist for its system."""
    from companion.errors import DataError

    ids = set(known)
    for i, t in enumerate(topics):
        for ruling in t.rulings:
            if ruling not in ids:
                raise DataError(
                    f"{file_name(system_id)}: topics[{i}].rulings: no ruling {ruling!r} "
                    f"in {system_id} (see `companion rules rulings {system_id}`)"
                )


def check_ids(system_id: str, topics: Sequence[RuleTopic], entries: Sequence[Topic]) -> None:
    """Every entry the system lists (skill, role, item, trait, class, ...) keeps a topic
    of its own. Two entries may not share an id, and a topic of the file may take an
    entry's id only as the fuller text of that entry, saying so with the entry's kind:
    a topic that shares an id by accident would hide the entry from every look-up."""
    from companion.errors import DataError

    by_id: dict[str, Topic] = {}
    for e in entries:
        if e.id in by_id:
            first = by_id[e.id]
            raise DataError(
                f"{system_id}.toml: {e.kind} {e.id!r}: the id is also the {first.kind} "
                f"{first.label!r}; every entry needs an id of its own for the look-up"
            )
        by_id[e.id] = e
    for i, t in enumerate(topics):
        same = by_id.get(t.id)
        if same is not None and t.kind != same.kind:
            raise DataError(
                f"{file_name(system_id)}: topics[{i}].id: {t.id!r} is the id of the "
                f"{same.kind} {same.label!r} of {system_id}; give the topic another id, or "
                f'kind = "{same.kind}" if it is the fuller text of that {same.kind}'
            )


def all_topics(system_id: str) -> tuple[RuleTopic, ...]:
    """The topic file's topics, then the system's own entries that the file does not
    replace (an entry of the file with the same id and kind is the fuller text of it)."""
    from companion import systems

    system = systems.get(system_id)
    sid = system.info.id
    own = file_topics(sid)
    rulings = [(r.id, f"{r.title} {r.text}") for r in system.rulings()]
    check_rulings(sid, own, [rid for rid, _ in rulings])
    entries = system.topics()
    check_ids(sid, own, entries)
    taken = {t.id for t in own}
    listed = tuple(
        RuleTopic(
            system=sid,
            id=t.id,
            title=t.label,
            section=KIND_SECTIONS.get(t.kind, t.kind.capitalize() + "s"),
            kind=t.kind,
            sheet=t.summary,
            text=t.summary,
            keywords=KIND_KEYWORDS.get(t.kind, ()),
            rulings=naming_rulings(t.label, rulings),
        )
        for t in entries
        if t.id not in taken
    )
    return with_index(sid, own + listed + library_topics(system), file_terms(sid), file_asks(sid))


def library_topics(system: Any) -> tuple[RuleTopic, ...]:
    """One topic per genre of the system's ready-made units (WarStuff's quickplay
    lists), naming each unit with its cost, Quality and special rules, so "batman cost"
    or "zombie rules" finds the list that answers it."""
    library = system.unit_library
    if library is None:
        return ()
    out = []
    for genre in library.genres():
        lines = [
            f"- {u.name}: {u.listed} pts, Quality {u.quality}"
            + (f"; {', '.join(library.rule_label(r) for r in u.rules)}" if u.rules else "")
            for u in genre.units
        ]
        out.append(
            RuleTopic(
                system=system.info.id,
                id=f"units-{genre.id}",
                title=f"{genre.label} quickplay units",
                section=KIND_SECTIONS["genre"],
                kind="genre",
                sheet=", ".join(u.name for u in genre.units) + ".",
                text="\n".join(lines),
                keywords=("quickplay", "units list", *genre.aliases),
            )
        )
    return tuple(out)


def naming_rulings(label: str, rulings: Sequence[tuple[str, str]]) -> tuple[str, ...]:
    """The rulings whose title or text name an entry, as written ("Tank", "Sweep Attack",
    "shield"): a skill or special rule cites the rulings that say how it is read. A name
    in a list of a unit's rules ("Fast + Shooter") is not a ruling about that rule."""
    name = _PARENS.sub("", label).strip()
    if not name:
        return ()
    rx = re.compile(rf"(?<![\w-])(?<!\+ ){re.escape(name)}(?![\w-])(?!(?: \([^)]*\))? \+)")
    return tuple(rid for rid, text in rulings if rx.search(text))
