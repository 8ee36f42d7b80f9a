"""Benchmarks of what a player waits for at the table (B1-B7), as ratios.

Run from the repository with the project installed in the active environment:

    python bench/run.py            # 15 interleaved rounds, a table of figures
    python bench/run.py --runs 31 --json

Start-up dominates a command-line companion, so each command is compared with the
interpreter alone (`python3 -c pass`) measured in the same rounds: absolute times drift
on shared machines, ratios much less. Every figure is the median of interleaved rounds.
A benchmark whose feature is not in this build prints "not measured: <what is missing>"
instead of a figure.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import (  # noqa: E402
    companion_cmd,
    copy_home,
    env_for,
    floor_memory_kib,
    fresh_home,
    game_in_play,
    median,
    peak_memory_kib,
    run,
    timed,
)


@dataclass
class Figure:
    id: str
    what: str
    value: float | None = None  # the ratio or time the limit applies to
    unit: str = "x floor"
    limit: float | None = None
    detail: str = ""
    missing: str | None = None
    samples: list[float] = field(default_factory=list)

    @property
    def ok(self) -> bool | None:
        if self.value is None or self.limit is None:
            return None
        return self.value <= self.limit

    def line(self) -> str:
        if self.missing:
            return f"{self.id:<4} {self.what}: not measured: {self.missing}"
        verdict = {True: "ok", False: "OVER", None: ""}[self.ok]
        lim = f" (limit {self.limit:g})" if self.limit is not None else ""
        return (
            f"{self.id:<4} {self.what}: {self.value:.2f} {self.unit}{lim} {verdict}"
            f"{'  ' + self.detail if self.detail else ''}"
        )


# -- processes ---------------------------------------------------------------------------


@dataclass
class Proc:
    """One command measured in every round; `prepare` restores its home first (untimed)."""

    key: str
    args: list[str]
    home: Path | None
    prepare: Callable[[], None] | None = None
    times: list[float] = field(default_factory=list)
    rss: list[int] = field(default_factory=list)


def interleaved(procs: list[Proc], rounds: int) -> None:
    for r in range(rounds):
        order = procs[r % len(procs) :] + procs[: r % len(procs)]
        for p in order:
            if p.prepare:
                p.prepare()
            cmd = [sys.executable, "-c", "pass"] if p.home is None else companion_cmd() + p.args
            env = None if p.home is None else env_for(p.home)
            t, rss, code = timed(cmd, env)
            if code != 0:
                raise RuntimeError(f"{' '.join(p.args)} exited {code} in round {r}")
            p.times.append(t)
            p.rss.append(rss)


def grow_game(home: Path, events: int) -> None:
    """Give the current game of `home` exactly `events` events, written in one go.

    Events are like a real game's: a hand-set VP change carrying the trace of an
    initiative roll (the size of a typical explained roll).
    """
    from companion.dice import SeededDice
    from companion.game.events import set_side
    from companion.game.repo import Home, event_for
    from companion.systems import get

    h = Home(home)
    with h.writing():
        gf = h.open_game(None)
        system = get(gf.system)
        first = system.next_turn(gf.state, SeededDice(1))
        trace = first.trace.to_dict() if first.trace else None
        have = len(gf.raw_events)
        for i in range(have, events):
            ev = event_for("vp", f"VP {i % 100}", [set_side(0, "vp", i % 100)], gf.state, trace)
            gf.append(ev)
        gf.db.commit()


def attack_args(board: dict[str, Any]) -> list[str]:
    """An attack by the active fighter on the first enemy of its side."""
    active = board["active"]
    sides = board["sides"]
    mine = next((i for i, s in enumerate(sides) for f in s["fighters"] if f["id"] == active), 0)
    attacker = next(f["name"] for f in sides[mine]["fighters"] if f["id"] == active)
    target = sides[1 - mine]["fighters"][0]["name"]
    return [attacker, target]


# -- B1-B4, B7: processes ----------------------------------------------------------------


def process_benchmarks(rounds: int) -> list[Figure]:
    base = fresh_home()
    try:
        return _process_benchmarks(base, rounds)
    finally:
        shutil.rmtree(base, ignore_errors=True)


def _process_benchmarks(base: Path, rounds: int) -> list[Figure]:
    sample = base / "sample"
    sample.mkdir()
    game_in_play(sample)
    procs = [
        Proc("floor", [], None),
        Proc("status-json", ["status", "--json"], sample),
        Proc("status", ["status"], sample),
    ]

    # B3: an attack with typed dice on a copy of the game in play. The dice are found by
    # rolling the same attack digitally once, so the benchmark needs no rules knowledge.
    attack_tpl = base / "attack-tpl"
    copy_home(sample, attack_tpl)
    attack_home = base / "attack"
    board = json.loads(run(sample, "status", "--json").stdout)
    who = attack_args(board)
    # Melee first; an attacker with shooters only is asked to shoot at normal range.
    for extra in ([], ["--range", "7"]):
        probe = run(attack_tpl, "attack", *who, *extra, "--seed", "5", "--json", check=False)
        if probe.returncode == 0:
            who = [*who, *extra]
            break
    attack_missing = None
    if probe.returncode != 0:
        attack_missing = f"'companion attack' refused in this build ({probe.stderr.strip()})"
    else:
        copy_home(sample, attack_tpl)
        dice = json.loads(probe.stdout)["event"]["data"].get("dice", [])
        dice_arg = ",".join(str(d) for d in dice)
        procs.append(
            Proc(
                "attack",
                ["attack", *who, "--dice", dice_arg, "--json"],
                attack_home,
                prepare=lambda: copy_home(attack_tpl, attack_home),
            )
        )

    # B4: the same read and the same write on a game of 10 and of 1,000 events.
    for n in (10, 1000):
        tpl = base / f"g{n}-tpl"
        copy_home(sample, tpl)
        grow_game(tpl, n)
        read_home = base / f"g{n}-read"
        copy_home(tpl, read_home)
        procs.append(Proc(f"status-json-{n}", ["status", "--json"], read_home))
        write_home = base / f"g{n}-write"
        procs.append(
            Proc(
                f"vp-{n}",
                ["vp", "1", "+1", "--json"],
                write_home,
                prepare=lambda t=tpl, w=write_home: copy_home(t, w),
            )
        )
    # B7 also looks at the other everyday table commands.
    mem_tpl = base / "mem-tpl"
    copy_home(sample, mem_tpl)
    mem_home = base / "mem"
    procs.append(
        Proc(
            "log",
            ["log", "--json"],
            mem_home,
            prepare=lambda: copy_home(mem_tpl, mem_home) if not mem_home.exists() else None,
        )
    )

    interleaved(procs, rounds)
    by = {p.key: p for p in procs}
    floor = median(by["floor"].times)

    def ratio(key: str) -> float:
        return median(by[key].times) / floor

    def ms(key: str) -> str:
        return f"{median(by[key].times) * 1000:.1f} ms vs floor {floor * 1000:.1f} ms"

    out = [
        Figure(
            "B1",
            "status --json on the sample game",
            ratio("status-json"),
            limit=8,
            detail=ms("status-json"),
        ),
        Figure(
            "B2",
            "status (Rich board) on the sample game",
            ratio("status"),
            limit=10,
            detail=ms("status"),
        ),
    ]
    if attack_missing:
        out.append(
            Figure(
                "B3", "attack --dice --json on a copy of the sample game", missing=attack_missing
            )
        )
    else:
        out.append(
            Figure(
                "B3",
                "attack --dice --json on a copy of the sample game",
                ratio("attack"),
                limit=8,
                detail=ms("attack"),
            )
        )
    for key, what in (("status-json", "status --json"), ("vp", "vp 1 +1 --json (a write)")):
        small, big = median(by[f"{key}-10"].times), median(by[f"{key}-1000"].times)
        out.append(
            Figure(
                "B4",
                f"{what}: 1,000 events vs 10 events",
                big / small,
                "x",
                limit=1.5,
                detail=f"{big * 1000:.1f} ms vs {small * 1000:.1f} ms",
            )
        )
    mems = []
    for p in procs:
        if p.home is not None:
            if p.prepare:
                p.prepare()
            kib = peak_memory_kib(p.home, p.args)
            if kib is not None:
                mems.append((kib, p.args))
    if mems:
        kib, margs = max(mems)
        out.append(
            Figure(
                "B7",
                "peak memory of a table command",
                kib / 1024,
                "MiB",
                limit=45,
                detail=f"largest: {' '.join(margs[:3])}; interpreter alone "
                f"{(floor_memory_kib() or 0) / 1024:.1f} MiB",
            )
        )
    else:
        out.append(
            Figure(
                "B7",
                "peak memory of a table command",
                missing="no /proc/self/status on this system",
            )
        )
    return out


# -- B5, B6: in-process ------------------------------------------------------------------


def best_of(fn: Callable[[], Any], runs: int) -> float:
    """Median time of `fn` in seconds after one warm-up call."""
    fn()
    xs = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        xs.append(time.perf_counter() - t)
    return median(xs)


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
    # Attacks are made by an active fighter: activate the first of the side to move.
    side = system.next_side(state)
    if side is not None:
        first = state.side_fighters(side)[0]
        out = system.activate(state, first.id)
        state = apply_event(state, event_for(out.kind, out.summary, out.changes, state))
    return system, state


def _attack_pairs(state: Any) -> list[tuple[str, str]]:
    """Every attacker/target pair across sides, the active fighter's first."""
    pairs = []
    for a in sorted(state.fighters, key=lambda f: f.id != state.active):
        for t in state.fighters:
            if a.side != t.side:
                pairs.append((a.id, t.id))
    return pairs


def _option_sets() -> list[dict[str, Any]]:
    return [
        {"ranged": False, "ganging": 0},
        {"ranged": False, "ganging": 2},
        {"ranged": True, "ganging": 0, "band": "long", "cover": True},
        {"ranged": True, "ganging": 0, "band": "short"},
    ]


def _largest_odds(system_id: str, runs: int) -> tuple[float, str] | str:
    """The slowest exact odds over every attacker/target pair and option set."""
    from companion.errors import CompanionError, NotFoundError
    from companion.game.state import freeze
    from companion.systems.base import ActionRequest

    try:
        system, state = _state_in_play(system_id)
    except NotFoundError:
        return f"no '{system_id}' rule system in this build"
    worst, worst_what, refused = 0.0, "", ""
    for a, t in _attack_pairs(state):
        for opts in _option_sets():
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
        return f"{system.info.name} gives no attack odds in this build ({refused})"
    return worst, worst_what


def _attack_resolution(runs: int) -> tuple[float, str] | str:
    from companion.dice import SeededDice
    from companion.errors import CompanionError
    from companion.game.state import freeze
    from companion.systems.base import ActionRequest

    system, state = _state_in_play("1ss")
    refused = ""
    for (a, t), opts in ((p, o) for p in _attack_pairs(state)[:4] for o in _option_sets()):
        req = ActionRequest("attack", a, t, freeze(opts))
        try:
            system.resolve(state, req, SeededDice(1))
            break
        except CompanionError as e:
            refused = str(e)
    else:
        return f"1ss attack resolution refused in this build ({refused})"

    def once() -> None:
        out = system.resolve(state, req, SeededDice(1))
        assert out.trace is not None

    return best_of(once, runs * 20), f"{a} on {t} {dict(req.options)}"


def _solo_forecast(runs: int) -> tuple[float, str] | str:
    """The solo spawn forecast, found by name (issue 4 adds it)."""
    import importlib

    for module, name in (
        ("companion.solo.forecast", "forecast"),
        ("companion.solo", "spawn_forecast"),
    ):
        try:
            fn = getattr(importlib.import_module(module), name)
        except (ImportError, AttributeError):
            continue
        if not callable(fn):
            continue
        try:
            import inspect

            fn = getattr(fn, "__wrapped__", fn)  # time the work, not a cache hit
            if not inspect.signature(fn).parameters:  # the forecast needs no game
                return best_of(fn, runs), f"{module}.{name}"
            system, state = _state_in_play("1ss")
            return best_of(lambda f=fn, s=state: f(s), runs), f"{module}.{name}"
        except Exception as e:  # noqa: BLE001 - report what the plug-in needs
            return f"{module}.{name} could not be called on a game in play ({e})"
    return "no solo spawn forecast in this build (looked for companion.solo.spawn_forecast)"


def _play_step(runs: int) -> tuple[float, str] | str:
    """One step of `companion play` without human input: the same Session the guided
    loop uses, alternating a resolved attack (written under the lock) and its undo."""
    import tempfile

    from companion.dice import SeededDice
    from companion.errors import CompanionError
    from companion.game.repo import Home
    from companion.game.state import freeze
    from companion.systems.base import ActionRequest

    try:
        from companion.play.session import Session
    except ImportError:
        return "no 'companion play' session in this build"
    home = Home(Path(tempfile.mkdtemp(prefix="companion-bench-play-")))
    system, state = _state_in_play("1ss")
    with home.writing():
        gf = home.create_game("bench", state)
        gf.db.commit()
    session = Session(home, "bench")
    request = None
    for (a, t), opts in ((p, o) for p in _attack_pairs(state)[:4] for o in _option_sets()):
        candidate = ActionRequest("attack", a, t, freeze(opts))
        try:
            system.resolve(state, candidate, SeededDice(1))
        except CompanionError:
            continue
        request = candidate
        break
    if request is None:
        return "no legal attack to time in play"
    flip = [True]

    def step() -> None:
        if flip[0]:
            session.resolve(request, SeededDice(1))
        else:
            session.undo()
        flip[0] = not flip[0]

    return best_of(step, runs * 4), "attack then undo, alternating (companion.play.session)"


def inprocess_benchmarks(runs: int) -> list[Figure]:
    out = []

    def fig(id_: str, what: str, res: tuple[float, str] | str, limit_ms: float) -> Figure:
        if isinstance(res, str):
            return Figure(id_, what, missing=res)
        return Figure(id_, what, res[0] * 1000, "ms", limit=limit_ms, detail=res[1])

    out.append(fig("B5", "1ss attack resolution with its trace", _attack_resolution(runs), 0.5))
    out.append(fig("B5", "exact odds of the largest 1ss attack", _largest_odds("1ss", runs), 20))
    out.append(
        fig("B5", "exact odds of the largest WarStuff attack", _largest_odds("warstuff", runs), 20)
    )
    out.append(fig("B5", "solo spawn forecast", _solo_forecast(runs), 200))
    out.append(fig("B6", "one step of companion play", _play_step(runs), 5))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=15, help="interleaved rounds (default 15)")
    ap.add_argument("--json", action="store_true", help="print the figures as JSON")
    ap.add_argument("--only", choices=["process", "inprocess"], help="run one half")
    ap.add_argument(
        "--compiled",
        action="store_true",
        help="byte-compile companion first, as installing it does; otherwise, where no "
        "bytecode is written (PYTHONDONTWRITEBYTECODE), each start compiles its modules",
    )
    args = ap.parse_args(argv)
    if args.compiled:
        import compileall

        import companion

        compileall.compile_dir(str(Path(companion.__file__).parent), quiet=1)
    figures: list[Figure] = []
    if args.only != "inprocess":
        figures += process_benchmarks(args.runs)
    if args.only != "process":
        figures += inprocess_benchmarks(args.runs)
    if args.json:
        print(
            json.dumps(
                [
                    {k: v for k, v in f.__dict__.items() if k != "samples"} | {"ok": f.ok}
                    for f in figures
                ],
                indent=2,
            )
        )
    else:
        import platform

        if args.compiled:
            code = "companion byte-compiled first"
        elif sys.flags.dont_write_bytecode:
            code = "no bytecode written: companion compiled at each start unless compiled before"
        else:
            code = "bytecode cached by Python"
        print(
            f"companion benchmarks: {args.runs} interleaved rounds, Python "
            f"{platform.python_version()}, {platform.machine()}; {code}"
        )
        for f in figures:
            print(f.line())
    return 1 if any(f.ok is False for f in figures) else 0


if __name__ == "__main__":
    sys.exit(main())
