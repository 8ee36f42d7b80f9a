"""The battle report as one self-contained web page, written by a Jinja2 template.

Jinja2 is imported here only, when a page is written. The page is streamed to its file
a part at a time, so a long game's story is never held twice in memory.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import islice
from pathlib import Path
from typing import Any

from companion.report.build import Report

TEMPLATES = Path(__file__).parent / "templates"
PIECES = 4096  # of the template's output joined into each part written


_ENV: dict[str | None, Any] = {}


def environment() -> Any:
    """The one Jinja environment of the report, the live board and the roster cards (their
    templates and styles live together in `templates/`), made once per process and cache
    folder."""
    from companion.data import cache_dir

    key = cache_dir()
    if key not in _ENV:
        _ENV[key] = _make_environment()
    return _ENV[key]


def _make_environment() -> Any:
    from jinja2 import Environment, FileSystemLoader, select_autoescape

    return Environment(
        loader=FileSystemLoader(TEMPLATES),
        autoescape=select_autoescape(("html", "j2")),
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        bytecode_cache=_compiled_templates(),
    )


def _compiled_templates() -> Any:
    """The page's templates as compiled once, kept in companion's cache folder beside the
    parsed rules data (compiling them costs each report about 20 ms). Jinja checks each
    against its template's text and the Python version; any trouble with the folder, and
    the templates are simply compiled."""
    from jinja2 import FileSystemBytecodeCache

    from companion.data import cache_dir

    class Kept(FileSystemBytecodeCache):
        def load_bytecode(self, bucket: Any) -> None:
            import io

            from companion.home import read_kept

            raw = read_kept(self._get_cache_filename(bucket), self.directory)
            if raw is not None:  # else (a link out, a FIFO, too large) compiled afresh
                bucket.load_bytecode(io.BytesIO(raw))

        def dump_bytecode(self, bucket: Any) -> None:
            try:
                super().dump_bytecode(bucket)
            except OSError:
                pass  # a read-only cache folder: compiled again next time

    found = cache_dir()
    if found is None:
        return None
    folder = Path(found)
    try:
        (folder / "templates").mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    return Kept(str(folder / "templates"))


def html_parts(report: Report) -> Iterator[str]:
    """The page in parts, in order; joined they are the whole file."""
    from markupsafe import Markup

    from companion.report.charts import charts
    from companion.report.luck import short

    env = environment()
    drawn = charts(report, "page")
    by_id = {c.id: c for c in drawn}
    template = env.get_template("report.html.j2")
    pieces = template.generate(
        r=report,
        vp=by_id.get("vp"),
        casualties=by_id.get("casualties"),
        luck_charts=[by_id.get(f"luck-{i + 1}") for i in range(len(report.sides))],
        svg=lambda chart: Markup(chart.svg),
        short=short,
        state=state_line(report),
    )
    # Jinja gives the page in small pieces (a long game's story in tens of thousands):
    # they are passed on a few thousand at a time, each joined into one part.
    while block := list(islice(pieces, PIECES)):
        yield "".join(block)


def state_line(report: Report) -> str:
    of = f" of {report.last_turn}" if report.last_turn else ""
    state = "finished" if report.finished else f"running, {report.round_word} {report.turn}{of}"
    return f"{report.system} · {report.scenario} · {state}"
