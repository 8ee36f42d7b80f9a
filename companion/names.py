"""Finding things by name: exact, then unique case-insensitive prefix."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from companion.errors import NotFoundError

T = TypeVar("T")


def match(query: str, items: Sequence[T], name: Callable[[T], str], what: str) -> T:
    """The item whose name is `query`, or the only one it begins (case-insensitively)."""
    q = query.strip().casefold()
    if not q:
        raise NotFoundError(f"give a {what} name")
    exact = [i for i in items if name(i).casefold() == q]
    if len(exact) == 1:
        return exact[0]
    hits = exact or [i for i in items if name(i).casefold().startswith(q)]
    if len(hits) == 1:
        return hits[0]
    if not hits:
        known = ", ".join(name(i) for i in items[:12]) or "none yet"
        more = " ..." if len(items) > 12 else ""
        raise NotFoundError(f"no {what} named '{query}'; known: {known}{more}")
    options = ", ".join(name(i) for i in hits[:8])
    raise NotFoundError(
        f"'{query}' could be more than one {what}: {options}; type more of the name"
    )
