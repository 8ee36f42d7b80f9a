"""The promises in seconds, timed here rather than in the tests (a loaded machine must not
fail CI): within one second, a battle report of a 5,000-event game, repairing such a
game, exact dice-pool odds and the largest WarStuff attack's odds; within 50 ms, a step
of the guided `companion play` session (an activation or its end, read-check-write).

    python bench/limits.py            # 5 rounds each, a line per figure
    python bench/limits.py --runs 15 --json

Each figure is the median over rounds, in seconds and as a ratio to the interpreter's
own start-up (`python -c pass`, timed right before it): absolute times drift on shared
machines, ratios of runs side by side much less. The exit status is 1 if a median is
over its limit.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import median  # noqa: E402

LIMIT = 1.0  # seconds: what a player is promised for each of these


def floor() -> float:
    """The interpreter starting and stopping: what every ratio is taken against."""
    t = time.perf_counter()
    subprocess.run([sys.executable, "-c", "pass"], check=True)
    return time.perf_counter() - t


def _long_game(root: Path, events: int) -> Any:
    """A home whose current game (the sample) has `events` hand-set VP events."""
    import os

    os.environ["COMPANION_HOME"] = str(root)
    import contextlib
    import io

    from companion.cli.main import main
    from companion.cli.shared import drawn_board
    from companion.game.events import set_side
    from companion.game.repo import Home, event_for

    with contextlib.redirect_stdout(io.StringIO()), contextlib.suppress(SystemExit):
        main(["demo"])
    h = Home(root, draw=drawn_board)
    with h.writing():
        gf = h.open_game(None)
        for i in range(events):
            side = i % 2
            vp = 1 - gf.state.sides[side].vp
            gf.append(event_for("vp", f"VP {vp}", [set_side(side, "vp", vp)], gf.state))
        gf.db.commit()
    return h


def report_5000(work: Path) -> Callable[[], None]:
    from companion import systems
    from companion.report.build import build_report
    from companion.report.output import parts, write_file

    h = _long_game(work / "report", 5000)
    with h.reading():
        gf = h.open_game(None)
    gf.raw_events  # noqa: B018 - the log as stored, read before timing
    system = systems.get(gf.system)
    out = work / "long.html"
    return lambda: write_file(parts(build_report(system, gf), "html"), out)


def repair_5000(work: Path) -> Callable[[], None]:
    """Repair of a 5,000-event game whose last event file is cut short; each round
    starts from the same damaged copy."""
    from companion.game.repair import repair_game

    h = _long_game(work / "repair", 5000)
    games = Path(h.root) / "games"
    last = sorted((games / "sample.events").glob("0*.json"))[-1]
    last.write_bytes(last.read_bytes()[:-40])
    pristine = work / "pristine"
    shutil.copytree(games, pristine)

    def once() -> None:
        shutil.rmtree(games)
        shutil.copytree(pristine, games)
        with h.writing():
            repair_game(games / "sample.json")

    return once


def dice_odds(work: Path) -> Callable[[], None]:
    from companion import odds

    def once() -> None:
        for cached in (odds._pool, odds.pool_counts):  # time the work, not a cache hit
            cached.cache_clear()
        odds.pool(100, 100)
        odds.pool(50, 6, "h", 3)
        odds.pool(20, 20)

    return once


def warstuff_odds(work: Path) -> Callable[[], None]:
    """Every special rule at once: the largest walk of WarStuff's rule code."""
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
    from warstuff_helpers import WS, attack, game, set_unit, unit

    a = unit("A", 5, "frenzy", "fire", "vicious", "poison", "sweep-attack", "intimidating", "large")
    d = unit("D", 5, "tough", "regeneration", "counter-attack", "trapper", "death-blow", "armored")
    s = set_unit(game([a], [d], active="a"), "d", wounds=2)
    return lambda: WS.odds(s, attack("a", "d"))


def play_step(work: Path) -> Callable[[], None]:
    """One activation and its end in the guided session: what a player waits for between
    two keys, without the interpreter's start-up."""
    import os

    from companion.cli.shared import drawn_board
    from companion.game.repo import Home
    from companion.play.session import Session

    home = work / "play-home"
    env = {**os.environ, "COMPANION_HOME": str(home)}
    run = [sys.executable, "-m", "companion"]
    subprocess.run([*run, "demo"], env=env, check=True, capture_output=True)
    subprocess.run([*run, "turn", "--dice", "7,3"], env=env, check=True, capture_output=True)
    os.environ["COMPANION_HOME"] = str(home)
    session = Session(Home(draw=drawn_board), "sample")
    pairs = ("robyn", "robyn")

    def once() -> None:
        for fid in pairs:
            session.activate(fid)
            session.end_activation()
            session.undo()
            session.undo()

    return once


FIGURES: dict[str, tuple[str, Callable[[Path], Callable[[], None]], float]] = {
    "report-5000": ("HTML battle report of a 5,000-event game", report_5000, LIMIT),
    "repair-5000": ("repair of a 5,000-event game cut short", repair_5000, LIMIT),
    "dice-odds": ("exact odds of 100d100, 50d6 keep 3 and 20d20", dice_odds, LIMIT),
    "warstuff-odds": ("odds of the largest WarStuff attack", warstuff_odds, LIMIT),
    # Eight session steps (an activation, its end and undoing both, twice): 50 ms each.
    "play-step": ("eight steps of the guided session", play_step, 8 * 0.05),
}


def measure(runs: int) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    work = Path(tempfile.mkdtemp(prefix="companion-limits-"))
    try:
        for key, (what, prepare, limit) in FIGURES.items():
            fn = prepare(work)
            fn()  # imports, templates and data files loaded before timing
            times, ratios = [], []
            for _ in range(runs):
                base = floor()
                t = time.perf_counter()
                fn()
                took = time.perf_counter() - t
                times.append(took)
                ratios.append(took / base)
            out[key] = {
                "what": what,
                "seconds": round(median(times), 4),
                "x floor": round(median(ratios), 1),
                "limit seconds": limit,
            }
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    figures = measure(args.runs)
    if args.json:
        print(json.dumps(figures, indent=2))
    else:
        for key, f in figures.items():
            verdict = "ok" if f["seconds"] <= f["limit seconds"] else "OVER"
            print(f"{key}: {f['what']}: {f['seconds']:.3f} s, {f['x floor']}x floor: {verdict}")
    return 0 if all(f["seconds"] <= f["limit seconds"] for f in figures.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
