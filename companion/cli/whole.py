"""Every whole-number option and argument of the Typer commands, read by one parser.

Click converts integers itself and quotes a bad value in full. `harden` swaps the integer
types of a built command tree (every command, also one a rule system adds) for ones that
read the text with `companion.numbers.whole_number` first, so a huge or garbled number gets
the same short, escaped refusal as on the quick path; the bounds and help stay click's.
"""

from __future__ import annotations

from typing import Any

import typer._click.types as ct

from companion.errors import UsageError
from companion.numbers import whole_number


def _read(kind: ct.ParamType, value: Any, param: Any, ctx: Any) -> Any:
    if isinstance(value, str):
        try:
            return whole_number(value, "the value")
        except UsageError as e:
            kind.fail(str(e), param, ctx)
    return value


class WholeInt(ct.IntParamType):
    def convert(self, value: Any, param: Any, ctx: Any) -> Any:
        return super().convert(_read(self, value, param, ctx), param, ctx)


class WholeRange(ct.IntRange):
    def convert(self, value: Any, param: Any, ctx: Any) -> Any:
        return super().convert(_read(self, value, param, ctx), param, ctx)


def harden(command: Any) -> Any:
    """Give every integer parameter under `command` the shared parser; returns `command`."""
    for param in getattr(command, "params", ()):
        kind = param.type
        if type(kind) is ct.IntRange:
            param.type = WholeRange(kind.min, kind.max, kind.min_open, kind.max_open, kind.clamp)
        elif type(kind) is ct.IntParamType:
            param.type = WholeInt()
    for sub in getattr(command, "commands", {}).values():
        harden(sub)
    return command
