"""The registry of rule systems, by id and alias.

Systems are imported on first use, so a command pays only for the system it plays. Each
system's aliases live in its rules data (`[system] aliases`), read only when a name is
not an id. A system may bring its own command groups (`commands`: group name -> module
with a Typer `app` or a `register(app)` function); the CLI adds them when they are called.
This map is the one place that ties a command group to a system (`owner`), as `DEFAULT`
is the one place that names the system used when none is given: shared code reaches
what a system brings through its plug-in's capabilities (`RuleSystem.solo`, ...).
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping

from companion.errors import NotFoundError
from companion.values import frozen

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, without importing typing at start-up
if TYPE_CHECKING:
    from companion.systems.base import RuleSystem


@frozen
class Entry:
    id: str
    target: str  # "module:Class"
    commands: tuple[tuple[str, str], ...] = ()


# The system a command uses when none is named and none can be told from a roster or a
# game (the sample game, completion of topics and scenarios, `roster new`).
DEFAULT = "1ss"

_ENTRIES: dict[str, Entry] = {}
_LOADED: dict[str, RuleSystem] = {}


def register(system_id: str, target: str, commands: Mapping[str, str] | None = None) -> None:
    """Register a system class by import path; later registrations replace earlier ones."""
    _ENTRIES[system_id] = Entry(system_id, target, tuple((commands or {}).items()))
    _LOADED.pop(system_id, None)


register("1ss", "companion.systems.one_stat:OneStatSkirmish", {"solo": "companion.cli.solo_cmd"})
register(
    "warstuff",
    "companion.systems.warstuff:WarStuff",
    {"units": "companion.cli.units_cmd", "concede": "companion.cli.units_cmd"},
)
register("skirmashed", "companion.systems.skirmashed:Skirmashed")
register("smbfat", "companion.systems.smbfat:Smbfat")
register(
    "monochrome",
    "companion.systems.monochrome:Monochrome",
    {"monochrome": "companion.cli.rolls_cmd"},
)


def ids() -> list[str]:
    return list(_ENTRIES)


def commands() -> dict[str, str]:
    """Every command group the registered systems bring, by name."""
    return {name: module for e in _ENTRIES.values() for name, module in e.commands}


def owner(group: str) -> str:
    """The id of the system that brings command group `group`."""
    for e in _ENTRIES.values():
        if group in dict(e.commands):
            return e.id
    raise NotFoundError(f"no rule system brings the command group '{group}'")


def resolve_id(name: str) -> str:
    key = name.strip().casefold()
    if key in _ENTRIES:
        return key
    for sid in _ENTRIES:
        if key in (a.casefold() for a in get(sid).info.aliases):
            return sid
    known = ", ".join(f"{sid} ({', '.join(get(sid).info.aliases)})" for sid in _ENTRIES)
    raise NotFoundError(f"unknown rule system '{name}'; known (with aliases): {known}")


def get(name: str) -> RuleSystem:
    sid = name if name in _ENTRIES else resolve_id(name)
    if sid not in _LOADED:
        module, cls = _ENTRIES[sid].target.split(":")
        _LOADED[sid] = getattr(importlib.import_module(module), cls)()
    return _LOADED[sid]


def all_systems() -> list[RuleSystem]:
    return [get(i) for i in _ENTRIES]
