"""`companion roster show` and `roster list`: reading rosters, on the quick path.

Declared once (`companion.cli.declare`), without Typer: a well-formed command line is
parsed by the quick path, and the roster is printed without Rich where Rich would print
the same (`companion.render.grid`). The commands that change rosters are in `roster_cmd`.
"""

from __future__ import annotations

import sys

from companion.cli.declare import JSON, Command, arg

ROSTER = arg("roster", "Roster name (a unique prefix is enough).")


def show(roster: str, as_json: bool) -> None:
    from companion import systems
    from companion.cli.plain import print_json
    from companion.game.repo import Home
    from companion.render.grid import Grid, Part, Say
    from companion.render.grid import show as print_parts

    home = Home()
    with home.reading():
        r = home.find_roster(roster)
    sys_ = systems.get(r.system)
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


def list_(as_json: bool) -> None:
    from companion.cli.plain import print_json
    from companion.game.repo import Home

    home = Home()
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
        """Show a roster's fighters.

    Example: companion roster show "Robyn"
    """,
        (ROSTER, JSON),
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
