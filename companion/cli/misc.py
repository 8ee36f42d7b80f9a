"""Stand-alone commands: systems, roll, demo."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from companion import systems
from companion.cli.common import JsonOpt, console, print_json
from companion.cli.declare import add_commands
from companion.cli.table import ROLL
from companion.errors import UsageError

SAMPLE_GAME = "sample"


def systems_cmd(as_json: JsonOpt = False) -> None:
    """List the rule systems companion knows.

    Example: companion systems --json
    """
    rows: list[dict[str, Any]] = []
    for s in systems.all_systems():
        i = s.info
        rows.append(
            {
                "id": i.id,
                "name": i.name,
                "aliases": list(i.aliases),
                "dice": i.dice,
                "board": i.board,
                "length": i.length,
            }
        )
    if as_json:
        print_json(rows)
        return
    from rich.table import Table

    t = Table(title="Rule systems", title_justify="left")
    for col in ("id", "name", "dice", "board", "game length"):
        t.add_column(col, overflow="fold")
    for r in rows:
        t.add_row(r["id"], r["name"], r["dice"], r["board"], r["length"])
    console().print(t)


def demo(
    fresh: Annotated[bool, typer.Option(help="Start the sample game over.")] = False,
    as_json: JsonOpt = False,
) -> None:
    """Set up the ready-made sample game (the 1ss training mission) and show the board.

    Creates the two sample warbands if they are missing. Then try:
    companion turn, companion activate Robyn, companion log.

    Example: companion demo
    """
    from companion.cli.game_cmd import show_board
    from companion.game.repo import Home

    sys_ = systems.get("1ss")
    home = Home()
    with home.writing():
        db = home.rosters_db()
        have = {r.name for r in home.rosters(db)}
        for r in sys_.sample_rosters():
            if r.name not in have:
                home.save_roster(db, r)
        db.commit()
        samples = [home.find_roster(r.name, db) for r in sys_.sample_rosters()]
        exists = home.game_path(SAMPLE_GAME).exists()
        if exists and fresh:
            home.delete_game(SAMPLE_GAME)
            exists = False
        if exists:
            gf = home.open_game(SAMPLE_GAME)
        else:
            gf = home.create_game(SAMPLE_GAME, sys_.new_game(samples, "training", {}))
            gf.db.commit()
        home.set_setting("current", gf.name)
    if not as_json:
        verb = "Resumed" if exists else "Set up"
        typer.echo(
            f"{verb} the sample game '{gf.name}': the 1 Stat Skirmish training mission. "
            "Next: 'companion turn' rolls initiative; 'companion --help' lists commands."
        )
    show_board(gf, as_json)


def register(app: typer.Typer) -> None:
    app.command("systems")(systems_cmd)
    add_commands(app, (ROLL,))
    app.command("demo")(demo)


__all__ = ["register", "UsageError"]
