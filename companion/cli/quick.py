"""The quick way to run a table command: a well-formed command line without Typer.

Start-up device: with it off (Typer parses), `vp 1 +1` takes 1.66x as long and `odds`
1.53x (cpu, median of 15 paired runs, the device off against on).

A table command (attack, turn, vp...) does a few milliseconds of work, but loading
Typer and building its command takes several times longer than that. When the command
line is plainly well formed (known command, known options, values of the right type
within their bounds, every required argument given) it is parsed here and the
command's implementation (`table_ops`, `action_ops`) is called directly: the same
function Typer would call, with the same values.

What each command accepts is not written here: it is the command's declaration
(`companion.cli.declare`), from which Typer's command is built as well, found where the
command registry (`companion.cli.registry`) says. The look-ups and the subcommands of
some groups (`rules show`, `roster list`, `solo opfor`...) are declared the same way.
Anything out of the ordinary (help, `--version`, an unknown or repeated option, a value
that is not a number or out of its range, a value or argument that starts with a dash,
`--`, clustered short options) returns None, and the full Typer command runs instead,
so help and every usage error stay Typer's own.
"""

from __future__ import annotations

import sys

from companion import TYPE_CHECKING
from companion.cli import registry
from companion.cli.declare import Command, Param
from companion.cli.registry import ROLLS
from companion.errors import CompanionError

if TYPE_CHECKING:
    from typing import Any


def _int(text: str, lo: int | None, hi: int | None) -> int | None:
    """The number, if click would take it without complaint; else None (Typer refuses it)."""
    from companion.errors import UsageError
    from companion.numbers import whole_number

    if text != text.strip():
        return None
    try:
        return whole_number(text, "the value", lo, hi)
    except UsageError:
        return None


def _value(text: str, p: Param) -> tuple[bool, Any]:
    if p.kind == "int":
        n = _int(text, p.low, p.high)
        return n is not None, n
    if p.kind == "choice":
        return text in p.choices, text
    return True, text


def _group_module(group: str) -> str | None:
    """Where a command group's subcommands are declared (`module` or `module:NAME`)."""
    entry = registry.BY_NAME.get(group)
    if entry is not None:
        return entry.quick if entry.group and entry.quick else None
    from companion import systems

    return f"{ROLLS}:{group}" if systems.commands().get(group) == ROLLS else None


def declaration(name: str) -> Command | None:
    """The declaration of a command the quick path may run, or None."""
    entry = registry.BY_NAME.get(name)
    if entry is None or entry.group or not entry.quick:
        return None
    import importlib

    for cmd in importlib.import_module(entry.quick).QUICK:
        if cmd.name == name:
            found: Command = cmd
            return found
    return None


def _command(args: list[str]) -> tuple[Command, list[str]] | None:
    """The declared command a command line names, and the words after its name."""
    depth = 2 if len(args) > 1 and " ".join(args[:2]) in registry.BY_NAME else 1
    group = " ".join(args[:depth])
    where = _group_module(group)
    if where is None:
        cmd = declaration(args[0])
        return None if cmd is None else (cmd, args[1:])
    if len(args) <= depth:
        return None
    import importlib

    path, _, attribute = where.partition(":")
    module = importlib.import_module(path)
    declared = (
        module.declared(attribute) if path == ROLLS else getattr(module, attribute or "QUICK")
    )
    by_name: dict[str, Command] = {c.name: c for c in declared}
    word = args[depth]
    if word in by_name:
        return by_name[word], args[depth + 1 :]
    short = getattr(module, "shorthand", None)
    name = short(word) if short is not None and not word.startswith("-") else None
    return (by_name[name], args[depth:]) if name in by_name else None


def parse(args: list[str]) -> tuple[str, dict[str, Any]] | None:
    """(implementation, keyword arguments) for a well-formed table command, or None."""
    if not args:
        return None
    found = _command(args)
    if found is None:
        return None
    cmd, rest = found
    options = {name: p for p in cmd.params for name in (*p.names, *p.off)}
    arguments = [p for p in cmd.params if p.is_argument]
    given: dict[str, Any] = {}
    positional: list[str] = []
    i = 0
    while i < len(rest):
        a = rest[i]
        i += 1
        if a.startswith("-") and len(a) > 1:
            name, eq, inline = a.partition("=") if a.startswith("--") else (a, "", "")
            opt = options.get(name)
            if opt is None:
                # `vp 1 -1`: a command that ignores unknown options takes "-1" as a value.
                if cmd.ignore_unknown and not eq and a[1:].isascii() and a[1:].isdigit():
                    positional.append(a)
                    continue
                return None
            if opt.dest in given and opt.kind != "list":
                return None  # a repeated option: Typer decides
            if opt.kind == "flag":
                if eq:
                    return None
                given[opt.dest] = name not in opt.off
                continue
            if eq:
                text = inline
            elif i < len(rest):
                text = rest[i]
                i += 1
            else:
                return None
            if text.startswith("-"):
                return None
            ok, value = _value(text, opt)
            if not ok:
                return None
            if opt.kind == "list":
                given.setdefault(opt.dest, []).append(value)
            else:
                given[opt.dest] = value
            continue
        if a == "-":
            return None
        positional.append(a)
    if arguments and arguments[-1].kind == "words":
        # The last argument takes every word the ones before it leave (at least one).
        head = len(arguments) - 1
        if len(positional) > head:
            given[arguments[-1].dest] = positional[head:]
        positional, arguments = positional[:head], arguments[:head]
    if len(positional) > len(arguments):
        return None
    for spec, text in zip(arguments, positional, strict=False):
        ok, value = _value(text, spec)
        if not ok:
            return None
        given[spec.dest] = value
    if any(p.required and p.dest not in given for p in cmd.params):
        return None
    return cmd.call, {**{p.dest: p.default for p in cmd.params}, **given, **dict(cmd.bound)}


def run(args: list[str]) -> bool:
    """Run a well-formed table command without Typer; False if Typer must handle it."""
    parsed = parse(args)
    if parsed is None:
        return False
    call, kwargs = parsed
    import importlib

    from companion.cli.errors import fail

    module, name = call.split(":")
    implementation = getattr(importlib.import_module(module), name)
    # The same exits as the Typer path in `main` (click turns EOF into an abort after an
    # empty line on stderr, and Ctrl-C into exit status 130 without a message).
    try:
        implementation(**kwargs)
    except CompanionError as e:
        fail(str(e), e.exit_code)
    except EOFError:
        sys.stderr.write("\n")
        fail("cancelled; nothing was written", 130)
    except KeyboardInterrupt:
        sys.exit(130)
    except BrokenPipeError:
        # As click does: no complaint when the reader of our output has gone.
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(1)
    return True
