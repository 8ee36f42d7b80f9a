"""Printable roster cards: one card per fighter, with its stats, equipment, skills or
traits with their one-line rule, and its cost, for every system.

A card is written from what the system says of the fighter (`describe_fighter`, the
columns its board shows) and from the system's look-up topics, so a new system gets cards
without writing any. The page uses the report's templates and styles.
"""

from __future__ import annotations

import re

from companion.roster import Roster, RosterFighter
from companion.systems.base import RuleSystem
from companion.values import frozen

_COST = re.compile(r"^\s*\d+\s*(?:pts?|points?)\s*$", re.IGNORECASE)
WORDS = {"skills", "equipment", "cost"}  # describe keys shown apart from the stats


@frozen
class Rule:
    name: str
    line: str  # the rule in one line, from the system's look-up


@frozen
class Card:
    name: str
    stats: tuple[tuple[str, str], ...]  # (label, value), as the board's columns
    equipment: str
    rules: tuple[Rule, ...]
    cost: str
    notes: str = ""


@frozen
class CardSheet:
    roster: str
    system: str
    summary: str
    cards: tuple[Card, ...]
    notes: str = ""


def roster_cards(system: RuleSystem, roster: Roster) -> CardSheet:
    from companion.lookup.topics import all_topics

    topics = {t.id: (t.title, t.sheet) for t in all_topics(system.info.id)}
    labels = dict(system.board_columns())
    cards = tuple(_card(system, f, labels, topics) for f in roster.fighters)
    return CardSheet(
        roster.name, system.info.name, system.roster_summary(roster) or "", cards, roster.notes
    )


def _card(
    system: RuleSystem, f: RosterFighter, labels: dict[str, str], topics: dict[str, tuple[str, str]]
) -> Card:
    d = dict(system.describe_fighter(f))
    cost = d.get("cost", "")
    for key, value in list(d.items()):
        if not cost and _COST.match(value):
            cost = value
        if _COST.match(value):
            del d[key]  # a cost shown in another column (WarStuff's rank, Monochrome's)
    stats = tuple(
        (labels.get(key, key.capitalize()), value)
        for key, value in d.items()
        if key not in WORDS and value and value != "-"
    )
    rules: list[Rule] = []
    seen: set[str] = set()
    # The rank or class first (a Monochrome class lists its actions), then skills or
    # traits, then what the equipment does.
    for key in (f.rank, *f.skills, *(e.split(":", 1)[0] for e in f.equipment)):
        t = topics.get(key)
        if t is None or key in seen:
            continue
        seen.add(key)
        rules.append(Rule(*t))
    equipment = d.get("equipment", "")
    return Card(
        f.name,
        stats,
        "" if equipment in ("", "-") else equipment,
        tuple(rules),
        cost,
        f.notes,
    )


def cards_html(sheet: CardSheet) -> str:
    from companion.report.html import environment

    return str(environment().get_template("cards.html.j2").render(s=sheet))
