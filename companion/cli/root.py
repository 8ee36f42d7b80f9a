"""The Typer app of `companion`, built with only the commands a command line can reach."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated

import typer

from companion import systems

app = typer.Typer(
    name="companion",
    help="A table-side assistant for skirmish wargames: rosters, a live game tracker, "
    "explained dice rolls with exact odds, rules look-ups and solo play.\n\n"
    "Example: companion demo",
    no_args_is_help=True,
    # --install-completion / --show-completion; the values are completed by
    # companion.cli.complete, which only a completing shell imports.
    add_completion=True,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _version(value: bool) -> None:
    if value:
        from companion.version import installed

        typer.echo(f"companion {installed()}")
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


# Which module defines each top-level command. A table command pays start-up time only
# for its own module: building every command (and importing every module) costs more
# than the command itself. A name not listed here (help, a typo, a command added
# elsewhere) registers everything, so behaviour and help never depend on this table.
_MODULE_OF: dict[str, str | tuple[str, ...]] = {
    # The unit-library commands add `roster add-unit` and `roster option` to the roster group.
    "roster": ("roster_cmd", "units_cmd"),
    "game": "game_cmd",
    "rules": "rules_cmd",
    **dict.fromkeys(
        ("status", "turn", "activate", "set", "vp", "initiative", "undo", "redo", "log"),
        "table",
    ),
    **dict.fromkeys(("attack", "odds", "recover", "fall", "skill", "act"), "actions"),
    **dict.fromkeys(("systems", "roll", "demo", "info"), "misc"),
    "play": "play_cmd",
    "report": "reports",
    "history": "history_cmd",
    "serve": "serve_cmd",
    "done": "table",
    # The command groups rule systems bring with them (the 1ss solo group, the WarStuff
    # unit library, ...), declared where each system is registered.
    **{name: module.removeprefix("companion.cli.") for name, module in systems.commands().items()},
}
_ORDER = (
    "roster_cmd",
    "game_cmd",
    "rules_cmd",
    "table",
    "actions",
    "misc",
    "play_cmd",
    "reports",
    "history_cmd",
    "serve_cmd",
    *dict.fromkeys(m.removeprefix("companion.cli.") for m in systems.commands().values()),
)
_registered: set[str] = set()
_reflowed: set[int] = set()  # the commands and groups whose help is reflowed already


def _register(only: str | tuple[str, ...] | None = None) -> None:
    """Add the commands of some modules (`only`) or of all of them, in help order."""
    import importlib

    names = _ORDER if only is None else (only,) if isinstance(only, str) else only
    for name in names:
        if name in _registered:
            continue
        _registered.add(name)
        path = name if name.startswith("companion.") else f"companion.cli.{name}"
        module = importlib.import_module(path)
        if hasattr(module, "register"):
            module.register(app)
        else:
            group = next((g for g, m in systems.commands().items() if m == path), None)
            app.add_typer(module.app, name=group or name.removesuffix("_cmd"))
    from companion.cli.reflow import reflow_app

    reflow_app(app, _reflowed)
    if only is None and _registered.issuperset(_ORDER):
        _sort_commands()


def _sort_commands() -> None:
    """Keep the help's order the same however the commands were registered."""
    rank = {m: i for i, m in enumerate(_ORDER)}

    def rank_of(name: str | None) -> int:
        module = _MODULE_OF.get(name or "", "")
        first = module if isinstance(module, str) else module[0]
        return rank.get(first, len(rank))

    def key_cmd(c: typer.models.CommandInfo) -> int:
        return rank_of(c.name)

    def key_group(g: typer.models.TyperInfo) -> int:
        return rank_of(g.name)

    app.registered_commands.sort(key=key_cmd)
    app.registered_groups.sort(key=key_group)


def build(args: Sequence[str] = ()) -> typer.Typer:
    """The app with the commands `args` can reach (all of them unless args name one)."""
    first = args[0] if args else None
    module = _MODULE_OF.get(first) if first else None
    _register(module)
    return app


def __getattr__(name: str) -> object:
    # `companion.cli.main.full_app` is the app with every command, for tools and tests.
    if name == "full_app":
        _register()
        return app
    raise AttributeError(name)
