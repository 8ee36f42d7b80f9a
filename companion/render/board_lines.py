"""The board (`companion.render.board`) as Rich draws it, without loading Rich.

Start-up device (with `styled.py`): with it off (Rich draws the board), `status` takes
2.57x as long (cpu, median of 15 paired runs, the device off against on).

`status` is the command a player runs most, and Rich is a third of its start-up. The
board is a few lines of styled text and one table per side; this module lays them out
the way Rich does (the same column widths, word wraps, box lines and colour codes) and
gives up, returning None, wherever Rich would do something this does not (a word longer
than its column, markup in a name, a character wider than one cell): `board.render_board`
then draws it with Rich. Tests draw every system's boards both ways, at many widths,
and compare them byte for byte.
"""

from __future__ import annotations

import sys

from companion import TYPE_CHECKING
from companion.render import plain
from companion.render.styled import Span, render, wrap

if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

STATUS_STYLE = {"upright": "green", "wounded": "yellow", "out": "dim red"}
WIDE = 100  # below this many columns the board is a list, not a table
DEFAULT_COLUMNS = [
    ["rank", "Rank"],
    ["stat", "Stat"],
    ["equipment", "Equipment"],
    ["skills", "Skill / role"],
]


class RichOnly(Exception):
    """Something only Rich can draw."""


def _literal(text: str) -> str:
    """A string Rich would read as markup (tags, emoji codes) is Rich's to draw."""
    if not plain.literal(text) or plain.cells(text) != len(text):
        raise RichOnly
    return text


def header_lines(b: dict[str, Any]) -> list[list[Span]]:
    """Game and scenario, turn tracker, initiative and notes, as `board` prints them."""
    head = [(b["game"], "bold"), (f"  {b['system_name']} · {b['scenario_name']}", "")]
    lines = [head, tracker_spans(b["turn"], b["last_turn"], b.get("turn_word", "Turn"))]
    if b["phase"] == "ended":
        lines.append([(f"Game over: {b['result']}", "bold magenta")])
    else:
        info: list[Span] = []
        if b["initiative_side"]:
            info += [("Initiative: ", ""), (b["initiative_side"], "bold")]
        if b["next_side_name"]:
            info += [("   Next to activate: ", ""), (b["next_side_name"], "bold cyan")]
        elif b["turn"] > 0:
            info.append(("   Everyone has activated: 'companion turn' runs upkeep", ""))
        if info:
            lines.append(info)
    for note in b["notes"]:
        lines.append([(note, "italic")])
    return lines


def tracker_spans(turn: int, last: int | None, word: str = "Turn") -> list[Span]:
    """The turn tracker; `word` is the system's name for a turn (WarStuff: "Round")."""
    t: list[Span] = [(f"{word} ", "")]
    if last is None:
        t.append((f"{turn}" if turn else "not started", "bold"))
        if not turn:
            t.append((f"  ('companion turn' begins {word.lower()} 1)", "dim"))
        return t
    for n in range(1, last + 1):
        if n == turn:
            t.append((f"[{n}]", "bold reverse"))
        elif n < turn:
            t.append((f" {n} ", "dim"))
        else:
            t.append((f" {n} ", ""))
    if turn == 0:
        t.append((f"  (not started: 'companion turn' begins {word.lower()} 1)", "dim"))
    return t


def _wrapped(line: list[Span], room: int) -> list[list[Span]]:
    out = wrap(line, room)
    if out is None:
        raise RichOnly
    return out


def board_lines(b: dict[str, Any], room: int) -> list[list[Span]]:
    """The whole board as printed lines at `room` columns; RichOnly if Rich must draw it."""
    out: list[list[Span]] = []
    for line in header_lines(b):
        out += _wrapped(line, room)
    if not tables_fit(b, room):
        return out + _compact(b, room)
    columns = b.get("columns") or DEFAULT_COLUMNS
    for side in (s for s in b["sides"] if s["fighters"]):
        out += _table(side, columns, room, side_title(b, side))
    return out


def tables_fit(b: dict[str, Any], room: int) -> bool:
    """Whether the board is drawn as tables at `room` columns: only from `WIDE` up, and
    only where every column is wide enough for each word in it (a name cut in the middle
    of a word, or a state cut short, is worse than the list). Both renderers ask this,
    so they draw the same layout."""
    if room < WIDE:
        return False
    columns = b.get("columns") or DEFAULT_COLUMNS
    for side in (s for s in b["sides"] if s["fighters"]):
        cols = _columns(side, columns, str)
        widths, pads = _layout(cols, room, pad_edge=False)
        for col, width, pad in zip(cols, widths, pads, strict=True):
            texts = [col.header, *(_cell_text(c) for c in col.cells)]
            words = texts if not col.wrap else [w for t in texts for w in t.split()]
            if max((_width(w) for w in words), default=0) > width - pad:
                return False
    return True


def _width(text: str) -> int:
    """Cells on a terminal (a character of no plain width counted as one)."""
    cells = plain.cells(text)
    return len(text) if cells is None else cells


def compact_spans(b: dict[str, Any], room: int) -> list[tuple[list[Span], int]]:
    """The narrow board: a line per side and per fighter, and each fighter's details on
    a dim line, each with its indent. A fighter's line is its name, rank and stat, state
    and flags; where they do not fit `room` they flow onto more lines, indented by two
    under the name, each part whole where it fits; the details are indented by four."""
    out: list[tuple[list[Span], int]] = []
    for side in (s for s in b["sides"] if s["fighters"]):
        out.append(([(side_title(b, side), "bold underline")], 0))
        for f in side["fighters"]:
            d = f["describe"]
            name: list[Span] = [("● " if f["token"] else "· ", "")]
            name.append((f["name"], "bold" if f["active"] else ""))
            if f["active"]:
                name.append((" ◀", "cyan"))
            stat = str(d.get("stat", ""))
            stat = f"stat {stat}" if stat.isdigit() else stat
            parts = [name, [(f"{d.get('rank', f['die'])}, {stat}", "")]]
            parts.append([(f["status_text"], STATUS_STYLE.get(f["status"], ""))])
            if f["flag_text"]:
                parts.append([(", ".join(f["flag_text"]), "italic")])
            out += [(line, 0) for line in _flowed(parts, room)]
            extra = " · ".join(x for x in _details(d, b.get("columns") or ()) if x and x != "-")
            if extra:
                out.append(([(extra, "dim")], 4))
    return out


def _flowed(parts: list[list[Span]], room: int) -> list[list[Span]]:
    """The parts on one line two spaces apart, as many as fit `room`; the rest on more
    lines, two spaces in (a part too long for a line is wrapped by the printer)."""
    lines: list[list[Span]] = []
    used = 0
    for part in parts:
        size = sum(len(t) for t, _ in part)
        if lines and used + 2 + size <= room:
            lines[-1] += [("  ", ""), *part]
            used += 2 + size
        elif lines:
            lines.append([("  ", ""), *part])
            used = 2 + size
        else:
            lines.append(list(part))
            used = size
    return lines


def _compact(b: dict[str, Any], room: int) -> list[list[Span]]:
    """Narrow terminals: one short line per fighter, details on a dim second line."""
    out: list[list[Span]] = []
    for spans, indent in compact_spans(b, room):
        if not indent:
            out += _wrapped(spans, room)
            continue
        for part in _wrapped(spans, room - 4):  # Padding: four spaces, then to the width
            used = sum(len(t) for t, _ in part)
            out.append([("    ", ""), *part, (" " * (room - 4 - used), "")])
    return out


def _details(d: dict[str, Any], columns: Any) -> list[str]:
    """The dim second line: equipment and skills, then any other column a system adds
    (e.g. damage against Stamina), labelled, so a narrow board loses none of them."""
    out = [d.get("equipment", ""), d.get("skills", "")]
    for key, label in columns:
        if key not in ("rank", "stat", "equipment", "skills") and d.get(key):
            out.append(f"{label}: {d[key]}")
    return out


# -- a side's table, laid out as Rich lays out `board`'s Table ------------------------------

# A cell: its base style (which its padding takes too) and its pieces, (text, style over
# the base); a piece with style None is the base alone.
Cell = tuple[str, list[tuple[str, str | None]]]
# While a cell is laid out, a piece in the base style alone is marked _BASE: Rich draws a
# run of such pieces (text and padding) as one segment, so one run of colour codes.
_BASE, _RUN = "\0", "\1"


class Column:
    def __init__(self, header: str, justify: str = "left", wrap: bool = True) -> None:
        self.header = header
        self.justify = justify
        self.wrap = wrap  # False: no_wrap (Rich would cut the text with an ellipsis)
        self.min_width: int | None = None
        self.cells: list[Cell] = []


def plain_cell(text: str) -> Cell:
    return "", [(_literal(text), None)]


def _columns(
    side: dict[str, Any], columns: Any, literal: Callable[[str], str] = _literal
) -> list[Column]:
    """A side's table as columns; `literal` vets each cell's text (by default: RichOnly
    where Rich must draw it)."""
    name = Column("Fighter")
    name.min_width = 8
    cols = [name]
    for key, label in columns:
        cols.append(Column(label, "right" if key == "stat" else "left"))
    cols += [Column("State", wrap=False), Column("Token", "center"), Column("Flags")]
    for f in side["fighters"]:
        d = f["describe"]
        pieces: list[tuple[str, str | None]] = [(literal(f["name"]), None)]
        if f["active"]:
            pieces.append((" ◀", "cyan"))
        cells = [("bold" if f["active"] else "", pieces)]
        cells += [("", [(literal(str(d.get(key, ""))), None)]) for key, _ in columns]
        status = STATUS_STYLE.get(f["status"], "")
        cells.append((status, [(literal(f["status_text"]), None)]))
        cells.append(("", [(literal("●" if f["token"] else "·"), None)]))
        cells.append(("", [(literal(", ".join(f["flag_text"])), None)]))
        for col, cell in zip(cols, cells, strict=True):
            col.cells.append(cell)
    return cols


def _cell_text(cell: Cell) -> str:
    return "".join(t for t, _ in cell[1])


def _measure(text: str, room: int) -> tuple[int, int]:
    """Rich's Measurement of a Text, capped at `room` (Measurement.get)."""
    lines = text.splitlines()
    longest = max((len(x) for x in lines), default=0)
    words = text.split()
    shortest = max((len(w) for w in words), default=longest)
    lo, hi = min(max(0, shortest), longest), longest
    lo, hi = max(0, lo), max(0, max(lo, hi))
    lo, hi = min(lo, room), min(hi, room)
    if hi < 1:
        return 0, 0
    return min(max(0, lo), hi), max(0, max(lo, hi))


def _measure_column(col: Column, pad: int, room: int) -> tuple[int, int]:
    if room < 1:
        return 0, 0
    mins, maxs = [], []
    for text in [col.header, *(_cell_text(c) for c in col.cells)]:
        # The cell is Padding(text): the text measured at the full room, padding added.
        if room - pad < 1:
            lo, hi = room, room
        else:
            lo, hi = _measure(text, room)
            lo, hi = min(lo + pad, room), min(hi + pad, room)
        # Measurement.get of the Padding: normalised and capped again.
        lo, hi = min(max(0, lo), hi), max(lo, hi)
        lo, hi = min(lo, room), min(hi, room)
        if hi < 1:
            lo, hi = 0, 0
        mins.append(lo)
        maxs.append(hi)
    lo, hi = max(mins), max(maxs)
    lo, hi = min(lo, room), min(hi, room)
    if col.min_width is not None:
        floor = col.min_width + pad
        lo, hi = max(lo, floor), max(hi, floor)
    return lo, hi


def _ratio_reduce(
    total: int, ratios: list[int], maximums: list[int], values: list[int]
) -> list[int]:
    ratios = [r if m else 0 for r, m in zip(ratios, maximums, strict=True)]
    total_ratio = sum(ratios)
    if not total_ratio:
        return values[:]
    remaining = total
    out = []
    for ratio, maximum, value in zip(ratios, maximums, values, strict=True):
        if ratio and total_ratio > 0:
            distributed = min(maximum, round(ratio * remaining / total_ratio))
            out.append(value - distributed)
            remaining -= distributed
            total_ratio -= ratio
        else:
            out.append(value)
    return out


def _collapse(widths: list[int], wrapable: list[bool], room: int) -> list[int]:
    total = sum(widths)
    excess = total - room
    if any(wrapable):
        while total and excess > 0:
            top = max(w for w, ok in zip(widths, wrapable, strict=True) if ok)
            second = max(
                w if ok and w != top else 0 for w, ok in zip(widths, wrapable, strict=True)
            )
            diff = top - second
            ratios = [1 if (w == top and ok) else 0 for w, ok in zip(widths, wrapable, strict=True)]
            if not any(ratios) or not diff:
                break
            widths = _ratio_reduce(excess, ratios, [min(excess, diff)] * len(widths), widths)
            total = sum(widths)
            excess = total - room
    return widths


def _widths(cols: list[Column], pads: list[int], room: int) -> list[int]:
    widths = [_measure_column(c, p, room)[1] or 1 for c, p in zip(cols, pads, strict=True)]
    if sum(widths) > room:
        widths = _collapse(widths, [c.wrap for c in cols], room)
        if sum(widths) > room:
            widths = _ratio_reduce(sum(widths) - room, [1] * len(widths), widths, widths)
        widths = [
            _measure_column(c, p, w)[1] or 0 for c, p, w in zip(cols, pads, widths, strict=True)
        ]
    return widths


def _cell_lines(cell: Cell, width: int, justify: str, wraps: bool) -> list[list[Span]]:
    """The cell's text lines at `width`, justified and padded as Rich's Text does; a
    piece's style is the base with its own on top."""
    base, pieces = cell
    marked: list[Span] = [(t, _BASE if s is None else s) for t, s in pieces]
    text = "".join(t for t, _ in marked)
    if not wraps:
        if len(text) > width:
            raise RichOnly  # Rich would cut it with an ellipsis
        lines = [marked]
    else:
        lines = _wrapped(marked, width) if text else [[]]
    out: list[list[Span]] = []
    for line in lines:
        line = [(t, s) for t, s in line if t]
        used = sum(len(t) for t, _ in line)
        if justify != "left":
            # rstrip, then padding on the left (and the right, centred)
            stripped = "".join(t for t, _ in line).rstrip()
            line = _take(line, len(stripped))
            used = len(stripped)
            left = width - used if justify == "right" else (width - used) // 2
            line = [(" " * left, _BASE), *line]
            used += left
        line = line + [(" " * (width - used), _BASE)]
        out.append(_styles(line, base))
    return out


def _take(line: list[Span], n: int) -> list[Span]:
    out: list[Span] = []
    for t, s in line:
        if n <= 0:
            break
        out.append((t[:n], s))
        n -= len(t)
    return out


def _styles(line: list[Span], base: str) -> list[Span]:
    """Runs of pieces in the base style alone merged, as Rich draws them (one segment);
    other pieces in their style over the base."""
    out: list[Span] = []
    for t, s in line:
        if not t:
            continue
        if s == _BASE:
            if out and out[-1][1] == _RUN:
                out[-1] = (out[-1][0] + t, _RUN)
            else:
                out.append((t, _RUN))
        else:
            out.append((t, f"{base} {s}".strip()))
    return [(t, base if s == _RUN else s) for t, s in out]


def side_title(b: dict[str, Any], side: dict[str, Any]) -> str:
    """A side's heading: its name, and its VP where the system keeps them."""
    return f"{side['name']} — VP {side['vp']}" if b.get("keeps_vp", True) else side["name"]


def _table(side: dict[str, Any], columns: Any, room: int, title: str) -> list[list[Span]]:
    cols = _columns(side, columns)
    return table_lines(cols, len(side["fighters"]), room, title, pad_edge=False)


def _layout(cols: list[Column], room: int, pad_edge: bool) -> tuple[list[int], list[int]]:
    """Each column's width in a table `room` cells wide, as Rich lays it out, and the
    padding inside it."""
    n = len(cols)
    extra = 2 + n - 1  # the box's edges and the lines between columns
    pads = [(1 if i or pad_edge else 0) + (1 if i < n - 1 or pad_edge else 0) for i in range(n)]
    return _widths(cols, pads, room - extra), pads


def table_lines(
    cols: list[Column], rows: int, room: int, title: str, pad_edge: bool = True
) -> list[list[Span]]:
    """A Rich `Table` (heavy head, a title on the left) of the columns' cells, laid out in
    `room` cells as Rich lays it out; `pad_edge` as Rich's (a space inside each edge)."""
    n = len(cols)
    extra = 2 + n - 1  # the box's edges and the lines between columns
    widths, pads = _layout(cols, room, pad_edge)
    table_width = sum(widths) + extra
    out: list[list[Span]] = []
    for line in _wrapped([(_literal(title), _BASE)], table_width) if title else []:
        used = sum(len(t) for t, _ in line)
        out.append(_styles([*line, (" " * (table_width - used), _BASE)], "italic"))
    out.append([("┏" + "┳".join("━" * w for w in widths) + "┓", "")])
    header = [plain_cell(c.header) for c in cols]
    out += _row(header, cols, widths, "bold", "┃", True, pad_edge)
    out.append([("┡" + "╇".join("━" * w for w in widths) + "┩", "")])
    for i in range(rows):
        out += _row([c.cells[i] for c in cols], cols, widths, "", "│", False, pad_edge)
    out.append([("└" + "┴".join("─" * w for w in widths) + "┘", "")])
    return out


def _row(
    cells: list[Cell],
    cols: list[Column],
    widths: list[int],
    style: str,
    bar: str,
    bottom: bool,
    pad_edge: bool,
) -> list[list[Span]]:
    n = len(cols)
    rendered = []
    for i, (cell, col, width) in enumerate(zip(cells, cols, widths, strict=True)):
        left, right = (1 if i or pad_edge else 0), (1 if i < n - 1 or pad_edge else 0)
        inner = width - left - right
        if inner < 1:
            raise RichOnly
        lines = []
        for line in _cell_lines(cell, inner, col.justify, col.wrap):
            parts = [(" " * left, "")] if left else []
            parts += line
            if right:
                parts.append((" " * right, ""))
            # The row's style (the header's bold) goes over every piece, each its own.
            lines.append([(t, f"{style} {s}".strip()) for t, s in parts])
        rendered.append(lines)
    height = max(len(x) for x in rendered)
    for i, lines in enumerate(rendered):
        blank = [(" " * widths[i], style)]
        fill = [blank] * (height - len(lines))
        rendered[i] = fill + lines if bottom else lines + fill
    out = []
    for r in range(height):
        row: list[Span] = [(bar, "")]
        for i in range(n):
            row += rendered[i][r]
            row.append((bar, ""))
        out.append(row)
    return out


def plain_board(b: dict[str, Any]) -> str | None:
    """The board as Rich would print it, or None where Rich must draw it."""
    room = plain.width()
    encoding = (getattr(sys.stdout, "encoding", None) or "utf-8").lower()
    if room is None or not encoding.startswith("utf"):  # Rich would draw the box in ASCII
        return None
    try:
        lines = board_lines(b, room)
    except (RichOnly, AttributeError, KeyError, TypeError, ValueError):  # Rich says what is wrong
        return None
    if any(sum(len(t) for t, _ in line) > room for line in lines):
        return None
    return render(lines)
