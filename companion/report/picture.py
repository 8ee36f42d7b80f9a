"""The report as one SVG picture: a title, the result and the charts stacked, on white.

This is what a player posts after a game, so it holds the charts rather than the text;
each chart is pygal's own SVG placed in the picture at its height.
"""

from __future__ import annotations

import re
from xml.sax.saxutils import escape

from companion.report.build import Report
from companion.report.charts import FONT, HEIGHT, WIDTH, charts

HEAD = 118
GAP = 16
_ROOT = re.compile(r"<svg\b([^>]*)>")


def _placed(svg: str, y: int) -> str:
    """A chart's SVG as a nested element at height y of the picture."""
    return _ROOT.sub(
        lambda m: f'<svg x="0" y="{y}" width="{WIDTH}" height="{HEIGHT}"{m.group(1)}>', svg, count=1
    )


def to_svg(report: Report) -> str:
    from companion.report.html import state_line

    drawn = charts(report, "picture")
    title = f"Battle report: {report.game}"
    result = report.headline
    score = " · ".join(f"{s.name} {s.vp} VP" for s in report.sides) if report.keeps_vp else ""
    body = [
        f'<text x="16" y="34" font-size="24" font-weight="700">{escape(title)}</text>',
        f'<text x="16" y="58" font-size="14" fill="#5b6168">{escape(state_line(report))}</text>',
        f'<text x="16" y="84" font-size="16" font-weight="600">{escape(result)}</text>',
        f'<text x="16" y="106" font-size="15">{escape(score)}</text>',
    ]
    y = HEAD
    if not drawn:
        body.append(
            f'<text x="16" y="{y + 24}" font-size="15" fill="#5b6168">No victory points, '
            "casualties or tests to chart yet.</text>"
        )
        y += 48
    for chart in drawn:
        body.append(_placed(chart.svg, y))
        y += HEIGHT + GAP
    height = y + GAP
    label = escape(title, {'"': "&quot;"})
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
        f'viewBox="0 0 {WIDTH} {height}" role="img" aria-label="{label}">'
        f"<title>{escape(title)}</title>"
        f'<rect width="100%" height="100%" fill="#ffffff"/>'
        f'<g font-family="{FONT}" fill="#1d1f21">' + "".join(body) + "</g></svg>\n"
    )
