"""The battle report as one self-contained web page, written by a Jinja2 template.

Jinja2 is imported here only, when a page is written. The page is streamed to its file
a part at a time, so a long game's story is never held twice in memory.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from companion.report.build import Report

TEMPLATES = Path(__file__).parent / "templates"


def _environment() -> Any:
    from jinja2 import Environment, FileSystemLoader, select_autoescape

    return Environment(
        loader=FileSystemLoader(TEMPLATES),
        autoescape=select_autoescape(("html", "j2")),
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )


def html_parts(report: Report) -> Iterator[str]:
    """The page in parts, in order; joined they are the whole file."""
    from markupsafe import Markup

    from companion.report.charts import charts, side_colour

    env = _environment()
    drawn = charts(report, "page")
    by_id = {c.id: c for c in drawn}
    template = env.get_template("report.html.j2")
    yield from template.generate(
        r=report,
        vp=by_id.get("vp"),
        casualties=by_id.get("casualties"),
        luck_charts=[by_id.get(f"luck-{i + 1}") for i in range(len(report.sides))],
        svg=lambda chart: Markup(chart.svg),
        colour=side_colour,
        state=state_line(report),
    )


def state_line(report: Report) -> str:
    of = f" of {report.last_turn}" if report.last_turn else ""
    state = "finished" if report.finished else f"running, turn {report.turn}{of}"
    return f"{report.system} · {report.scenario} · {state}"
