"""The `companion` command: the Typer app, and the edge where errors become one line."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Annotated

import typer

from companion import __version__
from companion.errors import CompanionError

app = typer.Typer(
    name="companion",
    help="A table-side assistant for skirmish wargames: rosters, a live game tracker, "
    "explained dice rolls with exact odds, rules look-ups and solo play.\n\n"
    "Example: companion demo",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"companion {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=_version, is_eager=True, help="Show the version and exit."
        ),
    ] = False,
) -> None:
    """Example: companion --version"""


def _register() -> None:
    from companion.cli import (
        actions,
        game_cmd,
        misc,
        play_cmd,
        roster_cmd,
        rules_cmd,
        solo_cmd,
        table,
        warstuff_cmd,
    )

    app.add_typer(roster_cmd.app, name="roster")
    app.add_typer(game_cmd.app, name="game")
    app.add_typer(rules_cmd.app, name="rules")
    app.add_typer(solo_cmd.app, name="solo")
    table.register(app)
    actions.register(app)
    misc.register(app)
    play_cmd.register(app)
    warstuff_cmd.register(app)


_register()


def main(argv: Sequence[str] | None = None) -> None:
    """Run the CLI; every error leaves as one line on stderr with a clear exit status."""
    from typer.exceptions import TyperException

    from companion.cli.errors import fail

    args = list(sys.argv[1:] if argv is None else argv)
    command = typer.main.get_command(app)
    try:
        rv = command.main(args=args, prog_name="companion", standalone_mode=False)
    except CompanionError as e:
        fail(str(e), e.exit_code)
    except TyperException as e:  # click's usage errors, vendored by typer
        fail(_usage_line(e, args), getattr(e, "exit_code", 2) or 2)
    except (typer.Abort, KeyboardInterrupt, EOFError):
        fail("cancelled; nothing was written", 130)
    except BrokenPipeError:
        sys.exit(1)
    else:
        if isinstance(rv, int) and rv:
            sys.exit(rv)


def _usage_line(e: Exception, args: list[str]) -> str:
    msg = e.format_message() if hasattr(e, "format_message") else str(e)
    msg = " ".join(str(msg).split())
    ctx = getattr(e, "ctx", None)
    where = ctx.command_path if ctx is not None else "companion"
    return f"{msg} (see '{where} --help')"
