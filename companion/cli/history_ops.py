"""What `companion history` does, without Typer (see `companion.cli.history_cmd`)."""

from __future__ import annotations

import sys
from collections.abc import Sequence

from companion import TYPE_CHECKING
from companion.errors import UsageError

if TYPE_CHECKING:
    from companion.history.kept import Record
    from companion.history.standings import Row
    from companion.history.summary import GameSummary

FORMATS = {"text": "text", "txt": "text", "html": "html", "htm": "html"}


def history(
    by: str | None,
    luck: bool,
    system: str | None,
    roster: str | None,
    scenario: str | None,
    since: str | None,
    until: str | None,
    fmt: str,
    output: str | None,
    as_json: bool,
) -> None:
    from companion.history.standings import BY, Filters, chosen, day

    kind = FORMATS.get(fmt.strip().casefold().lstrip("."))
    if kind is None:
        raise UsageError(f"--format takes text or html, not '{fmt}'")
    if kind == "html" and output is None:
        raise UsageError("--format html writes a web page: name its file with -o FILE")
    if kind == "text" and output is not None:
        raise UsageError("-o writes the web page: add --format html")
    if by is not None and by not in BY:
        raise UsageError(f"--by takes roster, scenario or system, not '{by}'")
    if system is not None:
        from companion import systems

        system = systems.get(system).info.id
    filters = Filters(system, roster, scenario, day(since, "--since"), day(until, "--until"))
    from companion.cli.opening import open_home
    from companion.history.kept import collect

    # Each game's fighters only for the standings, its rolls only for the luck.
    page = kind == "html"
    record = collect(open_home(), fighters=by is not None or page, rolls=luck or page)
    games = chosen(record.games, filters, record.rosters)
    if as_json:
        from companion.history.view import as_json as data
        from companion.render.plain import print_json

        print_json(data(record, games, by, luck))
        return
    if kind == "html":
        assert output is not None
        _page(record, games, by or "roster", filters != Filters(), output)
        return
    out: list[str] = [_counts(games)]
    if by is None and not luck:
        out += _games(record, games)
    if by is not None:
        out += _standings(record, games, by)
    if luck:
        out += _luck(record, games)
    if record.damaged:
        names = ", ".join(n for n, _ in record.damaged)
        out.append(f"Not read (damaged; 'companion game list' says why): {names}")
    sys.stdout.write("\n".join(out) + "\n")


def _counts(games: Sequence[GameSummary]) -> str:
    done = sum(1 for g in games if g.finished)
    solo = sum(1 for g in games if g.solo)
    if not games:
        return "No games yet. Try: companion demo"
    word = "game" if len(games) == 1 else "games"
    return f"{len(games)} {word}: {done} finished, {len(games) - done} running, {solo} solo."


def _games(record: Record, games: Sequence[GameSummary]) -> list[str]:
    from companion.history.view import result_text, sides_text

    out: list[str] = []
    for g in reversed(games):  # the latest first
        out.append("")
        out.append(f"{g.date}  {g.name} · {g.system_name} · {g.scenario_name}")
        out.append(f"{'':12}{sides_text(g, record.rosters)}")
        score = f" ({g.score})" if g.finished else ""
        out.append(f"{'':12}{result_text(g)}{score}")
    return out


def table(head: Sequence[str], rows: Sequence[Sequence[object]], numeric_from: int) -> list[str]:
    """Rows in aligned columns: text to the left, numbers (from column `numeric_from`) to
    the right."""
    cells = [[str(c) for c in r] for r in [head, *rows]]
    widths = [max(len(r[i]) for r in cells) for i in range(len(head))]
    return [
        "  ".join(
            c.rjust(w) if i >= numeric_from else c.ljust(w)
            for i, (c, w) in enumerate(zip(r, widths, strict=True))
        ).rstrip()
        for r in cells
    ]


def _record_rows(rows: Sequence[Row], grouped: bool) -> list[list[object]]:
    return [
        ([r.group] if grouped else [])
        + [r.name, r.system, r.games, r.won, r.drawn, r.lost, r.running]
        for r in rows
    ]


HEAD = ["Warband", "System", "Games", "Won", "Drawn", "Lost", "Running"]


def _standings(record: Record, games: Sequence[GameSummary], by: str) -> list[str]:
    from companion.history.standings import fighters, solo_standings, standings

    rows = standings(games, by, record.rosters)
    grouped = by != "roster"
    first = {"scenario": ["Scenario"], "system": ["System"]}.get(by, [])
    head = first + (HEAD if by != "system" else [h for h in HEAD if h != "System"])
    body = _record_rows(rows, grouped)
    if by == "system":
        body = [r[:2] + r[3:] for r in body]
    out = ["", f"Standings by {by}"]
    out += table(head, body, len(head) - 5) if rows else ["No warband has played a game."]
    solo = solo_standings(games)
    if solo:
        out += ["", "Solo games, by OpFor profile and scenario"]
        solo_head = ["Scenario", "OpFor profile", *HEAD[1:]]
        out += table(solo_head, _record_rows(solo, True), len(solo_head) - 5)
    most, least = fighters(games, record.rosters)
    if most:
        out += ["", "Took most out of action"]
        out += table(
            ["Fighter", "Warband", "Taken out", "Games"],
            [[f.name, f.warband, f.took_out, f.games] for f in most],
            2,
        )
    if least:
        out += ["", "Fell least (two games or more)"]
        out += table(
            ["Fighter", "Warband", "Fell", "Games"],
            [[f.name, f.warband, f.fell, f.games] for f in least],
            2,
        )
    return out


def _luck(record: Record, games: Sequence[GameSummary]) -> list[str]:
    from companion.history.luck import luck_totals

    totals = luck_totals(games, record.rosters)
    out = ["", "Luck across games (the dice against their exact odds)"]
    if not totals:
        return [*out, "No dice were rolled."]
    side = None
    for t in totals:
        if t.luck.side != side:
            side = t.luck.side
            out.append(side)
        plural = "s" if t.games != 1 else ""
        out.append(f"  {t.luck.sentence()}: {t.unusual} ({t.games} game{plural})")
    return out


def _page(record: Record, games: Sequence[GameSummary], by: str, filtered: bool, path: str) -> None:
    from companion.history.view import page_parts
    from companion.report.output import write_file

    meta = _counts(games).rstrip(".") + (" (filtered)" if filtered else "")
    write_file(page_parts(record, games, by, filtered, meta), path)
    sys.stdout.write(f"History written to {path}\n")
