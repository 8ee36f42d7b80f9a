"""The built wheel carries rules_data: installed non-editable in a fresh environment, it runs."""

from __future__ import annotations

import os
import subprocess
import sys
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_wheel_installs_and_shows_the_sample_game(tmp_path):
    dist = tmp_path / "dist"
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(dist), str(ROOT)],
        check=True,
        capture_output=True,
        timeout=300,
    )
    wheel = next(dist.glob("companion-*.whl"))
    env_dir = tmp_path / "venv"
    venv.create(env_dir, with_pip=True)
    py = env_dir / "bin" / "python"
    subprocess.run(
        [str(py), "-m", "pip", "install", "-q", "--disable-pip-version-check", str(wheel)],
        check=True,
        capture_output=True,
        timeout=600,
    )
    env = {
        **os.environ,
        "COMPANION_HOME": str(tmp_path / "home"),
        "COLUMNS": "100",
        "NO_COLOR": "1",
    }
    exe = env_dir / "bin" / "companion"
    out = subprocess.run(
        [str(exe), "demo"], env=env, capture_output=True, text=True, cwd=tmp_path, timeout=60
    )
    assert out.returncode == 0, out.stderr
    out = subprocess.run(
        [str(exe), "status"], env=env, capture_output=True, text=True, cwd=tmp_path, timeout=60
    )
    assert out.returncode == 0, out.stderr
    assert "Robyn's merry men" in out.stdout and "Cpt. Fawkes" in out.stdout
    # The data came from the installed package, not from this checkout.
    where = subprocess.run(
        [str(py), "-c", "from companion.data import data_dir; print(data_dir())"],
        env=env,
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=60,
    )
    assert "site-packages" in where.stdout
    # The JSON Schemas ship inside the package, one for every kind of --json output.
    shipped = subprocess.run(
        [
            str(py),
            "-c",
            "from importlib.resources import files; from companion.schemas import OUTPUTS;"
            "names = {p.name for p in files('companion.schemas').iterdir()};"
            "print(all(f'{n}.schema.json' in names for n in OUTPUTS.values()),"
            " 'trace.schema.json' in names)",
        ],
        env=env,
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=60,
    )
    assert shipped.stdout.split() == ["True", "True"], shipped.stderr
