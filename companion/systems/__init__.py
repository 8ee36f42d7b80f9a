"""The registry of rule systems, by id and alias.

Systems are imported on first use, so a command pays only for the system it plays.
"""

from __future__ import annotations

import importlib

from companion.errors import NotFoundError
from companion.systems.base import RuleSystem
from companion.values import frozen


@frozen
class Entry:
    id: str
    target: str  # "module:Class"
    aliases: tuple[str, ...] = ()


_ENTRIES: dict[str, Entry] = {}
_LOADED: dict[str, RuleSystem] = {}


def register(system_id: str, target: str, aliases: tuple[str, ...] = ()) -> None:
    """Register a system class by import path; later registrations replace earlier ones."""
    _ENTRIES[system_id] = Entry(system_id, target, aliases)
    _LOADED.pop(system_id, None)


register("1ss", "companion.systems.one_stat:OneStatSkirmish", ("1-stat", "onestat", "1stat"))
register("warstuff", "companion.systems.warstuff:WarStuff", ("war-stuff", "ws"))
register("smbfat", "companion.systems.smbfat:Smbfat", ("smb", "simple-miniatures"))


def ids() -> list[str]:
    return list(_ENTRIES)


def resolve_id(name: str) -> str:
    key = name.strip().casefold()
    for e in _ENTRIES.values():
        if key == e.id or key in e.aliases:
            return e.id
    raise NotFoundError(f"unknown rule system '{name}'; known: {', '.join(_ENTRIES)}")


def get(name: str) -> RuleSystem:
    sid = resolve_id(name)
    if sid not in _LOADED:
        module, cls = _ENTRIES[sid].target.split(":")
        _LOADED[sid] = getattr(importlib.import_module(module), cls)()
    return _LOADED[sid]


def all_systems() -> list[RuleSystem]:
    return [get(i) for i in _ENTRIES]
