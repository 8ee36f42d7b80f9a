"""The report's headline: one sentence, with a capital, that names the winner, the draw, or
says the game is still running.

Each system words its own result ("Robyn's merry men wins on VP (2-1)", "draw: no one is
left standing", a solo game's "you win: ..."); the headline keeps those words, names the
side that "you" are in a solo game, and where a result names no side, says who led.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from companion.report.words import plain

_DRAW = re.compile(r"^(?:a\s+)?draw\b[:,]?\s*", re.IGNORECASE)
_DRAW_LAST = re.compile(r"^(?P<why>.*?)[:,]\s*a draw\.?$", re.IGNORECASE)
_YOU = re.compile(r"^you (win|lose)\b[:,]?\s*", re.IGNORECASE)


def sentence(text: str) -> str:
    """`text` with a capital and a full stop."""
    text = text.strip()
    if not text:
        return text
    text = text[:1].upper() + text[1:]
    return text if text[-1] in ".!?" else text + "."


def headline(
    result: str | None,
    finished: bool,
    sides: Sequence[tuple[str, int]],
    keeps_vp: bool,
    solo: bool,
    where: str,
) -> str:
    """`sides`: each side's name and VP, the player's first in a solo game; `where`:
    how far a running game is ("turn 3 of 8"; empty before its first turn)."""
    names = [n for n, _ in sides]
    if not finished and not where:
        return "The game has not begun yet."
    if not finished or not result:
        lead = _leader(sides) if keeps_vp else None
        if not finished:
            tail = f"; {lead[0]} lead on victory points, {lead[1]}" if lead else ""
            return sentence(f"Still running, {where}{tail}")
        if lead:
            return sentence(f"{lead[0]} win on victory points, {lead[1]}")
        return "The game is over; no result was recorded."
    text = plain(result)
    # "the game ends after round 3 — Rifle Section win, ...": the winner first.
    before, dash, after = text.partition(" — ")
    if dash and _names_first(after, names):
        text = f"{after[:1].upper()}{after[1:].rstrip('.')}. {sentence(before)}"
    # "no side wiped out the other: a draw": the draw first.
    found = _DRAW_LAST.match(text)
    if found:
        why = found["why"]
        text = f"draw: {why[:1].lower()}{why[1:]}" if why[1:2].islower() else f"draw: {why}"
    you = _YOU.match(text)
    if you and solo and len(names) >= 2:
        why = text[you.end() :]
        if you.group(1).lower() == "win":
            text = f"{names[0]} win" + (f": {why}" if why else "")
        else:
            text = f"{names[1]} win, {names[0]} lose" + (f": {why}" if why else "")
        return sentence(text)
    draw = _DRAW.match(text)
    if draw:
        why = text[draw.end() :]
        return sentence("A draw" + (f": {why}" if why else ""))
    if "draw" in text.casefold() or any(n.casefold() in text.casefold() for n in names):
        return sentence(text)
    lead = _leader(sides) if keeps_vp else None
    if lead:
        return sentence(f"{lead[0]} win on victory points, {lead[1]} ({result.strip()})")
    return sentence(text)


def _names_first(text: str, names: Sequence[str]) -> bool:
    low = text.casefold()
    return low.startswith(("a draw", "draw")) or any(low.startswith(n.casefold()) for n in names)


def _leader(sides: Sequence[tuple[str, int]]) -> tuple[str, str] | None:
    """The side ahead on VP and the score ("8 to 1"); None when no side is ahead."""
    if len(sides) < 2:
        return None
    ranked = sorted(sides, key=lambda s: -s[1])
    if ranked[0][1] == ranked[1][1]:
        return None
    return ranked[0][0], " to ".join(str(v) for _, v in ranked)
