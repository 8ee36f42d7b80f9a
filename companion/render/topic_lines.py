"""A look-up topic as lines of styled spans: in full, or as one line of a list.

Both printers read these lines: `topic_view` makes them Rich text, and `plain` prints
them byte for byte as Rich would, without loading Rich, where it can (`styled`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from companion.lookup.topics import RuleTopic
from companion.render.styled import Span

# A line and the cells it is indented by (Rich's Padding, as a block: a wrapped line
# stays under the first).
Block = tuple[list[Span], int]

_ITEM = re.compile(r"^(- |\* |\d+[.)] )")


def reflow(text: str) -> list[str]:
    """The text as lines for a terminal to wrap: a paragraph's lines joined, list items
    ("- ...", "1. ...") kept on lines of their own."""
    out: list[str] = []
    for para in text.strip().split("\n\n"):
        lines: list[str] = []
        for raw in para.splitlines():
            line = raw.strip()
            if not line:
                continue
            if lines and not _ITEM.match(line):
                lines[-1] += " " + line
            else:
                lines.append(line)
        if out:
            out.append("")
        out += lines
    return out


def line_spans(t: RuleTopic, with_system: bool = False) -> Block:
    """One line of a list: title, [id] and the cheat-sheet line."""
    where = f"{t.system} {t.id}" if with_system else t.id
    return [(t.title, "bold"), (f" [{where}]", "bold dim"), (f": {t.sheet}", "bold")], 2


def topic_blocks(t: RuleTopic, ruling_titles: Mapping[str, str]) -> list[Block]:
    """The topic in full: heading, text, and the rulings it cites."""
    out: list[Block] = [
        (
            [
                (t.title, "bold underline"),
                (f"  ({t.system}, {t.section}, {t.id})", "bold dim underline"),
            ],
            0,
        )
    ]
    out += [([(line, "")], 0) for line in reflow(t.text)]
    for ruling in t.rulings:
        cite = (ruling + f" {ruling_titles.get(ruling, '')}".rstrip(), "bold")
        out.append(([cite, (f"  (companion rules rulings {t.system})", "bold dim")], 2))
    return out


def plain(blocks: Sequence[Block]) -> str | None:
    """What Rich prints for these blocks, or None when only Rich can say."""
    from companion.render.styled import render_each

    return render_each(blocks, _block_lines)


def _block_lines(block: Block, room: int) -> list[list[Span]] | None:
    from companion.render.styled import padded

    spans, left = block
    return padded(spans, left, room) if left else [spans]
