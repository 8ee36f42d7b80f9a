"""Commands for unit libraries and roster options (WarStuff's quickplay units), and
`concede`, which works in every system."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from companion import systems
from companion.cli.common import GameOpt, JsonOpt, console, print_json, writing_game
from companion.cli.complete import completer
from companion.cli.roster_cmd import app as roster_app
from companion.cli.shared import find_side, run_outcome
from companion.errors import RefusedError, UsageError
from companion.game.concede import concede_changes
from companion.game.repo import Home
from companion.game.state import freeze
from companion.systems.base import Outcome, RuleSystem
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


def _library_system(name: str) -> Any:
    sys_ = systems.get(name)
    if not hasattr(sys_, "genres"):
        have = [s.info.id for s in systems.all_systems() if hasattr(s, "genres")]
        raise UsageError(
            f"{sys_.info.name} has no unit library; systems with one: {', '.join(have)}"
        )
    return sys_


def units(
    system: Annotated[str, typer.Argument(help="Rule system with a unit library: warstuff.")],
    genre: GenreOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Browse the ready-made units of a system, by genre, with listed and computed costs.

    Example: companion units warstuff --genre fantasy
    """
    sys_ = _library_system(system)
    genres = [sys_.find_genre(genre)] if genre else list(sys_.genres())
    rows = []
    for g in genres:
        for u in g.units:
            cost = sys_.unit_cost(u)
            rows.append(
                {
                    "genre": g.id,
                    "genre_label": g.label,
                    "name": u.name,
                    "quality": u.quality,
                    "rules": [sys_.data.rule_label(r) for r in u.rules],
                    "listed": u.listed,
                    "computed": cost,
                    "difference": cost - u.listed,
                }
            )
    if as_json:
        print_json(rows)
        return
    from rich.table import Table

    c = console()
    for g in genres:
        t = Table(title=f"{g.label} ({g.id})", title_justify="left")
        for col in ("Unit", "Quality", "Special rules", "Listed", "Computed"):
            t.add_column(col, overflow="fold")
        for r in (x for x in rows if x["genre"] == g.id):
            diff = r["difference"]
            computed = str(r["computed"]) + (f" ({diff:+d})" if diff else "")
            t.add_row(
                r["name"],
                str(r["quality"]),
                ", ".join(r["rules"]) or "-",
                str(r["listed"]),
                computed,
            )
        c.print(t)
    if any(r["difference"] for r in rows):
        c.print(
            "Computed = Quality x 10 + special rules (at least 5); where the printed cost "
            "differs, both are kept (R-WS-03).",
            style="dim",
        )


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
    home = Home()
    with home.writing():
        db = home.rosters_db()
        r = home.find_roster(roster, db)
        sys_ = _library_system(r.system)
        u = sys_.find_unit(unit, genre)
        fighters = list(r.fighters)
        added = []
        for _ in range(count):
            f = sys_.unit_fighter(u, [x.name for x in fighters], name)
            fighters.append(f)
            added.append(f.name)
        new = r.with_fighters(tuple(fighters))
        total, limit = sys_.roster_total(new)
        if total > limit and not over_limit:
            from companion.systems.warstuff.roster_rules import limit_hint

            raise RefusedError(
                f"adding {', '.join(added)} makes '{r.name}' {total} pts, over its limit of "
                f"{limit} pts; nothing was added ({limit_hint(sys_.data, r.name, total)}; "
                "or pass --over-limit)"
            )
        home.save_roster(db, new)
        db.commit()
    typer.echo(f"Added {', '.join(added)} to '{r.name}' ({total}/{limit} pts).")
    for p in sys_.check_roster(new):
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
    home = Home()
    with home.writing():
        db = home.rosters_db()
        r = home.find_roster(roster, db)
        sys_: RuleSystem = systems.get(r.system)
        known = getattr(sys_, "roster_options", None)
        allowed = dict(known()) if known else {}
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


def concede(
    side: Annotated[str, typer.Argument(help="Side name (prefix) or number 1/2...")],
    game: GameOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """A player concedes; when one player is left, the game ends with them as the winner.

    Example:
    companion game new --system warstuff
    companion concede "Greenskin Raiders"
    """
    with writing_game(game) as gf:
        idx = find_side(gf.state, side)
        if gf.state.turn == 0 and gf.state.phase != "setup":
            raise RefusedError("the game is not running")
        changes, result = concede_changes(gf.state, idx)
        name = gf.state.sides[idx].name
        ann = (f"Game over: {result}",) if result else ()
        run_outcome(
            gf, Outcome("concede", f"{name} concede.", tuple(changes), announcements=ann), as_json
        )


def register(app: typer.Typer) -> None:
    app.command("units")(units)
    app.command("concede")(concede)
    roster_app.command("add-unit")(add_unit)
    roster_app.command("option")(option)
