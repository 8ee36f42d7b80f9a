"""Shared code names no rule system: only a system's own package (and the registry, which
names the default system) imports or names one. What a system brings beyond the common
interface (solo play, a unit library, table rolls) is a capability of its plug-in."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import companion
from companion import systems
from companion.systems.solo_guide import SoloGuide
from companion.systems.solo_play import SoloPlay
from companion.systems.table_rolls import TableRolls
from companion.systems.unit_library import UnitLibrary

ROOT = Path(companion.__file__).parent
PACKAGES = {sid: systems.module_of(sid) for sid in systems.ids()}


def _shared_modules() -> list[Path]:
    own = {ROOT.parent / Path(*pkg.split(".")) for pkg in PACKAGES.values()}
    registry = ROOT / "systems" / "__init__.py"
    return [
        p
        for p in sorted(ROOT.rglob("*.py"))
        if p != registry and not any(p.is_relative_to(o) for o in own)
    ]


@pytest.mark.parametrize("path", _shared_modules(), ids=lambda p: str(p.relative_to(ROOT)))
def test_shared_code_neither_imports_nor_names_a_system(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
        elif isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            # A whole string that is a system's id or one of its modules (help texts'
            # examples name systems inside longer text, as the user types them).
            if node.value in PACKAGES or any(pkg in node.value for pkg in PACKAGES.values()):
                found.append(repr(node.value))
            continue
        else:
            continue
        found += [
            n for n in names for pkg in PACKAGES.values() if n == pkg or n.startswith(pkg + ".")
        ]
    assert not found, f"{path.relative_to(ROOT)} names a system: {found}"


def test_each_command_group_belongs_to_one_system() -> None:
    for group in systems.commands():
        assert systems.owner(group) in systems.ids()


def test_capabilities_are_reached_through_the_plug_in() -> None:
    solo = systems.get(systems.owner("solo")).solo
    assert isinstance(solo, SoloPlay) and isinstance(solo.guide, SoloGuide)
    libraries = [s for s in systems.all_systems() if s.unit_library is not None]
    assert libraries and all(isinstance(s.unit_library, UnitLibrary) for s in libraries)
    for system in systems.all_systems():
        rolls = system.table_rolls
        if rolls is not None:  # its rolls are commands of a group the registry gives it
            assert isinstance(rolls, TableRolls) and rolls.rolls
            assert system.info.id in {systems.owner(g) for g in systems.commands()}
    # A system without solo play has none to offer: its games are refused by `solo`.
    assert any(s.solo is None for s in systems.all_systems())
