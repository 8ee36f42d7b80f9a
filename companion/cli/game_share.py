"""`companion game export` and `game import`: a game as one file to hand to a friend
(see `companion.history.share` for the file and its checks)."""

from __future__ import annotations

import os
from typing import Annotated

import typer

from companion.cli.common import JsonOpt, print_json
from companion.cli.complete import completer
from companion.cli.shared import open_home
from companion.errors import DataError, UsageError


def export(
    game: Annotated[
        str | None,
        typer.Argument(
            help="Game name (default: the current game).", autocompletion=completer("game")
        ),
    ] = None,
    output: Annotated[str, typer.Option("--output", "-o", help="The file to write.")] = "",
) -> None:
    """Write a game to one file, to hand to a friend or keep: its setup and every event.

    'companion game import FILE' adds it to another data folder, where 'report' and
    'history' include it.

    Example: companion game export sample -o sample.game.json
    """
    from companion.history.share import export_text
    from companion.report.output import write_file

    if not output.strip():
        raise UsageError("name the file to write with -o FILE")
    home = open_home()
    with home.reading():
        gf = home.open_game(game)
        text = export_text(gf)
    write_file([text], output)
    typer.echo(f"Game '{gf.name}' ({gf.count} events) written to {output}.")


def import_(
    file: Annotated[str, typer.Argument(help="A file written by 'companion game export'.")],
    as_name: Annotated[
        str | None, typer.Option("--as", help="Add it under this name (when its own is taken).")
    ] = None,
    as_json: JsonOpt = False,
) -> None:
    """Add a game exported by 'companion game export' (yours, or a friend's).

    A damaged file, or one from a newer companion, is refused and nothing is written. A
    game of the same name is never replaced: give the new one another name with --as.

    Example:
    companion game export sample -o shared.game.json
    companion game import shared.game.json --as shared
    """
    from companion.game.store import file_slug, reason
    from companion.history.share import MAX_BYTES, read_shared
    from companion.home import read_regular

    try:
        raw = read_regular(file, MAX_BYTES)
    except OSError as e:
        raise DataError(f"cannot read {file}: {reason(e)}") from None
    except ValueError as e:
        raise DataError(f"{e}; it cannot be a game file") from None
    shared = read_shared(raw, file)
    name = file_slug(as_name if as_name is not None else shared.name)
    home = open_home()
    with home.writing(batch=True):
        if os.path.lexists(home.game_path(name)) or home.leftovers(name):
            hint = "" if as_name else " with --as NEWNAME"
            raise UsageError(
                f"a game called '{name}' is already here; import it under another name{hint}"
            )
        gf = home.create_game(name, shared.setup, shared.rosters)
        if shared.created:
            gf.set_meta(created=shared.created)
            gf.created = shared.created
        gf.extend(shared.events)
        gf.db.commit()
    if as_json:
        print_json({"game": gf.name, "system": gf.system, "events": gf.count})
        return
    typer.echo(
        f"Imported '{gf.name}' ({gf.count} events); 'companion report --game {gf.name}' "
        "tells its story."
    )


def register(app: typer.Typer) -> None:
    app.command("export")(export)
    app.command("import")(import_)
