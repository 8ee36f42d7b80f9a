"""The JSON contract: the schema number every `--json` output carries, and its files.

Every `--json` output is one JSON object whose first key is `"schema"`, the number of the
contract it keeps (`NUMBER`); a list is given as `{"schema": N, "items": [...]}`. The
JSON Schema files (draft 2020-12) beside this module describe each kind of output, and
`OUTPUTS` says which file describes which command's output. Any change to a schema file
bumps `NUMBER` (and gets a CHANGELOG line), so a script checks one number.

Nothing here imports more than the standard library's basics: the table commands write
their JSON through `document`, and start-up counts.
"""

from __future__ import annotations

from companion import TYPE_CHECKING

if TYPE_CHECKING:
    from fractions import Fraction
    from typing import Any

NUMBER = 1

# Each command that takes --json (its words, as typed) and the schema of its output
# (`<name>.schema.json` in this folder).
OUTPUTS: dict[str, str] = {
    **dict.fromkeys(("status", "game show", "game new", "demo"), "board"),
    **dict.fromkeys(("turn", "activate", "set", "vp", "initiative", "concede"), "change"),
    # A game's action, its odds (--odds) or, with --system and no game, an action on paper.
    **dict.fromkeys(("attack", "act", "done", "recover", "fall", "skill"), "action"),
    "odds": "odds",
    **dict.fromkeys(("undo", "redo"), "undo"),
    "log": "log",
    "systems": "systems",
    "roll": "roll",
    "info": "info",
    "report": "report",
    "history": "history",
    "units": "units",
    "roster show": "roster",
    "roster list": "roster-list",
    "roster check": "roster-check",
    **dict.fromkeys(("roster repair", "game repair"), "repair"),
    **dict.fromkeys(("roster restore", "game restore"), "restore"),
    "game list": "game-list",
    "game import": "game-import",
    **dict.fromkeys(("rules show", "rules search"), "rules"),
    "rules sheet": "rules-sheet",
    "rules rulings": "rulings",
    "solo new": "solo-new",
    "solo map": "solo-map",
    "solo spawn": "solo-spawn",
    "solo odds": "solo-odds",
    "solo opfor": "solo-opfor",
    **dict.fromkeys(
        ("solo token", "solo shutdown", "solo question", "solo objective", "solo provoke")
        + ("solo wound", "solo regenerate"),
        "solo-change",
    ),
    "solo check": "solo-check",
    "solo scenarios": "solo-scenarios",
    "solo profile list": "solo-profiles",
    "solo profile show": "solo-profile",
    # A system's own rolls (`companion monochrome scenario`): the trace, and what it found.
    "monochrome scenario": "table-roll",
}
# Not a command: the live board's `/board.json` (`companion serve`).
LIVE_BOARD = "live-board"


def exact(x: Fraction | int) -> dict[str, Any]:
    """A chance or an expected number as the contract gives it: exact, and as a float."""
    n, d = x.numerator, x.denominator
    return {"fraction": f"{n}/{d}", "value": round(n / d, 6)}


def document(data: object) -> dict[str, Any]:
    """`data` as the contract prints it: the schema number first; a list as its items."""
    if isinstance(data, dict):
        return {"schema": NUMBER, **data}
    return {"schema": NUMBER, "items": data}


def text(data: object) -> str:
    """The printed form of `data`'s document, as every `--json` output is written."""
    import json

    return json.dumps(document(data), indent=2, ensure_ascii=False) + "\n"
