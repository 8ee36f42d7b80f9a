"""`companion serve`: the game as a live board in a browser, for a phone or tablet by the table."""

from __future__ import annotations

import secrets
import socket
import sys
from typing import Annotated

import typer

from companion.cli.common import GameOpt
from companion.errors import UsageError

DEFAULT_PORT = 8765


def serve(
    game: GameOpt = None,
    port: Annotated[
        int | None,
        typer.Option(
            "--port",
            "-p",
            min=0,
            max=65535,
            help=f"Port to listen on (default {DEFAULT_PORT}, or any free one if it is taken; "
            "0: any free one).",
        ),
    ] = None,
    lan: Annotated[
        bool,
        typer.Option(
            "--lan",
            help="Listen on the local network too (a phone on the same Wi-Fi); the address "
            "then holds a random token, and any request without it is refused.",
        ),
    ] = False,
) -> None:
    """Show the game as a live board in a web browser, until Ctrl-C.

    The page shows the turn, who has the initiative and who activates next, every
    fighter's state, victory points, the scenario's aims and the last step with its dice
    and odds, in large type for a phone or tablet propped by the table. It changes by
    itself within a second of any command (or `companion play`) changing the game. The
    board is read-only: nothing on the page can change the game.

    It listens on 127.0.0.1 (this computer) unless --lan is given; the address is
    printed with a QR code to open it on a phone in one step. Needs companion's optional
    serve extra (Starlette, uvicorn and segno; see the README).

    Example: companion serve
    """
    try:
        import uvicorn

        from companion.serve.app import create_app
    except ImportError:
        raise UsageError(
            'companion serve needs its web server: pip install "companion[serve]"'
        ) from None
    from companion.cli.shared import open_home

    home = open_home()
    with home.reading():
        name = home.resolve_game(game)
        home.open_game(name)  # a game that cannot be read is said now, not on the page
    token = secrets.token_urlsafe(16) if lan else None
    host = "0.0.0.0" if lan else "127.0.0.1"
    if port is None:
        try:
            sock = _bind(host, DEFAULT_PORT)
        except UsageError:
            sock = _bind(host, 0)
    else:
        sock = _bind(host, port)
    url = _address(sock.getsockname()[1], lan, token)
    typer.echo(f"Live board of '{name}': {url}")
    _qr(url)
    typer.echo(
        ("Anyone on this network with the address (and its token) can watch. " if lan else "")
        + "Press Ctrl-C to stop."
    )
    sys.stdout.flush()
    config = uvicorn.Config(
        create_app(home, name, token),
        log_level="warning",
        access_log=False,
        lifespan="on",
        server_header=False,
        # The page holds one event stream open; Ctrl-C should not wait for it.
        timeout_graceful_shutdown=1,
    )
    try:
        uvicorn.Server(config).run(sockets=[sock])
    except KeyboardInterrupt:
        pass
    finally:
        sock.close()
    typer.echo("Board stopped.")


def _bind(host: str, port: int) -> socket.socket:
    """The listening socket, bound now so a port in use is one clear line."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as e:
        sock.close()
        raise UsageError(
            f"cannot listen on port {port}: {e.strerror}; pick another with --port"
        ) from None
    sock.listen(128)
    sock.set_inheritable(True)
    return sock


def _address(port: int, lan: bool, token: str | None) -> str:
    host = _lan_ip() if lan else "127.0.0.1"
    path = f"/{token}/" if token else "/"
    return f"http://{host}:{port}{path}"


def _lan_ip() -> str:
    """This computer's address on the local network, from its own host name (no packet is
    sent); the loopback address where nothing better is known."""
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        infos = []
    found = [str(i[4][0]) for i in infos if not str(i[4][0]).startswith("127.")]
    return found[0] if found else "127.0.0.1"


def _qr(url: str) -> None:
    """The address as a QR code in the terminal, two rows of modules a line."""
    import segno

    segno.make(url, error="m").terminal(out=sys.stdout, compact=True, border=2)


def register(app: typer.Typer) -> None:
    app.command("serve")(serve)
