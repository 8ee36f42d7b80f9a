"""The record as data to show: each game in a line, everything for scripts (`--json`),
and the web page (the battle report's template environment, styles and charts)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import islice
from typing import Any

from companion.history.kept import Record
from companion.history.standings import (
    Row,
    fighters,
    side_name,
    solo_standings,
    standings,
)
from companion.history.summary import GameSummary, Warbands


def sides_text(g: GameSummary, rosters: Warbands) -> str:
    names = [side_name(g, i, rosters) for i, s in enumerate(g.sides) if not s.neutral]
    if g.solo and len(names) > 1:
        return f"{names[0]} v {names[1]} (solo)"
    return " v ".join(names)


def result_text(g: GameSummary) -> str:
    """How the game ended, or who leads it while it runs (the report's headline)."""
    if not g.finished and not g.turn:
        return "not begun"
    return g.headline


def game_row(g: GameSummary, rosters: Warbands) -> dict[str, Any]:
    """One game as a script reads it (and as the page's table shows it)."""
    return {
        "name": g.name,
        "date": g.date,
        "created": g.created,
        "system": g.system,
        "system_name": g.system_name,
        "scenario": g.scenario,
        "scenario_name": g.scenario_name,
        "solo": g.solo,
        "profile": g.profile,
        "finished": g.finished,
        "turn": g.turn,
        "result": g.result,
        "headline": g.headline,
        "winner": g.winner,
        "draw": g.draw,
        "score": g.score,
        "sides": [
            {
                "name": s.name,
                "warband": side_name(g, i, rosters),
                "roster": s.roster,
                "key": s.key,
                "vp": s.vp,
                "lost": s.lost,
                "fighters": s.fighters,
                "conceded": s.conceded,
                "outcome": s.outcome,
            }
            for i, s in enumerate(g.sides)
            if not s.neutral
        ],
    }


def as_json(
    record: Record, games: Sequence[GameSummary], by: str | None, luck: bool
) -> dict[str, Any]:
    out: dict[str, Any] = {
        "games": [game_row(g, record.rosters) for g in games],
        "damaged": [{"name": n, "why": why} for n, why in record.damaged],
    }
    if by is not None:
        most, least = fighters(games, record.rosters)
        out["by"] = by
        out["standings"] = [r.to_dict() for r in standings(games, by, record.rosters)]
        out["solo"] = [r.to_dict() for r in solo_standings(games)]
        out["took_most_out"] = [f.to_dict() for f in most]
        out["fell_least"] = [f.to_dict() for f in least]
    if luck:
        from companion.history.luck import luck_totals

        out["luck"] = [t.to_dict() for t in luck_totals(games, record.rosters)]
    return out


# -- the page ----------------------------------------------------------------------------


def page_parts(
    record: Record, games: Sequence[GameSummary], by: str, filtered: bool, meta: str
) -> Iterator[str]:
    """The page in parts, as the battle report writes its own."""
    from markupsafe import Markup

    from companion.history.luck import luck_totals
    from companion.report.charts import record_chart, tests_chart
    from companion.report.html import PIECES, environment

    rosters = record.rosters
    rows = standings(games, by, rosters)
    most, least = fighters(games, rosters)
    overall = rows if by == "roster" else standings(games, "roster", rosters)
    # Drawn from the bottom up: the rows reversed read in the table's order.
    chart = record_chart(
        "record",
        "Games won, drawn and lost",
        [r.name for r in reversed(overall)],
        [(r.won, r.drawn, r.lost) for r in reversed(overall)],
    )
    totals = luck_totals(games, rosters)
    luck_by = []
    for i, name in enumerate(dict.fromkeys(t.luck.side for t in totals)):
        mine = [t for t in totals if t.luck.side == name]
        drawn = tests_chart(f"luck-{i + 1}", name, i, [t.luck for t in mine if _kind(t)])
        luck_by.append({"name": name, "rows": mine, "chart": drawn})
    template = environment().get_template("history.html.j2")
    pieces = template.generate(
        title="Games played",
        meta=meta,
        standings=_grouped(rows, by),
        solo=solo_standings(games),
        most=most,
        least=least,
        record_chart=chart,
        luck=totals,
        luck_by=luck_by,
        filtered=filtered,
        games=[_page_game(g, rosters) for g in reversed(games)],
        svg=lambda c: Markup(c.svg),
    )
    while block := list(islice(pieces, PIECES)):
        yield "".join(block)


def _kind(t: Any) -> bool:
    """A kind of roll drawn on the chart: not the sum of the others."""
    return bool(t.luck.kind != "All tests")


def _grouped(rows: list[Row], by: str) -> list[Row]:
    """Rows named with their group where the standings are grouped."""
    if by == "roster":
        return rows
    from companion.values import replace

    return [replace(r, name=f"{r.group}: {r.name}") for r in rows]


def _page_game(g: GameSummary, rosters: Warbands) -> dict[str, str]:
    return {
        "date": g.date,
        "name": g.name,
        "system": g.system_name,
        "scenario": g.scenario_name,
        "sides": sides_text(g, rosters),
        "result": result_text(g),
        "score": g.score,
    }
