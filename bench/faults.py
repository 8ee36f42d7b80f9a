"""Fault, fuzz and crash runs (F1-F5): what a player must never see.

    python bench/faults.py            # quick: the sizes CI runs (tests/bench/test_faults_*.py)
    python bench/faults.py --full     # 300 kills, 2x200 events, 5,000 fuzz cases, ...
    python bench/faults.py --only F1 --full

Each run prints one line of figures and exits 1 if anything failed, with the first
failures listed. The same functions back the quick tests in tests/bench/test_faults_*.py.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import random  # noqa: TID251 - a test driver picks kill times, no rules roll here
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import companion_cmd, env_for, measured, median  # noqa: E402


@dataclass
class Report:
    """One run: how many cases were tried, how many held (every check passed) and how
    many failed (a case with at least one failed check), with the first failures."""

    id: str
    what: str
    cases: int = 0
    figures: dict[str, Any] = field(default_factory=dict)
    failures: list[str] = field(default_factory=list)
    failed_cases: set[int] = field(default_factory=set)

    def fail(self, msg: str) -> None:
        self.failed_cases.add(self.cases)
        if len(self.failures) < 50:
            self.failures.append(msg)

    @property
    def ok(self) -> bool:
        return not self.failures

    @property
    def failed(self) -> int:
        return max(len(self.failed_cases), 1 if self.failures else 0)

    @property
    def held(self) -> int:
        return max(0, self.cases - self.failed)

    def line(self) -> str:
        figs = ", ".join(f"{k} {v}" for k, v in self.figures.items())
        verdict = "ok" if self.ok else "FAILED"
        counts = f"tried {self.cases}, held {self.held}, failed {self.failed}"
        return f"{self.id} {self.what}: {counts}{', ' + figs if figs else ''}: {verdict}"


# -- in-process calls (F3, F4): the real entry point, output captured -----------------------


@dataclass
class Call:
    code: int
    out: str
    err: str
    crash: str | None = None  # an exception that escaped the entry point


@contextlib.contextmanager
def home_env(home: Path) -> Iterator[None]:
    old = {k: os.environ.get(k) for k in ("COMPANION_HOME", "NO_COLOR", "COLUMNS", "CI")}
    os.environ.update({"COMPANION_HOME": str(home), "NO_COLOR": "1", "COLUMNS": "120"})
    os.environ.pop("CI", None)
    try:
        yield
    finally:
        for k, v in old.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


def call(args: list[str]) -> Call:
    """Run `companion ARGS` in this process (COMPANION_HOME must be set)."""
    import traceback

    from companion.cli.main import main

    out, err = io.StringIO(), io.StringIO()
    code = 0
    crash = None
    old_in = sys.stdin
    sys.stdin = io.StringIO("")
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                main(list(args))
            except SystemExit as e:
                code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
            except BaseException:  # noqa: BLE001 - that is the finding
                crash = traceback.format_exc()
                code = -1
    finally:
        sys.stdin = old_in
    return Call(code, out.getvalue(), err.getvalue(), crash)


def files_of(home: Path) -> dict[str, bytes]:
    """Every file of a home (not the lock, which holds nothing, nor the cache of parsed
    rules data and help, which any command may fill and anyone may delete)."""
    out = {}
    for p in sorted(home.rglob("*")):
        if p.is_file() and p.name != ".lock" and p.relative_to(home).parts[0] != "cache":
            out[str(p.relative_to(home))] = p.read_bytes()
    return out


def restore(home: Path, snap: dict[str, bytes]) -> None:
    for p in sorted(home.rglob("*"), reverse=True):
        rel = str(p.relative_to(home))
        if p.is_file() and p.name != ".lock" and rel not in snap:
            p.unlink()
        elif p.is_dir() and not any(k.startswith(rel + os.sep) for k in snap):
            shutil.rmtree(p, ignore_errors=True)
    for rel, data in snap.items():
        p = home / rel
        if not p.exists() or p.read_bytes() != data:
            p.parent.mkdir(parents=True, exist_ok=True)
            p.write_bytes(data)


def cli(home: Path, *args: str, check: bool = True) -> Call:
    """`companion ARGS` in this process against `home` (quicker than a process)."""
    with home_env(home):
        c = call(list(args))
    if check and (c.code != 0 or c.crash):
        raise RuntimeError(f"companion {' '.join(args)} failed ({c.code}): {c.err}{c.crash}")
    return c


def game_in_play(home: Path, seed: int = 3) -> dict[str, Any]:
    """The sample game with turn 1 started and the next side's first fighter active."""
    cli(home, "demo")
    cli(home, "turn", "--seed", str(seed))
    board = json.loads(cli(home, "status", "--json").out)
    side = board["next_side"] if board["next_side"] is not None else 0
    cli(home, "activate", board["sides"][side]["fighters"][0]["name"])
    return dict(json.loads(cli(home, "status", "--json").out))


def one_clear_line(c: Call) -> str | None:
    """What is wrong with a refused command's output, or None."""
    if c.crash:
        return f"escaped the entry point: {c.crash.strip().splitlines()[-1]}"
    if "Traceback" in c.err or "Traceback" in c.out:
        return "printed a traceback"
    if c.code not in (1, 2):
        return f"exit status {c.code}"
    lines = c.err.splitlines()
    if len(lines) != 1 or not lines[0].startswith("companion: error: ") or len(lines[0]) < 25:
        return f"stderr is not one clear line: {c.err!r:.200}"
    return None


def long_game(home: Path, events: int) -> None:
    """Add `events` VP events to the current game in one write (a long game in seconds):
    each side's VP goes 0 -> 1 -> 0, so the game ends as it began."""
    if events <= 0:
        return
    from companion.cli.shared import drawn_board
    from companion.game.events import set_side
    from companion.game.repo import Home, append_outcome
    from companion.systems.base import Outcome

    with home_env(home):
        h = Home(home, draw=drawn_board)
        with h.writing():
            gf = h.open_game(None)
            for i in range(events - events % 4):
                side = gf.state.sides[i % 2]
                new = 1 - side.vp
                summary = f"{side.name}: {side.vp} → {new} VP (set by hand)"
                append_outcome(gf, Outcome("vp", summary, (set_side(i % 2, "vp", new),)))
            gf.db.commit()


# -- F1: SIGKILL at random moments ---------------------------------------------------------

WRITES = [["vp", "1", "+1"], ["vp", "2", "+1"], ["vp", "1", "+1"], ["undo"], ["redo"]]


def game_log(home: Path) -> list[tuple[str, str]] | str:
    r = cli(home, "log", "--json", check=False)
    if r.code != 0 or r.crash:
        return f"log refused after a kill: {r.err.strip()}{r.crash or ''}"
    return [(e["kind"], e["summary"]) for e in json.loads(r.out)["items"]]


def stray_temps(home: Path) -> list[str]:
    return [str(p.relative_to(home)) for p in home.rglob("*.tmp")]


def f1_crash(kills: int, seed: int = 1, events: int = 0) -> Report:
    rep = Report("F1", "SIGKILL during table commands")
    rnd = random.Random(seed)
    home = Path(tempfile.mkdtemp(prefix="companion-f1-"))
    try:
        game_in_play(home)
        long_game(home, events)
        acked = game_log(home)
        assert isinstance(acked, list)
        # How long a write takes here, to aim the kills at its whole life.
        took = []
        for _ in range(3):
            t = time.perf_counter()
            subprocess.run(
                [*companion_cmd(), "vp", "1", "+1"],
                env=env_for(home),
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                check=True,
            )
            took.append(time.perf_counter() - t)
        acked = game_log(home)
        assert isinstance(acked, list)
        span = median(took)
        landed = 0
        while rep.cases < kills:
            args = rnd.choice(WRITES)
            p = subprocess.Popen(
                [*companion_cmd(), *args],
                env=env_for(home),
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
            # Half the kills anywhere in a command's life, half near its end, where
            # it writes (start-up takes most of a command's time).
            late = rnd.random() < 0.5
            time.sleep(rnd.uniform(0.6 * span, 1.1 * span) if late else rnd.uniform(0, span))
            p.send_signal(signal.SIGKILL)
            code = p.wait()
            now = game_log(home)
            if isinstance(now, str):
                rep.fail(now)
                break
            if code == 0:  # it finished first: an acknowledged command
                acked = now
                continue
            rep.cases += 1
            landed += now != acked
            # The killed command either happened whole or not at all.
            ok = (
                now == acked
                or (args[0] == "undo" and now == acked[:-1])
                or (args[0] != "undo" and now[:-1] == acked and len(now) == len(acked) + 1)
            )
            if not ok:
                rep.fail(
                    f"after killing '{' '.join(args)}': {len(acked)} acknowledged "
                    f"events, {len(now)} on disk, not a whole command's difference"
                )
            st = cli(home, "status", "--json", check=False)
            if st.code != 0:
                rep.fail(f"status refused after a kill: {st.err.strip()}")
            nxt = cli(home, "vp", "2", "+1", check=False)
            if nxt.code != 0:
                rep.fail(f"the next command after a kill failed: {nxt.err.strip()}")
            if stray_temps(home):
                rep.fail(f"stray temporary files after the next command: {stray_temps(home)}")
            after = game_log(home)
            if isinstance(after, str) or after[:-1] != now:
                rep.fail("the command after a kill did not add exactly its event")
            acked = after if isinstance(after, list) else acked
        rep.figures = {
            "kills after which the command had taken effect": landed,
            "events at the end": len(acked),
        }
    finally:
        shutil.rmtree(home, ignore_errors=True)
    return rep


# -- F2: two writers at once ----------------------------------------------------------------

_WRITER = """
import sys
from companion.cli.main import main
side, n = sys.argv[1], int(sys.argv[2])
for i in range(n):
    try:
        main(["vp", side, "+1", "--json"])
    except SystemExit as e:
        if e.code:
            sys.exit(f"vp {side} failed at {i}: exit {e.code}")
"""


def f2_concurrency(per_writer: int, events: int = 0) -> Report:
    from companion.cli.shared import drawn_board
    from companion.game.events import replay
    from companion.game.repo import Home

    rep = Report("F2", "two processes appending to one game")
    home = Path(tempfile.mkdtemp(prefix="companion-f2-"))
    try:
        game_in_play(home)
        long_game(home, events)
        base = game_log(home)
        assert isinstance(base, list)
        t = time.perf_counter()
        procs = [
            subprocess.Popen(
                [sys.executable, "-c", _WRITER, side, str(per_writer)],
                env=env_for(home),
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.PIPE,
                text=True,
            )
            for side in ("1", "2")
        ]
        for p in procs:
            _, err = p.communicate()
            if p.returncode != 0:
                rep.fail(f"a writer failed: {err.strip()[-300:]}")
        took = time.perf_counter() - t
        log = game_log(home)
        if isinstance(log, str):
            rep.fail(log)
            return rep
        new = log[len(base) :]
        rep.cases = len(new)
        if len(new) != 2 * per_writer:
            rep.fail(f"{len(new)} events on disk, {2 * per_writer} written")
        for side_no in (0, 1):
            mine = [s for k, s in new if k == "vp" and s.startswith(_side_name(home, side_no))]
            want = [f"{i} → {i + 1} VP" for i in range(per_writer)]
            got = [s.split(": ", 1)[1].removesuffix(" (set by hand)") for s in mine]
            if got != want:
                rep.fail(f"side {side_no + 1}'s events are not each writer's, in its order")
        with home_env(home):
            h = Home(home, draw=drawn_board)
            with h.reading():
                gf = h.open_game(None)
                if replay(gf.setup, gf.events) != gf.state:
                    rep.fail("replaying the events does not give the stored state")
                vps = [s.vp for s in gf.state.sides]
                if vps != [per_writer, per_writer]:
                    rep.fail(f"victory points {vps}, not {per_writer} each")
        rep.figures = {"time": f"{took:.1f} s", "events already in the game": len(base)}
    finally:
        shutil.rmtree(home, ignore_errors=True)
    return rep


def _side_name(home: Path, i: int) -> str:
    return str(json.loads(cli(home, "status", "--json").out)["sides"][i]["name"])


# -- F3: generated bad command lines ----------------------------------------------------------


@contextlib.contextmanager
def served_at_once() -> Iterator[None]:
    """`companion serve` returns as soon as it would start serving: a fuzz checks how it
    takes its command line, and must not leave a server running until Ctrl-C."""
    try:
        import uvicorn
    except ImportError:  # without the serve extra, serve refuses in one line anyway
        yield
        return
    run = uvicorn.Server.run
    uvicorn.Server.run = lambda self, sockets=None: None  # type: ignore[method-assign]
    try:
        yield
    finally:
        uvicorn.Server.run = run  # type: ignore[method-assign]


def command_specs() -> list[tuple[list[str], list[Any]]]:
    """Every command path with its click parameters."""
    import typer

    from companion.cli.main import full_app

    out: list[tuple[list[str], list[Any]]] = []

    def walk(cmd: Any, path: list[str]) -> None:
        subs = getattr(cmd, "commands", None)
        if subs:
            for name, sub in subs.items():
                walk(sub, [*path, name])
        else:
            out.append((path, list(cmd.params)))

    walk(typer.main.get_command(full_app), [])
    return out


# Values a hostile user types: huge and signed numbers (past Python's 4,300-digit limit),
# control, NUL-like, zero-width and right-to-left characters, and very long text. Also
# given as KEY=VALUE to the options that take facts (--opt, --flag).
HOSTILE = [
    "9" * 5000,
    "-" + "9" * 5000,
    "0" * 4999 + "1",
    "1" * 19,
    "x" * 100_000,
    "7" * 100_000,
    "\x01\x7f\x1b[31m",
    "\u0085\u2028",
    "\u200b\ufeff",
    "\u202eevil\u202c",
    "\u2066x\u2069",
    "../../etc/passwd",
    "٣",
    "²",
    "100d100",
    "50d6kh3",
    "20d20",
]
OPT_KEYS = ["stat", "range", "inches", "ganging", "with", "cover", "target", "x"]


def short_and_escaped(err: str) -> str | None:
    """What is wrong with how an error quotes a bad value, or None."""
    line = err.rstrip("\n")
    if len(line) > 600:
        return f"the error line is {len(line):,} characters long"
    if any(not c.isprintable() for c in line):
        return "the error line holds an unescaped control character"
    return None


def sweep(
    specs: list[tuple[list[str], list[Any]]], per_param: int, names: list[str]
) -> Iterator[list[str]]:
    """Every parameter of every command given hostile values (`per_param` of them, taken
    in turn from HOSTILE so a short sweep still meets all of them). The command's
    arguments are fighter names (`names`) so the hostile value gets as far as it can."""
    turn = 0
    for path, params in specs:
        arguments = [q for q in params if q.param_type_name == "argument"]
        plain = [names[i % len(names)] for i in range(len(arguments))]
        for p in params:
            if getattr(p, "is_flag", False):
                continue
            for _ in range(per_param):
                value = HOSTILE[turn % len(HOSTILE)]
                turn += 1
                if p.param_type_name == "argument":
                    i = arguments.index(p)
                    yield [*path, *plain[:i], value, *plain[i + 1 :]]
                else:
                    if p.opts[0] in ("--opt", "--flag"):
                        value = f"{OPT_KEYS[turn % len(OPT_KEYS)]}={value}"
                    yield [*path, *plain, p.opts[0], value]


def f3_fuzz(
    examples: int, seed: int = 0, max_seconds: float = 1.0, sweep_values: int = 1
) -> Report:
    from hypothesis import HealthCheck, given, settings
    from hypothesis import seed as hseed
    from hypothesis import strategies as st

    rep = Report("F3", "generated bad command lines")
    home = Path(tempfile.mkdtemp(prefix="companion-f3-"))
    try:
        game_in_play(home)
        cli(home, "roster", "export", "Robyn", str(home / "robyn.json"))
        snap = files_of(home)
        specs = command_specs()
        board = json.loads(cli(home, "status", "--json").out)
        names = [f["name"] for s in board["sides"] for f in s["fighters"]]
        words = (
            names
            + [n[:3] for n in names]
            + [
                "Robyn",
                "Frog",
                "Rabbit",
                "sample",
                "training",
                "1ss",
                "1",
                "2",
                "boss",
                "stat=4",
                "stat=99",
                "stat=-3",
                "specialist",
                "rookie",
                "sword",
                "nobody",
            ]
        )
        text = st.one_of(
            st.sampled_from(words),
            st.text(max_size=12),
            st.text(min_size=200, max_size=3000),
            st.sampled_from(["", " ", "-", "--", "é", "Ωmega", "😀", "\u202e", "a\nb", "0x10"]),
            st.integers(-(10**30), 10**30).map(str),
            st.sampled_from(["-1", "0", "+0", "999", "1000", "1e9", "+-1", "nan", "9" * 50]),
            st.sampled_from(HOSTILE),
            st.tuples(st.sampled_from(OPT_KEYS), st.sampled_from(HOSTILE)).map("=".join),
        )
        dice = st.one_of(
            st.lists(st.integers(-5, 30), max_size=12).map(lambda v: ",".join(map(str, v))),
            text,
        )

        def args_for(params: list[Any]) -> st.SearchStrategy[list[str]]:
            parts: list[st.SearchStrategy[list[str]]] = []
            for p in params:
                if p.param_type_name == "argument":
                    parts.append(st.lists(text, min_size=0, max_size=2))
                else:
                    opt = p.opts[0]
                    if getattr(p, "is_flag", False):
                        val: st.SearchStrategy[list[str]] = st.just([opt])
                    elif opt == "--dice":
                        val = dice.map(lambda d, o=opt: [o, d])
                    else:
                        val = text.map(lambda v, o=opt: [o, v])
                    parts.append(st.one_of(st.just([]), val))
            junk = st.lists(
                st.sampled_from(["--nope", "-x", "--json", "--game", "extra"]), max_size=1
            )
            return st.tuples(*parts, junk).map(lambda t: [a for part in t for a in part])

        cases = st.sampled_from(specs).flatmap(
            lambda s: args_for(s[1]).map(lambda a, path=s[0]: [*path, *a])
        )
        prefixes = st.sampled_from(sorted({p[0][:n] for p, _ in specs for n in (1, 2)}))
        cmdline = st.one_of(
            cases,
            cases,
            cases,
            st.tuples(prefixes, st.lists(text, max_size=2)).map(lambda t: [t[0], *t[1]]),
        )
        counts = {"refused": 0, "done": 0, "slowest ms (cpu)": 0}

        def one(args: list[str]) -> None:
            rep.cases += 1
            # CPU time of this process: what the command costs, whatever else the
            # (shared) machine is doing at the moment.
            start = time.process_time()
            c = call(args)
            took = time.process_time() - start
            counts["slowest ms (cpu)"] = max(counts["slowest ms (cpu)"], round(took * 1000))
            if took > max_seconds:
                rep.fail(f"companion {_show(args)}: took {took:.1f} s of CPU")
            if c.code == 0 and not c.crash:
                counts["done"] += 1
                restore(home, snap)
                return
            counts["refused"] += 1
            bad = one_clear_line(c) or short_and_escaped(c.err)
            if bad:
                rep.fail(f"companion {_show(args)}: {bad}")
            elif files_of(home) != snap:
                rep.fail(f"companion {_show(args)}: refused but changed the files")
            restore(home, snap)

        @hseed(seed)
        @settings(
            max_examples=examples,
            deadline=None,
            database=None,
            derandomize=False,
            suppress_health_check=list(HealthCheck),
        )
        @given(cmdline)
        def check(args: list[str]) -> None:
            one(args)

        # Relative paths typed as values land inside the home, where a change shows.
        cwd = home / "cwd" / "a" / "b"
        cwd.mkdir(parents=True)
        with home_env(home), contextlib.chdir(cwd), served_at_once():
            for args in sweep(specs, sweep_values, [names[0], names[-1]]):
                one(args)
            check()
        rep.figures = counts
    finally:
        shutil.rmtree(home, ignore_errors=True)
    return rep


def _show(args: list[str]) -> str:
    """A command line for a failure report: each odd or long argument quoted and cut short."""
    from companion.numbers import shown

    return " ".join(
        shown(a) if (not a or not a.isprintable() or " " in a or len(a) > 30) else a for a in args
    )


# -- F4: damaged files ----------------------------------------------------------------------

JUNK: list[tuple[str, bytes]] = [
    ("empty", b""),
    ("null", b"null"),
    ("a list", b"[]"),
    ("a string", b'"game"'),
    ("an empty object", b"{}"),
    ("another program's JSON", b'{"name": "x", "version": 3, "items": [1, 2, 3]}'),
    ("a table of non-documents", b'{"game": {"1": 5}}'),
    ("a game without fields", b'{"game": {"1": {}}}'),
    ("a game of wrong types", b'{"game": {"1": {"name": 1, "system": [], "setup": "x"}}}'),
    ("binary junk", bytes(range(256)) * 4),
    ("UTF-16", '{"game": {}}'.encode("utf-16")),
    ("deep nesting", b"[" * 100_000 + b"]" * 100_000),
]

COMMANDS_F4 = [["status", "--json"], ["status"], ["vp", "1", "+1"], ["log", "--json"]]


def damaged(
    home: Path,
    rel: str,
    data: bytes,
    label: str,
    rep: Report,
    commands: list[list[str]],
    repair: list[str] | None = None,
) -> None:
    """Put `data` in place of one file; every command must refuse and leave it be, the
    other game must go on, and `repair` must keep the damaged bytes aside."""
    path = home / rel
    snap = files_of(home)
    path.write_bytes(data)
    try:
        others_go_on(home, rel, label, rep)
        for args in commands:
            rep.cases += 1
            c = call(args)
            where = f"{rel} {label}, companion {' '.join(args)}"
            if c.code == 0:
                # A damaged file nobody needed for this command may go unnoticed, but it
                # must never be replaced.
                if path.read_bytes() != data:
                    rep.fail(f"{where}: the damaged file was overwritten")
                continue
            bad = one_clear_line(c)
            if bad:
                rep.fail(f"{where}: {bad}")
                continue
            if path.read_bytes() != data:
                rep.fail(f"{where}: the damaged file was changed")
            if not rel.startswith("games/") and _database_shape(data):
                continue  # a valid, empty database: "no current game" is the right answer
            if str(path) not in c.err:
                rep.fail(f"{where}: the message does not name the file: {c.err.strip()}")
            if not any(w in c.err for w in ("backup", "move it aside", "repair")):
                rep.fail(f"{where}: the message says nothing of how to recover")
            bak = path.with_name(path.name + ".bak")
            if bak.exists() and str(bak) not in c.err:
                rep.fail(f"{where}: a backup is kept but the message does not name it")
        if repair:
            repaired(home, rel, data, f"{rel} {label}", rep, repair)
    finally:
        restore(home, snap)


def others_go_on(home: Path, rel: str, label: str, rep: Report) -> None:
    """A damaged file of one game blocks nothing else: the other game plays on, and
    `game list` lists every game."""
    rep.cases += 1
    where = f"{rel} {label}"
    if rel.startswith("games/"):
        c = call(["status", "--game", "other", "--json"])
        if c.code != 0 or c.crash:
            rep.fail(f"{where}: the other game is blocked: {c.err.strip()[:200]}{c.crash or ''}")
    if rel.startswith("rosters"):
        return
    c = call(["game", "list", "--json"])
    if c.code != 0 or c.crash:
        rep.fail(f"{where}: game list failed: {c.err.strip()[:200]}{c.crash or ''}")
    elif {"sample", "other"} - {r["name"] for r in json.loads(c.out)["items"]}:
        rep.fail(f"{where}: game list does not list every game")


def repaired(home: Path, rel: str, data: bytes, where: str, rep: Report, repair: list[str]) -> None:
    """`repair` either finds nothing to do or rebuilds: the damaged bytes stay on disk, and
    what it rebuilt opens."""
    rep.cases += 1
    c = call(repair)
    if c.code != 0:
        bad = one_clear_line(c)
        if bad:
            rep.fail(f"{where}, companion {' '.join(repair)}: {bad}")
        return
    kept = (home / rel).read_bytes() == data if (home / rel).exists() else False
    if not kept and not any(
        p.read_bytes() == data for p in (home / rel).parent.glob(f"{Path(rel).name}.damaged-*")
    ):
        rep.fail(f"{where}: repair lost the damaged file")
    check = ["roster" if rel.startswith("rosters") else "game", "list", "--json"]
    after = call(check)
    if after.code != 0:
        rep.fail(f"{where}: after repair, {' '.join(check)} fails: {after.err.strip()[:200]}")
    elif rel.startswith("games/") and any("damaged" in r for r in json.loads(after.out)["items"]):
        rep.fail(f"{where}: after repair the game is still damaged")


def _database_shape(data: bytes) -> bool:
    """Whether `data` is a well-formed database file (tables of documents), if empty."""
    try:
        d = json.loads(data)
    except (ValueError, RecursionError):
        return False
    return isinstance(d, dict) and all(
        isinstance(t, dict) and all(isinstance(doc, dict) for doc in t.values()) for t in d.values()
    )


def f4_corruption(full: bool) -> Report:
    rep = Report("F4", "truncated, replaced and junk files")
    home = Path(tempfile.mkdtemp(prefix="companion-f4-"))
    try:
        game_in_play(home)
        cli(home, "vp", "1", "+1")  # a write, so the game file has a backup beside it
        cli(home, "game", "new", "--roster", "Robyn", "--roster", "Cpt", "--name", "other")
        cli(home, "game", "use", "sample")
        cli(home, "roster", "new", "Extra", "--system", "1ss")  # so rosters.json has a backup
        with home_env(home):
            fix = ["game", "repair", "sample"]
            files: dict[str, tuple[list[list[str]], list[str] | None]] = {
                "games/sample.json": (COMMANDS_F4, fix),
                "games/sample.events/000000.json": ([["log", "--json"], ["undo"]], fix),
                "games/sample.json.bak": ([["status", "--json"], ["log", "--json"]], fix),
                "settings.json": (
                    [["status", "--json"], ["vp", "1", "+1"]],
                    ["game", "repair", "--settings"],
                ),
                "settings.json.bak": ([["status", "--json"]], None),
                "rosters.json": ([["roster", "list", "--json"]], ["roster", "repair"]),
                "rosters.json.bak": ([["roster", "list", "--json"]], ["roster", "repair"]),
            }
            for rel, (commands, repair) in files.items():
                good = (home / rel).read_bytes()
                if full:
                    # every byte of a small file, 500 cuts spread over a larger one
                    offsets: list[int] = list(range(0, len(good), max(1, len(good) // 500)))
                    cmds = commands
                else:
                    # 20 cuts spread over each file
                    step = max(1, len(good) // 20)
                    offsets = list(range(0, len(good), step))
                    cmds = commands[:1]
                for i, n in enumerate(offsets):
                    # repair after every cut in the full run, after a few in the quick one
                    fix = repair if full or i % 8 == 0 else None
                    damaged(home, rel, good[:n], f"cut at byte {n}", rep, cmds, fix)
                for label, data in JUNK:
                    damaged(home, rel, data, f"replaced by {label}", rep, cmds, repair)
    finally:
        shutil.rmtree(home, ignore_errors=True)
    return rep


# -- F6: a kill at every file operation of every multi-file command -----------------------

# Runs a command and kills it (SIGKILL, no clean-up) just before its Nth file operation.
_KILLER = """
import os, signal, sys
at, seen = int(sys.argv[1]), [0]
def wrap(name):
    real = getattr(os, name)
    def op(*a, **k):
        seen[0] += 1
        if seen[0] == at:
            os.kill(os.getpid(), signal.SIGKILL)
        return real(*a, **k)
    setattr(os, name, op)
for name in ("replace", "rename", "link", "unlink", "rmdir", "fsync"):
    wrap(name)
from companion.cli.main import main
main(sys.argv[2:])
"""


def _cut_game_file(home: Path) -> None:
    game = home / "games" / "sample.json"
    game.write_bytes(game.read_bytes()[:-1])


# (steps before: commands or changes to the files, the command): each changes several files.
MULTI_FILE: list[tuple[list[list[str] | Callable[[Path], None]], list[str]]] = [
    ([], ["game", "new", "-r", "Robyn", "-r", "Cpt", "--name", "two"]),
    ([], ["demo", "--fresh"]),
    ([], ["game", "delete", "sample", "--yes"]),
    ([["game", "delete", "sample", "--yes"]], ["game", "restore", "sample"]),
    ([], ["roster", "delete", "Extra", "--yes"]),
    ([["roster", "delete", "Extra", "--yes"]], ["roster", "restore", "Extra"]),
    ([_cut_game_file], ["game", "repair", "sample"]),
]


def home_view(home: Path) -> str:
    """What a player sees of a home: its games (events, which is current), rosters and
    kept copies (their names; their times differ from run to run)."""
    parts = []
    for args in (
        ["game", "list", "--json"],
        ["roster", "list", "--json"],
        ["game", "restore", "--list", "--json"],
        ["roster", "restore", "--list", "--json"],
    ):
        c = cli(home, *args, check=False)
        data = json.loads(c.out)["items"] if c.code == 0 and c.out.strip() else c.err
        if "restore" in args and isinstance(data, list):
            data = sorted(k["name"] for k in data)
        parts.append(json.dumps(data, sort_keys=True))
    return "\n".join(parts)


def f6_kill_every_step(limit: int = 200) -> Report:
    rep = Report("F6", "SIGKILL at every file operation of multi-file commands")
    base = Path(tempfile.mkdtemp(prefix="companion-f6-"))
    kills = 0
    try:
        game_in_play(base)
        cli(base, "vp", "1", "+1")
        cli(base, "roster", "new", "Extra", "--system", "1ss")
        start = files_of(base)
        for steps, args in MULTI_FILE:
            restore(base, start)
            for step in steps:
                if callable(step):
                    step(base)
                else:
                    cli(base, *step)
            before_files = files_of(base)
            before = home_view(base)
            cli(base, *args)
            after = home_view(base)
            for n in range(1, limit):
                restore(base, before_files)
                p = subprocess.run(
                    [sys.executable, "-c", _KILLER, str(n), *args],
                    env=env_for(base),
                    stdin=subprocess.DEVNULL,
                    capture_output=True,
                )
                if p.returncode == 0:
                    break  # it ran to its end before its Nth file operation
                rep.cases += 1
                kills += 1
                where = f"'{' '.join(args)}' killed before file operation {n}"
                if p.returncode != -signal.SIGKILL:
                    rep.fail(f"{where}: it failed on its own ({p.returncode}): {p.stderr[-300:]!r}")
                    continue
                now = home_view(base)
                if now not in (before, after):
                    rep.fail(
                        f"{where}: half done:\n{now}\n-- before:\n{before}\n-- after:\n{after}"
                    )
                # The next command, as a player would run it (its own process, so the rules
                # cache is read and written as at any start).
                nxt = subprocess.run(
                    [*companion_cmd(), "roster", "new", "Zed", "--system", "1ss"],
                    env=env_for(base),
                    stdin=subprocess.DEVNULL,
                    capture_output=True,
                    text=True,
                )
                if nxt.returncode != 0:
                    rep.fail(f"{where}: the next command failed: {nxt.stderr.strip()}")
                left = stray_temps(base) + [
                    str(p.relative_to(base)) for p in base.glob(".unfinished*")
                ]
                if left:
                    rep.fail(f"{where}: left after the next command: {left}")
        rep.figures = {"commands": len(MULTI_FILE), "kills": kills}
    finally:
        shutil.rmtree(base, ignore_errors=True)
    return rep


# -- F7: damage around the store: long games, snapshots, missing files, deletes, FIFOs ------


def _events(home: Path) -> int | str:
    c = cli(home, "log", "--json", check=False)
    return len(json.loads(c.out)["items"]) if c.code == 0 else c.err.strip()


def _repairs_to(home: Path, rep: Report, where: str, expected: int) -> None:
    """`game repair sample` gives a game of `expected` events that opens, reports exactly
    what it lost, and leaves nothing past the count."""
    c = cli(home, "game", "repair", "sample", "--json", check=False)
    if c.code != 0:
        rep.fail(f"{where}: repair refused: {c.err.strip()[:300]}")
        return
    done = json.loads(c.out)
    got = _events(home)
    if got != expected or done["kept"] != expected:
        rep.fail(f"{where}: {expected} events whole on disk, repair kept {done['kept']}, log {got}")
    board = json.loads(cli(home, "status", "--json", check=False).out or "{}")
    if board.get("sides", [{}])[0].get("vp") == 77:
        rep.fail(f"{where}: a damaged snapshot is shown after repair")
    if cli(home, "game", "end", check=False).code != 0 or _events(home) != expected + 1:
        rep.fail(f"{where}: the next event after repair did not land as the next one")


def f7_store_damage(full: bool) -> Report:
    rep = Report("F7", "long games, snapshots, missing files, deletes, FIFOs")
    home = Path(tempfile.mkdtemp(prefix="companion-f7-"))
    try:
        game_in_play(home)
        long_game(home, 1000 if full else 248)
        cli(home, "vp", "1", "+1")
        total = _events(home)
        assert isinstance(total, int)
        start = files_of(home)
        games = home / "games"
        segs = sorted((games / "sample.events").glob("0*.json"))

        def case(where: str, damage: Callable[[], None], expected: int) -> None:
            restore(home, start)
            rep.cases += 1
            damage()
            _repairs_to(home, rep, where, expected)

        game = games / "sample.json"
        case(
            "game file missing its last byte",
            lambda: game.write_bytes(start["games/sample.json"][:-1]),
            total,
        )
        case("game file gone", game.unlink, total)
        case(
            "game file and backup gone",
            lambda: (game.unlink(), (games / "sample.json.bak").unlink()),
            total,
        )
        for seg in segs[1:]:

            def seventy_seven(seg: Path = seg) -> None:
                d = json.loads(seg.read_text())
                d["start"]["1"]["state"]["sides"][0]["vp"] = 77
                seg.write_text(json.dumps(d))

            rel = str(seg.relative_to(home))
            restore(home, start)
            rep.cases += 1
            seventy_seven()
            undo = cli(home, "undo", str(total % 100 + 1), check=False)
            shown = json.loads(cli(home, "status", "--json", check=False).out or "{}")
            if undo.code == 0 and shown.get("sides", [{}])[0].get("vp") == 77:
                rep.fail(f"{rel} snapshot changed: undo showed it")
            case(f"{rel} snapshot changed", seventy_seven, total)
        last = segs[-1]
        data = start[str(last.relative_to(home))]
        before = 100 * (len(segs) - 1)
        cuts = range(0, len(data), max(1, len(data) // (40 if full else 8)))
        ends = []  # where each event of the last file ends in its bytes
        for key, ev in json.loads(data)["events"].items():
            text = f'"{key}":'.encode() + json.dumps(ev, separators=(",", ":")).encode()
            ends.append(data.index(text) + len(text))
        for n in cuts:
            whole = sum(end <= n for end in ends)
            case(
                f"{last.name} cut at byte {n}",
                lambda n=n: last.write_bytes(data[:n]),
                before + whole,
            )
        # Repeated deletes keep every copy; restore takes the newest.
        restore(home, start)
        for i in range(3):
            rep.cases += 1
            cli(home, "demo")
            for _ in range(i):
                cli(home, "vp", "2", "+1")
            cli(home, "game", "delete", "sample", "--yes")
            kept = json.loads(cli(home, "game", "restore", "--list", "--json").out)["items"]
            if len(kept) != i + 1:
                rep.fail(f"delete {i + 1} of one name: {len(kept)} copies kept")
        cli(home, "game", "restore", "sample")
        vp = json.loads(cli(home, "status", "--json").out)["sides"][1]["vp"]
        if vp != 2:
            rep.fail(f"restore did not take the newest copy (VP {vp})")
        # Devices, FIFOs and folders where a data file should be: refused at once.
        restore(home, start)
        for rel in (
            "settings.json",
            "rosters.json",
            "games/sample.json",
            "games/sample.json.bak",
            "games/sample.events/000000.json",
        ):
            for kind in ("a FIFO", "a link to /dev/zero", "a folder"):
                restore(home, start)
                path = home / rel
                path.unlink()
                if kind == "a FIFO":
                    os.mkfifo(path)
                elif kind == "a folder":
                    path.mkdir()
                else:
                    path.symlink_to("/dev/zero")
                for args in (["status", "--json"], ["log", "--json"], ["roster", "list", "--json"]):
                    rep.cases += 1
                    where = f"{rel} as {kind}, companion {' '.join(args)}"
                    try:
                        p = subprocess.run(
                            [*companion_cmd(), *args],
                            env=env_for(home),
                            stdin=subprocess.DEVNULL,
                            capture_output=True,
                            text=True,
                            timeout=20,
                        )
                    except subprocess.TimeoutExpired:
                        rep.fail(f"{where}: still running after 20 s")
                        continue
                    if p.returncode == 0:
                        continue  # a file this command does not read
                    bad = one_clear_line(Call(p.returncode, p.stdout, p.stderr))
                    if bad:
                        rep.fail(f"{where}: {bad}")
                    elif rel.split("/")[-1] not in p.stderr:
                        rep.fail(f"{where}: the message does not name it: {p.stderr.strip()}")
                if path.is_dir() and not path.is_symlink():
                    path.rmdir()
                else:
                    path.unlink()
        rep.figures = {"events in the game": total}
    finally:
        shutil.rmtree(home, ignore_errors=True)
    return rep


# -- F5: hostile imports ---------------------------------------------------------------------


def hostile_files(big_mb: int, good: dict[str, Any]) -> Iterator[tuple[str, bytes]]:
    """Roster files to refuse; `good` is a valid roster (the sample's) to spoil."""
    good = {**good, "name": "Hostile"}
    yield f"{big_mb} MB of JSON", b'{"name": "' + b"x" * (big_mb * 1024 * 1024) + b'"}'
    yield f"{big_mb} MB of spaces then JSON", b" " * (big_mb * 1024 * 1024) + b"{}"
    # just under the import size limit, so the parser and the checks do run on it
    yield "4 MB of notes", json.dumps({**good, "notes": "n" * (4 * 1024 * 1024)}).encode()
    yield "4 MB of fighters", json.dumps({**good, "fighters": good["fighters"] * 6_000}).encode()
    yield from [
        ("deeply nested lists", b"[" * 200_000 + b"]" * 200_000),
        ("deeply nested objects", b'{"a":' * 100_000 + b"1" + b"}" * 100_000),
        ("a list", b"[1, 2, 3]"),
        ("wrong types", json.dumps({"name": 5, "system": ["1ss"], "fighters": "many"}).encode()),
        ("unknown keys", json.dumps({**good, "__class__": "os.system", "eval": "1+1"}).encode()),
        (
            "a fighter with unknown keys",
            json.dumps({**good, "fighters": [{**good["fighters"][0], "exec": "x"}]}).encode(),
        ),
        (
            "huge numbers",
            json.dumps(
                {**good, "fighters": [{**good["fighters"][0], "stats": {"stat": 10**4000}}]}
            ).encode(),
        ),
        (
            "a huge integer literal",
            b'{"name": "H", "system": "1ss", "fighters": [{"stats": '
            b'{"stat": ' + b"9" * 100_000 + b"}}]}",
        ),
        ("a pickle", b"\x80\x04\x95\x1a\x00\x00\x00\x00\x00\x00\x00\x8c\x05posix\x94."),
        ("YAML with an object tag", b"!!python/object/apply:os.system ['echo pwned']\n"),
        ("a Python expression", b"__import__('os').system('echo pwned')"),
        ("10,000 fighters", json.dumps({**good, "fighters": good["fighters"] * 10_000}).encode()),
        ("NaN and Infinity", b'{"name": NaN, "system": Infinity, "fighters": []}'),
        ("a very long name", json.dumps({**good, "name": "n" * 100_000}).encode()),
        ("control characters", json.dumps({**good, "name": "a\u0000b\u001b[31m"}).encode()),
    ]


def f5_hostile(big_mb: int, max_seconds: float = 5.0, max_mib: float = 100.0) -> Report:
    """Each hostile file imported by a real process, timed, its peak memory measured."""
    rep = Report("F5", "hostile roster files")
    home = Path(tempfile.mkdtemp(prefix="companion-f5-"))
    slowest, peak = 0.0, 0
    try:
        cli(home, "demo")
        cli(home, "roster", "export", "Robyn", str(home / "good.json"))
        good = json.loads((home / "good.json").read_text())
        for label, data in hostile_files(big_mb, good):
            f = home / "hostile.json"
            f.write_bytes(data)
            del data
            snap = files_of(home)
            rep.cases += 1
            code, out, err, took, kib = measured(home, ["roster", "import", str(f)])
            slowest = max(slowest, took)
            peak = max(peak, kib or 0)
            c = Call(code, out, err)
            where = f"roster import of {label}"
            if code == 0:
                rep.fail(f"{where}: accepted")
                restore(home, snap)
                continue
            bad = one_clear_line(c)
            if bad:
                rep.fail(f"{where}: {bad}")
            elif str(f) not in err:
                rep.fail(f"{where}: the message does not name the file: {err.strip()}")
            if "pwned" in out + err:
                rep.fail(f"{where}: something was evaluated")
            if took > max_seconds:
                rep.fail(f"{where}: took {took:.1f} s")
            if kib and kib / 1024 > max_mib:
                rep.fail(f"{where}: peak memory {kib / 1024:.0f} MiB")
            if files_of(home) != snap:
                rep.fail(f"{where}: refused but changed the files")
            restore(home, snap)
        rep.figures = {
            "slowest": f"{slowest * 1000:.0f} ms",
            "peak memory": f"{peak / 1024:.0f} MiB" if peak else "not measured here",
        }
    finally:
        shutil.rmtree(home, ignore_errors=True)
    return rep


RUNS: dict[str, tuple[Callable[[], Report], Callable[[], Report]]] = {
    "F1": (lambda: f1_crash(8, events=200), lambda: f1_crash(300, events=5000)),
    "F2": (lambda: f2_concurrency(30, events=200), lambda: f2_concurrency(200, events=5000)),
    "F3": (lambda: f3_fuzz(300), lambda: f3_fuzz(5000, sweep_values=len(HOSTILE))),
    "F4": (lambda: f4_corruption(False), lambda: f4_corruption(True)),
    "F5": (lambda: f5_hostile(8), lambda: f5_hostile(50)),
    "F6": (lambda: f6_kill_every_step(), lambda: f6_kill_every_step()),
    "F7": (lambda: f7_store_damage(False), lambda: f7_store_damage(True)),
}


def main(argv: list[str] | None = None, runs: dict[str, Any] | None = None) -> int:
    """Run `runs` (these, or with more: bench/faults_bytes.py adds F8-F12)."""
    runs = runs or RUNS
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--full", action="store_true", help="the full runs (minutes)")
    ap.add_argument("--only", choices=sorted(runs), action="append", help="run only these")
    ap.add_argument(
        "--readme", action="store_true", help="write the figures into README.md's table"
    )
    args = ap.parse_args(argv)
    failed = False
    reports = []
    for key in args.only or sorted(runs):
        t = time.perf_counter()
        rep = runs[key][1 if args.full else 0]()
        took = time.perf_counter() - t
        print(f"{rep.line()} [{took:.0f} s]", flush=True)
        for f in rep.failures[:10]:
            print(f"    {f[:300]}")
        failed |= not rep.ok
        reports.append((rep, took))
    if args.readme:
        readme = Path(__file__).resolve().parent.parent / "README.md"
        readme.write_text(with_table(readme.read_text(), reports, args.full))
    return 1 if failed else 0


TABLE_BEGIN = "<!-- fault table: written by bench/faults.py --readme -->"
TABLE_END = "<!-- end of fault table -->"


def with_table(text: str, reports: list[tuple[Report, float]], full: bool) -> str:
    """`text` (the README) with these runs' rows written into the table between the
    markers; rows of runs not run this time are kept as they were."""
    start, end = text.find(TABLE_BEGIN), text.find(TABLE_END)
    if start < 0 or end < 0:
        raise SystemExit("README.md has no fault table markers")
    rows = {
        line.split("|")[1].strip(): line
        for line in text[start:end].splitlines()
        if line.startswith("| F")
    }
    when = time.strftime("%Y-%m-%d %H:%M", time.gmtime())
    size = "full" if full else "quick"
    for rep, took in reports:
        figs = "; ".join(f"{k} {v}" for k, v in rep.figures.items())
        rows[rep.id] = (
            f"| {rep.id} | {rep.what} | {rep.cases:,} | {rep.held:,} | {rep.failed:,} | {figs} "
            f"| {took:.0f} s | {size}, {when} UTC |"
        )
    head = [
        "| run | what | tried | held | failed | figures | took | run |",
        "|---|---|---|---|---|---|---|---|",
    ]
    order = sorted(rows, key=lambda k: int(k[1:]) if k[1:].isdigit() else 0)  # F2 before F10
    table = "\n".join([TABLE_BEGIN, *head, *(rows[k] for k in order), TABLE_END])
    return text[:start] + table + text[end + len(TABLE_END) :]


if __name__ == "__main__":
    sys.exit(main())
