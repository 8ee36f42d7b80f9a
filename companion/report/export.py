"""HTML and SVG versions of the Markdown report, drawn by Rich's export."""

from __future__ import annotations

import io


def export(markdown: str, kind: str, width: int = 100) -> str:
    from rich.console import Console
    from rich.markdown import Markdown

    console = Console(record=True, width=width, file=io.StringIO(), color_system="truecolor")
    console.print(Markdown(markdown))
    if kind == "html":
        return console.export_html(inline_styles=True)
    if kind == "svg":
        return console.export_svg(title="Battle report")
    raise ValueError(kind)
