"""The long crawl: play's real loop driven at random for many steps in every system.

    python bench/crawl.py                 # 10,000 steps a system, and 1ss solo games
    python bench/crawl.py --steps 2000    # shorter
    python bench/crawl.py --readme        # and write the figures into README.md
    python bench/crawl.py --only smbfat --readme   # one crawl: its row only

The same crawler as the test suite's bounded run (`tests/play_crawler.py`): seeded
random answers to every screen (menus, yes/no, numbers, lists), games of the sample
warbands one after another (a game that ends gives way to the next seed), and for 1ss
also solo games in each scenario. After every step it checks the invariants (no
exception, nothing offered refused, the file replays to what play shows, nothing lost,
every line within 80 columns, no command named), and every action, activation and end
of an activation play took is taken again by the plain command on a copy of the game,
which must write the same events. It prints, per system, the steps, screens, distinct
menus, games and comparisons; the exit status is 1 at the first broken invariant.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

TABLE_BEGIN = "<!-- crawl table: written by bench/crawl.py --readme -->"
TABLE_END = "<!-- end of crawl table -->"
SCENARIOS = ("skirmish", "collect", "rescue", "bounty")


def crawl_system(sid: str, steps: int, solo: bool = False) -> dict[str, int]:
    from play_crawler import crawl
    from solo_helpers import WARBAND

    from companion.cli.shared import drawn_board
    from companion.game.repo import Home

    total = {"steps": 0, "screens": 0, "menus": 0, "games": 0, "compared": 0}
    menus: set[str] = set()
    seed = 0
    root = Path(tempfile.mkdtemp(prefix="crawl-"))
    try:
        while total["steps"] < steps:
            left = min(400, steps - total["steps"])
            if solo:
                home_dir = root / f"solo-{seed}"
                os.environ["COMPANION_HOME"] = str(home_dir)
                name = _solo_game(home_dir, SCENARIOS[seed % len(SCENARIOS)], seed, WARBAND)
                ui = crawl(root, "1ss", seed, left, name, True, Home(draw=drawn_board))
            else:
                ui = crawl(root, sid, seed, left, same_path=True)
            total["steps"] += max(1, ui.steps)
            total["screens"] += ui.screens
            total["compared"] += ui.compared
            total["games"] += 1
            menus |= ui.menus
            seed += 1
            for p in root.iterdir():  # keep the disk small over a long run
                shutil.rmtree(p, ignore_errors=True)
    finally:
        shutil.rmtree(root, ignore_errors=True)
    total["menus"] = len({_shape(m) for m in menus})
    return total


def _shape(message: str) -> str:
    """A menu's question with its names and numbers taken out: one kind of screen."""
    return re.sub(r"\d+", "N", message)


def _solo_game(home: Path, scenario: str, seed: int, warband: dict) -> str:
    import contextlib
    import io
    import json

    from companion.cli.main import main

    home.mkdir(parents=True, exist_ok=True)
    path = home / "outlaws.json"
    path.write_text(json.dumps(warband))
    name = f"solo-{scenario}-{seed}"
    for args in (
        ["roster", "import", str(path)],
        ["solo", "new", "-r", "Outlaws", "--scenario", scenario, "--seed", str(seed)],
    ):
        if args[0] == "solo":
            args += ["--name", name]
        with contextlib.redirect_stdout(io.StringIO()):
            try:
                main(args)
            except SystemExit as e:
                if e.code:
                    raise RuntimeError(f"{args} failed") from e
    return name


def table(rows: dict[str, dict[str, int]], kept: dict[str, str] | None = None) -> str:
    """The table of `rows`; with `kept` (a row's line by its crawl, from the README), the
    crawls not run this time keep their lines, in the order of `order`."""
    lines = [
        "| Crawl | Steps | Screens | Kinds of menu | Games | Compared with commands |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    made = {
        sid: f"| {sid} | {t['steps']:,} | {t['screens']:,} | {t['menus']} | {t['games']} "
        f"| {t['compared']:,} |"
        for sid, t in rows.items()
    }
    every = {**(kept or {}), **made}
    for sid in [s for s in order() if s in every] + [s for s in every if s not in order()]:
        lines.append(every[sid])
    return "\n".join(lines)


def order() -> list[str]:
    from companion import systems

    return [*systems.ids(), "1ss-solo"]


def kept_rows(section: str) -> dict[str, str]:
    """The rows of the README's table as they stand, by crawl."""
    rows = {}
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("| ") and cells[0] not in ("Crawl",) and not cells[0].startswith("-"):
            rows[cells[0]] = line
    return rows


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--steps", type=int, default=10_000, help="steps per system")
    ap.add_argument("--only", help="one system id (or 1ss-solo)")
    ap.add_argument("--readme", action="store_true", help="write the table into README.md")
    args = ap.parse_args()
    os.environ.setdefault("XDG_CACHE_HOME", tempfile.mkdtemp(prefix="crawl-cache-"))
    rows: dict[str, dict[str, int]] = {}
    for sid in order():
        if args.only and sid != args.only:
            continue
        t0 = time.perf_counter()
        try:
            rows[sid] = crawl_system(sid.split("-")[0], args.steps, solo=sid.endswith("solo"))
        except AssertionError as e:
            print(f"{sid}: {e}", file=sys.stderr)
            return 1
        took = time.perf_counter() - t0
        print(f"{sid}: {rows[sid]} in {took:.0f} s", flush=True)
    print(table(rows))
    if args.readme:
        readme = ROOT / "README.md"
        text = readme.read_text()
        begin, end = text.index(TABLE_BEGIN), text.index(TABLE_END)
        # A crawl run alone (--only) replaces its own row; the others stay as they were.
        kept = kept_rows(text[begin:end]) if args.only else {}
        made = table(rows, kept)
        readme.write_text(text[: begin + len(TABLE_BEGIN)] + "\n" + made + "\n" + text[end:])
    return 0


if __name__ == "__main__":
    sys.exit(main())
