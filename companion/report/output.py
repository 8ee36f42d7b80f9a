"""One report, three formats, written whole or not at all."""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterable, Iterator

from companion.errors import UsageError
from companion.report.build import Report

FORMATS = {"md": "md", "markdown": "md", "html": "html", "htm": "html", "svg": "svg"}


def format_of(text: str) -> str:
    """The format a --format value names ('md', 'html' or 'svg')."""
    kind = FORMATS.get(text.strip().casefold().lstrip("."))
    if kind is None:
        raise UsageError(f"--format takes md, html or svg, not '{text}'")
    return kind


def parts(report: Report, kind: str) -> Iterator[str]:
    """The report in the given format, in parts to be written in order."""
    if kind == "html":
        from companion.report.html import html_parts

        yield from html_parts(report)
    elif kind == "svg":
        from companion.report.picture import to_svg

        yield to_svg(report)
    else:
        from companion.report.markdown import to_markdown

        yield to_markdown(report)


def write_file(chunks: Iterable[str], path: str | os.PathLike[str]) -> None:
    """Write the parts to a temporary file beside `path`, then put it in place: a report
    that fails half-way leaves no half-written file behind."""
    target = os.fspath(path)
    folder = os.path.dirname(target) or "."
    name = os.path.basename(target)
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=folder)
    except OSError as e:
        raise UsageError(f"cannot write {path}: {e.strerror}") from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            for chunk in chunks:
                out.write(chunk)
        # A temporary file is private; the report is an ordinary file like any other.
        os.chmod(tmp, 0o666 & ~_umask())
        os.replace(tmp, target)
    except OSError as e:
        raise UsageError(f"cannot write {path}: {e.strerror}") from None
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask
