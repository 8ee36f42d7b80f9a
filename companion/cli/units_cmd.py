"""Commands for unit libraries and roster options (WarStuff's quickplay units), and
`concede`, which works in every system."""

from __future__ import annotations

from typing import Annotated

import typer

from companion import systems
from companion.cli import concede, units_view
from companion.cli.complete import completer
from companion.cli.declare import add_commands
from companion.cli.roster_cmd import app as roster_app
from companion.cli.shared import open_home
from companion.cli.units_view import library_system
from companion.errors import RefusedError, UsageError
from companion.game.state import freeze
from companion.systems.base import RuleSystem
from companion.values import replace

RosterArg = Annotated[
    str,
    typer.Argument(
        help="Roster name (a unique prefix is enough).", autocompletion=completer("roster")
    ),
]
GenreOpt = Annotated[
    str | None, typer.Option("--genre", help="Genre, e.g. fantasy, modern, sci-fi, dinosaurs.")
]


def add_unit(
    roster: RosterArg,
    unit: Annotated[str, typer.Argument(help="Library unit name (a unique prefix is enough).")],
    genre: GenreOpt = None,
    name: Annotated[
        str | None, typer.Option("--name", help="Name it on the roster (default: the unit's).")
    ] = None,
    count: Annotated[int, typer.Option("--count", min=1, max=20, help="How many to add.")] = 1,
    over_limit: Annotated[
        bool, typer.Option("--over-limit", help="Add them even over the points limit.")
    ] = False,
) -> None:
    """Add a ready-made unit from the system's library to a roster.

    Copies get a number (Orc Warrior 2). Units that would take the roster over its points
    limit are not added (exit status 1) unless you pass --over-limit; any other problem
    the roster check finds is printed.

    Example:
    companion roster new Greenskins --system warstuff
    companion roster add-unit Greenskins "Orc Warrior" --genre fantasy --count 2
    """
    home = open_home()
    with home.writing():
        db = home.rosters_db()
        r = home.find_roster(roster, db)
        library = library_system(r.system)
        u = library.find_unit(unit, genre)
        fighters = list(r.fighters)
        added = []
        for _ in range(count):
            f = library.unit_fighter(u, [x.name for x in fighters], name)
            fighters.append(f)
            added.append(f.name)
        new = r.with_fighters(tuple(fighters))
        total, limit = library.roster_total(new)
        if total > limit and not over_limit:
            raise RefusedError(
                f"adding {', '.join(added)} makes '{r.name}' {total} pts, over its limit of "
                f"{limit} pts; nothing was added ({library.limit_hint(r.name, total)}; "
                "or pass --over-limit)"
            )
        home.save_roster(db, new)
        db.commit()
    typer.echo(f"Added {', '.join(added)} to '{r.name}' ({total}/{limit} pts).")
    for p in systems.get(r.system).check_roster(new):
        typer.echo(f"{p.severity}: {p.message}")


def option(
    roster: RosterArg,
    setting: Annotated[str, typer.Argument(help="KEY=VALUE, e.g. points=300 (KEY= clears it).")],
) -> None:
    """Set a roster option of its system, e.g. the WarStuff points limit (150 or 300).

    Example:
    companion roster new Greenskins --system warstuff
    companion roster option Greenskins points=300
    """
    key, sep, value = setting.partition("=")
    key = key.strip().casefold()
    if not sep or not key:
        raise UsageError(f"give KEY=VALUE, e.g. points=300, not '{setting}'")
    home = open_home()
    with home.writing():
        db = home.rosters_db()
        r = home.find_roster(roster, db)
        sys_: RuleSystem = systems.get(r.system)
        allowed = dict(sys_.roster_options())
        if key not in allowed:
            names = ", ".join(allowed) or "none"
            raise UsageError(f"{sys_.info.name} rosters have no option '{key}'; options: {names}")
        opts = dict(r.options)
        v = value.strip()
        if v == "":
            opts.pop(key, None)
        elif v not in allowed[key]:
            raise UsageError(f"{key} must be one of {', '.join(allowed[key])}, not '{v}'")
        else:
            opts[key] = int(v) if v.isdigit() else v
        home.save_roster(db, replace(r, options=freeze(opts)))
        db.commit()
    typer.echo(f"'{r.name}': {key} = {v or '(default)'}")


def register(app: typer.Typer) -> None:
    add_commands(app, (units_view.UNITS,))
    add_commands(app, (concede.CONCEDE,))
    roster_app.command("add-unit")(add_unit)
    roster_app.command("option")(option)
