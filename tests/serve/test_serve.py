"""The live board (`companion serve`): what it shows, that it follows the game, and that it
refuses everything a read-only board never needs."""

from __future__ import annotations

import http.client
import json
import os
import socket
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from serve_helpers import asgi_request, serving
from starlette.testclient import TestClient

from companion.cli.shared import drawn_board
from companion.game.repo import Home
from companion.serve.addresses import Address, network_addresses, parse_ip_tool
from companion.serve.app import CSP, create_app

LOCAL = "http://127.0.0.1:8765"


def _files(home: Path) -> dict[str, tuple[int, int]]:
    return {
        str(p.relative_to(home)): (p.stat().st_mtime_ns, p.stat().st_size)
        for p in home.rglob("*")
        if p.is_file() and "cache" not in p.parts
    }


@pytest.fixture
def board(demo, home):
    """The sample game in turn 1, Robyn activated, and a client of its live board."""
    assert demo("turn", "--dice", "7,3").code == 0
    assert demo("activate", "Robyn").code == 0
    with TestClient(create_app(Home(home, draw=drawn_board), "sample"), base_url=LOCAL) as client:
        yield client


def test_the_page_shows_the_tracker_the_sides_and_the_order(board):
    r = board.get("/")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
    page = r.text
    assert "<h1>sample</h1>" in page and "Turn 1 of 8" in page
    assert "Robyn&#39;s merry men" in page and "Cpt. Fawkes" in page
    assert "initiative: Robyn&#39;s merry men" in page
    assert '<li class="fighter upright active">' in page  # Robyn, activating
    # The score strip: the training mission keeps no VP, so fighters left count.
    assert '<span class="value">5/5</span> <span class="unit">fighters left</span>' in page
    assert 'Activating now: <b id="now">Robyn</b>' in page
    assert "Robyn activates" in page.split("Last step")[1]  # the last step
    # Nothing fetched from anywhere else: the style, script and icon are the board's own.
    assert "http" not in page.replace("http-equiv", "")
    for asset, kind in (("board.css", "text/css"), ("board.js", "text/javascript")):
        got = board.get(f"/{asset}")
        assert got.status_code == 200 and got.headers["content-type"].startswith(kind)
    assert "prefers-color-scheme: dark" in board.get("/board.css").text  # light and dark


def test_every_answer_carries_a_strict_content_policy(board):
    for path in ("/", "/board.css", "/board.json", "/nothing-here"):
        r = board.get(path)
        assert r.headers["content-security-policy"] == CSP, path
        assert r.headers["referrer-policy"] == "no-referrer"
        assert r.headers["x-content-type-options"] == "nosniff"
    assert "default-src 'none'" in CSP and "unsafe-inline" not in CSP


def test_board_json_has_the_last_step_with_its_dice_and_odds(board, demo):
    r = demo("attack", "Robyn", "Cpt", "--range", "10", "--dice", "4,5,6")
    assert r.code == 0, r.err
    data = board.get("/board.json").json()
    assert data["game"] == "sample" and data["turn"] == 1
    last = data["last"]
    assert last["summary"].startswith("Robyn") and last["turn"] == 1
    assert last["rolls"] and "chance" in last["rolls"][0] and "needs" in last["rolls"][0]
    page = board.get("/").text
    assert "Last step" in page and last["rolls"][0].split(":")[0] in page


@pytest.mark.parametrize("method", ["POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE"])
def test_nothing_but_get_and_head_is_answered_and_nothing_is_written(board, home, method):
    before = _files(home)
    r = board.request(method, "/", content=b"vp=99")
    assert r.status_code == 405 and r.headers["allow"] == "GET, HEAD"
    assert _files(home) == before
    assert board.head("/").status_code == 200


@pytest.mark.parametrize(
    ("path", "status"),
    [
        (b"/../settings.json", 400),
        (b"/%2e%2e/settings.json", 400),
        (b"/..%2fgames/sample.json", 400),
        (b"//etc/passwd", 400),
        (b"/games/sample.json", 404),
        (b"/board.json\xff", 400),
        (b"/board\x00.json", 400),
        (b"/" + b"a" * 5000, 414),
        (b"/\\..\\rosters.json", 400),
    ],
)
def test_hostile_paths_get_a_4xx_and_no_file(demo, home, path, status):
    app = create_app(Home(home, draw=drawn_board), "sample")
    got, heads, body = asgi_request(app, "GET", path)
    assert got == status
    assert b"Robyn" not in body and heads["content-security-policy"] == CSP


def test_on_this_computer_only_a_local_host_name_is_answered(demo, home):
    app = create_app(Home(home, draw=drawn_board), "sample")
    assert asgi_request(app, "GET", b"/", [(b"host", b"evil.example:8765")])[0] == 421
    assert asgi_request(app, "GET", b"/", [])[0] == 421
    for host in (b"127.0.0.1:8765", b"localhost:8765", b"[::1]:8765"):
        assert asgi_request(app, "GET", b"/", [(b"host", host)])[0] == 200


def test_on_the_network_the_token_is_needed(demo, home):
    token = "s3cret-Token_x"
    app = create_app(Home(home, draw=drawn_board), "sample", token)
    lan = [(b"host", b"192.0.2.7:8765")]
    assert asgi_request(app, "GET", f"/{token}/".encode(), lan)[0] == 200
    assert asgi_request(app, "GET", f"/{token}/board.css".encode(), lan)[0] == 200
    status, heads, _ = asgi_request(app, "GET", f"/{token}".encode(), lan)
    assert status == 308 and heads["location"] == f"/{token}/"
    for path in (b"/", b"/board.json", b"/s3cret-Token_y/", b"/s3cret/", b"/x/" + token.encode()):
        assert asgi_request(app, "GET", path, lan)[0] == 403, path
    # Without the token, not even the method is looked at.
    assert asgi_request(app, "POST", b"/", lan)[0] == 403
    assert asgi_request(app, "POST", f"/{token}/".encode(), lan)[0] == 405


def test_a_deleted_game_and_a_damaged_one_are_said_on_the_page(board, home, demo):
    game = home / "games" / "sample.json"
    good = game.read_text()
    game.write_text("{ this is not json")
    r = board.get("/")
    assert r.status_code == 200 and "cannot be read" in r.text and 'class="live bad"' in r.text
    assert board.get("/board.json").status_code == 410
    game.write_text(good)
    assert "Turn 1 of 8" in board.get("/").text
    assert demo("game", "delete", "sample", "--yes").code == 0
    assert "no longer there" in board.get("/").text


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Stream:
    """The board's event stream, read event by event."""

    def __init__(self, host: str, port: int, path: str = "/events") -> None:
        self.conn = http.client.HTTPConnection(host, port, timeout=30)
        self.conn.request("GET", path)
        self.resp = self.conn.getresponse()
        assert self.resp.status == 200
        assert self.resp.headers["content-type"].startswith("text/event-stream")

    def next(self, kind: str = "board") -> str:
        """The data of the next event of this kind (comments and others skipped)."""
        name, data = "", []
        while True:
            line = self.resp.readline().decode().rstrip("\n")
            if line.startswith("event: "):
                name = line[7:]
            elif line.startswith("data: "):
                data.append(line[6:])
            elif line == "":
                if name == kind:
                    return "\n".join(data)
                name, data = "", []

    def close(self) -> None:
        self.conn.close()


def test_the_event_stream_sends_the_board_again_after_a_command(demo, home):
    import uvicorn

    assert demo("turn", "--dice", "7,3").code == 0
    port = _free_port()
    app = create_app(Home(home, draw=drawn_board), "sample")
    server = uvicorn.Server(
        uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", lifespan="on")
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 20
        while not server.started and time.monotonic() < deadline:
            time.sleep(0.02)
        streams = [Stream("127.0.0.1", port) for _ in range(3)]
        for s in streams:
            first = s.next()
            assert "Turn 1 of 8" in first and "activating" not in first
        assert demo("activate", "Robyn").code == 0
        for s in streams:
            assert "activating" in s.next()  # every viewer gets the change
        assert demo("undo").code == 0
        assert "activating" not in streams[0].next()
        for s in streams:
            s.close()
    finally:
        server.should_exit = True
        thread.join(20)


def test_serve_prints_the_address_and_a_qr_code_and_stops_on_ctrl_c(demo, home):
    env = {"COMPANION_HOME": str(home)}
    with serving("--port", "0", env=env) as (url, lines):
        assert url.startswith("http://127.0.0.1:") and url.endswith("/")
        assert any("▄" in ln or "█" in ln for ln in lines)  # the QR code
        with urllib.request.urlopen(url + "board.json", timeout=10) as r:
            assert json.loads(r.read())["game"] == "sample"


def test_serve_on_the_network_puts_a_token_in_the_address(demo, home):
    env = {"COMPANION_HOME": str(home)}
    with serving("--port", "0", "--lan", env=env) as (url, lines):
        token = url.rstrip("/").rsplit("/", 1)[1]
        assert len(token) >= 20
        port = url.split(":")[2].split("/")[0]
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/{token}/", timeout=10) as r:
            assert r.status == 200
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=10)
        assert refused.value.code == 403
        assert any("Anyone on this network" in ln for ln in lines)


def test_serve_refuses_an_unknown_game_and_a_port_in_use(demo, run):
    r = run("serve", "--game", "no-such-game")
    assert r.code == 2 and "no-such-game" in r.err and "Traceback" not in r.err
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen(1)
        r = run("serve", "--port", str(s.getsockname()[1]))
    assert r.code == 2 and "cannot listen on port" in r.err


def test_the_serve_modules_stay_off_the_table_commands(demo):
    import subprocess
    import sys

    code = (
        "import sys; from companion.cli.main import main\n"
        "try: main(['status'])\nexcept SystemExit: pass\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in "
        "('starlette', 'uvicorn', 'segno', 'anyio') or m.startswith('companion.serve')))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=dict(os.environ)
    ).stdout
    assert out.strip().splitlines()[-1] == "[]"


def test_a_missing_web_server_library_is_one_line(demo, run, monkeypatch):
    import sys

    monkeypatch.setitem(sys.modules, "uvicorn", None)  # as if broken or removed
    r = run("serve")
    assert r.code == 2 and "reinstall companion" in r.err and "Traceback" not in r.err


def test_host_needs_lan_and_must_be_an_address_of_this_computer(demo, run, monkeypatch):
    from companion.serve import addresses

    r = run("serve", "--host", "192.168.1.23")
    assert r.code == 2 and "--lan" in r.err
    monkeypatch.setattr(addresses, "default_finders", lambda: [lambda: [Address("10.0.0.5")]])
    r = run("serve", "--lan", "--host", "192.168.1.23")
    assert r.code == 2 and "10.0.0.5" in r.err and "Traceback" not in r.err


LOOPBACKS = [Address("127.0.0.1", "lo"), Address("127.0.1.1", "lo:1"), Address("0.0.0.0")]


def test_the_network_addresses_never_include_loopback():
    """Whatever the interfaces say, 127.x, 0.0.0.0 and link-local are never offered; the
    outgoing interface's address comes first, named after its interface."""
    out = [Address("192.168.1.23")]
    listed = [*LOOPBACKS, Address("169.254.3.4", "eth1"), Address("10.0.0.5", "eth0")]
    listed.append(Address("192.168.1.23", "wlan0"))
    got = network_addresses([lambda: out, lambda: listed])
    assert got == [Address("192.168.1.23", "wlan0"), Address("10.0.0.5", "eth0")]
    assert network_addresses([lambda: LOOPBACKS]) == []
    assert not any(a.ip.startswith("127.") for a in network_addresses())  # this machine's


def test_the_ip_tool_is_read_as_printed():
    text = (
        "1: lo    inet 127.0.0.1/8 scope host lo\\       valid_lft forever\n"
        "3: wlp2s0    inet 192.168.1.23/24 brd 192.168.1.255 scope global dynamic wlp2s0\n"
    )
    assert parse_ip_tool(text) == [Address("127.0.0.1", "lo"), Address("192.168.1.23", "wlp2s0")]


@pytest.mark.parametrize(
    ("found", "expect"),
    [
        ([], ["No network address found", "this computer only"]),
        ([Address("192.168.1.23", "wlan0"), Address("10.0.0.5", "eth0")],
         ["http://192.168.1.23:8765/T/ (on wlan0)", "Also at: http://10.0.0.5:8765/T/"]),
    ],
)  # fmt: skip
def test_lan_prints_each_network_address_with_a_qr_code_or_says_there_is_none(
    found, expect, capsys
):
    from companion.cli.serve_cmd import _announce

    _announce("sample", 8765, True, "T", found)
    out = capsys.readouterr().out
    for text in expect:
        assert text in out, out
    qr_codes = out.count("Live board of") + out.count("Also at:") if found else 0
    assert out.count("\u2580" * 7) >= qr_codes  # a QR code's top edge for each address
    assert ("\u2580" in out or "\u2588" in out) is bool(found)  # no QR code for loopback
