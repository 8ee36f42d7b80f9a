"""Finding things by name: exact, then unique case-insensitive prefix."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from companion.errors import NotFoundError

T = TypeVar("T")


def match(
    query: str,
    items: Sequence[T],
    name: Callable[[T], str],
    what: str,
    prefer: Sequence[Callable[[T], bool]] = (),
) -> T:
    """The item whose name is `query`, or the only one it begins (case-insensitively).

    When the query begins several names, each test in `prefer` is tried in turn: the
    first that exactly one of them passes picks it (the fighter activating now, say,
    then the only one still in play)."""
    q = query.strip().casefold()
    if not q:
        raise NotFoundError(f"give a {what} name")
    exact = [i for i in items if name(i).casefold() == q]
    if len(exact) == 1:
        return exact[0]
    hits = exact or [i for i in items if name(i).casefold().startswith(q)]
    if len(hits) == 1:
        return hits[0]
    for test in prefer:
        chosen = [i for i in hits if test(i)]
        if len(chosen) == 1:
            return chosen[0]
    if not hits:
        known = ", ".join(name(i) for i in items[:12]) or "none yet"
        more = " ..." if len(items) > 12 else ""
        raise NotFoundError(f"no {what} named '{query}'; known: {known}{more}")
    options = ", ".join(name(i) for i in hits[:8])
    raise NotFoundError(
        f"'{query}' could be more than one {what}: {options}; type more of the name"
    )


_IRREGULAR = {"die": "dice", "dice": "dice", "wound": "wounds", "foot": "feet"}


def plural(n: int, word: str, many: str | None = None) -> str:
    """`n` and the word, in the plural unless n is 1: "1 boss", "2 bosses", "3 dice"."""
    if n == 1:
        return f"{n} {word}"
    if many is None:
        many = _IRREGULAR.get(word)
    if many is None:
        if word.endswith(("s", "sh", "ch", "x")):
            many = word + "es"
        elif word.endswith("y") and word[-2:-1] not in "aeiou":
            many = word[:-1] + "ies"
        else:
            many = word + "s"
    return f"{n} {many}"
