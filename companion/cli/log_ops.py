"""What `log` does: a game's history, event by event, with the dice (declared in `table`).

`--last N` reads only the segments that hold those events, and the full log reads one
segment at a time, so a long game's log costs memory in proportion to one segment.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable, Iterator
from typing import Any

from companion.cli.shared import console, reading_game
from companion.game.events import EVENT_KEYS, Event
from companion.game.repo import GameFile


def log(game: str | None, last: int | None, traces: bool, as_json: bool) -> None:
    """The history; `--last N` reads only the segments that hold those events, and the full
    log a segment at a time, so its memory stays bounded however long the game."""
    if as_json:
        # Written as it is read, under the (shared) lock: scripts read JSON to the end.
        with reading_game(game) as gf:
            _log_json(*_history_chunks(gf, last))
        return
    c = console()
    # Drawn under the lock, printed after it: a reader paging through a long log must not
    # keep another terminal from writing.
    parts: list[str] = []
    with reading_game(game) as gf:
        index, chunks = _history_chunks(gf, last)
        for _, e in _events(chunks):
            index += 1
            dice = e.data.get("dice")
            dice_txt = f"  [dice {', '.join(map(str, dice))}]" if dice else ""
            parts.append(_line(c, f"{index:>4}. T{e.turn} {e.kind:<9} {e.summary}{dice_txt}"))
            if traces and e.trace:
                from companion.render.trace_view import render_trace
                from companion.trace import Trace

                with c.capture() as drawn:
                    render_trace(c, Trace.from_dict(e.trace))
                parts.append(drawn.get())
        if not gf.count:
            parts.append(_line(c, "No events yet."))
    sys.stdout.write("".join(parts))
    sys.stdout.flush()


def _line(c: Any, text: str) -> str:
    """One line as Rich prints plain text (not markup): as it is when it fits the width;
    wrapped (or cleaned of control characters) by Rich otherwise. Drawing every line of a
    long log through Rich costs more than all the rest of it."""
    from rich.cells import cell_len

    if text.isprintable() and cell_len(text) <= c.width:
        return text + "\n"
    with c.capture() as drawn:
        c.print(text, markup=False, highlight=False)
    out: str = drawn.get()
    return out


def _history_chunks(gf: GameFile, last: int | None) -> tuple[int, Iterable[list[dict[str, Any]]]]:
    """How many events come before those shown, and those events a segment at a time."""
    if not last:
        return 0, gf.chunks()
    tail = gf.raw_tail(last)
    return gf.count - len(tail), [tail]


def _events(chunks: Iterable[list[dict[str, Any]]]) -> Iterator[tuple[dict[str, Any], Event]]:
    for chunk in chunks:
        for raw in chunk:
            yield raw, Event.from_dict(raw)


def _log_json(index: int, chunks: Iterable[list[dict[str, Any]]]) -> None:
    """The events as `print_json` prints a list of them, written one by one."""
    sep = "\n  "
    sys.stdout.write("[")
    for raw, e in _events(chunks):
        index += 1
        # Shown as stored, which is what `Event.to_dict` wrote, unless it is an older form.
        doc = raw if tuple(raw) == EVENT_KEYS else e.to_dict()
        text = json.dumps({"index": index, **doc}, indent=2, ensure_ascii=False)
        sys.stdout.write(sep + text.replace("\n", "\n  "))
        sep = ",\n  "
    sys.stdout.write("]\n" if sep == "\n  " else "\n]\n")
