"""Commands declared once, as data: the Typer command and the quick parser both read it.

Start-up device (the quick path's half): declarations the quick path reads without
importing Typer, which costs 6.9x a bare interpreter start (cpu, median of 15 paired runs).

A table command is run many times a game and does a few milliseconds of work, while
loading Typer costs several times that. So each hot command is declared here once (its
arguments, options, types, bounds, defaults and help) without importing Typer: the
quick path (`companion.cli.quick`) parses a plainly well-formed command line from the
declaration, and `typer_command` builds the Typer command, with its help and its usage
errors, from the same declaration. Adding or changing an option is one edit.

The implementation a declaration names (`module:function`) takes every parameter by
keyword, whichever way the command line was parsed.
"""

from __future__ import annotations

from collections.abc import Callable

from companion import TYPE_CHECKING
from companion.values import frozen

if TYPE_CHECKING:
    from typing import Any, NotRequired, TypedDict

    class Rolled(TypedDict):
        """What a command that rolls ends with (`ROLLED`, and the --odds and --system of
        those that take them), as the keyword arguments of its implementation."""

        dice: str | None
        seed: int | None
        game: str | None
        as_json: bool
        odds: NotRequired[bool]
        system: NotRequired[str | None]
        force: NotRequired[bool]


# What a value may be: text, a whole number (optionally bounded), an on/off switch, text
# given once per use of a repeatable option, one of a few words (`choices`), or every
# remaining word of the command line (an argument, last of its command).
KINDS = ("str", "int", "flag", "list", "choice", "words")


@frozen
class Param:
    """One argument (no `names`) or option of a command.

    A flag is True when given; with `off` names (`--no-cover`) it is a switch whose
    default is None until one side is given.
    """

    dest: str
    help: str
    names: tuple[str, ...] = ()
    kind: str = "str"
    default: Any = None
    required: bool = False
    low: int | None = None
    high: int | None = None
    off: tuple[str, ...] = ()
    choices: tuple[str, ...] = ()

    @property
    def is_argument(self) -> bool:
        return not self.names


@frozen
class Command:
    """A command: its name, its implementation (`module:function`), help and parameters.

    `ignore_unknown` passes an unknown dash-word on as a value (`vp 1 -1`); `facts`
    names the action whose declared facts its help lists (`*`: every action); `bound`
    are keyword arguments the implementation gets besides the parsed ones (which of a
    system's rolls a command built from its declaration runs).
    """

    name: str
    call: str
    doc: str
    params: tuple[Param, ...]
    ignore_unknown: bool = False
    facts: str = ""
    completes: tuple[tuple[str, str], ...] = ()  # (dest, kind) beyond `registry.COMPLETES`
    bound: tuple[tuple[str, Any], ...] = ()


def arg(dest: str, help: str, kind: str = "str", **more: Any) -> Param:
    """A positional argument, required unless it has a default."""
    required = "default" not in more
    return Param(dest, help, (), kind, required=required, **more)


def opt(dest: str, help: str, *names: str, kind: str = "str", **more: Any) -> Param:
    """An option, `--dest` unless named otherwise."""
    return Param(dest, help, names or (f"--{dest.replace('_', '-')}",), kind, **more)


def switch(dest: str, help: str, default: bool | None = None) -> Param:
    """A `--dest/--no-dest` switch (None, unset, unless `default` says otherwise)."""
    return opt(dest, help, kind="flag", default=default, off=(f"--no-{dest}",))


JSON = opt("as_json", "Print the result as JSON for scripts.", "--json", kind="flag", default=False)
GAME = opt("game", "Game to use (default: the current game).", "--game", "-g")
DICE = opt(
    "dice",
    "Dice you rolled by hand, in roll order, e.g. '4,2,6'. A 0 on a D10 counts as 10.",
    "--dice",
    "-d",
)
SEED = opt("seed", "Seed for digital dice, to replay a run exactly.", kind="int")
FIGHTER = arg("fighter", "Fighter name (a unique prefix is enough).")
ROLLED = (DICE, SEED, GAME, JSON)  # what a command that rolls dice ends with


def implementation(cmd: Command) -> Callable[..., None]:
    import importlib

    module, name = cmd.call.split(":")
    fn: Callable[..., None] = getattr(importlib.import_module(module), name)
    return fn


def _choices(p: Param) -> Any:
    from enum import StrEnum

    return StrEnum(p.dest.title(), {c: c for c in p.choices})  # type: ignore[misc]


def _annotation(p: Param, completes: dict[str, str]) -> Any:
    import typer

    # "words" is a list too, of the remaining words; Typer shows and checks the choices
    # of an enum (the command gets its value as text).
    kinds: dict[str, Any] = {"str": str, "int": int, "flag": bool, "list": list[str]}
    base: Any = _choices(p) if p.kind == "choice" else kinds.get(p.kind, list[str])
    if not p.required and p.default is None:
        base = base | None
    from companion.cli.complete import completer
    from companion.cli.registry import COMPLETES

    kind = completes.get(p.dest) or COMPLETES.get(p.dest)
    done = completer(kind) if kind else None
    if p.is_argument:
        info: Any = typer.Argument(help=p.help, min=p.low, max=p.high, autocompletion=done)
    else:
        names = (f"{p.names[0]}/{p.off[0]}", *p.names[1:]) if p.off else p.names
        info = typer.Option(
            names[0], *names[1:], help=p.help, min=p.low, max=p.high, autocompletion=done
        )
    from typing import Annotated

    return Annotated[base, info]


def typer_command(cmd: Command) -> Callable[..., None]:
    """A function Typer turns into this command: its signature is the declaration."""
    import inspect

    params = [
        inspect.Parameter(
            p.dest,
            inspect.Parameter.POSITIONAL_OR_KEYWORD,
            default=inspect.Parameter.empty if p.required else p.default,
            annotation=_annotation(p, dict(cmd.completes)),
        )
        for p in cmd.params
    ]

    def command(**kwargs: Any) -> None:
        for p in cmd.params:  # as the quick path hands them over: choices as text
            if p.kind == "choice" and kwargs.get(p.dest) is not None:
                kwargs[p.dest] = str(kwargs[p.dest])
        implementation(cmd)(**kwargs, **dict(cmd.bound))

    command.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    command.__annotations__ = {p.name: p.annotation for p in params}
    command.__doc__ = cmd.doc
    command.__name__ = command.__qualname__ = cmd.call.split(":")[1]
    return command


def add_commands(app: Any, commands: tuple[Command, ...]) -> None:
    """Add the declared commands to a Typer app."""
    for cmd in commands:
        settings = {"ignore_unknown_options": True} if cmd.ignore_unknown else None
        extra: dict[str, Any] = {}
        if cmd.facts:
            from companion.cli.facts_help import command_class

            extra["cls"] = command_class(cmd.facts)
        app.command(cmd.name, context_settings=settings, **extra)(typer_command(cmd))
