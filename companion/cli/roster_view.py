"""`companion roster show` and `roster list`: reading rosters, on the quick path.

Declared once (`companion.cli.declare`), without Typer: a well-formed command line is
parsed by the quick path, and the roster is printed without Rich where Rich would print
the same (`companion.render.grid`). The commands that change rosters are in `roster_cmd`.
"""

from __future__ import annotations

import sys

from companion import TYPE_CHECKING
from companion.cli.declare import JSON, Command, arg, opt

if TYPE_CHECKING:
    from companion.roster import Roster
    from companion.systems.base import RuleSystem

ROSTER = arg("roster", "Roster name (a unique prefix is enough).")


def show(
    roster: str,
    as_json: bool,
    fmt: str = "text",
    output: str | None = None,
    size: str | None = None,
) -> None:
    from companion import systems
    from companion.cli.shared import open_home
    from companion.errors import UsageError
    from companion.render.grid import Grid, Part, Say
    from companion.render.grid import show as print_parts
    from companion.render.plain import print_json

    if output is not None and fmt != "html":
        raise UsageError("--output writes cards: add --format html")
    if size is not None and fmt != "html":
        raise UsageError("--size sets the cards' size: add --format html")
    home = open_home()
    with home.reading():
        r = home.find_roster(roster)
    sys_ = systems.get(r.system)
    if fmt == "html" and not as_json:
        _cards(sys_, r, output, size or "card")
        return
    if as_json:
        data = r.to_dict()
        for fd, f in zip(data["fighters"], r.fighters, strict=True):
            cost = sys_.fighter_cost(f)
            if cost is not None:  # a points system: each fighter's points, as the table shows
                fd["cost"] = cost
        print_json(data)
        return
    columns = sys_.board_columns()
    rows = []
    for f in r.fighters:
        d = sys_.describe_fighter(f)
        rows.append((f.name, *(d.get(key, "") for key, _ in columns), f.notes))
    parts: list[Part] = [
        Grid(
            ("Fighter", *(label for _, label in columns), "Notes"),
            tuple(rows),
            title=f"{r.name} ({sys_.info.name})",
        )
    ]
    summary = sys_.roster_summary(r)
    if summary:
        parts.append(Say(summary))
    if r.notes:
        parts.append(Say(r.notes, "italic"))
    print_parts(parts)


def _cards(sys_: RuleSystem, r: Roster, output: str | None, size: str) -> None:
    """The roster as printable cards, one a kind of fighter, in the look of the report."""
    from companion.report.cards import cards_html, roster_cards
    from companion.report.output import write_file

    sheet = roster_cards(sys_, r, size)
    page = cards_html(sheet)
    if output is None:
        sys.stdout.write(page)
        return
    write_file([page], output)
    n = len(sheet.cards)
    sys.stdout.write(
        f"{n} roster card{'s' if n != 1 else ''} for {len(r.fighters)} fighters written to "
        f"{output}\n"
    )


def list_(as_json: bool) -> None:
    from companion.cli.shared import open_home
    from companion.render.plain import print_json

    home = open_home()
    with home.reading():
        rosters = home.rosters()
    if as_json:
        print_json(
            [{"name": r.name, "system": r.system, "fighters": len(r.fighters)} for r in rosters]
        )
        return
    if not rosters:
        sys.stdout.write("No rosters yet. Create one: companion roster new NAME --system 1ss\n")
    for r in rosters:
        sys.stdout.write(f"{r.name}  ({r.system}, {len(r.fighters)} fighters)\n")


COMMANDS = (
    Command(
        "show",
        "companion.cli.roster_view:show",
        """Show a roster's fighters, or write them as printable cards.

    --format html writes cards to print and cut out: 63x88 mm, nine to an A4 sheet with
    crop marks (--size a6 for A6 cards), one per kind of fighter (identical ones as one
    card xN), with large stats, every action, skill or trait with its rule in one line,
    boxes to tick at the table, and the warband, system and points total.

    Example: companion roster show "Robyn" --format html -o robyn-cards.html
    companion roster show "Robyn" --format html --size a6 -o robyn-a6.html
    companion roster show "Robyn"
    """,
        (
            ROSTER,
            JSON,
            opt(
                "fmt",
                "text (a table here) or html (printable cards, one a fighter).",
                "--format",
                "-f",
                kind="choice",
                choices=("text", "html"),
                default="text",
            ),
            opt("output", "Write the cards to this file.", "--output", "-o"),
            opt(
                "size",
                "The cards' size: card (63x88 mm, nine to an A4 sheet) or a6.",
                "--size",
                kind="choice",
                choices=("card", "a6"),
            ),
        ),
        completes=(("roster", "roster"),),
    ),
    Command(
        "list",
        "companion.cli.roster_view:list_",
        """List all rosters.

    Example: companion roster list --json
    """,
        (JSON,),
    ),
)
QUICK = COMMANDS
