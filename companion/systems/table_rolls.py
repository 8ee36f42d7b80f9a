"""Rolls on a system's own tables outside any game (Monochrome's scenario generator), as
a capability a rule system may bring: `RuleSystem.table_rolls` (None for a system
without any).

The system declares each roll as data and a function over core values (dice in, a trace
and what JSON adds out); the CLI builds one command per roll in the command group the
registry gives the system, so the system imports nothing of the CLI or the renderers.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from companion.dice import DiceSource
from companion.trace import Trace
from companion.values import frozen

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, without importing typing at start-up
if TYPE_CHECKING:
    from typing import Any


@frozen
class Rolled:
    """What one roll gave: its trace, and the values `--json` adds beside the trace."""

    trace: Trace
    data: Mapping[str, Any]


@frozen
class TableRoll:
    """One roll, offered as the command `name` (its help `doc`, ending with an example)."""

    name: str
    doc: str
    roll: Callable[[DiceSource], Rolled]


@frozen
class TableRolls:
    """Every table roll of a system, and the help of their command group."""

    help: str
    rolls: tuple[TableRoll, ...]
