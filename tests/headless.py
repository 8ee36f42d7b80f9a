"""A small driver for headless Chromium over its DevTools pipe, for the browser tests.

Chromium started with --remote-debugging-pipe reads commands on fd 3 and answers on fd 4,
one JSON message each, ended by a NUL byte. That is enough to set the viewport, load a
page, read values out of it, take a screenshot and collect what the console reported,
with no library beyond the standard one.
"""

from __future__ import annotations

import base64
import json
import os
import selectors
import shutil
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

NAMES = ("chromium", "chromium-browser", "google-chrome", "chrome")


def find_chromium() -> str | None:
    return next((p for p in map(shutil.which, NAMES) if p), None)


def browser_marks() -> list[Any]:
    """The marks of a browser test: slow, and skipped (saying why) without Chromium."""
    import pytest

    return [
        pytest.mark.slow,
        pytest.mark.skipif(
            find_chromium() is None,
            reason="headless Chromium is not installed (Debian package 'chromium'; "
            ".ci/run installs it where apt-get can)",
        ),
    ]


class BrowserError(RuntimeError):
    pass


class Browser:
    def __init__(self, exe: str, timeout: float = 30.0) -> None:
        self.timeout = timeout
        self.profile = tempfile.mkdtemp(prefix="companion-chromium-")
        to_chrome_r, self._w = os.pipe()
        self._r, from_chrome_w = os.pipe()
        self.proc = subprocess.Popen(
            [
                exe,
                "--headless",
                "--remote-debugging-pipe",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-dev-shm-usage",
                "--no-first-run",
                "--no-default-browser-check",
                "--disable-extensions",
                "--hide-scrollbars",
                f"--user-data-dir={self.profile}",
                "about:blank",
            ],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            # The child must see its pipe ends as fds 3 and 4, so they are placed there
            # just before exec; every other descriptor of this process is close-on-exec.
            close_fds=False,
            preexec_fn=lambda: _place_fds(to_chrome_r, from_chrome_w),
        )
        os.close(to_chrome_r)
        os.close(from_chrome_w)
        self._buf = b""
        self._next = 0
        self.events: list[dict[str, Any]] = []
        self.session: str | None = None

    # --- the protocol -----------------------------------------------------------------
    def send(self, method: str, params: dict[str, Any] | None = None, **kw: Any) -> Any:
        self._next += 1
        msg: dict[str, Any] = {"id": self._next, "method": method, "params": params or {}}
        if kw.get("session", self.session):
            msg["sessionId"] = kw.get("session", self.session)
        os.write(self._w, json.dumps(msg).encode() + b"\0")
        want = self._next
        while True:
            m = self._read()
            if m.get("id") == want:
                if "error" in m:
                    raise BrowserError(f"{method}: {m['error']}")
                return m.get("result", {})
            self.events.append(m)

    def wait_for(self, method: str) -> dict[str, Any]:
        for i, m in enumerate(self.events):
            if m.get("method") == method:
                return self.events.pop(i)
        while True:
            m = self._read()
            if m.get("method") == method:
                return m
            self.events.append(m)

    def _read(self) -> dict[str, Any]:
        deadline = time.monotonic() + self.timeout
        sel = selectors.DefaultSelector()
        sel.register(self._r, selectors.EVENT_READ)
        try:
            while b"\0" not in self._buf:
                left = deadline - time.monotonic()
                if left <= 0 or not sel.select(left):
                    raise BrowserError("Chromium did not answer in time")
                chunk = os.read(self._r, 1 << 16)
                if not chunk:
                    raise BrowserError("Chromium closed its DevTools pipe")
                self._buf += chunk
        finally:
            sel.close()
        raw, self._buf = self._buf.split(b"\0", 1)
        return json.loads(raw)

    # --- what a test does -------------------------------------------------------------
    def open(self, url: str, width: int, height: int = 900, scheme: str = "light") -> None:
        target = self.send("Target.createTarget", {"url": "about:blank"}, session=None)
        attached = self.send(
            "Target.attachToTarget", {"targetId": target["targetId"], "flatten": True}, session=None
        )
        self.session = attached["sessionId"]
        for domain in ("Page", "Runtime", "Log"):
            self.send(f"{domain}.enable")
        self.send(
            "Emulation.setDeviceMetricsOverride",
            {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600},
        )
        self.send(
            "Emulation.setEmulatedMedia",
            {"features": [{"name": "prefers-color-scheme", "value": scheme}]},
        )
        self.send("Page.navigate", {"url": url})
        self.wait_for("Page.loadEventFired")

    def evaluate(self, expression: str) -> Any:
        res = self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True})
        if "exceptionDetails" in res:
            raise BrowserError(f"{expression}: {res['exceptionDetails']}")
        return res["result"].get("value")

    def screenshot(self, path: Path, top: float = 0, height: float | None = None) -> None:
        """The page from `top` down (to its end, or `height` pixels), as a PNG."""
        size = self.send("Page.getLayoutMetrics")["cssContentSize"]
        if height is None:
            height = size["height"] - top
        shot = self.send(
            "Page.captureScreenshot",
            {
                "format": "png",
                "captureBeyondViewport": True,
                "clip": {"x": 0, "y": top, "width": size["width"], "height": height, "scale": 1},
            },
        )  # fmt: skip
        path.write_bytes(base64.b64decode(shot["data"]))

    def problems(self) -> list[str]:
        """Console errors and warnings, uncaught exceptions and failed loads so far."""
        out = []
        for m in self.events:
            p = m.get("params", {})
            if m.get("method") == "Runtime.consoleAPICalled" and p.get("type") in (
                "error",
                "warning",
                "assert",
            ):
                out.append(" ".join(str(a.get("value", a.get("description"))) for a in p["args"]))
            elif m.get("method") == "Runtime.exceptionThrown":
                out.append(str(p.get("exceptionDetails", {}).get("text")))
            elif m.get("method") == "Log.entryAdded" and p["entry"]["level"] in (
                "error",
                "warning",
            ):
                out.append(f"{p['entry']['source']}: {p['entry']['text']}")
        return out

    def close(self) -> None:
        try:
            self.send("Browser.close", session=None)
        except (BrowserError, OSError):
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        for fd in (self._r, self._w):
            try:
                os.close(fd)
            except OSError:
                pass
        shutil.rmtree(self.profile, ignore_errors=True)


def _place_fds(read_end: int, write_end: int) -> None:
    """In the child: Chromium's end of each pipe at fd 3 (commands) and fd 4 (answers)."""
    r = os.dup(read_end)
    w = os.dup(write_end)
    os.dup2(r, 3)
    os.dup2(w, 4)
    os.set_inheritable(3, True)
    os.set_inheritable(4, True)


def print_pdf(exe: str, page: Path, pdf: Path) -> list[tuple[float, float]]:
    """`page` printed by Chromium to `pdf`, as a reader would print it; the size of each
    page in millimetres, read from the PDF's page objects (their /MediaBox)."""
    import re

    profile = tempfile.mkdtemp(prefix="companion-chromium-")
    try:
        subprocess.run(
            [exe, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
             "--no-first-run", "--disable-background-networking", "--disable-component-update",
             "--disable-sync", f"--user-data-dir={profile}", "--no-pdf-header-footer",
             f"--print-to-pdf={pdf}", page.as_uri()],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            timeout=120, check=True,
        )  # fmt: skip
    finally:
        shutil.rmtree(profile, ignore_errors=True)
    raw = pdf.read_bytes()
    pages = re.findall(rb"/Type\s*/Page\b(?!s).{0,400}?/MediaBox\s*\[([^\]]*)\]", raw, re.S)
    if len(pages) != len(re.findall(rb"/Type\s*/Page\b(?!s)", raw)):
        pages = re.findall(rb"/MediaBox\s*\[([^\]]*)\]", raw)  # the box listed apart
    sizes = []
    for box in pages:
        x0, y0, x1, y1 = (float(v) for v in box.split())
        sizes.append((round((x1 - x0) * 25.4 / 72), round((y1 - y0) * 25.4 / 72)))
    return sizes
