"""Every byte checked (F8-F12): runs an attacker would try, each on the installed command.

    python bench/faults_bytes.py             # F1-F12: bench/faults.py's runs and these
    python bench/faults_bytes.py --only F8 --only F10 --readme

F8  bad names through every command that takes one: refused in one line, exit 2, nothing
    written.
F9  escape sequences and direction overrides in stored files: printed, never obeyed.
F10 damage to the first of several event files, and single-byte changes inside events:
    repair keeps exactly the events that replay from a whole snapshot.
F11 links and FIFOs in place of every cache and template file: never trusted, never
    waited on.
F12 kills followed by read-only commands: no temporary file outlives the next command.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import companion_cmd, env_for  # noqa: E402
from bench.faults import (  # noqa: E402
    _KILLER,
    MULTI_FILE,
    Call,
    Report,
    _events,
    cli,
    files_of,
    game_in_play,
    long_game,
    one_clear_line,
    restore,
    stray_temps,
)

BAD_NAMES = [
    ("a control character", "bad\x01name"),
    ("DEL", "bad\x7fname"),
    ("a C1 control", "bad\x85name"),
    ("a title escape", "\x1b]0;pwn\x07X"),
    ("a colour escape", "\x1b[31mred"),
    ("a right-to-left override", "Robyn\u202e"),
    ("an isolate", "a\u2066b"),
    ("100,000 characters", "n" * 100_000),
    ("only spaces", "   "),
]

# Each command that takes a name, with NAME where the name goes.
NAMED: list[list[str]] = [
    ["roster", "new", "NAME", "--system", "1ss"],
    ["roster", "add", "Robyn", "NAME", "-r", "rookie", "--stat", "3"],
    ["roster", "edit", "Robyn", "John", "--name", "NAME"],
    ["game", "new", "--system", "1ss", "--name", "NAME"],
    ["roster", "import", "FILE", "--name", "NAME"],
    [
        *["solo", "profile", "new", "NAME", "--rookie", "2", "--specialist", "4"],
        *["--boss", "6", "--specialization", "brawler", "--boss-skill", "command"],
    ],
    [
        *["solo", "profile", "new", "orcs", "--rookie", "2", "--specialist", "4"],
        *["--boss", "6", "--specialization", "brawler", "--boss-skill", "command"],
        *["--boss-name", "NAME"],
    ],
    ["set", "John", "--flag", "note=NAME"],
]


def _raw(text: str) -> bool:
    """Whether output holds what a terminal would act on."""
    return any(
        (ord(c) < 32 and c not in "\n\t") or 0x7F <= ord(c) < 0xA0 or c in "\u202e\u2066"
        for c in text
    )


def f8_names() -> Report:
    rep = Report("F8", "bad names through every command that takes one")
    home = Path(tempfile.mkdtemp(prefix="companion-f8-"))
    try:
        game_in_play(home)
        cli(home, "roster", "export", "Robyn", str(home / "robyn.json"))
        start = files_of(home)
        for args in NAMED:
            for label, bad in BAD_NAMES:
                restore(home, start)
                if args[0] == "set" and not bad.strip():
                    continue  # a flag's value is no name: an empty one clears the flag
                argv = [
                    a.replace("NAME", bad)
                    if "NAME" in a
                    else str(home / "robyn.json")
                    if a == "FILE"
                    else a
                    for a in args
                ]
                rep.cases += 1
                where = f"{' '.join(args)} with {label}"
                c = cli(home, *argv, check=False)
                if c.code != 2:
                    rep.fail(f"{where}: exit status {c.code}: {c.err.strip()[:200]}")
                    continue
                problem = one_clear_line(c)
                if problem:
                    rep.fail(f"{where}: {problem}")
                elif "control character" not in c.err and "characters" not in c.err:
                    rep.fail(f"{where}: refused for another reason: {c.err.strip()[:200]}")
                if _raw(c.err + c.out):
                    rep.fail(f"{where}: the refusal prints the name raw")
                if files_of(home) != start:
                    rep.fail(f"{where}: refused but changed the files")
        rep.figures = {"commands": len(NAMED), "names": len(BAD_NAMES)}
    finally:
        shutil.rmtree(home, ignore_errors=True)
    return rep


def f9_escapes() -> Report:
    """Names edited into the stored files by hand, then every reading command run."""
    rep = Report("F9", "escape sequences in stored files, printed")
    home = Path(tempfile.mkdtemp(prefix="companion-f9-"))
    readers = [
        ["status"],
        ["status", "--json"],
        ["log"],
        ["log", "--json"],
        ["game", "list"],
        ["game", "show"],
        ["report"],
    ]
    try:
        game_in_play(home)
        cli(home, "vp", "1", "+1")
        start = files_of(home)
        game = home / "games" / "sample.json"
        seg = home / "games" / "sample.events" / "000000.json"
        for label, bad in BAD_NAMES[:7]:
            restore(home, start)
            data = json.loads(game.read_text())
            doc = data["game"]["1"]
            for state in (doc["setup"], doc["snapshot"]["state"]):
                state["fighters"][0]["name"] = bad
                state["sides"][0]["name"] = bad
            game.write_text(json.dumps(data))
            events = json.loads(seg.read_text())
            for e in events["events"].values():
                e["summary"] = bad + e["summary"]
                e.pop("sum", None)
            seg.write_text(json.dumps(events))
            for args in readers:
                rep.cases += 1
                p = subprocess.run(
                    [*companion_cmd(), *args],
                    env=env_for(home),
                    stdin=subprocess.DEVNULL,
                    capture_output=True,
                    text=True,
                    timeout=60,
                )
                if _raw(p.stdout + p.stderr):
                    rep.fail(f"{' '.join(args)} with {label}: printed raw")
        rep.figures = {"names": 7, "commands": len(readers)}
    finally:
        shutil.rmtree(home, ignore_errors=True)
    return rep


def f10_event_damage() -> Report:
    rep = Report("F10", "damage to the first of several event files, bytes inside events")
    home = Path(tempfile.mkdtemp(prefix="companion-f10-"))
    try:
        game_in_play(home)
        long_game(home, 148 - 3)
        total = _events(home)
        assert isinstance(total, int)
        start = files_of(home)
        rel0 = "games/sample.events/000000.json"
        seg0 = home / rel0
        good = start[rel0]
        events = json.loads(good)["events"]
        later = total - 100  # the second file's events, replayable from its snapshot

        def ends(n: int) -> int:
            """How many of the first file's events are whole in its first n bytes."""
            whole = 0
            for key, ev in events.items():
                text = f'"{key}":'.encode() + json.dumps(ev, separators=(",", ":")).encode()
                if good.index(text) + len(text) <= n:
                    whole += 1
            return whole

        def fifo() -> None:
            seg0.unlink()
            os.mkfifo(seg0)

        def folder() -> None:
            seg0.unlink()
            seg0.mkdir()

        def zero() -> None:
            seg0.unlink()
            seg0.symlink_to("/dev/zero")

        half = len(good) // 2
        cases: list[tuple[str, Callable[[], None], int]] = [
            ("emptied", lambda: seg0.write_bytes(b""), later),
            ("random bytes", lambda: seg0.write_bytes(os.urandom(len(good))), later),
            ("a folder", folder, later),
            ("a FIFO", fifo, later),
            ("a link to /dev/zero", zero, later),
            ("removed", seg0.unlink, later),
            ("200 MB of zeros", lambda: os.truncate(seg0, 200 * 1024 * 1024), later),
            ("cut in the middle", lambda: seg0.write_bytes(good[:half]), ends(half) + later),
        ]
        # One byte changed inside one event's kind, summary and a value: found by the
        # checksum; the events before it are kept, and those from the next snapshot on.
        for n in (1, 51, 99):
            ev = f'"{n}":'.encode() + json.dumps(events[str(n)], separators=(",", ":")).encode()
            for part in (b'"kind":"', b'"summary":"', b'"value":'):
                if part in ev:
                    spot = ev.index(part) + len(part) + 1
                    spoilt = ev[:spot] + bytes([ev[spot] ^ 0x01]) + ev[spot + 1 :]
                    what = part.decode().strip(':"')

                    def flip(ev: bytes = ev, spoilt: bytes = spoilt) -> None:
                        seg0.write_bytes(good.replace(ev, spoilt, 1))

                    cases.append((f"one byte inside event {n}'s {what}", flip, n - 1 + later))
        for label, damage, expected in cases:
            restore(home, start)
            if seg0.is_dir() and not seg0.is_symlink():
                seg0.rmdir()
            rep.cases += 1
            damage()
            where = f"000000.json {label}"
            if label.startswith("one byte"):
                c = cli(home, "log", check=False)
                if c.code == 0:
                    rep.fail(f"{where}: log did not notice")
                elif "000000.json" not in c.err:
                    rep.fail(f"{where}: the refusal does not name the file: {c.err.strip()}")
            c = cli(home, "game", "repair", "sample", "--json", check=False)
            if c.code != 0:
                rep.fail(f"{where}: repair refused: {c.err.strip()[:300]}")
                continue
            done = json.loads(c.out)
            if done["kept"] != expected or done["kept"] + done["lost"] != total:
                rep.fail(
                    f"{where}: kept {done['kept']} and lost {done['lost']} of {total}, "
                    f"expected to keep {expected}"
                )
            if not any("lost" in n or "could not be kept" in n for n in done["notes"]):
                rep.fail(f"{where}: repair does not say which events are gone: {done['notes']}")
            if _events(home) != total:
                rep.fail(f"{where}: the log after repair has {_events(home)} events, not {total}")
            if cli(home, "vp", "1", "+1", check=False).code != 0 or _events(home) != total + 1:
                rep.fail(f"{where}: the next event did not land after repair")
            p = home / rel0
            if p.is_dir() and not p.is_symlink():
                shutil.rmtree(p)
        # A game stored by the previous version (events without checksums) loads unchanged.
        restore(home, start)
        rep.cases += 1
        for seg in sorted((home / "games" / "sample.events").glob("0*.json")):
            d = json.loads(seg.read_text())
            for e in d["events"].values():
                e.pop("sum", None)
            seg.write_text(json.dumps(d, separators=(",", ":")))
        if _events(home) != total:
            rep.fail("events without checksums (the previous version's) do not load")
        rep.figures = {"events": total, "in the second file": later}
    finally:
        shutil.rmtree(home, ignore_errors=True)
    return rep


def f11_cache_files() -> Report:
    rep = Report("F11", "links and FIFOs for every cache and template file")
    home = Path(tempfile.mkdtemp(prefix="companion-f11-"))
    commands = [
        ["game", "list"],
        ["undo"],
        ["report", "--format", "html", "--output", "REPORT"],
        ["rules", "search", "armour"],
        ["solo", "scenarios"],
        ["status", "--help"],
    ]
    try:
        game_in_play(home)
        cli(home, "vp", "1", "+1")
        for args in commands:  # fill the cache as any use would
            run = [str(home / "r.html") if a == "REPORT" else a for a in args]
            subprocess.run([*companion_cmd(), *run], env=env_for(home), capture_output=True)
        cache = home / "cache"
        kept = sorted(p for p in cache.rglob("*") if p.is_file())
        start = files_of(home)
        for path in kept:
            for kind in ("a FIFO", "a link to /dev/zero", "a link out of the folder"):
                for args in commands:
                    restore(home, start)  # the game as it was (the cache folder goes too)
                    path.parent.mkdir(parents=True, exist_ok=True)
                    path.unlink(missing_ok=True)
                    if kind == "a FIFO":
                        os.mkfifo(path)
                    elif kind == "a link to /dev/zero":
                        path.symlink_to("/dev/zero")
                    else:
                        (home / "elsewhere").write_text('{"key": "x", "data": {}}')
                        path.symlink_to(home / "elsewhere")
                    rep.cases += 1
                    run = [str(home / "r.html") if a == "REPORT" else a for a in args]
                    where = f"{path.relative_to(home)} as {kind}, {' '.join(args)}"
                    try:
                        p = subprocess.run(
                            [*companion_cmd(), *run],
                            env=env_for(home),
                            stdin=subprocess.DEVNULL,
                            capture_output=True,
                            text=True,
                            timeout=30,
                        )
                    except subprocess.TimeoutExpired:
                        rep.fail(f"{where}: still running after 30 s")
                        continue
                    if p.returncode != 0:
                        rep.fail(f"{where}: exit {p.returncode}: {p.stderr.strip()[:200]}")
                    path.unlink(missing_ok=True)
        rep.figures = {"cache files": len(kept), "commands": len(commands)}
    finally:
        shutil.rmtree(home, ignore_errors=True)
    return rep


def f12_kill_then_read(limit: int = 40) -> Report:
    rep = Report("F12", "kills followed by read-only commands")
    base = Path(tempfile.mkdtemp(prefix="companion-f12-"))
    readers = [["status"], ["log"], ["game", "list"]]
    kills = 0
    try:
        game_in_play(base)
        cli(base, "roster", "new", "Extra", "--system", "1ss")
        start = files_of(base)
        for steps, args in [*MULTI_FILE, ([], ["vp", "1", "+1"])]:
            restore(base, start)
            for step in steps:
                step(base) if callable(step) else cli(base, *step)
            before = files_of(base)
            for n in range(1, limit):
                restore(base, before)
                p = subprocess.run(
                    [sys.executable, "-c", _KILLER, str(n), *args],
                    env=env_for(base),
                    stdin=subprocess.DEVNULL,
                    capture_output=True,
                )
                if p.returncode == 0:
                    break
                kills += 1
                if not stray_temps(base):
                    continue  # killed before it wrote a temporary file
                reader = readers[n % len(readers)]  # each kill, then one reading command
                rep.cases += 1
                nxt = subprocess.run(
                    [*companion_cmd(), *reader],
                    env=env_for(base),
                    stdin=subprocess.DEVNULL,
                    capture_output=True,
                    text=True,
                )
                where = f"'{' '.join(args)}' killed at file operation {n}, then {reader}"
                left = stray_temps(base)
                problem = one_clear_line(Call(nxt.returncode, nxt.stdout, nxt.stderr))
                if nxt.returncode != 0 and problem:  # "no current game" is a fair answer
                    rep.fail(f"{where}: {problem}")
                if left:
                    rep.fail(f"{where}: left {left}")
        rep.figures = {"kills": kills}
    finally:
        shutil.rmtree(base, ignore_errors=True)
    return rep


RUNS: dict[str, tuple[Callable[[], Report], Callable[[], Report]]] = {
    "F8": (f8_names, f8_names),
    "F9": (f9_escapes, f9_escapes),
    "F10": (f10_event_damage, f10_event_damage),
    "F11": (f11_cache_files, f11_cache_files),
    "F12": (f12_kill_then_read, lambda: f12_kill_then_read(200)),
}


if __name__ == "__main__":
    from bench import faults

    sys.exit(faults.main(None, {**faults.RUNS, **RUNS}))
