"""Derive the quick path's table of commands (`quick_spec.SPEC`) from the Typer app.

The quick path (`companion.cli.quick`) parses well-formed command lines of the table
commands without loading Typer. What it knows of each command (arguments, options,
types, bounds, defaults) is read here from the click commands Typer builds, never
written by hand; a test checks that the stored table equals what this derives, so a
change to an option that is not regenerated fails the tests.

Regenerate after changing a table or resolution command:

    python -m companion.cli.quick_gen
"""

from __future__ import annotations

import importlib
import json
import sys
from pathlib import Path
from typing import Any


def _type(param: Any) -> tuple[str, int | None, int | None]:
    """The value type of a parameter the quick path can convert, with its bounds."""
    import typer._click.types as t

    kind = param.type
    if isinstance(kind, t.IntRange):
        if kind.clamp or kind.min_open or kind.max_open:
            raise ValueError(f"{param.name}: only closed, unclamped int ranges are supported")
        lo = None if kind.min is None else int(kind.min)
        hi = None if kind.max is None else int(kind.max)
        return "int", lo, hi
    if type(kind) is t.IntParamType:
        return "int", None, None
    if type(kind) is t.StringParamType:
        return "str", None, None
    if type(kind) is t.BoolParamType:
        return "bool", None, None
    raise ValueError(f"{param.name}: type {kind!r} is not supported by the quick path")


def _plain(param: Any) -> None:
    """Refuse anything the quick parser does not reproduce exactly."""
    if param.envvar or param.callback or param.is_eager or param.nargs != 1:
        raise ValueError(f"{param.name}: envvar, callback, eager or nargs are not supported")
    if getattr(param, "prompt", None) or getattr(param, "count", False):
        raise ValueError(f"{param.name}: prompts and counters are not supported")


def _value_spec(dest: str, kind: str, lo: int | None, hi: int | None) -> dict[str, Any]:
    """What the quick parser checks of one value (bounds only where there are some)."""
    out: dict[str, Any] = {"dest": dest, "type": kind}
    if lo is not None:
        out["min"] = lo
    if hi is not None:
        out["max"] = hi
    return out


def derive(app: Any) -> dict[str, Any]:
    """Every command whose Typer module names its plain implementation (`OPS`)."""
    import typer

    group = typer.main.get_command(app)
    spec: dict[str, Any] = {}
    for name, command in sorted(group.commands.items()):  # type: ignore[attr-defined]
        callback = command.callback
        if callback is None or hasattr(command, "commands"):
            continue  # a group (roster, game...): never on the quick path
        module = sys.modules[callback.__module__]
        ops = getattr(module, "OPS", None)
        if ops is None:
            continue
        impl = importlib.import_module(ops)
        if not callable(getattr(impl, callback.__name__, None)):
            raise ValueError(f"{ops} has no {callback.__name__} for `{name}`")
        arguments: list[dict[str, Any]] = []
        options: dict[str, dict[str, Any]] = {}
        defaults: dict[str, Any] = {}
        required: list[str] = []
        for p in command.params:
            _plain(p)
            kind, lo, hi = _type(p)
            if p.required:
                required.append(p.name)
            else:
                defaults[p.name] = p.default
            if p.param_type_name == "argument":
                arguments.append(_value_spec(p.name, kind, lo, hi))
                continue
            if p.is_flag:
                for o in p.opts:
                    options[o] = {"dest": p.name, "flag": True}
                for o in p.secondary_opts:
                    options[o] = {"dest": p.name, "flag": False}
                continue
            if kind == "bool":
                raise ValueError(f"{p.name}: a bool option that takes a value is not supported")
            for o in p.opts:
                options[o] = _value_spec(p.name, kind, lo, hi)
                if p.multiple:
                    options[o]["multiple"] = True
        settings = dict(command.context_settings)
        ignore_unknown = settings.pop("ignore_unknown_options", command.ignore_unknown_options)
        interspersed = settings.pop("allow_interspersed_args", command.allow_interspersed_args)
        if settings or command.allow_extra_args:
            raise ValueError(f"`{name}`: context settings {settings} are not supported")
        spec[name] = {
            "call": f"{ops}:{callback.__name__}",
            "ignore_unknown": bool(ignore_unknown),
            "interspersed": bool(interspersed),
            "arguments": arguments,
            "options": options,
            "required": required,
            "defaults": defaults,
        }
    return spec


def source(spec: dict[str, Any]) -> str:
    """The module text: the table as JSON in one string, which compiles in no time where
    a dict display of the same size takes a couple of milliseconds (when no bytecode
    cache is written, every start compiles it)."""
    text = json.dumps(spec, indent=1, sort_keys=True)
    if '"""' in text or "\\" in text:
        raise ValueError("the table does not fit in a raw triple-quoted string")
    return (
        '"""The table commands as the quick path parses them: GENERATED, do not edit.\n\n'
        "Derived from the Typer app by `python -m companion.cli.quick_gen`; a test checks\n"
        'that it still equals what the app declares.\n"""\n\n'
        "from __future__ import annotations\n\n"
        "import json\n"
        "from typing import Any\n\n"
        f'SPEC: dict[str, Any] = json.loads(\n    r"""\n{text}\n"""\n)\n'
    )


def main() -> None:
    from companion.cli import root

    target = Path(__file__).with_name("quick_spec.py")
    target.write_text(source(derive(root.full_app)), encoding="utf-8")
    print(f"wrote {target}")


if __name__ == "__main__":
    main()
