"""`companion serve`: the game as a live board in a browser, for a phone or tablet by the table."""

from __future__ import annotations

import secrets
import socket
import sys
from typing import TYPE_CHECKING, Annotated

import typer

from companion.cli.common import GameOpt
from companion.errors import UsageError

if TYPE_CHECKING:
    from companion.serve.addresses import Address

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
            "then holds a random token, and any request without it is refused. Each of this "
            "computer's network addresses is printed with a QR code.",
        ),
    ] = False,
    host: Annotated[
        str | None,
        typer.Option(
            "--host",
            metavar="ADDRESS",
            help="With --lan: the one network address of this computer to print (and its QR "
            "code), e.g. 192.168.1.23 when it has several.",
        ),
    ] = None,
) -> None:
    """Show the game as a live board in a web browser, until Ctrl-C.

    The page shows the turn, who has the initiative and who activates next, every
    fighter's state, victory points, the scenario's aims and the last step with its dice
    and odds, in large type for a phone or tablet propped by the table. It changes by
    itself within a second of any command (or `companion play`) changing the game. The
    board is read-only: nothing on the page can change the game.

    It listens on 127.0.0.1 (this computer) unless --lan is given; the address is
    printed with a QR code to open it on a phone in one step. With --lan, the addresses
    are this computer's own on its networks (never 127.0.0.1, which a phone cannot
    reach); where it has none, it says so.

    Example: companion serve --lan
    """
    if host is not None and not lan:
        raise UsageError("--host picks one of the network addresses: give it with --lan")
    try:
        import uvicorn

        from companion.serve.app import create_app
    except ImportError as e:
        raise UsageError(
            f"companion serve cannot load its web server ({e.name or e}): reinstall companion"
        ) from None
    from companion.cli.shared import open_home
    from companion.serve.addresses import network_addresses

    found = network_addresses() if lan else []
    if host is not None:
        found = _chosen(host, found)

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
    _announce(name, sock.getsockname()[1], lan, token, found)
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


def _chosen(host: str, found: list[Address]) -> list[Address]:
    picked = [a for a in found if a.ip == host]
    if not picked:
        known = ", ".join(a.ip for a in found) or "none"
        raise UsageError(
            f"--host {host} is not one of this computer's network addresses (found: {known})"
        )
    return picked


def _announce(name: str, port: int, lan: bool, token: str | None, found: list[Address]) -> None:
    """The board's address(es), each with its QR code; on a network, every address of
    this computer there, and where it has none, a sentence saying so and no QR code."""
    path = f"/{token}/" if token else "/"
    if not lan:
        url = f"http://127.0.0.1:{port}{path}"
        typer.echo(f"Live board of '{name}': {url}")
        _qr(url)
    elif not found:
        typer.echo(f"Live board of '{name}': http://127.0.0.1:{port}{path} (this computer only)")
        typer.echo(
            "No network address found: this computer seems to be on no network a phone "
            "could reach (no Wi-Fi or cable). Join one, then start the board again."
        )
    else:
        for i, a in enumerate(found):
            url = f"http://{a.ip}:{port}{path}"
            on = f" (on {a.interface})" if a.interface else ""
            typer.echo(f"Live board of '{name}': {url}{on}" if i == 0 else f"Also at: {url}{on}")
            _qr(url)
        if len(found) > 1:
            typer.echo("Scan the code of the network the phone is on (--host picks one).")
    typer.echo(
        ("Anyone on this network with the address (and its token) can watch. " if lan else "")
        + "Press Ctrl-C to stop."
    )


def _qr(url: str) -> None:
    """The address as a QR code in the terminal, two rows of modules a line."""
    import segno

    segno.make(url, error="m").terminal(out=sys.stdout, compact=True, border=2)


def register(app: typer.Typer) -> None:
    app.command("serve")(serve)
