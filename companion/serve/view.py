"""What the live board shows, read from one stored game, and the board drawn as HTML.

The board is read from disk under the home's shared lock, as `status` reads it, so a
command writing the game at that moment is waited for, never seen half-written. Each
reading is drawn once, whatever the number of viewers.
"""

from __future__ import annotations

import os
from typing import Any

from companion.errors import CompanionError
from companion.game.repo import Home
from companion.values import frozen


@frozen
class Reading:
    """One look at the served game: `kind` is "board" (the board's HTML in `html`),
    "gone" or "damaged" (a sentence saying so in `html`, as plain text)."""

    kind: str
    html: str
    data: dict[str, Any] | None = None


def signature(home: Home, name: str) -> tuple[int, int, int] | None:
    """What changes whenever a command writes the game (every write replaces its file)."""
    try:
        st = os.stat(home.game_path(name))
    except OSError:
        return None
    return (st.st_ino, st.st_mtime_ns, st.st_size)


def board_data(home: Home, name: str) -> dict[str, Any]:
    """The board as `status --json` gives it, with the scenario's aim and the last
    recorded step (its summary and each roll: dice, what they needed, outcome, odds)."""
    from companion import systems
    from companion.render.board_data import board
    from companion.report.build import roll_line
    from companion.report.words import plain
    from companion.serve.score import score_strip, turn_order
    from companion.trace import Trace

    with home.reading():
        gf = home.open_game(name)
        last = gf.raw_tail(1)
    system = systems.get(gf.system)
    data = board(system, gf.name, gf.state)
    scen = {s.id: s for s in system.scenarios()}.get(gf.state.scenario)
    data["scenario_summary"] = plain(scen.summary) if scen else ""
    data["notes"] = [plain(n) for n in data["notes"]]
    data["score"] = score_strip(system, gf.state, scen.summary if scen else "")
    data["order"] = turn_order(gf.state, data["next_side"])
    data["last"] = None
    if last:
        raw = last[0]
        trace = Trace.from_dict(raw["trace"]) if raw.get("trace") else None
        rolls = [plain(roll_line(s)) for s in trace.steps if s.roll is not None] if trace else []
        data["last"] = {
            "turn": raw.get("turn", 0),
            "summary": plain(str(raw.get("summary", ""))),
            "rolls": rolls,
        }
    return data


def read(home: Home, name: str) -> Reading:
    """The game as the board shows it now, or why it cannot be shown."""
    if signature(home, name) is None:
        return Reading("gone", f"The game '{name}' is no longer there (deleted or renamed).")
    try:
        data = board_data(home, name)
    except CompanionError as e:
        why = without_paths(str(e), home.root)
        return Reading("damaged", f"The game '{name}' cannot be read: {why}")
    return Reading("board", board_html(data), data)


def without_paths(text: str, root: str) -> str:
    """`text` with no path of this computer in it: a file in the data folder named from
    there ("games/sample.json"), any other by its name alone (a page may be seen by
    anyone at the table)."""
    import re

    top = os.path.realpath(root)
    for base in {root.rstrip(os.sep), top.rstrip(os.sep)}:
        text = text.replace(base + os.sep, "").replace(base, "the data folder")
    return re.sub(r"(?<![\w.])/[^\s;,'()]+", lambda m: os.path.basename(m[0]), text)


def board_html(data: dict[str, Any]) -> str:
    """The board part of the page (what each update replaces)."""
    from companion.report.charts import side_colour
    from companion.report.html import environment

    return str(environment().get_template("board_main.html.j2").render(b=data, colour=side_colour))


def page_html(reading: Reading, live: bool = True) -> str:
    """The whole page, with the board as first read; its script follows the changes."""
    from markupsafe import Markup

    from companion.report.html import environment

    title = reading.data["game"] if reading.data else "companion"
    return str(
        environment()
        .get_template("board.html.j2")
        .render(
            title=title,
            kind=reading.kind,
            main=Markup(reading.html) if reading.kind == "board" else reading.html,
            live=live,
        )
    )
