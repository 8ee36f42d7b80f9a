"""The registry of rule systems, by id and alias: the five built in, and any a package
installed beside companion brings through the entry point group `companion.systems`
(the entry point's name is the system's id, its value `module:Class`).

Systems are imported on first use, so a command pays only for the system it plays. The
installed packages' entry points are read only when a name is not a built-in id or
every system is listed (`companion.systems.installed`, which keeps what it found in the
cache folder): a game of a built-in system never needs them. A plug-in's rules files
(`<id>.toml`, `<id>_topics.toml`, ...) are read from the `rules_data` folder of its top
package (`companion.data.add_folder`). Each
system's aliases live in its rules data (`[system] aliases`), read only when a name is
not an id. A system may bring its own command groups (`commands`: group name -> module
with a Typer `app` or a `register(app)` function); the CLI adds them when they are called.
This map is the one place that ties a command group to a system (`owner`), as `DEFAULT`
is the one place that names the system used when none is given: shared code reaches
what a system brings through its plug-in's capabilities (`RuleSystem.solo`, ...).
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Mapping

from companion.errors import DataError, NotFoundError
from companion.values import frozen

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, without importing typing at start-up
if TYPE_CHECKING:
    from companion.systems.base import RuleSystem


@frozen
class Entry:
    id: str
    target: str  # "module:Class"
    commands: tuple[tuple[str, str], ...] = ()
    folder: str = ""  # a plug-in's package folder (its rules files: in its `rules_data`)


# The system a command uses when none is named and none can be told from a roster or a
# game (the sample game, completion of topics and scenarios, `roster new`).
DEFAULT = "1ss"

_ENTRIES: dict[str, Entry] = {}
_LOADED: dict[str, RuleSystem] = {}
# The systems of installed packages, by id: None until first needed (see the top).
_PLUGINS: dict[str, Entry] | None = None


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


def _plugins() -> dict[str, Entry]:
    """The systems installed packages bring, read once: a plug-in never replaces a
    built-in system, and of two plug-ins with one id the first found stays."""
    global _PLUGINS
    if _PLUGINS is None:
        from companion.data import add_folder
        from companion.systems.installed import entry_points

        found: dict[str, Entry] = {}
        for name, value in entry_points():
            sid = name.strip().casefold()
            if sid in _ENTRIES or sid in found:
                continue
            target = value.replace(" ", "")
            found[sid] = Entry(sid, target, folder=_package_folder(target))
            add_folder(os.path.join(found[sid].folder, "rules_data"))
        _PLUGINS = found
    return _PLUGINS


def _package_folder(target: str) -> str:
    """The folder of the top package of an entry point's module, found without importing
    it ("" where there is none: the system fails to load with its own error)."""
    from importlib.util import find_spec

    try:
        spec = find_spec(target.split(":")[0].split(".")[0])
    except (ImportError, ValueError):
        return ""
    if spec is None or not spec.submodule_search_locations:
        return ""
    return str(list(spec.submodule_search_locations)[0])


def _entries() -> dict[str, Entry]:
    """Every system: the built-in ones, then those of installed packages."""
    return {**_ENTRIES, **_plugins()}


def _entry(sid: str) -> Entry | None:
    return _ENTRIES.get(sid) or _plugins().get(sid)


def ids() -> list[str]:
    """Every system's id, the built-in ones first (reads the installed packages')."""
    return list(_entries())


def built_in(system_id: str) -> bool:
    """Whether `system_id` is one of companion's own systems (no plug-in scan)."""
    return system_id in _ENTRIES


def commands() -> dict[str, str]:
    """Every command group the built-in systems bring, by name (a plug-in brings none:
    the command line's start-up must not read the installed packages)."""
    return {name: module for e in _ENTRIES.values() for name, module in e.commands}


def owner(group: str) -> str:
    """The id of the system that brings command group `group`."""
    for e in _ENTRIES.values():
        if group in dict(e.commands):
            return e.id
    raise NotFoundError(f"no rule system brings the command group '{group}'")


def resolve_id(name: str) -> str:
    """The id of the system `name` names (an id or an alias, in any case): companion's
    own systems are tried first, so a built-in alias reads no installed package."""
    key = name.strip().casefold()
    if key in _ENTRIES:
        return key
    for sid in _ENTRIES:
        if key in (a.casefold() for a in _aliases(sid)):
            return sid
    every = _entries()
    if key in every:
        return key
    for sid in _plugins():
        if key in (a.casefold() for a in get(sid).info.aliases):
            return sid
    known = ", ".join(f"{sid} ({', '.join(get(sid).info.aliases)})" for sid in every)
    raise NotFoundError(f"unknown rule system '{name}'; known (with aliases): {known}")


def _aliases(system_id: str) -> tuple[str, ...]:
    """A built-in system's aliases, from its rules file's header while the system is not
    loaded (a plug-in's id is not worth loading five systems for)."""
    if system_id not in _LOADED:
        from companion.data import load_toml

        header = load_toml(f"{system_id}.toml").get("system")
        aliases = header.get("aliases") if isinstance(header, Mapping) else None
        if isinstance(aliases, list) and all(isinstance(a, str) for a in aliases):
            return tuple(aliases)
    return get(system_id).info.aliases


def get(name: str) -> RuleSystem:
    sid = name if name in _ENTRIES else resolve_id(name)
    if sid not in _LOADED:
        entry = _entry(sid)
        assert entry is not None  # resolve_id found it
        _LOADED[sid] = _load(entry)
    return _LOADED[sid]


def _load(entry: Entry) -> RuleSystem:
    """An instance of the entry's class, which must say it is the system of that id."""
    module, cls = entry.target.split(":")
    system: RuleSystem = getattr(importlib.import_module(module), cls)()
    if system.info.id != entry.id:
        raise DataError(
            f"the rule system registered as '{entry.id}' ({entry.target}) calls itself "
            f"'{system.info.id}': the entry point's name must be the system's id"
        )
    return system


def module_of(system_id: str) -> str:
    """The module that holds a system's class (a plug-in's, of its own package)."""
    entry = _entry(resolve_id(system_id))
    assert entry is not None  # resolve_id found it
    return entry.target.split(":")[0]


def data_folders(system_id: str) -> tuple[str, ...]:
    """The package folder of a plug-in system (none for a built-in one), whose code and
    rules files the keys of data worked out from them cover."""
    entry = None if system_id in _ENTRIES else _entry(system_id)
    return (entry.folder,) if entry is not None and entry.folder else ()


def all_systems() -> list[RuleSystem]:
    return [get(i) for i in _entries()]
