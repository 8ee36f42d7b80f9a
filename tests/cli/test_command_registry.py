"""The command registry (`companion.cli.registry`) and the commands Typer builds agree.

The quick path, the help cache and the app's start-up read the registry alone: a command
Typer reaches that the registry misses loses its quick start, and an entry naming a module
that does not define its command breaks that command. Typer's side is built in a fresh
interpreter, one module at a time (a module's `register` may add to another's group, so
registering one twice in the test process would change the app other tests see).
"""

from __future__ import annotations

import importlib
import json
import os
import subprocess
import sys
from typing import Any

import pytest
import typer

import companion
from companion import systems
from companion.cli import registry, root

# Registers each module of the registry (and each a system brings) into an app of its
# own, and prints what each one gave Typer at the top level.
BUILD_EACH = """
import importlib, json, sys
import typer
from companion.cli import registry
from companion import systems

def given(path, name):
    app = typer.Typer()
    module = importlib.import_module(path)
    if hasattr(module, "register"):
        module.register(app)
    else:
        app.add_typer(module.app, name=name)
    got = typer.main.get_command(app)
    return sorted(getattr(got, "commands", {}) or [got.name])

seen = {}
for e in registry.ENTRIES:
    for path in e.module[:1]:
        seen.setdefault(path, given(path, e.name))
for name, path in systems.commands().items():
    seen.setdefault(path, given(path, name))
print(json.dumps(seen))
"""


@pytest.fixture(scope="module")
def given_by_module() -> dict[str, list[str]]:
    env = dict(os.environ)
    here = os.path.dirname(os.path.dirname(os.path.abspath(companion.__file__)))
    env["PYTHONPATH"] = here + os.pathsep + env.get("PYTHONPATH", "")
    r = subprocess.run([sys.executable, "-c", BUILD_EACH], capture_output=True, text=True, env=env)
    assert r.returncode == 0, r.stderr
    found: dict[str, list[str]] = json.loads(r.stdout)
    return found


def _typer_paths() -> dict[str, Any]:
    """Every command and group Typer reaches, by its words (`solo profile new`)."""
    paths: dict[str, Any] = {}

    def walk(group: Any, prefix: str) -> None:
        for name, cmd in group.commands.items():
            path = f"{prefix}{name}"
            paths[path] = cmd
            if hasattr(cmd, "commands"):
                walk(cmd, path + " ")

    walk(typer.main.get_command(root.full_app), "")
    return paths


def test_every_command_typer_reaches_is_in_the_registry() -> None:
    brought = systems.commands()
    for path, cmd in _typer_paths().items():
        top = " " not in path
        if top or hasattr(cmd, "commands"):  # commands and (sub)groups; not subcommands
            known = path in registry.BY_NAME or (top and path in brought)
            assert known, f"`companion {path}` is not in companion/cli/registry.py"


def test_each_module_the_registry_names_defines_the_command(
    given_by_module: dict[str, list[str]],
) -> None:
    for e in registry.ENTRIES:
        if e.module:
            assert e.name in given_by_module[e.module[0]], f"{e.module[0]} defines no {e.name}"
        for path in e.module[1:]:  # adds to the command's group: it must be there to load
            assert importlib.util.find_spec(path) is not None, path
        if " " in e.name or not e.module:
            # A subgroup comes with its group; a system's group with the system.
            parent = e.name.split()[0]
            assert parent in registry.BY_NAME or parent in systems.commands(), e.name
    for name, path in systems.commands().items():
        assert name in given_by_module[path], f"{path} defines no {name}"


def test_a_command_is_given_to_typer_by_one_side_only() -> None:
    """A top-level command's module is the registry's or the system's that brings it."""
    brought = systems.commands()
    for e in registry.ENTRIES:
        assert not (e.module and e.name in brought), f"{e.name}: both declare its module"
        if not e.module and " " not in e.name:
            assert e.name in brought, f"no registered system brings `{e.name}`"


def test_each_quick_declaration_is_where_the_registry_says() -> None:
    paths = _typer_paths()
    for e in registry.ENTRIES:
        if not e.quick:
            continue
        where, _, attribute = e.quick.partition(":")
        declared = [c.name for c in getattr(importlib.import_module(where), attribute or "QUICK")]
        if e.group:
            for sub in declared:  # the quick path runs no subcommand Typer lacks
                assert f"{e.name} {sub}" in paths, f"`{e.name} {sub}` is declared, not built"
        else:
            assert e.name in declared, f"{e.quick} declares no {e.name}"


def test_every_declared_command_is_reached_by_the_quick_path() -> None:
    """A module's QUICK commands each have an entry there (else they would start slow)."""
    for where in {e.quick for e in registry.ENTRIES if e.quick and not e.group}:
        for cmd in importlib.import_module(where).QUICK:
            entry = registry.BY_NAME.get(cmd.name)
            assert entry is not None and entry.quick == where, f"{cmd.name} in {where}"


def test_each_command_s_help_is_where_the_registry_says() -> None:
    """A quick command's help is its declaration's (Typer shows the same text)."""
    paths = _typer_paths()
    for e in registry.ENTRIES:
        if not e.quick or e.group:
            continue
        module = importlib.import_module(e.help_at)
        (declared,) = [c for c in module.QUICK if c.name == e.name]
        assert "Example" in declared.doc, e.name
        assert paths[e.name].help.split()[:4] == declared.doc.split()[:4], e.name
