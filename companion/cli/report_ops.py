"""What `companion report` does, without Typer (see `companion.cli.reports`)."""

from __future__ import annotations

import gc
import sys

from companion import TYPE_CHECKING

if TYPE_CHECKING:
    from companion.report.build import Report


def report(game: str | None, fmt: str, output: str | None, as_json: bool) -> None:
    from companion import systems
    from companion.cli.shared import reading_game
    from companion.report.build import build_report, collector_paused
    from companion.report.output import format_of

    kind = format_of(fmt)
    with reading_game(game) as gf:
        pass
    # Held off until the page is written, not only while the report is built; and what
    # the command made (modules, templates, the charts' short-lived cycles) is then set
    # aside, since the process ends with the command: the collector's walk over it at
    # exit would be a tenth of a long game's report.
    with collector_paused():
        _write(build_report(systems.get(gf.system), gf), kind, output, as_json)
        gc.freeze()


def _write(data: Report, kind: str, output: str | None, as_json: bool) -> None:
    from companion.cli.shared import print_json
    from companion.report.output import parts, write_file

    if as_json:
        print_json(data.to_dict())
        return
    if output is None:
        last = ""
        for last in parts(data, kind):
            sys.stdout.write(last)
        if not last.endswith("\n"):
            sys.stdout.write("\n")
        return
    write_file(parts(data, kind), output)
    sys.stdout.write(f"Battle report written to {output}\n")
