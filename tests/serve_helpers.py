"""The live board for tests: the real `companion serve` in a child process, and raw ASGI
requests that no HTTP client would send as written (`..`, odd bytes, bad methods)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import signal
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from typing import Any

ADDRESS = re.compile(r"Live board of '[^']+': (http://\S+)")


@contextlib.contextmanager
def serving(*args: str, env: dict[str, str] | None = None) -> Iterator[tuple[str, list[str]]]:
    """`companion serve ARGS` until the block ends (then Ctrl-C, as a player stops it):
    its address, and the lines it printed before it was ready."""
    p = subprocess.Popen(
        [sys.executable, "-m", "companion", "serve", *args],
        env={**os.environ, **(env or {})},
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    lines: list[str] = []
    try:
        assert p.stdout is not None
        for line in p.stdout:
            lines.append(line.rstrip("\n"))
            if "Press Ctrl-C" in line:
                break
        found = next((m for m in map(ADDRESS.match, lines) if m), None)
        assert found, (lines, p.stderr.read() if p.stderr else "")
        url = found.group(1)
        _ready(url)
        yield url, lines
    finally:
        p.send_signal(signal.SIGINT)
        try:
            out, err = p.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            p.kill()
            p.communicate()
            raise
        lines += out.splitlines()
        assert p.returncode == 0, (p.returncode, err)


def _ready(url: str) -> None:
    """Wait (at most 20 s) until the server answers."""
    deadline = time.monotonic() + 20
    while True:
        try:
            with urllib.request.urlopen(url, timeout=5) as r:
                r.read()
                return
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.05)


def asgi_request(
    app: Any, method: str, raw_path: bytes, headers: list[tuple[bytes, bytes]] | None = None
) -> tuple[int, dict[str, str], bytes]:
    """One request straight to the ASGI app, its path as given, byte for byte."""
    sent: list[dict[str, Any]] = []
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": method,
        "scheme": "http",
        "path": raw_path.decode("latin-1"),
        "raw_path": raw_path,
        "query_string": b"",
        "root_path": "",
        "headers": headers if headers is not None else [(b"host", b"127.0.0.1:8765")],
        "client": ("127.0.0.1", 50000),
        "server": ("127.0.0.1", 8765),
    }

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    asyncio.run(app(scope, receive, send))
    start = next(m for m in sent if m["type"] == "http.response.start")
    body = b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")
    heads = {k.decode(): v.decode() for k, v in start["headers"]}
    return start["status"], heads, body
