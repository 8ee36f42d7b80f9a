"""The Typer app of `companion`, built with only the commands a command line can reach.

Start-up device (building one module's commands): with every module registered, a command
line off the quick path (`vp` without its values, a usage error) takes 2.94x as long (cpu,
median of 15 paired runs; a loaded 2-core machine where a bare interpreter start took 31 ms).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated

import typer

from companion import systems
from companion.cli import registry

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


# Which modules give Typer each top-level command (`cli.registry`, and the groups rule
# systems bring). A table command pays start-up time only for its own module: building
# every command (and importing every module) costs more than the command itself. A name
# not listed (help, a typo) registers everything, so behaviour and help never depend on
# this table.
_BROUGHT = systems.commands()
_MODULE_OF: dict[str, tuple[str, ...]] = {
    **{e.name: e.module for e in registry.ENTRIES if e.module},
    **{name: (module,) for name, module in _BROUGHT.items()},
}
# Help order: companion's own modules, the systems' modules, then those that only add
# to another module's group.
_ORDER = tuple(
    dict.fromkeys(
        (
            *registry.typer_modules(),
            *_BROUGHT.values(),
            *(m for modules in _MODULE_OF.values() for m in modules),
        )
    )
)
_registered: set[str] = set()
_reflowed: set[int] = set()  # the commands and groups whose help is reflowed already


def _register(only: tuple[str, ...] | None = None) -> None:
    """Add the commands of some modules (`only`) or of all of them, in help order."""
    import importlib

    for path in _ORDER if only is None else only:
        if path in _registered:
            continue
        _registered.add(path)
        module = importlib.import_module(path)
        if hasattr(module, "register"):
            module.register(app)
        else:
            # A module with a group's `app` gives the group its name has (`roster_cmd`: `roster`).
            group = next(name for name, modules in _MODULE_OF.items() if modules[0] == path)
            app.add_typer(module.app, name=group)
    from companion.cli.reflow import reflow_app

    reflow_app(app, _reflowed)
    if only is None and _registered.issuperset(_ORDER):
        _sort_commands()


def _sort_commands() -> None:
    """Keep the help's order the same however the commands were registered."""
    rank = {m: i for i, m in enumerate(_ORDER)}

    def rank_of(name: str | None) -> int:
        modules = _MODULE_OF.get(name or "", ("",))
        return rank.get(modules[0], len(rank))

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
