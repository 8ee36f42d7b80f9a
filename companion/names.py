"""Finding things by name: exact, then unique case-insensitive prefix."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from companion.errors import NotFoundError, UsageError

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, without importing typing at start-up
if TYPE_CHECKING:
    from typing import TypeVar

    T = TypeVar("T")


# The one rule for a name a player gives (a roster, a fighter, a game, a profile): what a
# terminal, a file name and a board line can all hold.
NAME_LIMIT = 80

# Characters that change how the text around them shows: the C0 and C1 controls (escape
# sequences begin with one) and the direction marks, embeddings, overrides and isolates
# (a right-to-left override prints the rest of a line backwards).
_BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def unsafe_char(text: str) -> str | None:
    """The first character of `text` that a terminal would act on rather than show (a
    control character or a direction override), or None."""
    for c in text:
        o = ord(c)
        if o < 32 or 0x7F <= o < 0xA0 or c in _BIDI:
            return c
    return None


def name_problem(text: str) -> str | None:
    """What breaks the name rule in `text`, in words, or None when it keeps it."""
    if not text.strip():
        return "it is empty"
    if len(text) > NAME_LIMIT:
        return f"it has {len(text):,} characters, more than {NAME_LIMIT}"
    bad = unsafe_char(text)
    if bad is not None:
        kind = "a direction override" if bad in _BIDI else "a control character"
        return f"it holds {kind} (U+{ord(bad):04X})"
    return None


def check_name(text: str, what: str) -> str:
    """`text` stripped, when it keeps the name rule; else a UsageError saying which part of
    the rule it breaks (exit status 2, nothing written)."""
    problem = name_problem(text)
    if problem is not None:
        raise UsageError(
            f"{what} must be 1-{NAME_LIMIT} characters with no control characters or "
            f"direction overrides; {problem}"
        )
    return text.strip()


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
        hint = did_you_mean(query, [name(i) for i in items])
        known = ", ".join(name(i) for i in items[:12]) or "none yet"
        more = " ..." if len(items) > 12 else ""
        raise NotFoundError(f"no {what} named '{query}'{hint}; known: {known}{more}")
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


def possessive(name: str) -> str:
    """`name`'s, or `name`' for a name ending in s (a warband is often plural: the
    Bobbies' turn, Cpt. Fawkes' ragtags)."""
    return f"{name}'" if name.endswith(("s", "S")) else f"{name}'s"


def close_to(given: str, choices: Iterable[str]) -> str | None:
    """The choice `given` most likely misspells, or None when none is close.

    difflib is in the standard library and imported only here, when a name was not
    found: a command that finds its names never loads it."""
    import difflib

    by_fold = {c.casefold(): c for c in choices if c}
    key = given.strip().casefold()
    if not key or not by_fold:
        return None
    hits = difflib.get_close_matches(key, list(by_fold), n=1, cutoff=0.6)
    if not hits:  # a misspelt start of a long name ("Orc Warior" for "Orc Warrior 2")
        starts = {k[: len(key)]: k for k in by_fold if len(k) > len(key)}
        near = difflib.get_close_matches(key, list(starts), n=1, cutoff=0.75)
        hits = [starts[near[0]]] if near else []
    return by_fold[hits[0]] if hits else None


def did_you_mean(given: str, choices: Iterable[str]) -> str:
    """' (did you mean "X"?)' for the choice `given` most likely misspells, else ""."""
    found = close_to(given, choices)
    return f" (did you mean '{found}'?)" if found else ""


def with_suggestion(message: str) -> str:
    """An error that quotes a bad value and lists the good ones ("unknown 1ss scenario
    'trainin'; use one of training, ..."), with the one it most likely meant."""
    import re

    if "did you mean" in message.casefold():
        return message
    listed = re.search(r"(?:use one of|known(?: \(with aliases\))?:|options:)\s+(.+)$", message)
    quoted = re.search(r"'([^']+)'", message)
    if not listed or not quoted or quoted.start() > listed.start():
        return message
    choices = [c.strip() for c in re.sub(r"\([^)]*\)", "", listed[1]).split(",")]
    hint = did_you_mean(quoted[1], [c.removesuffix(" ...") for c in choices])
    return message[: quoted.end()] + hint + message[quoted.end() :]


# A result as a player says it of a fighter: "missed", not "miss".
_SAID = {"miss": "missed"}


def fared(name: str, result: str) -> str:
    """What an attack did to a fighter, read aloud: "Frogger: missed", "Shaman: no effect"."""
    return f"{name}: {_SAID.get(result, result)}"
