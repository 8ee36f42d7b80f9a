"""What `companion report` does, without Typer (see `companion.cli.reports`)."""

from __future__ import annotations

import sys


def report(game: str | None, fmt: str, output: str | None, as_json: bool) -> None:
    from companion import systems
    from companion.cli.shared import print_json, reading_game
    from companion.report.build import build_report
    from companion.report.output import format_of, parts, write_file

    kind = format_of(fmt)
    with reading_game(game) as gf:
        pass
    data = build_report(systems.get(gf.system), gf)
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
