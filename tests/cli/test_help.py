"""Every command has help text with an example."""

from __future__ import annotations

import typer

from companion.cli.main import app


def walk(cmd, path=()):
    yield path, cmd
    for name, sub in getattr(cmd, "commands", {}).items():
        yield from walk(sub, (*path, name))


def test_every_command_has_help_with_an_example(run):
    group = typer.main.get_command(app)
    seen = 0
    for path, _ in walk(group):
        r = run(*path, "--help")
        assert r.code == 0, path
        assert "Example:" in r.out, f"companion {' '.join(path)} --help has no example"
        seen += 1
    assert seen > 25
