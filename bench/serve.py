"""The live board under fifty viewers: do the table commands slow, and how soon does each
page hear of a change?

    python bench/serve.py              # 15 rounds, 50 viewers, a table of figures
    python bench/serve.py --json

Runs the `companion` next to this interpreter (install with the serve extra) on a
throw-away home: the sample game in turn 1, and `companion serve` on 127.0.0.1 with a free
port. The table commands (`status` and a write, `vp`) are timed in interleaved rounds,
each right after the interpreter alone, first with no page open and then with VIEWERS
event streams open at once; the figure is how much slower they run with the viewers, as a
ratio of the paired ratios' medians. With the viewers open, every write is followed until
each of them has received the new board: the time from the command's end to the last
viewer's event is the update delay. Everything talks to 127.0.0.1 only, and every loop is
bounded in count and in time. The exit status is 1 if any figure is over its limit.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import companion_cmd, env_for, median, run, timed  # noqa: E402

VIEWERS = 50
DEADLINE = 600.0  # seconds for the whole run, whatever happens
SLOWDOWN_LIMIT = 1.3  # table commands with the viewers open, against none
DELAY_LIMIT = 1.0  # seconds from a command's end until every page has the change
SETTLE = 0.3  # seconds between commands


class Viewer(threading.Thread):
    """One open page: its event stream, and when each board arrived."""

    def __init__(self, port: int) -> None:
        super().__init__(daemon=True)
        self.port = port
        self.arrived: list[float] = []
        self.ready = threading.Event()
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)

    def run(self) -> None:
        # Raw reads, counting the boards as they pass: a viewer costs this process little,
        # so what is timed is the server, not fifty Python readers.
        try:
            self.conn.request("GET", "/events")
            resp = self.conn.getresponse()
            self.ready.set()
            tail = b""
            while True:
                chunk = resp.read1(1 << 16)
                if not chunk:
                    return
                seen = tail + chunk
                now = time.perf_counter()
                self.arrived.extend([now] * seen.count(b"event: board"))
                tail = seen[-16:].rpartition(b"\n")[2]
        except (OSError, AttributeError, ValueError, http.client.HTTPException):
            return  # closed by `close` below
        finally:
            self.ready.set()

    def close(self) -> None:
        """End the stream; the thread reading it then ends too."""
        try:
            if self.conn.sock is not None:
                self.conn.sock.shutdown(2)
        except OSError:
            pass


def start_server(home: Path) -> tuple[subprocess.Popen[str], int]:
    p = subprocess.Popen(
        [*companion_cmd(), "serve", "--port", "0"],
        env=env_for(home),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    assert p.stdout is not None
    for line in p.stdout:
        found = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        if found:
            return p, int(found.group(1))
    raise RuntimeError("companion serve printed no address (is the serve extra installed?)")


def rounds_of(home: Path, rounds: int, floor: list[str], viewers: list[Viewer], end: float):
    """Paired ratios of `status` and `vp 1 +1` over the interpreter alone; with viewers,
    the delay until every viewer had the board each write made."""
    ratios: dict[str, list[float]] = {"status": [], "vp": []}
    delays: list[float] = []
    env = env_for(home)
    for r in range(rounds):
        if time.monotonic() > end:
            break
        for key, args in (("status", ["status"]), ("vp", ["vp", "1", "+1" if r % 2 else "-1"])):
            if key == "vp" and r == 0:
                args = ["vp", "1", "+1"]
            before = [len(v.arrived) for v in viewers]
            base, _, _ = timed(floor)
            t, _, code = timed([*companion_cmd(), *args], env)
            done = time.perf_counter()
            if code != 0:
                raise RuntimeError(f"companion {' '.join(args)} exited {code}")
            ratios[key].append(t / base)
            if key == "vp" and viewers:
                wait_until = time.monotonic() + 10
                while time.monotonic() < wait_until and any(
                    len(v.arrived) <= b for v, b in zip(viewers, before, strict=True)
                ):
                    time.sleep(0.005)
                got = [
                    v.arrived[b] for v, b in zip(viewers, before, strict=True) if len(v.arrived) > b
                ]
                if len(got) < len(viewers):
                    delays.append(float("inf"))
                else:
                    delays.append(max(got) - done)
            # The same pause with or without viewers, so a round starts on a quiet server.
            time.sleep(SETTLE)
    return ratios, delays


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=15)
    ap.add_argument("--viewers", type=int, default=VIEWERS)
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    rounds = max(3, min(a.rounds, 61))
    nviewers = max(1, min(a.viewers, 100))
    end = time.monotonic() + DEADLINE
    floor = [sys.executable, "-c", "pass"]
    with tempfile.TemporaryDirectory(prefix="companion-serve-bench-") as tmp:
        home = Path(tmp) / "home"
        run(home, "demo")
        run(home, "turn", "--dice", "7,3")
        server, port = start_server(home)
        viewers: list[Viewer] = []
        try:
            alone, _ = rounds_of(home, rounds, floor, [], end)
            viewers = [Viewer(port) for _ in range(nviewers)]
            for v in viewers:
                v.start()
            for v in viewers:
                v.ready.wait(30)
            time.sleep(0.5)  # each has its first board
            open_now = sum(1 for v in viewers if v.arrived)
            watched, delays = rounds_of(home, rounds, floor, viewers, end)
        finally:
            for v in viewers:
                v.close()
            server.send_signal(signal.SIGINT)
            try:
                server.wait(20)
            except subprocess.TimeoutExpired:
                server.kill()
    figures = []
    for key in ("status", "vp"):
        slow = median(watched[key]) / median(alone[key])
        figures.append(
            {
                "what": f"{key} with {open_now} pages open vs none",
                "value": round(slow, 3),
                "unit": "x",
                "limit": SLOWDOWN_LIMIT,
                "ok": slow <= SLOWDOWN_LIMIT,
            }
        )
    for what, value in (("median", median(delays)), ("slowest", max(delays))):
        figures.append(
            {
                "what": f"update delay to all {open_now} pages ({what} of {len(delays)} writes)",
                "value": round(value, 3),
                "unit": "s",
                "limit": DELAY_LIMIT,
                "ok": value <= DELAY_LIMIT,
            }
        )
    if open_now < nviewers:
        figures.append({"what": f"pages that got the board: {open_now} of {nviewers}", "ok": False})
    if a.json:
        print(json.dumps(figures, indent=2))
    else:
        for f in figures:
            verdict = "ok" if f["ok"] else "OVER"
            value = f" {f['value']}{f['unit']} (limit {f['limit']})" if "value" in f else ""
            print(f"{f['what']}:{value} {verdict}")
    return 0 if all(f["ok"] for f in figures) else 1


if __name__ == "__main__":
    os.environ.pop("CI", None)
    sys.exit(main())
