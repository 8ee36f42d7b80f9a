"""Printable roster cards: one card per kind of fighter (identical fighters share one card
marked xN), with its stats, equipment, every action, skill or trait with its one-line
rule, its cost, boxes to tick at the table, and the warband, system and points total, for
every system. A card is 63x88 mm (a playing card; A6 on request), nine to an A4 sheet with
crop marks.

A card is written from what the system says of the fighter (`describe_fighter`, the
columns its board shows) and from the system's look-up topics, so a new system gets cards
without writing any. The page uses the report's templates and styles.
"""

from __future__ import annotations

import re
from typing import Any

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
    count: int = 1  # identical fighters on this one card
    names: tuple[str, ...] = ()  # their names, where more than one
    ticks: tuple[tuple[str, int], ...] = ()  # boxes to tick at the table: (what, how many)


@frozen
class CardSheet:
    roster: str
    system: str
    summary: str
    cards: tuple[Card, ...]
    notes: str = ""
    points: int | None = None  # the warband's points, in a points system
    size: str = "card"  # "card" (63x88 mm, nine to an A4 sheet) or "a6"
    fighters: int = 0


SIZES = ("card", "a6")


def roster_cards(system: RuleSystem, roster: Roster, size: str = "card") -> CardSheet:
    from companion.lookup.topics import all_topics

    topics = {t.id: (t.title, _one_line(t.sheet)) for t in all_topics(system.info.id)}
    titles = {title.casefold(): (title, line) for title, line in topics.values()}
    labels = dict(system.board_columns())
    single = [_card(system, f, labels, topics, titles) for f in roster.fighters]
    costs = [system.fighter_cost(f) for f in roster.fighters]
    points = sum(c for c in costs if c is not None) if any(c is not None for c in costs) else None
    return CardSheet(
        roster.name,
        system.info.name,
        system.roster_summary(roster) or "",
        _grouped(single),
        roster.notes,
        points,
        size,
        len(roster.fighters),
    )


_NUMBERED = re.compile(r"\s+\d+$")


def _grouped(cards: list[Card]) -> tuple[Card, ...]:
    """Identical fighters (the same but for a number after the name) as one card xN."""
    groups: dict[tuple[Any, ...], list[Card]] = {}
    for c in cards:
        key = (_NUMBERED.sub("", c.name), c.stats, c.equipment, c.rules, c.cost, c.notes)
        groups.setdefault(key, []).append(c)
    out = []
    for key, same in groups.items():
        if len(same) == 1:
            out.append(same[0])
            continue
        first = same[0]
        out.append(
            Card(
                str(key[0]),
                first.stats,
                first.equipment,
                first.rules,
                first.cost,
                first.notes,
                len(same),
                tuple(c.name for c in same),
                first.ticks,
            )
        )
    return tuple(out)


def _one_line(sheet: str) -> str:
    """A topic's sheet as a card's line: its first line, without the list of who takes it."""
    line = sheet.strip().splitlines()[0] if sheet.strip() else ""
    return line.split(" Taken by:", 1)[0].strip()


def _card(
    system: RuleSystem,
    f: RosterFighter,
    labels: dict[str, str],
    topics: dict[str, tuple[str, str]],
    titles: dict[str, tuple[str, str]],
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
        # A class that lists its actions by name (Monochrome's): each action with its rule,
        # in place of the list.
        actions = [titles.get(n.strip().casefold()) for n in t[1].split(",")]
        if len(actions) > 1 and all(actions):
            rules += [Rule(*a) for a in actions if a is not None]
        else:
            rules.append(Rule(*t))
    equipment = d.get("equipment", "")
    # What the table marks on this fighter: its system's boxes, counted from the fighter
    # where the system says so (WarStuff's wounds from Quality, SKIRMASHED's from Stamina).
    ticks = tuple((what, n) for what, n in system.fighter_card_boxes(f) if n > 0)
    return Card(
        f.name,
        stats,
        "" if equipment in ("", "-") else equipment,
        tuple(rules),
        cost,
        f.notes,
        ticks=ticks,
    )


def cards_html(sheet: CardSheet) -> str:
    from companion.report.html import environment

    return str(environment().get_template("cards.html.j2").render(s=sheet))
