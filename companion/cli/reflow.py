"""Help paragraphs that reflow at any width.

Typer's Rich help keeps every line break of a docstring, so a paragraph written at 88
columns and drawn at 80 leaves a word alone on every other line. Prose paragraphs are
joined into one line each, for the terminal to wrap; examples, lists and indented lines
keep their breaks, as written.
"""

from __future__ import annotations

import inspect
import re

_KEEP = re.compile(r"^\s*(companion\b|[-*•]\s|\d+[.)]\s|\$ |\|)")


def reflow(text: str | None) -> str | None:
    """`text` with each prose paragraph on one line."""
    if not text:
        return text
    out = []
    for para in inspect.cleandoc(text).split("\n\n"):
        lines = para.split("\n")
        kept = any(_KEEP.match(ln) or ln.startswith(" ") for ln in lines[1:])
        kept = kept or bool(_KEEP.match(lines[0])) or lines[0].rstrip().endswith(":")
        out.append(para if kept else " ".join(ln.strip() for ln in lines))
    return "\n\n".join(out)


def reflow_app(app: object, seen: set[int]) -> None:
    """Reflow the help of every command and group of a Typer app, once each."""
    for info in getattr(app, "registered_commands", ()):
        if id(info) in seen:
            continue
        seen.add(id(info))
        doc = info.help or (inspect.getdoc(info.callback) if info.callback else None)
        info.help = reflow(doc)
    for group in getattr(app, "registered_groups", ()):
        sub = group.typer_instance
        if id(group) not in seen:
            seen.add(id(group))
            if group.help:
                group.help = reflow(group.help)
            elif sub is not None and sub.info.help:
                sub.info.help = reflow(str(sub.info.help))
        if sub is not None:
            reflow_app(sub, seen)
