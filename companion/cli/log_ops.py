"""What `log` does: a game's history, event by event, with the dice (declared in `table`).

`--last N` reads only the segments that hold those events, and the full log reads one
segment at a time, so a long game's log costs memory in proportion to one segment.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterable, Iterator

from companion import TYPE_CHECKING
from companion.cli.shared import console, reading_game
from companion.game.events import EVENT_KEYS, Event
from companion.game.repo import GameFile
from companion.render import plain

if TYPE_CHECKING:
    from typing import Any


def log(game: str | None, last: int | None, traces: bool, as_json: bool) -> None:
    """The history; `--last N` reads only the segments that hold those events, and the full
    log a segment at a time, so its memory stays bounded however long the game."""
    if as_json:
        # Written as it is read, under the (shared) lock: scripts read JSON to the end.
        with reading_game(game) as gf:
            _log_json(*_history_chunks(gf, last))
        return
    # Drawn under the lock, printed after it: a reader paging through a long log must not
    # keep another terminal from writing.
    drawing = _Drawing()
    with reading_game(game) as gf:
        index, chunks = _history_chunks(gf, last)
        for _, e in _events(chunks):
            index += 1
            dice = e.data.get("dice")
            dice_txt = f"  [dice {', '.join(map(str, dice))}]" if dice else ""
            drawing.line(f"{index:>4}. T{e.turn} {e.kind:<9} {e.summary}{dice_txt}")
            if traces and e.trace:
                from companion.render.trace_view import render_trace
                from companion.trace import Trace

                trace = Trace.from_dict(e.trace)

                def draw(c: Any, t: Trace = trace, system: str = gf.system) -> None:
                    render_trace(c, t, system)

                drawing.rich(draw)
        if not gf.count:
            drawing.line("No events yet.")
    sys.stdout.write("".join(drawing.parts))
    sys.stdout.flush()


class _Drawing:
    """The log's text, kept until the lock is let go. A line that Rich would print as it
    is (plain text, not markup, that fits the width) is kept as it is: drawing every line
    of a long log through Rich costs more than all the rest, and Rich is loaded only for
    what needs it (a line to wrap, a trace)."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self._console: Any = None

    def line(self, text: str) -> None:
        if plain.fits(text, markup=False):
            self.parts.append(text + "\n")
        else:
            self.rich(lambda c: c.print(text, markup=False, highlight=False))

    def rich(self, draw: Callable[[Any], None]) -> None:
        if self._console is None:
            self._console = console()
        with self._console.capture() as drawn:
            draw(self._console)
        self.parts.append(drawn.get())


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
    from companion.schemas import NUMBER

    # `{"schema": N, "items": [...]}` as `print_json` indents it, an event at a time.
    sys.stdout.write(f'{{\n  "schema": {NUMBER},\n  "items": [')
    sep = "\n    "
    for raw, e in _events(chunks):
        index += 1
        # Shown as stored, which is what `Event.to_dict` wrote, unless it is an older form.
        doc = raw if tuple(raw) == EVENT_KEYS else e.to_dict()
        text = json.dumps({"index": index, **doc}, indent=2, ensure_ascii=False)
        sys.stdout.write(sep + text.replace("\n", "\n    "))
        sep = ",\n    "
    sys.stdout.write("]\n}\n" if sep == "\n    " else "\n  ]\n}\n")
