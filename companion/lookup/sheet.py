"""The cheat sheet of a system: each topic's one line, grouped by section, as plain text
or as one self-contained printable HTML page (no scripts, no outside files)."""

from __future__ import annotations

import html
import textwrap
from collections.abc import Sequence

from companion.lookup.topics import RuleTopic


def sections(topics: Sequence[RuleTopic]) -> list[tuple[str, list[RuleTopic]]]:
    """Topics grouped by section, sections in the order first met."""
    groups: dict[str, list[RuleTopic]] = {}
    for t in topics:
        groups.setdefault(t.section, []).append(t)
    return list(groups.items())


def sheet_text(name: str, topics: Sequence[RuleTopic], width: int = 100) -> str:
    width = max(40, width)
    lines = [f"{name}: cheat sheet", "=" * min(width, len(name) + 13)]
    for section, items in sections(topics):
        lines += ["", section.upper()]
        for t in items:
            lines += textwrap.wrap(
                f"{t.title}: {t.sheet}", width, initial_indent="  ", subsequent_indent="      "
            )
    return "\n".join(lines) + "\n"


_STYLE = """
@page { size: A4; margin: 0.8cm; }
body { font-family: Georgia, serif; font-size: 7pt; line-height: 1.18; margin: 0; color: #000; }
h1 { font-size: 12pt; margin: 0 0 0.2em; }
p.note { margin: 0 0 0.5em; font-style: italic; }
main { column-count: 3; column-gap: 1em; }
section { margin-bottom: 0.5em; }
h2 { font-size: 8.5pt; border-bottom: 1px solid #000; margin: 0 0 0.2em; break-after: avoid; }
dl { margin: 0; }
dt { font-weight: bold; display: inline; }
dd { display: inline; margin: 0; }
dd::after { content: ""; display: block; margin-bottom: 0.15em; }
small { color: #444; }
"""


def sheet_html(name: str, system_id: str, topics: Sequence[RuleTopic]) -> str:
    esc = html.escape
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{esc(name)}: cheat sheet</title>",
        f"<style>{_STYLE}</style></head><body>",
        f"<h1>{esc(name)}: cheat sheet</h1>",
        f'<p class="note">Full text of any entry: companion rules show {esc(system_id)} '
        "ID (the id is in brackets).</p>",
        "<main>",
    ]
    for section, items in sections(topics):
        parts.append(f"<section><h2>{esc(section)}</h2><dl>")
        for t in items:
            parts.append(
                f"<dt>{esc(t.title)}</dt> <dd>{esc(t.sheet)} <small>[{esc(t.id)}]</small></dd>"
            )
        parts.append("</dl></section>")
    parts += ["</main>", "</body></html>"]
    return "\n".join(parts) + "\n"
