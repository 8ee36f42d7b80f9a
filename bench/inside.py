"""The benchmark's work that needs companion's own code, run by the benchmark's install.

`bench/run.py` runs this file with the Python of the environment it installed companion
into (never the repository's copy), so games are built, and in-process timings taken,
with exactly the code the timed commands run. Started as a script, its folder is first
on the path, not the repository, so `import companion` finds the installed package.

    python inside.py where                   # where companion is imported from
    python inside.py grow HOME N             # give HOME's current game N events
    python inside.py play HOME RUNS          # one `play` step (attack or undo), timed
    python inside.py play-pair SMALL LARGE RUNS  # the same on two games, by turns
    python inside.py core RUNS               # attack, odds and forecast, in process

Each prints one JSON object on its last line.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any


def median(xs: list[float]) -> float:
    s = sorted(xs)
    n = len(s)
    return s[n // 2] if n % 2 else (s[n // 2 - 1] + s[n // 2]) / 2


def best_of(fn: Callable[[], Any], runs: int) -> float:
    """Median time of `fn` in seconds after one warm-up call."""
    fn()
    xs = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        xs.append(time.perf_counter() - t)
    return median(xs)


def peak_mib() -> float | None:
    try:
        with open("/proc/self/status") as fh:
            kb = next(int(line.split()[1]) for line in fh if line.startswith("VmHWM:"))
    except OSError:
        return None
    return kb / 1024


def where() -> dict[str, Any]:
    import companion

    cached = getattr(companion, "__cached__", None)
    return {
        "file": companion.__file__,
        "compiled": bool(cached) and Path(cached).exists(),
        "version": companion.__version__,
    }


def grow(home: Path, events: int) -> dict[str, Any]:
    """Give the current game of `home` exactly `events` events, written in one go.

    Events are like a real game's: a hand-set VP change carrying the trace of an
    initiative roll (the size of a typical explained roll).
    """
    from companion.cli.shared import drawn_board
    from companion.dice import SeededDice
    from companion.game.events import set_side
    from companion.game.repo import Home, event_for
    from companion.systems import get

    h = Home(home, draw=drawn_board)
    with h.writing():
        gf = h.open_game(None)
        system = get(gf.system)
        first = system.next_turn(gf.state, SeededDice(1))
        trace = first.trace.to_dict() if first.trace else None
        for i in range(gf.count, events):
            ev = event_for("vp", f"VP {i % 100}", [set_side(0, "vp", i % 100)], gf.state, trace)
            gf.append(ev)
        gf.db.commit()
        return {"events": gf.count}


def _attack_pairs(state: Any) -> list[tuple[str, str]]:
    """Every attacker/target pair across sides, the active fighter's first."""
    pairs = []
    for a in sorted(state.fighters, key=lambda f: f.id != state.active):
        for t in state.fighters:
            if a.side != t.side:
                pairs.append((a.id, t.id))
    return pairs


def _option_sets(system: Any = None) -> list[dict[str, Any]]:
    """Attack facts to try; for a system, only the facts its attack declares (another
    system's fact is refused, as the command line refuses it)."""
    sets: list[dict[str, Any]] = [
        {"ranged": False, "ganging": 0},
        {"ranged": False, "ganging": 2},
        {"ranged": True, "ganging": 0, "band": "long", "cover": True},
        {"ranged": True, "ganging": 0, "band": "short"},
    ]
    spec = None if system is None else system.declared_actions().get("attack")
    if spec is None:
        return sets
    keys = {f.key for f in spec.facts}
    kept = ({k: v for k, v in opts.items() if k in keys} for opts in sets)
    return [dict(t) for t in dict.fromkeys(tuple(sorted(o.items())) for o in kept)]


def _legal_attack(system: Any, state: Any) -> Any:
    from companion.dice import SeededDice
    from companion.errors import CompanionError
    from companion.game.state import freeze
    from companion.systems.base import ActionRequest

    for (a, t), opts in ((p, o) for p in _attack_pairs(state)[:4] for o in _option_sets()):
        candidate = ActionRequest("attack", a, t, freeze(opts))
        try:
            system.resolve(state, candidate, SeededDice(1))
        except CompanionError:
            continue
        return candidate
    return None


def _stepper(home: Path) -> tuple[Callable[[], None] | None, Any]:
    """A `play` step on the current game of `home` (a resolved attack written under the
    lock, then its undo, by turns), or None when no attack is legal there."""
    from companion.cli.shared import drawn_board
    from companion.dice import SeededDice
    from companion.game.repo import Home
    from companion.play.session import Session

    session = Session(Home(home, draw=drawn_board), None)  # type: ignore[arg-type]
    request = _legal_attack(session.system, session.state)
    if request is None:
        return None, session
    flip = [True]

    def step() -> None:
        if flip[0]:
            session.resolve(request, SeededDice(1))
        else:
            session.undo()
        flip[0] = not flip[0]

    return step, session


def play(home: Path, runs: int) -> dict[str, Any]:
    """One step of `companion play` without a person: the Session the guided loop uses,
    alternating a resolved attack (written under the lock) and its undo, on the current
    game of `home`; with the modules the `play` command loads, for its peak memory."""
    import companion.cli.play_cmd  # noqa: F401 - what `companion play` has loaded
    import companion.play.loop  # noqa: F401

    step, session = _stepper(home)
    if step is None:
        return {"missing": "no legal attack to time in play"}
    took = best_of(step, runs * 4)
    return {"seconds": took, "events": session.gf.count, "peak_mib": peak_mib()}


def play_pair(small: Path, large: Path, runs: int) -> dict[str, Any]:
    """One `play` step on a short and on a long game, timed by turns in one process, so
    the load of a shared machine falls on both alike (each step writes, and a write's
    wait for the disk varies far more than the work does)."""
    steps = [_stepper(small)[0], _stepper(large)[0]]
    if steps[0] is None or steps[1] is None:
        return {"missing": "no legal attack to time in play"}
    times: list[list[float]] = [[], []]
    for step in steps:
        step()
        step()
    for r in range(runs * 8):
        for i in (0, 1) if r % 2 else (1, 0):
            t = time.perf_counter()
            steps[i]()  # type: ignore[misc]
            times[i].append(time.perf_counter() - t)
    return {"small": median(times[0]), "large": median(times[1])}


def _state_in_play(system_id: str) -> Any:
    from companion.dice import SeededDice
    from companion.game.events import apply_event
    from companion.game.repo import event_for
    from companion.systems import get

    system = get(system_id)
    scen = system.scenarios()[0].id
    state = system.new_game(system.sample_rosters(), scen, {})
    out = system.next_turn(state, SeededDice(3))
    state = apply_event(state, event_for(out.kind, out.summary, out.changes, state))
    side = system.next_side(state)
    if side is not None:
        first = state.side_fighters(side)[0]
        out = system.activate(state, first.id)
        state = apply_event(state, event_for(out.kind, out.summary, out.changes, state))
    return system, state


def _largest_odds(system_id: str, runs: int) -> dict[str, Any]:
    """The slowest exact odds over every attacker/target pair and option set."""
    from companion.errors import CompanionError, NotFoundError
    from companion.game.state import freeze
    from companion.systems.base import ActionRequest

    try:
        system, state = _state_in_play(system_id)
    except NotFoundError:
        return {"missing": f"no '{system_id}' rule system in this build"}
    worst, worst_what, refused = 0.0, "", ""
    for a, t in _attack_pairs(state):
        for opts in _option_sets(system):
            req = ActionRequest("attack", a, t, freeze(opts))
            try:
                system.odds(state, req)
            except CompanionError as e:
                refused = str(e)
                continue
            took = best_of(lambda r=req: system.odds(state, r), max(3, runs // 3))
            if took > worst:
                worst, worst_what = took, f"{a} on {t} {opts}"
    if not worst_what:
        return {"missing": f"{system.info.name} gives no attack odds ({refused})"}
    return {"seconds": worst, "what": worst_what}


def _attack_resolution(runs: int) -> dict[str, Any]:
    from companion.dice import SeededDice

    system, state = _state_in_play("1ss")
    req = _legal_attack(system, state)
    if req is None:
        return {"missing": "1ss attack resolution refused in this build"}

    def once() -> None:
        out = system.resolve(state, req, SeededDice(1))
        assert out.trace is not None

    return {"seconds": best_of(once, runs * 20), "what": f"{req.actor} on {req.target}"}


def _solo_forecast(runs: int) -> dict[str, Any]:
    import importlib
    import inspect

    for module, name in (
        ("companion.systems.one_stat.solo.forecast", "forecast"),
        ("companion.solo.forecast", "forecast"),
        ("companion.solo", "spawn_forecast"),
    ):
        try:
            fn = getattr(importlib.import_module(module), name)
        except (ImportError, AttributeError):
            continue
        fn = getattr(fn, "__wrapped__", fn)  # time the work, not a cache hit
        if not inspect.signature(fn).parameters:
            return {"seconds": best_of(fn, runs), "what": f"{module}.{name}"}
        _, state = _state_in_play("1ss")
        return {"seconds": best_of(lambda f=fn, s=state: f(s), runs), "what": f"{module}.{name}"}
    return {"missing": "no solo spawn forecast in this build"}


def core(runs: int) -> dict[str, Any]:
    return {
        "attack": _attack_resolution(runs),
        "odds-1ss": _largest_odds("1ss", runs),
        "odds-warstuff": _largest_odds("warstuff", runs),
        "forecast": _solo_forecast(runs),
    }


def main(argv: list[str]) -> None:
    what, *rest = argv
    if what == "where":
        out = where()
    elif what == "grow":
        out = grow(Path(rest[0]), int(rest[1]))
    elif what == "play":
        out = play(Path(rest[0]), int(rest[1]))
    elif what == "play-pair":
        out = play_pair(Path(rest[0]), Path(rest[1]), int(rest[2]))
    elif what == "core":
        out = core(int(rest[0]))
    else:
        raise SystemExit(f"unknown: {what}")
    print(json.dumps(out))


if __name__ == "__main__":
    main(sys.argv[1:])
