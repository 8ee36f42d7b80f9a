"""The report's charts as static SVG, drawn by pygal (imported here only, when a chart is drawn).

Two looks: "page" charts sit inside the HTML report and take their ink from the page's
colours (CSS variables), so they follow the reader's light or dark preference; "picture"
charts carry their own colours on white, for a file a player posts. Every chart is
plain SVG: pygal's script and comments are taken out, and its random ids are replaced by
fixed ones so the same game always gives the same file.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from companion.report.build import Report, TurnAccount
from companion.report.luck import Luck
from companion.values import frozen

# One colour per side, the same in every chart; each reads on white and on near-black.
SIDE_COLOURS = ("#3b7dd8", "#d9534f", "#3c9a5f", "#c68a00", "#8e5cc2", "#2aa1a8")
EXPECTED_COLOUR = "#9aa0a6"
FONT = "system-ui, -apple-system, Segoe UI, Roboto, sans-serif"
# Page charts are drawn small so their text stays readable when a phone scales them down;
# the posted picture has room for larger ones.
SIZE = {"page": (480, 270), "picture": (640, 320)}
WIDTH, HEIGHT = SIZE["picture"]


@frozen
class Chart:
    id: str
    title: str
    caption: str
    svg: str


def side_colour(i: int) -> str:
    return SIDE_COLOURS[i % len(SIDE_COLOURS)]


def _style(look: str, colours: Sequence[str], stroke: int = 1) -> Any:
    from pygal.style import Style

    if look == "page":
        ink, faint, back = "var(--ink)", "var(--rule)", "transparent"
        # A phone draws the page's charts at about three quarters of their size: their
        # labels are drawn large enough to stay readable there.
        label = 18
    else:
        ink, faint, back = "#1d1f21", "#c9ccd1", "#ffffff"
        label = 15
    return Style(
        background=back,
        plot_background=back,
        foreground=ink,
        foreground_strong=ink,
        foreground_subtle=faint,
        opacity=".85",
        opacity_hover=".95",
        colors=tuple(colours),
        guide_stroke_color=faint,
        major_guide_stroke_color=faint,
        stroke_width=str(stroke),
        stroke_width_hover=str(stroke),
        font_family=FONT,
        label_font_size=label,
        major_label_font_size=label,
        legend_font_size=label + 1,
        title_font_size=18,
        # Drawn at three quarters on a 390 px phone: 17 stays above 12 px there.
        value_font_size=17,
        tooltip_font_size=17,
    )


def _config(look: str, colours: Sequence[str], title: str, stroke: int = 1) -> dict[str, Any]:
    return {
        "style": _style(look, colours, stroke),
        "width": SIZE[look][0],
        "height": SIZE[look][1],
        "js": [],
        "disable_xml_declaration": True,
        "legend_at_bottom": True,
        "legend_at_bottom_columns": 2,
        "truncate_legend": -1,
        "truncate_label": -1,
        "title": title if look == "picture" else None,
        "margin": 12,
        "spacing": 12,
    }


_SCRIPT = re.compile(r"<script\b.*?</script>", re.DOTALL)
_COMMENT = re.compile(r"<!--.*?-->", re.DOTALL)


def _finish(chart: Any, cid: str, label: str) -> str:
    """Render with a fixed id, no script and no comments, labelled for screen readers."""
    chart.uuid = cid
    svg = str(chart.render(is_unicode=True))
    svg = _COMMENT.sub("", _SCRIPT.sub("", svg))
    safe = label.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;")
    svg = svg.replace("<title>Pygal</title>", f"<title>{safe}</title>", 1)
    # pygal numbers its legend entries the same in every chart: ids unique in the page.
    svg = svg.replace('id="activate-serie-', f'id="{cid}-activate-serie-')
    svg = svg.replace("<svg ", f'<svg role="img" aria-label="{safe}" ', 1)
    # Bars and legend boxes outlined in each series' dash pattern, as the lines are drawn.
    rules = "".join(
        f"#chart-{cid} .serie-{i} rect, #chart-{cid} #{cid}-activate-serie-{i} rect"
        f"{{stroke:currentColor;stroke-width:2;stroke-dasharray:{DASHES[i].replace(',', '')}}}"
        for i in range(1, len(DASHES))
    )
    at = svg.find(">") + 1
    return f"{svg[:at]}<style>{rules}</style>{svg[at:]}"


MAX_GROUPS = 12


def _groups(report: Report) -> list[list[TurnAccount]]:
    """The turns, one per group; past MAX_GROUPS turns, runs of turns so that a long game's
    chart stays readable (and quick to draw)."""
    turns = list(report.turns)
    size = max(1, -(-len(turns) // MAX_GROUPS))
    return [turns[i : i + size] for i in range(0, len(turns), size)]


def _label(group: list[TurnAccount], round_word: str = "turn") -> str:
    """ "R1" in a system of rounds, "T1" in one of turns; "R1–3" for a run of them."""
    first, last = group[0].turn, group[-1].turn
    mark = round_word[:1].upper()
    return f"{mark}{first}" if first == last else f"{mark}{first}–{last}"


# Lines and bars told apart by more than colour: a dash pattern (and a dot size) a side.
DASHES = ("", "8, 5", "2, 4", "12, 4, 2, 4", "6, 3", "1, 3")


def _dash(i: int, width: int) -> dict[str, Any]:
    dash = DASHES[i % len(DASHES)]
    return {"width": width, "dasharray": dash} if dash else {"width": width}


def vp_chart(report: Report, look: str = "page") -> Chart | None:
    """Victory points at the start and after each turn; None when no side ever scored."""
    if not report.turns or not report.scored:
        return None
    import pygal

    names = [s.name for s in report.sides]
    title = f"Victory points per {report.round_word}"
    chart = pygal.Line(
        **_config(look, [side_colour(i) for i in range(len(names))], title, stroke=3),
        dots_size=4,
    )
    # A point at the end of each turn (of the last turn of each run, in a long game).
    ends = [g[-1] for g in _groups(report)]
    chart.x_labels = ["Start"] + [_label([t], report.round_word) for t in ends]
    if len(ends) > 8 and ends[-1].turn >= 100:
        chart.x_label_rotation = 35
    top = max([1, *report.start_vp, *(v for t in report.turns for v in t.vp)])
    chart.range = (0, top)
    chart.y_labels = _int_ticks(top)
    for i, name in enumerate(names):
        start = report.start_vp[i] if i < len(report.start_vp) else 0
        chart.add(
            name,
            [start] + [t.vp[i] if i < len(t.vp) else 0 for t in ends],
            stroke_style=_dash(i, 3),
            dots_size=4 + 2 * (i % 3),
        )
    final = ", ".join(f"{s.name} {s.vp}" for s in report.sides)
    said = f"Victory points at the end of each {report.round_word} (now: {final})."
    return Chart("vp", title, said,
                 _finish(chart, "vp", f"{title}: {final}"))  # fmt: skip


def casualty_chart(report: Report, look: str = "page") -> Chart | None:
    """Fighters each side lost in each turn; None when no one was taken out in play."""
    if not any(sum(t.lost) for t in report.turns):
        return None
    import pygal

    names = [s.name for s in report.sides]
    title = f"Casualties per {report.round_word}"
    chart = pygal.Bar(**_config(look, [side_colour(i) for i in range(len(names))], title))
    groups = _groups(report)
    chart.x_labels = [_label(g, report.round_word) for g in groups]
    if len(groups) > 6 and any(len(g) > 1 for g in groups):
        chart.x_label_rotation = 35
    lost = [
        [sum(t.lost[i] for t in g if i < len(t.lost)) for g in groups] for i in range(len(names))
    ]
    top = max(max(row) for row in lost)
    chart.range = (0, top)
    chart.y_labels = _int_ticks(top)
    for i, (name, row) in enumerate(zip(names, lost, strict=True)):
        chart.add(name, row, stroke_style=_dash(i, 3))
    total = ", ".join(
        f"{s.name} lost {sum(t.lost[i] for t in report.turns if i < len(t.lost))}"
        for i, s in enumerate(report.sides)
    )
    return Chart("casualties", title, f"Fighters taken out in each {report.round_word}: {total}.",
                 _finish(chart, "casualties", f"{title}: {total}"))  # fmt: skip


def luck_chart(report: Report, side: int, look: str = "page") -> Chart | None:
    """A side's tests by kind: successes against the expected number, with one spread
    either side of the expectation. None when the side made no test."""
    name = report.sides[side].name
    rows = [x for x in report.luck if x.side == name and x.tests]
    return tests_chart(f"luck-{side + 1}", name, side, rows, look)


def tests_chart(
    cid: str, name: str, colour: int, rows: Sequence[Luck], look: str = "page"
) -> Chart | None:
    """`name`'s tests by kind (`rows`, in one game or summed over many), drawn in the
    colour of side `colour`; None when there are none."""
    rows = [x for x in rows if x.tests]
    if not rows:
        return None
    import pygal

    title = f"Luck: {name}"
    config = _config(look, [side_colour(colour), EXPECTED_COLOUR], title)
    # A bar's height for each kind of roll, so the names never crowd one another.
    config["height"] = max(config["height"], 110 + 34 * len(rows))
    chart = pygal.HorizontalBar(**config)
    chart.legend_at_bottom_columns = 1  # long roll names leave the legend little width
    chart.x_labels = [f"{_short(x.kind)} ({x.rolls})" for x in rows]
    chart.add("succeeded", [int(x.got) for x in rows], stroke_style=_dash(0, 2))
    chart.add("expected ± spread", [_with_spread(x) for x in rows], stroke_style=_dash(1, 2))
    top = max(max(float(x.got), float(x.expected) + x.spread) for x in rows)
    chart.range = (0, max(1.0, top))
    chart.y_labels = _int_ticks(max(1, int(-(-top // 1))))
    sentence = "; ".join(x.sentence() for x in rows)
    caption = (
        f"{name}'s tests by kind of roll (how many in brackets): successes against the "
        "number the exact odds expected, the whisker spanning one spread either side."
    )
    return Chart(cid, title, caption, _finish(chart, cid, f"{title}. {sentence}"))


def record_chart(
    cid: str,
    title: str,
    labels: Sequence[str],
    counts: Sequence[tuple[int, int, int]],
    look: str = "page",
) -> Chart | None:
    """Games won, drawn and lost by each of `labels` (a warband, an OpFor profile), as
    stacked bars; None when there is nothing to draw."""
    if not labels:
        return None
    import pygal

    # Green, grey and red, from the side colours that read on white and on near-black.
    config = _config(look, [SIDE_COLOURS[2], EXPECTED_COLOUR, SIDE_COLOURS[1]], title)
    config["height"] = max(config["height"], 110 + 34 * len(labels))
    chart = pygal.HorizontalStackedBar(**config)
    chart.legend_at_bottom_columns = 3
    chart.x_labels = [_short(x) for x in labels]
    for i, what in enumerate(("won", "drawn", "lost")):
        chart.add(what, [c[i] for c in counts])
    top = max([1, *(sum(c) for c in counts)])
    chart.range = (0, top)
    chart.y_labels = _int_ticks(top)
    said = "; ".join(
        f"{n}: won {c[0]}, drawn {c[1]}, lost {c[2]}" for n, c in zip(labels, counts, strict=True)
    )
    caption = "Finished games won, drawn and lost by each."
    return Chart(cid, title, caption, _finish(chart, cid, f"{title}. {said}"))  # fmt: skip


LABEL = 18  # characters of a roll's name on a chart; the table beside it has them whole


def _short(kind: str) -> str:
    return kind if len(kind) <= LABEL else kind[: LABEL - 1].rstrip() + "…"


def _with_spread(x: Luck) -> dict[str, Any]:
    exp = float(x.expected)
    low, high = max(0.0, exp - x.spread), min(float(x.rolls), exp + x.spread)
    return {"value": round(exp, 2), "ci": {"low": low, "high": high}}


def _int_ticks(top: int) -> list[int]:
    """Whole-number ticks, at most six, so that the labels never run into one another."""
    step = max(1, -(-top // 5))
    return list(range(0, top + step, step))


def charts(report: Report, look: str = "page") -> list[Chart]:
    """Every chart the game has data for, in the order the report shows them."""
    out = [vp_chart(report, look), casualty_chart(report, look)]
    out += [luck_chart(report, i, look) for i in range(len(report.sides))]
    return [c for c in out if c is not None]
