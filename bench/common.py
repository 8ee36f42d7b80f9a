"""What the benchmark and the fault runs share: a throw-away home, the CLI, timing."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def companion_cmd() -> list[str]:
    """The command a player types: the installed script next to this interpreter."""
    script = Path(sys.executable).parent / "companion"
    if script.exists():
        return [str(script)]
    return [sys.executable, "-m", "companion"]


def env_for(home: Path, **extra: str) -> dict[str, str]:
    env = dict(os.environ)
    env.pop("CI", None)
    env.update({"COMPANION_HOME": str(home), "NO_COLOR": "1", "COLUMNS": "120", **extra})
    return env


def run(home: Path, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    r = subprocess.run(
        [*companion_cmd(), *args],
        env=env_for(home),
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
    )
    if check and r.returncode != 0:
        raise RuntimeError(f"companion {' '.join(args)} failed ({r.returncode}): {r.stderr}")
    return r


def timed(
    cmd: Sequence[str], env: dict[str, str] | None = None, cwd: Path | None = None
) -> tuple[float, int, int]:
    """Wall time (s), peak RSS (KiB) and exit status of one process, output discarded."""
    start = time.perf_counter()
    p = subprocess.Popen(
        list(cmd),
        env=env,
        cwd=cwd,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    _, status, usage = os.wait4(p.pid, 0)
    elapsed = time.perf_counter() - start
    p.returncode = os.waitstatus_to_exitcode(status)
    return elapsed, int(usage.ru_maxrss), p.returncode


_HWM = """
import atexit, os, sys
def _hwm():
    with open('/proc/self/status') as fh:
        kb = next(int(l.split()[1]) for l in fh if l.startswith('VmHWM:'))
    with open(os.environ['BENCH_HWM_OUT'], 'w') as out:
        out.write(str(kb))
atexit.register(_hwm)
sys.argv = ['companion', *sys.argv[1:]]
from companion.cli.main import main
main()
"""


def measured(home: Path, args: Sequence[str]) -> tuple[int, str, str, float, int | None]:
    """Exit status, stdout, stderr, seconds and peak memory (KiB) of one command."""
    with tempfile.NamedTemporaryFile("r", suffix=".hwm") as fh:
        t = time.perf_counter()
        r = subprocess.run(
            [sys.executable, "-c", _HWM, *args],
            env=env_for(home, BENCH_HWM_OUT=fh.name),
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
        )
        took = time.perf_counter() - t
        text = Path(fh.name).read_text() if Path("/proc/self/status").exists() else ""
    return r.returncode, r.stdout, r.stderr, took, int(text) if text.strip() else None


def copy_home(src: Path, dst: Path) -> None:
    if dst.exists():
        shutil.rmtree(dst)
    shutil.copytree(src, dst)


def median(xs: Sequence[float]) -> float:
    s = sorted(xs)
    n = len(s)
    return s[n // 2] if n % 2 else (s[n // 2 - 1] + s[n // 2]) / 2


# -- the installed package, as a user has it ------------------------------------------------

INSIDE = Path(__file__).resolve().parent / "inside.py"


@dataclass
class Install:
    """companion installed from a wheel built from this checkout, in an environment of its
    own: `compiled` as pip installs it (bytecode written at install time), or not (the
    package's own modules compiled at every start, as where no bytecode may be written)."""

    root: Path
    compiled: bool

    @property
    def python(self) -> str:
        return str(self.root / "bin" / "python")

    @property
    def script(self) -> str:
        return str(self.root / "bin" / "companion")

    def env(self, home: Path, **extra: str) -> dict[str, str]:
        """What every timed command runs with: no bytecode written, so what was not
        compiled at install time stays so; a cache folder of this install's own."""
        return env_for(
            home, PYTHONDONTWRITEBYTECODE="1", XDG_CACHE_HOME=str(self.root / "cache"), **extra
        )

    def run(
        self, home: Path, *args: str, cwd: Path | None = None
    ) -> subprocess.CompletedProcess[str]:
        r = subprocess.run(
            [self.script, *args],
            env=self.env(home),
            cwd=cwd,
            capture_output=True,
            text=True,
            stdin=subprocess.DEVNULL,
        )
        if r.returncode != 0:
            raise RuntimeError(f"companion {' '.join(args)} failed ({r.returncode}): {r.stderr}")
        return r

    def inside(self, *args: str, home: Path | None = None) -> dict[str, Any]:
        """Run bench/inside.py with this install's Python; its JSON answer."""
        r = subprocess.run(
            [self.python, str(INSIDE), *args],
            env=self.env(home or Path(tempfile.gettempdir())),
            capture_output=True,
            text=True,
            stdin=subprocess.DEVNULL,
        )
        if r.returncode != 0:
            raise RuntimeError(f"inside.py {' '.join(args)} failed: {r.stderr.strip()[-2000:]}")
        out: dict[str, Any] = json.loads(r.stdout.strip().splitlines()[-1])
        return out


def _quiet(cmd: list[str]) -> None:
    r = subprocess.run(cmd, capture_output=True, text=True, stdin=subprocess.DEVNULL)
    if r.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} failed: {r.stderr.strip()[-2000:]}")


def build_wheel(dest: Path) -> Path:
    """A wheel of this checkout, built as for a release."""
    _quiet([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(dest), str(ROOT)])
    wheels = sorted(dest.glob("companion-*.whl"))
    if not wheels:
        raise RuntimeError(f"no companion wheel was built in {dest}")
    return wheels[-1]


def install(wheel: Path, root: Path, deps: Install | None = None) -> Install:
    """A fresh environment with the wheel installed. With `deps` (an install made before),
    companion goes in uncompiled and its dependencies are the ones `deps` installed."""
    import venv

    venv.EnvBuilder(with_pip=True, clear=True).create(root)
    pip = [
        str(root / "bin" / "python"),
        "-m",
        "pip",
        "install",
        "-q",
        "--disable-pip-version-check",
    ]
    if deps is None:
        _quiet([*pip, str(wheel)])
    else:
        _quiet([*pip, "--no-deps", "--no-compile", str(wheel)])
        site = next((root / "lib").glob("python*/site-packages"))
        theirs = next((deps.root / "lib").glob("python*/site-packages"))
        (site / "bench-deps.pth").write_text(str(theirs) + "\n")
    made = Install(root, compiled=deps is None)
    where = made.inside("where")
    if not where["file"].startswith(str(root)) and not where["file"].startswith(
        str(root.resolve())
    ):
        raise RuntimeError(f"the install imports companion from {where['file']}, not {root}")
    if where["compiled"] != made.compiled:
        raise RuntimeError(f"{root}: bytecode is {'' if where['compiled'] else 'not '}there")
    return made
