"""Board lines as a reader of a page reads them: no terminal tick boxes, no token letters.

The terminal board marks objectives with tick boxes ("[x] to win: ...") and names solo
tokens by their letter ("token H (hostage): carried by Will"). Those marks suit a fixed
width screen; a posted report or the live board says the same in words.
"""

from __future__ import annotations

import re

_BOX = re.compile(r"^\[(?P<mark>[ x!])\] (?P<what>to win|lost if): (?P<text>.*)$")
_TOKEN = re.compile(r"^token (?P<id>\w+) \((?P<kind>[^)]+)\): (?P<rest>.*)$")
# A ruling's id ("(R-MON-P08)"): the rules command lists them; a reader of a page needs not.
_RULING = re.compile(r"\s*\(R-[A-Z0-9]+-[A-Z0-9]+(?:, R-[A-Z0-9]+-[A-Z0-9]+)*\)")
_BOX_WORDS = {
    ("to win", "x"): "done",
    ("to win", " "): "not yet",
    ("lost if", "!"): "it happened",
    ("lost if", " "): "not so far",
}


def plain(line: str) -> str:
    """A board or status line in plain words, starting with a capital."""
    line = line.strip()
    if "(" not in line and "[" not in line:  # most lines: nothing to say in words
        return line[:1].upper() + line[1:]
    line = _RULING.sub("", line).strip()
    box = _BOX.match(line)
    if box:
        done = _BOX_WORDS.get((box["what"], box["mark"]), "")
        line = f"{box['what']}: {box['text']}" + (f" ({done})" if done else "")
    token = _TOKEN.match(line)
    if token:
        line = f"the {token['kind']}: {token['rest']}"
    return line[:1].upper() + line[1:]
