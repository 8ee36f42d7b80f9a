"""The live board as a Starlette app: one game, read-only, safe to leave open on a network.

What it answers, and nothing else (GET or HEAD):

    /             the page, with the board as it is now
    /events       server-sent events: the board again each time the game changes
    /board.json   the board as data (what `status --json` prints, with the last step)
    /board.css  /board.js  /icon.svg   the page's own style, script and icon

One watcher looks at the game file a few times a second and reads the game only when the
file changed, so fifty open pages cost one read per change, not fifty. On a network
(`token` set) every address starts with the token, and anything else is refused with 403
before any route is looked at. Every answer carries a strict Content-Security-Policy: the
page may load only its own style, script and icon, from this server.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import Route

from companion.game.repo import Home
from companion.serve.view import Reading, page_html, read, signature

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGI = Callable[[Scope, Receive, Send], Awaitable[None]]

TEMPLATES = Path(__file__).resolve().parent.parent / "report" / "templates"
POLL = 0.2  # seconds between looks at the game file: a change shows well within a second
KEEP_ALIVE = 15.0  # seconds between comments on a quiet stream, so proxies keep it open
MAX_VIEWERS = 200  # open event streams; more are refused with 503 rather than queued
MAX_TARGET = 512  # bytes of path and query; longer requests are refused with 414
# A browser sends a dozen headers of a few KB in all; far more is not a board's viewer.
MAX_HEADERS = 100
MAX_HEADER_BYTES = 16 * 1024
LOCAL_HOSTS = ("127.0.0.1", "localhost", "[::1]")

CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
    "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),  # the token must not leave in a Referer
    (b"x-frame-options", b"DENY"),
    (b"cross-origin-resource-policy", b"same-origin"),
    (b"cross-origin-opener-policy", b"same-origin"),
    (b"permissions-policy", b"camera=(), microphone=(), geolocation=()"),
    (b"cache-control", b"no-store"),
]


class Watch:
    """The served game's latest reading, numbered; viewers wait here for the next one."""

    def __init__(self, home: Home, name: str) -> None:
        self.home = home
        self.name = name
        self.version = 0
        self.reading: Reading | None = None
        self._seen: object = ()  # the file's signature at the last reading
        self._changed = asyncio.Event()
        self._lock = asyncio.Lock()
        self.viewers = 0

    async def refresh(self) -> Reading:
        """Read the game again if its file changed since the last reading."""
        async with self._lock:
            sig = signature(self.home, self.name)
            if self.reading is None or sig != self._seen:
                reading = await asyncio.to_thread(read, self.home, self.name)
                self._seen = sig
                if reading != self.reading:
                    self.reading = reading
                    self.version += 1
                    self._changed.set()
                    self._changed = asyncio.Event()
            assert self.reading is not None
            return self.reading

    async def follow(self) -> None:
        """Look at the game file every POLL seconds, for as long as the server runs."""
        while True:
            with contextlib.suppress(OSError):
                await self.refresh()
            await asyncio.sleep(POLL)

    async def wait(self, seen: int, timeout: float) -> None:
        if self.version != seen:
            return
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._changed.wait(), timeout)


def _event(kind: str, data: str, version: int) -> bytes:
    lines = "".join(f"data: {line}\n" for line in data.splitlines() or [""])
    return f"event: {kind}\nid: {version}\n{lines}\n".encode()


def create_app(home: Home, name: str, token: str | None = None) -> ASGI:
    """The live board of game `name` in `home`; with a token, every address must start
    with it (`/TOKEN/`)."""
    watch = Watch(home, name)
    assets = {
        "board.css": (
            "text/css; charset=utf-8",
            "\n".join(
                (TEMPLATES / f).read_text(encoding="utf-8")
                for f in ("report.css", "colours.css", "board.css")
            ),
        ),
        "board.js": ("text/javascript; charset=utf-8", (TEMPLATES / "board.js").read_text()),
        "icon.svg": ("image/svg+xml", (TEMPLATES / "icon.svg").read_text()),
    }

    async def page(request: Request) -> Response:
        reading = await watch.refresh()
        return Response(page_html(reading), media_type="text/html; charset=utf-8")

    async def as_json(request: Request) -> Response:
        reading = await watch.refresh()
        if reading.kind != "board":
            return JSONResponse({"error": reading.html}, status_code=410)
        from companion.schemas import document

        return JSONResponse(document(reading.data))

    async def events(request: Request) -> Response:
        if watch.viewers >= MAX_VIEWERS:
            return Response("Too many open pages.\n", status_code=503, media_type="text/plain")
        await watch.refresh()

        async def stream() -> AsyncIterator[bytes]:
            watch.viewers += 1
            try:
                yield b"retry: 1000\n\n"
                seen = -1
                while True:
                    if watch.version != seen and watch.reading is not None:
                        seen = watch.version
                        yield _event(watch.reading.kind, watch.reading.html, seen)
                    else:
                        yield b": still here\n\n"
                    await watch.wait(seen, KEEP_ALIVE)
            finally:
                watch.viewers -= 1

        return StreamingResponse(
            stream(), media_type="text/event-stream", headers={"X-Accel-Buffering": "no"}
        )

    def asset(path: str) -> Callable[[Request], Awaitable[Response]]:
        media, text = assets[path]

        async def answer(request: Request) -> Response:
            return Response(text, media_type=media)

        return answer

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        task = asyncio.create_task(watch.follow())
        try:
            yield
        finally:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    routes = [
        Route("/", page, methods=["GET"]),
        Route("/events", events, methods=["GET"]),
        Route("/board.json", as_json, methods=["GET"]),
        *(Route(f"/{p}", asset(p), methods=["GET"]) for p in assets),
    ]
    inner = Starlette(routes=routes, lifespan=lifespan)
    return guarded(inner, token)


def guarded(app: ASGI, token: str | None) -> ASGI:
    """Refuse what a read-only board never needs, before the app sees it, and put the
    security headers on every answer (refusals included)."""
    prefix = f"/{token}" if token else ""

    async def guard(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "lifespan":
            await app(scope, receive, send)
            return
        if scope["type"] != "http":
            return  # a websocket: closed unanswered
        status, why = _refusal(scope, prefix)
        if status == 308:
            await _answer(send, 308, "", [(b"location", f"{prefix}/".encode())])
            return
        if status:
            extra = [(b"allow", b"GET, HEAD")] if status == 405 else []
            await _answer(send, status, why, extra)
            return
        if prefix:
            rest = scope["path"][len(prefix) :]
            scope = dict(scope, path=rest, raw_path=rest.encode(), root_path=prefix)

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = dict(message)
                message["headers"] = [*message.get("headers", []), *HEADERS]
            await send(message)

        await app(scope, receive, with_headers)

    return guard


def _refusal(scope: Scope, prefix: str) -> tuple[int, str]:
    """(status, why) for a request refused before routing; (0, "") to let it in."""
    raw: bytes = scope.get("raw_path") or scope["path"].encode()
    query: bytes = scope.get("query_string", b"")
    headers = scope.get("headers", [])
    if len(headers) > MAX_HEADERS or sum(len(k) + len(v) for k, v in headers) > MAX_HEADER_BYTES:
        return 431, "Request headers too large."
    if len(raw) + len(query) > MAX_TARGET:
        return 414, "Address too long."
    if not all(0x21 <= b < 0x7F for b in raw + query) or b"%" in raw or b".." in raw:
        return 400, "Bad address."
    if b"//" in raw or b"\\" in raw:
        return 400, "Bad address."
    if not prefix and _host(scope) not in LOCAL_HOSTS:
        # On this computer only: a page of another site cannot reach the board through a
        # name that points here (DNS rebinding); on a network the token guards it.
        return 421, "This board answers only at 127.0.0.1."
    path = raw.decode("ascii")
    if prefix:
        head, _, _ = path[1:].partition("/")
        if not hmac.compare_digest(f"/{head}".encode(), prefix.encode()):
            return 403, "Forbidden: this address needs the board's token."
        if path == prefix:
            return 308, ""
    if scope["method"] not in ("GET", "HEAD"):
        return 405, "The board is read-only."
    return 0, ""


def _host(scope: Scope) -> str:
    for key, value in scope.get("headers", []):
        if key == b"host":
            host = str(value.decode("latin-1")).strip().lower()
            return host.rsplit(":", 1)[0] if not host.endswith("]") else host
    return ""


async def _answer(send: Send, status: int, text: str, extra: list[tuple[bytes, bytes]]) -> None:
    body = (text + "\n").encode() if text else b""
    headers = [
        (b"content-type", b"text/plain; charset=utf-8"),
        (b"content-length", str(len(body)).encode()),
        *extra,
        *HEADERS,
    ]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
