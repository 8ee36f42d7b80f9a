"""`companion smbfat ...`: commands of Simple Miniatures Battles For All Time alone."""

from __future__ import annotations

from typing import Annotated

import typer

from companion import systems
from companion.cli.common import JsonOpt, print_json
from companion.game.repo import Home

app = typer.Typer(
    help="Simple Miniatures Battles For All Time: sample forces.\n\n"
    "Example: companion smbfat samples",
    no_args_is_help=True,
)


@app.command("samples")
def samples(
    replace: Annotated[
        bool, typer.Option("--replace", help="Overwrite sample forces saved before.")
    ] = False,
    as_json: JsonOpt = False,
) -> None:
    """Save the two sample forces (companion's own, 31 and 33 points) as rosters, so a game
    starts at once: companion game new -r "Knights of the Vale" -r "Rifle Section".

    Example: companion smbfat samples
    """
    system = systems.get("smbfat")
    home = Home()
    saved, kept = [], []
    with home.writing():
        db = home.rosters_db()
        have = {r.name.casefold() for r in home.rosters(db)}
        for r in system.sample_rosters():
            if r.name.casefold() in have and not replace:
                kept.append(r.name)
                continue
            home.save_roster(db, r)
            saved.append(r.name)
        db.commit()
    if as_json:
        print_json({"saved": saved, "kept": kept})
        return
    for name in saved:
        typer.echo(f"Saved the sample force '{name}'.")
    for name in kept:
        typer.echo(f"'{name}' is already saved (--replace overwrites it).")
    typer.echo('Start a game: companion game new -r "Knights of the Vale" -r "Rifle Section"')
