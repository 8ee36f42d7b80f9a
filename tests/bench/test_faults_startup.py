"""Start-up: each command loads only its own module, and the table of modules is complete."""

from __future__ import annotations

import os
import subprocess
import sys

import typer

import companion


def _python(code: str) -> subprocess.CompletedProcess[str]:
    """Run code in a fresh interpreter that imports this same companion package."""
    env = dict(os.environ)
    here = os.path.dirname(os.path.dirname(os.path.abspath(companion.__file__)))
    env["PYTHONPATH"] = here + os.pathsep + env.get("PYTHONPATH", "")
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)


def test_every_top_level_command_is_in_the_table_of_modules() -> None:
    from companion.cli import root

    names = set(typer.main.get_command(root.full_app).commands)  # type: ignore[attr-defined]
    missing = names - set(root._MODULE_OF)
    assert not missing, (
        f"add {sorted(missing)} to companion/cli/registry.py, so each command loads only "
        "its own module"
    )


def test_status_json_imports_neither_typer_nor_rich(demo) -> None:
    assert demo("vp", "1", "+1").code == 0  # the board is stored by this code
    code = (
        "import sys\n"
        "from companion.cli.main import main\n"
        "main(['status', '--json'])\n"
        "heavy = [m for m in ('typer', 'rich', 'tinydb', 'companion.systems') "
        "if m in sys.modules]\n"
        "sys.stderr.write(','.join(heavy))\n"
    )
    r = _python(code)
    assert r.returncode == 0
    assert r.stderr == ""
    assert '"game": "sample"' in r.stdout


def test_a_table_command_does_not_load_the_roster_or_rules_commands(demo) -> None:
    code = (
        "import sys\n"
        "from companion.cli.main import main\n"
        "main(['vp', '1', '+1', '--json'])\n"
        "sys.stderr.write(','.join(m for m in ('companion.cli.roster_cmd', "
        "'companion.cli.rules_cmd', 'companion.cli.actions') if m in sys.modules))\n"
    )
    r = _python(code)
    assert r.returncode == 0, r.stderr
    assert r.stderr == ""
