"""This computer's addresses on its networks, for `companion serve --lan` to print.

The host name is no guide: on many Linux machines it resolves to 127.0.1.1, which a phone
cannot reach. The addresses are read from the network interfaces instead, with the
standard library only:

- on Linux, each interface's IPv4 address by the SIOCGIFADDR ioctl;
- elsewhere (or where that finds nothing), `ip -o -4 addr` as printed, if the tool is there;
- and the address of the interface that leads out (a UDP socket "connected" to a public
  address: nothing is sent, the system only picks the route), listed first.

Loopback (127.0.0.0/8), unspecified and link-local addresses are never offered.
"""

from __future__ import annotations

import ipaddress
import socket
import struct
import subprocess
import sys
from collections.abc import Callable, Iterable

from companion.values import frozen

SIOCGIFADDR = 0x8915  # Linux: an interface's address
# Any address outside this machine: a UDP socket connected to it learns its outgoing
# interface's address, and connecting a UDP socket sends no packet.
OUTWARD = ("192.0.2.1", 9)  # TEST-NET-1: routed like any public address, never answered


@frozen
class Address:
    """An IPv4 address of this computer and the interface it belongs to ("" if unknown)."""

    ip: str
    interface: str = ""


Finder = Callable[[], Iterable[Address]]


def reachable(ip: str) -> bool:
    """Whether another device on a network could reach this computer at `ip`."""
    try:
        a = ipaddress.IPv4Address(ip)
    except ValueError:
        return False
    return not (a.is_loopback or a.is_unspecified or a.is_link_local or a.is_multicast)


def network_addresses(finders: Iterable[Finder] | None = None) -> list[Address]:
    """This computer's addresses a phone on one of its networks could reach: the outgoing
    interface's first, then the others in interface order, each once, never loopback."""
    found: list[Address] = []
    for finder in finders if finders is not None else default_finders():
        try:
            got = list(finder())
        except OSError:
            continue
        for a in got:
            if not reachable(a.ip):
                continue
            known = next((i for i, b in enumerate(found) if b.ip == a.ip), None)
            if known is None:
                found.append(a)
            elif not found[known].interface and a.interface:
                found[known] = a  # the same address, now with its interface's name
    return found


def default_finders() -> list[Finder]:
    return [outgoing, listed]


def listed() -> list[Address]:
    """Every interface's address: read from the interfaces on Linux, else (or where that
    finds none) from the `ip` tool."""
    return (interfaces() if sys.platform.startswith("linux") else []) or ip_tool()


def outgoing() -> list[Address]:
    """The address of the interface that leads out of this computer (no packet is sent)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.connect(OUTWARD)
        return [Address(str(s.getsockname()[0]))]


def interfaces() -> list[Address]:
    """Each interface's IPv4 address, by name (Linux)."""
    import fcntl

    out = []
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        for _, name in socket.if_nameindex():
            req = struct.pack("256s", name.encode()[:15])
            try:
                got = fcntl.ioctl(s.fileno(), SIOCGIFADDR, req)
            except OSError:
                continue  # an interface without an IPv4 address
            out.append(Address(socket.inet_ntoa(got[20:24]), name))
    return out


def ip_tool() -> list[Address]:
    """The addresses `ip -o -4 addr` lists; none where the tool is missing."""
    try:
        text = subprocess.run(
            ["ip", "-o", "-4", "addr"], capture_output=True, text=True, timeout=5
        ).stdout
    except (OSError, subprocess.SubprocessError):
        return []
    return parse_ip_tool(text)


def parse_ip_tool(text: str) -> list[Address]:
    """`2: eth0    inet 192.168.1.23/24 brd ... scope global eth0` as (address, eth0)."""
    out = []
    for line in text.splitlines():
        words = line.split()
        if "inet" in words[:-1]:
            ip = words[words.index("inet") + 1].split("/")[0]
            out.append(Address(ip, words[1].rstrip(":") if len(words) > 1 else ""))
    return out
