"""Benchmarks of what a player waits for at the table, run against the installed package.

    python bench/run.py            # 15 interleaved rounds, a table of figures
    python bench/run.py --runs 31 --json

Each run builds a wheel of this checkout and installs it into two fresh environments: as
pip installs it (bytecode compiled at install time) and with companion's own modules
left uncompiled (compiled at every start, as where no bytecode may be written; its
dependencies are the compiled ones). Every game is built by the installed code that is
timed on it, every command runs as a user runs it (the `companion` script), and before
timing each command runs once with its imports recorded: a command that fell off its
quick path (loaded Typer or Rich, or the rules and the database for a stored board)
stops the run with an error instead of being timed. `status` and `turn` are also timed
as at a colour terminal, where they print Rich's colour codes, still without Rich.

    python bench/run.py --readme   # and write the figures into README.md's table

Start-up dominates a command-line companion, so each command is compared with the
interpreter alone (`python -c pass`, the same interpreter), run right before it: absolute
times drift on shared machines, ratios of runs side by side much less. Every figure is
the median over interleaved rounds (of those paired ratios, for the ratios). The exit
status is 1 if any figure is over its limit.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import (  # noqa: E402
    Install,
    build_wheel,
    copy_home,
    install,
    median,
    timed,
)

SMALL, LARGE = 10, 5000  # events in the short and the long game
RECORD = 1000  # finished games in the record `history` reads


@dataclass
class Figure:
    id: str
    what: str
    value: float | None = None  # the ratio or time the limit applies to
    unit: str = "x floor"
    limit: float | None = None
    detail: str = ""
    missing: str | None = None
    name: str = ""  # the command, for the README's table
    variant: str = ""  # "compiled" or "plain" for start-up figures

    @property
    def ok(self) -> bool | None:
        if self.value is None or self.limit is None:
            return None
        return self.value <= self.limit

    def line(self) -> str:
        if self.missing:
            return f"{self.id:<3} {self.what}: not measured: {self.missing}"
        verdict = {True: "ok", False: "OVER", None: ""}[self.ok]
        lim = f" (limit {self.limit:g})" if self.limit is not None else ""
        return (
            f"{self.id:<3} {self.what}: {self.value:.2f} {self.unit}{lim} {verdict}"
            f"{'  ' + self.detail if self.detail else ''}"
        )


# -- processes ---------------------------------------------------------------------------

# Modules whose presence means a command did not take its quick path: Typer (the full
# command), Rich (a table command's lines and board are printed without it where they fit
# the 120 columns the benchmark gives), and for `status` the rules and the database.
NO_TYPER = ("typer", "rich")
STORED_BOARD = ("typer", "rich", "tinydb", "companion.systems", "companion.game.repo")
# A terminal with colours (what a player at the table has), as Rich detects one.
TERMINAL = {"FORCE_COLOR": "1", "NO_COLOR": ""}


@dataclass
class Proc:
    """One command of one install, timed in every round; `prepare` restores its home
    first (untimed). `forbid` lists modules its quick path must not load."""

    key: str
    args: list[str]
    home: Path
    inst: Install | None  # None: the interpreter alone
    prepare: Callable[[], None] | None = None
    forbid: tuple[str, ...] = NO_TYPER
    env: dict[str, str] = field(default_factory=dict)  # more environment for this command
    times: list[float] = field(default_factory=list)
    ratios: list[float] = field(default_factory=list)  # each time over its paired floor
    peak_mib: float | None = None

    def cmd(self, floor: str) -> list[str]:
        return [floor, "-c", "pass"] if self.inst is None else [self.inst.script, *self.args]


_PROBE = """
import atexit, json, os, sys
def _out():
    peak = None
    try:
        with open('/proc/self/status') as fh:
            peak = next(int(l.split()[1]) for l in fh if l.startswith('VmHWM:'))
    except OSError:
        pass
    with open(os.environ['BENCH_PROBE_OUT'], 'w') as out:
        json.dump({'modules': sorted(sys.modules), 'peak_kib': peak}, out)
atexit.register(_out)
sys.argv = ['companion', *sys.argv[1:]]
from companion.cli.main import main
main()
"""


def probe(p: Proc) -> None:
    """Run the command once with its imports and peak memory recorded; refuse to time a
    command that failed or fell off its quick path."""
    import subprocess

    assert p.inst is not None
    if p.args[-1:] == ["--help"]:
        p.inst.run(p.home, *p.args)  # the first help is Typer's, and is kept
    if p.prepare:
        p.prepare()
    with tempfile.NamedTemporaryFile("r", suffix=".json") as fh:
        r = subprocess.run(
            [p.inst.python, "-c", _PROBE, *p.args],
            # Not the checkout's folder: `python -c` would import the repository's copy.
            cwd=p.home,
            env=p.inst.env(p.home, BENCH_PROBE_OUT=fh.name, **p.env),
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
        )
        seen = json.loads(Path(fh.name).read_text() or "{}")
    if r.returncode != 0:
        raise RuntimeError(f"{p.key}: companion {' '.join(p.args)} failed: {r.stderr.strip()}")
    loaded = [m for m in p.forbid if any(x == m or x.startswith(m + ".") for x in seen["modules"])]
    if loaded:
        raise RuntimeError(
            f"{p.key}: `companion {' '.join(p.args)}` fell off its quick path (it loaded "
            f"{', '.join(loaded)}); timing it would measure the slow path"
        )
    if seen.get("peak_kib"):
        p.peak_mib = seen["peak_kib"] / 1024


def interleaved(procs: list[Proc], rounds: int, floor: str, floor_proc: Proc) -> None:
    """Every command once a round, in an order that turns each round, each right after a
    run of the interpreter alone: its time over that run's is its ratio for the round.
    On a shared machine the load comes and goes within a round; a pair a few
    milliseconds apart sees the same load, so the median of the pairs' ratios holds
    still where a ratio of the medians would not."""
    for r in range(rounds):
        order = procs[r % len(procs) :] + procs[: r % len(procs)]
        for p in order:
            if p.prepare:
                p.prepare()
            env = None if p.inst is None else p.inst.env(p.home, **p.env)
            base, _, _ = timed(floor_proc.cmd(floor))
            t, _, code = timed(p.cmd(floor), env, None if p.inst is None else p.home)
            if code != 0:
                raise RuntimeError(f"{' '.join(p.args)} exited {code} in round {r}")
            floor_proc.times.append(base)
            p.times.append(t)
            p.ratios.append(t / base)


# -- the games ---------------------------------------------------------------------------


def game_in_play(inst: Install, home: Path) -> dict[str, Any]:
    """The sample game with turn 1 started; the board (its next side is to activate)."""
    inst.run(home, "demo")
    inst.run(home, "turn", "--seed", "3")
    board: dict[str, Any] = json.loads(inst.run(home, "status", "--json").stdout)
    return board


def _names(board: dict[str, Any]) -> tuple[str, str]:
    """The first fighter of the side to activate, and the first of the other side."""
    side = board["next_side"] if board["next_side"] is not None else 0
    return board["sides"][side]["fighters"][0]["name"], board["sides"][1 - side]["fighters"][0][
        "name"
    ]


def _look_up(board: dict[str, Any], attack: list[str]) -> list[str]:
    """`odds` of the attack without a game: ROSTER:FIGHTER for both (sides play their
    roster of the same name)."""
    actor, target, *facts = attack[:-2]
    roster = {f["name"]: s["name"] for s in board["sides"] for f in s["fighters"]}
    return ["odds", "-s", "1ss", f"{roster[actor]}:{actor}", f"{roster[target]}:{target}", *facts]


def _restore(tpl: Path, home: Path) -> Callable[[], None]:
    return lambda: copy_home(tpl, home)


def _attack(inst: Install, home: Path, actor: str, target: str) -> list[str]:
    """An attack the rules allow here, with the dice it rolls typed (found by rolling it
    digitally once on a copy), so every round resolves the same attack."""
    probe_home = home.with_name(home.name + "-probe")
    for extra in ([], ["--range", "7"]):
        copy_home(home, probe_home)
        import subprocess

        r = subprocess.run(
            [inst.script, "attack", actor, target, *extra, "--seed", "5", "--json"],
            env=inst.env(probe_home),
            capture_output=True,
            text=True,
        )
        if r.returncode == 0:
            # The probe parsed the rules files an attack reads (the solo actions, the
            # topics); a player's cache has them after the first attack, so the timed
            # homes start with them too rather than time a first-ever parse each round.
            import shutil

            shutil.copytree(probe_home / "cache", home / "cache", dirs_exist_ok=True)
            dice = json.loads(r.stdout)["event"]["data"].get("dice", [])
            return [actor, target, *extra, "--dice", ",".join(str(d) for d in dice)]
    raise RuntimeError(f"no attack of {actor} on {target} is allowed: {r.stderr.strip()}")


def startup_procs(inst: Install, base: Path) -> list[Proc]:
    """The everyday commands on the sample game, each on a home of its own."""
    tag = "compiled" if inst.compiled else "plain"
    root = base / tag
    turned = root / "turned"
    board = game_in_play(inst, turned)
    actor, target = _names(board)
    active = root / "active"
    copy_home(turned, active)
    inst.run(active, "activate", actor)
    attack = _attack(inst, active, actor, target)

    def own(name: str, tpl: Path) -> tuple[Path, Callable[[], None]]:
        home = root / name
        copy_home(tpl, home)
        return home, _restore(tpl, home)

    procs = [
        Proc(f"{tag}:--version", ["--version"], active, inst, forbid=("typer", "rich")),
        Proc(f"{tag}:status --json", ["status", "--json"], active, inst, forbid=STORED_BOARD),
        Proc(f"{tag}:status", ["status"], active, inst, forbid=STORED_BOARD),
        # As at a terminal, colours on: the board with Rich's colour codes, still without Rich.
        Proc(
            f"{tag}:status at a terminal",
            ["status"],
            active,
            inst,
            forbid=STORED_BOARD,
            env=TERMINAL,
        ),
        Proc(f"{tag}:--help", ["--help"], active, inst),
        Proc(f"{tag}:roll", ["roll", "2d6", "--seed", "1"], active, inst),
        Proc(f"{tag}:odds", ["odds", *attack[:-2]], active, inst),
        # The same odds looked up without the game, the fighters named from their rosters.
        Proc(f"{tag}:odds without a game", _look_up(board, attack), active, inst),
        Proc(f"{tag}:log --last", ["log", "--last", "10"], active, inst),
        # The battle report of a short game, as Markdown: Typer must stay off its path.
        Proc(f"{tag}:report", ["report"], active, inst),
    ]
    for key, args, tpl, env in (
        ("attack", ["attack", *attack, "--json"], active, {}),
        ("turn", ["turn", "--force", "--seed", "4"], turned, {}),
        ("turn at a terminal", ["turn", "--force", "--seed", "4"], turned, TERMINAL),
        ("activate", ["activate", actor], turned, {}),
        ("undo", ["undo"], active, {}),
    ):
        home, prepare = own(key.replace(" ", "-"), tpl)
        procs.append(Proc(f"{tag}:{key}", args, home, inst, prepare, env=env))
    return procs


def growth_procs(inst: Install, base: Path) -> tuple[list[Proc], dict[int, Path]]:
    """The commands whose cost must not grow with the game, on games of SMALL and LARGE
    events, and the full log and report of the LARGE one."""
    procs: list[Proc] = []
    games: dict[int, Path] = {}
    start = base / "grow-start"
    board = game_in_play(inst, start)
    actor, _ = _names(board)
    inst.run(start, "activate", actor)
    for n in (SMALL, LARGE):
        tpl = base / f"g{n}"
        copy_home(start, tpl)
        inst.inside("grow", str(tpl), str(n))
        games[n] = tpl
        undone = base / f"g{n}-undone"
        copy_home(tpl, undone)
        inst.run(undone, "undo")
        for key, args, source, forbid in (
            ("status --json", ["status", "--json"], tpl, STORED_BOARD),
            ("status", ["status"], tpl, STORED_BOARD),
            ("log --last 10", ["log", "--last", "10"], tpl, NO_TYPER),
            ("vp (a write)", ["vp", "1", "+1", "--json"], tpl, NO_TYPER),
            ("undo", ["undo"], tpl, NO_TYPER),
            ("redo", ["redo"], undone, NO_TYPER),
            ("game list", ["game", "list"], tpl, NO_TYPER),
            ("game show", ["game", "show"], tpl, NO_TYPER),
        ):
            home = base / f"g{n}-{key.split()[0]}-{len(procs)}"
            copy_home(source, home)
            writes = key.split()[0] in ("vp", "undo", "redo")
            procs.append(
                Proc(
                    f"{n}:{key}",
                    args,
                    home,
                    inst,
                    _restore(source, home) if writes else None,
                    forbid,
                )
            )
    big = games[LARGE]
    out = base / "report.html"
    procs.append(Proc(f"{LARGE}:log", ["log"], big, inst))
    procs.append(Proc(f"{LARGE}:log --json", ["log", "--json"], big, inst))
    procs.append(
        Proc(
            f"{LARGE}:report", ["report", "--format", "html", "-o", str(out)], big, inst, forbid=()
        )
    )
    return procs, games


def history_procs(inst: Install, base: Path) -> list[Proc]:
    """`history` over a record of RECORD finished games, its kept summaries up to date (as
    after any earlier call): each game is the sample game played a turn and ended, under a
    name of its own."""
    home = base / "record"
    inst.run(home, "demo")
    inst.run(home, "turn", "--seed", "1")
    inst.run(home, "vp", "1", "+1")
    inst.run(home, "game", "end", "--result", "Robyn's merry men win on points")
    games = home / "games"
    source = json.loads((games / "sample.json").read_text())
    for i in range(1, RECORD):
        name = f"game-{i:04d}"
        source["game"]["1"]["name"] = name
        (games / f"{name}.json").write_text(json.dumps(source))
        shutil.copytree(games / "sample.events", games / f"{name}.events")
    inst.run(home, "history")  # the summaries kept once, as a player's first call keeps them
    return [
        Proc(f"{RECORD}:history", ["history"], home, inst),
        Proc(f"{RECORD}:history --by roster", ["history", "--by", "roster"], home, inst),
    ]


def history_figures(procs: list[Proc]) -> list[Figure]:
    """Each `history` over the record, over the interpreter alone: the list and the
    standings (which read every game's fighters too) both held to the report's limit."""
    return [
        Figure(
            "R",
            f"{p.key.split(':', 1)[1]} over {RECORD:,} finished games",
            median(p.ratios),
            limit=8,
            detail=f"{median(p.times) * 1000:.1f} ms",
            name=p.args[0],
        )
        for p in procs
    ]


# -- every command -----------------------------------------------------------------------

# What is not used at the table during a game nor to look something up: setting up and
# caring for rosters, games and profiles. These are timed and shown without a limit;
# every other command (a new one too, until it is listed here) is held to the table's.
SETTING_UP = frozenset(
    ("demo", "info")
    + tuple(f"roster {c}" for c in ("new", "add", "edit", "remove", "repair", "delete"))
    + tuple(f"roster {c}" for c in ("restore", "check", "export", "import", "add-unit", "option"))
    + tuple(f"game {c}" for c in ("new", "repair", "use", "end", "delete", "restore"))
    + ("solo new", "solo profile new", "solo profile delete")
    + ("roster rename", "game export", "game import")
)
REPORT = frozenset(("report", "history"))
# Commands that run at a terminal only, and the figure that times them instead.
# Commands not timed as a whole process, and what stands for them: play needs a terminal,
# and serve runs until it is stopped (its viewers are timed by bench/serve.py).
AT_A_TERMINAL = {
    "play": "needs a terminal; timed as one step of companion play, in process (G)",
    "serve": "a server that runs until stopped; its fifty viewers are timed by bench/serve.py",
}
# Commands declared for the quick path (`companion.cli.quick`): timed only if they keep to
# it, without Typer or Rich.
QUICK_PATH = frozenset(
    ("status", "turn", "activate", "done", "set", "vp", "initiative", "undo", "redo", "log")
    + ("attack", "odds", "recover", "fall", "skill", "act", "systems", "roll", "units")
    + ("rules show", "rules search", "rules sheet", "rules rulings", "rules")
    + ("roster show", "roster list", "game list", "game show", "solo odds")
)


# Look-ups besides the examples: any system, and a question with a typo in it.
LOOK_UPS = (
    ("rules search, a typo, every system", ["rules", "search", "sheild"]),
    ("rules show, a typo", ["rules", "show", "warstuff", "moral"]),
    ("rules show, another system", ["rules", "smbfat", "leader"]),
)


def examples_as_tested() -> tuple[Any, Any, Any]:
    """The help examples, read as the test that runs them reads them (the tests' helpers,
    and the test itself in tests/cli): the sample warband, the names the examples use and
    the examples of each command."""
    tests = Path(__file__).resolve().parent.parent / "tests"
    sys.path[:0] = [str(tests), str(tests / "cli")]
    from solo_helpers import WARBAND
    from test_docs_examples import CONTEXT, help_examples

    return WARBAND, CONTEXT, help_examples


def every_command(inst: Install, base: Path) -> tuple[list[Proc], list[str]]:
    """Each command `companion --help` lists, and each subcommand of its groups, run as its
    own help's example shows (on the sample game and the solo warband of the examples,
    after the example's earlier lines), and each group's and top-level command's --help;
    the commands that need a terminal, by name."""
    import shlex

    WARBAND, CONTEXT, help_examples = examples_as_tested()

    root = base / "every"
    start = root / "start"
    inst.run(start, "demo")
    (start / "outlaws.json").write_text(json.dumps(WARBAND))
    inst.run(start, "roster", "import", str(start / "outlaws.json"))
    found = help_examples()
    paths = [path for path, _ in found]
    groups = {path[:-1] for path in paths if path}
    procs: list[Proc] = []
    at_terminal: list[str] = []
    for path, lines in found:
        key = " ".join(path)
        slug = "-".join(path) or "root"
        if len(path) == 1 or path in groups:
            help_home = root / f"help-{slug}"
            copy_home(start, help_home)
            procs.append(Proc(f"help:{key}", [*path, "--help"], help_home, inst))
        if not path or path in groups:
            continue
        if key in AT_A_TERMINAL:
            at_terminal.append(key)
            continue
        home, tpl = root / slug, root / f"{slug}-before"
        copy_home(start, home)
        for line in [*CONTEXT.get(path, []), *lines[:-1]]:
            inst.run(home, *shlex.split(line)[1:], cwd=home)
        args = shlex.split(lines[-1])[1:]
        # Once on a copy: what it prepares in the cache folder (the look-up's topics) a
        # player has after the first time, so the rounds start with it.
        scratch = root / f"{slug}-once"
        copy_home(home, scratch)
        inst.run(scratch, *args, cwd=scratch)
        if (scratch / "cache").is_dir():
            shutil.copytree(scratch / "cache", home / "cache", dirs_exist_ok=True)
        copy_home(home, tpl)
        forbid = NO_TYPER if key in QUICK_PATH else ()
        procs.append(Proc(f"every:{key}", args, home, inst, _restore(tpl, home), forbid))
    for key, args in LOOK_UPS:
        home = root / key.replace(" ", "-").replace(",", "")
        copy_home(start, home)
        inst.run(home, *args)  # the first look-up prepares the topics, as a player's did
        procs.append(Proc(f"every:{key}", args, home, inst))
    return procs, at_terminal


def every_figures(procs: list[Proc], at_terminal: list[str]) -> list[Figure]:
    out: list[Figure] = []
    for p in procs:
        kind, key = p.key.split(":", 1)
        ms = f"{median(p.times) * 1000:.1f} ms"
        if kind == "help":
            what = f"{key} --help" if key else "--help"
            out.append(Figure("H", what, median(p.ratios), limit=6, detail=ms, name=what))
            continue
        limit = None if key in SETTING_UP else 8 if key in REPORT else 6
        out.append(Figure("E", key, median(p.ratios), limit=limit, detail=ms, name=key))
    for key in at_terminal:
        out.append(Figure("E", key, missing=AT_A_TERMINAL[key]))
    return out


# -- the figures -------------------------------------------------------------------------


def process_figures(compiled: Install, plain: Install, base: Path, rounds: int) -> list[Figure]:
    procs = startup_procs(compiled, base) + startup_procs(plain, base)
    grow, games = growth_procs(compiled, base)
    procs += grow
    every, at_terminal = every_command(compiled, base)
    procs += every
    record = history_procs(compiled, base)
    procs += record
    for p in procs:
        probe(p)
    floor_proc = Proc("floor", [], base, None)
    interleaved(procs, rounds, compiled.python, floor_proc)
    floor = median(floor_proc.times)
    by = {p.key: median(p.times) for p in procs}
    ratio = {p.key: median(p.ratios) for p in procs}

    def ms(s: float) -> str:
        return f"{s * 1000:.1f} ms"

    out: list[Figure] = []
    quick = {"--version": 3, "status --json": 3}
    table = ("status", "status at a terminal", "attack", "odds", "odds without a game")
    table += ("turn", "turn at a terminal")
    table += ("activate", "undo", "log --last", "roll")
    for tag, inst, table_limit in (("compiled", compiled, 6), ("plain", plain, 9)):
        label = "bytecode compiled" if inst.compiled else "companion uncompiled"
        # A short game's report: 8x compiled, and half as much again uncompiled, as the
        # table commands have (6x and 9x).
        report_limit = table_limit * 8 / 6
        for name in (*quick, *table, "report", "--help"):
            limit = quick.get(name, {"--help": 10, "report": report_limit}.get(name, table_limit))
            key = f"{tag}:{name}"
            what = f"{name} ({label})" + (", kept help" if name == "--help" else "")
            out.append(
                Figure(
                    "S", what, ratio[key], limit=limit, detail=ms(by[key]), name=name, variant=tag
                )
            )
    grown = ("status --json", "status", "vp (a write)", "undo", "redo", "log --last 10")
    for name in (*grown, "game list", "game show"):
        small, large = by[f"{SMALL}:{name}"], by[f"{LARGE}:{name}"]
        # Each length's time over its paired floor, then the one over the other.
        grows = ratio[f"{LARGE}:{name}"] / ratio[f"{SMALL}:{name}"]
        out.append(
            Figure(
                "G",
                f"{name}: {LARGE:,} events vs {SMALL}",
                grows,
                "x",
                limit=1.3,
                detail=f"{ms(large)} vs {ms(small)}",
                name=name,
            )
        )
    # Peak memory of `play` at each length, a process each; the time of a step on both
    # lengths by turns in one process.
    steps = {
        n: compiled.inside("play", str(_copy(games[n], base / f"play{n}")), "3")
        for n in (SMALL, LARGE)
    }
    pair = compiled.inside(
        "play-pair",
        str(_copy(games[SMALL], base / f"pair{SMALL}")),
        str(_copy(games[LARGE], base / f"pair{LARGE}")),
        str(rounds),
    )
    if "missing" in pair:
        out.append(Figure("G", "one step of companion play", missing=pair["missing"]))
    else:
        small, large = pair["small"], pair["large"]
        out.append(
            Figure(
                "G",
                f"one step of companion play (attack or undo): {LARGE:,} events vs {SMALL}",
                large / small,
                "x",
                limit=1.3,
                detail=f"{ms(large)} vs {ms(small)}",
            )
        )
    # The limit is on what a player reads; `log --json` (for scripts, written with Python's
    # indenting encoder) is shown for its time and counted in the memory figure.
    for key, what, limit in (
        ("log", "log", 0.5),
        ("report", "report --format html", 0.3),
        ("log --json", "log --json", None),
    ):
        t = by[f"{LARGE}:{key}"]
        out.append(Figure("F", f"{what} of {LARGE:,} events", t, "s", limit=limit, name=what))
    commands = [(p.peak_mib, p.key) for p in procs if p.peak_mib is not None]
    plays = [(s["peak_mib"], f"{n:,} events") for n, s in steps.items() if s.get("peak_mib")]
    for mems, what in ((commands, "any command"), (plays, "play (the session and its steps)")):
        if mems:
            peak, key = max(mems)
            out.append(
                Figure(
                    "M", f"peak memory of {what}", peak, "MiB", limit=45, detail=f"largest: {key}"
                )
            )
    out += every_figures(every, at_terminal)
    out += history_figures(record)
    out.append(
        Figure("-", "the interpreter alone (python -c pass)", floor * 1000, "ms", name="floor")
    )
    return out


def _copy(src: Path, dst: Path) -> Path:
    copy_home(src, dst)
    return dst


def core_figures(inst: Install, runs: int) -> list[Figure]:
    res = inst.inside("core", str(runs))
    out = []
    for key, what, limit in (
        ("attack", "1ss attack resolution with its trace", 0.5),
        ("odds-1ss", "exact odds of the largest 1ss attack", 20),
        ("odds-warstuff", "exact odds of the largest WarStuff attack", 20),
        ("forecast", "solo spawn forecast", 200),
    ):
        r = res[key]
        if "missing" in r:
            out.append(Figure("C", what, missing=r["missing"]))
        else:
            out.append(Figure("C", what, r["seconds"] * 1000, "ms", limit=limit, detail=r["what"]))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=15, help="interleaved rounds (default 15)")
    ap.add_argument("--json", action="store_true", help="print the figures as JSON")
    ap.add_argument("--keep", action="store_true", help="keep the environments and games")
    ap.add_argument(
        "--readme", action="store_true", help="write the figures into README.md's table"
    )
    ap.add_argument(
        "--history",
        action="store_true",
        help=f"time only `history` over {RECORD:,} finished games (no README table)",
    )
    args = ap.parse_args(argv)
    if args.history:
        return history_only(args.runs)
    base = Path(tempfile.mkdtemp(prefix="companion-bench-"))
    t0 = time.perf_counter()
    try:
        wheel = build_wheel(base / "wheel")
        compiled = install(wheel, base / "env-compiled")
        plain = install(wheel, base / "env-plain", deps=compiled)
        figures = process_figures(compiled, plain, base / "homes", args.runs)
        figures += core_figures(compiled, args.runs)
    finally:
        if not args.keep:
            shutil.rmtree(base, ignore_errors=True)
    if args.json:
        print(json.dumps([{**f.__dict__, "ok": f.ok} for f in figures], indent=2))
    else:
        print(
            f"companion benchmarks, {time.strftime('%Y-%m-%d', time.gmtime())}: "
            f"{args.runs} interleaved rounds, {machine()}; installed from a wheel "
            f"({time.perf_counter() - t0:.0f} s)"
        )
        for f in figures:
            print(f.line())
    if args.readme:
        readme = Path(__file__).resolve().parent.parent / "README.md"
        readme.write_text(with_table(readme.read_text(), figures, args.runs))
    return 1 if any(f.ok is False for f in figures) else 0


def history_only(rounds: int) -> int:
    """The record's figures alone, printed."""
    base = Path(tempfile.mkdtemp(prefix="companion-bench-"))
    try:
        compiled = install(build_wheel(base / "wheel"), base / "env-compiled")
        procs = history_procs(compiled, base / "homes")
        for p in procs:
            probe(p)
        floor_proc = Proc("floor", [], base, None)
        interleaved(procs, rounds, compiled.python, floor_proc)
    finally:
        shutil.rmtree(base, ignore_errors=True)
    figures = history_figures(procs)
    print(f"companion history benchmark: {rounds} interleaved rounds, {machine()}")
    for f in figures:
        print(f.line())
    print(f"    the interpreter alone: {median(floor_proc.times) * 1000:.1f} ms")
    return 1 if any(f.ok is False for f in figures) else 0


def machine() -> str:
    """The interpreter and the machine, and how busy it was (the load average)."""
    import os
    import platform

    load = ""
    if hasattr(os, "getloadavg"):
        load = f", load average {os.getloadavg()[0]:.1f}"
    return f"Python {platform.python_version()}, {platform.machine()}, {os.cpu_count()} cores{load}"


TABLE_BEGIN = "<!-- performance table: written by bench/run.py --readme -->"
TABLE_END = "<!-- end of performance table -->"

# The start-up rows of the README's table, in order, with what each command does.
STARTUP_ROWS = (
    ("--version", "`--version`"),
    ("status --json", "`status --json` (the stored board)"),
    ("status", "`status` (the board, drawn as Rich draws it)"),
    ("status at a terminal", "`status` at a terminal (the board in colour)"),
    ("attack", "`attack ... --dice ... --json` (a write)"),
    ("odds", "`odds` (an attack's odds, a trace)"),
    ("odds without a game", "`odds --system 1ss ROSTER:A ROSTER:B` (the same, looked up)"),
    ("turn", "`turn` (a write, and its initiative trace)"),
    ("turn at a terminal", "`turn` at a terminal (the trace in colour)"),
    ("activate", "`activate` (a write)"),
    ("undo", "`undo`"),
    ("log --last", "`log --last 10`"),
    ("roll", "`roll 2d6`"),
    ("report", "`report` (a short game's battle report)"),
    ("--help", "`--help` (the kept help)"),
)


def _shown(f: Figure, with_detail: bool = False) -> str:
    if f.missing or f.value is None:
        return f"not measured ({f.missing})" if f.missing and with_detail else "not measured"
    unit = {"x floor": "x", "x": "x", "s": " s", "ms": " ms", "MiB": " MiB"}[f.unit]
    text = f"{f.value:.2f}{unit}"
    if f.ok is False:
        text = f"**{text}**"
    return f"{text} ({f.detail})" if with_detail and f.detail else text


def table_rows(figures: list[Figure]) -> list[str]:
    """The README's table: start-up ratios side by side, then the rest."""
    rows = ["| | what | limit | compiled | uncompiled |", "|---|---|---|---|---|"]
    startup = {(f.name, f.variant): f for f in figures if f.id == "S"}
    for name, what in STARTUP_ROWS:
        c, u = startup.get((name, "compiled")), startup.get((name, "plain"))
        if c is None or u is None:
            continue
        limit = f"{c.limit:g}x" if c.limit == u.limit else f"{c.limit:g}x / {u.limit:g}x"
        rows.append(f"| S | {what} | {limit} | {_shown(c, True)} | {_shown(u)} |")
    for f in figures:
        if f.id in ("S", "-"):
            continue
        unit = "x" if f.unit in ("x", "x floor") else " " + f.unit
        limit = "" if f.limit is None else f"{f.limit:g}{unit}"
        what = f.what.replace(" (bytecode compiled)", "")
        if f.id in ("E", "H"):  # a command line
            what = f"`{what}`"
        rows.append(f"| {f.id} | {what} | {limit} | {_shown(f, True)} | |")
    return rows


def with_table(text: str, figures: list[Figure], rounds: int) -> str:
    """`text` (the README) with this run's figures between the table markers."""
    start, end = text.find(TABLE_BEGIN), text.find(TABLE_END)
    if start < 0 or end < 0:
        raise SystemExit("README.md has no performance table markers")
    floor = next((f.value for f in figures if f.name == "floor"), None)
    when = time.strftime("%Y-%m-%d %H:%M", time.gmtime())
    head = (
        f"Latest run: {when} UTC, {machine()} (a shared machine, others' work running "
        f"beside it), {rounds} interleaved rounds"
        + (f"; the interpreter alone took {floor:.1f} ms." if floor else ".")
    )
    table = "\n".join([TABLE_BEGIN, head, "", *table_rows(figures), TABLE_END])
    return text[:start] + table + text[end + len(TABLE_END) :]


if __name__ == "__main__":
    sys.exit(main())
