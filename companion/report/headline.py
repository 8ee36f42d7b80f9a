"""The report's headline: one sentence, with a capital, that names the winner, the draw, or
says the game is still running.

Each system words its own result ("Robyn's merry men wins on VP (2-1)", "draw: no one is
left standing", a solo game's "you win: ..."); the headline keeps those words, names the
side that "you" are in a solo game, and where a result names no side, says who led.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from companion.report.standing import Score
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
    score: Score | None = None,
) -> str:
    """`sides`: each side's name and VP, the player's first in a solo game; `where`:
    how far a running game is ("turn 3 of 8"; empty before its first turn); `score`: the
    scenario's own score (`standing`), else VP where the game keeps them."""
    names = [n for n, _ in sides]
    if score is None and keeps_vp and len(sides) >= 2:
        score = Score("victory points", tuple(sides))
    if not finished and not where:
        return "The game has not begun yet."
    if not finished or not result:
        if not finished:
            tail = f"; {score.lead()}" if score else ""
            return sentence(f"Still running, {where}{tail}")
        winner = score.leader() if score else None
        if score and winner and keeps_vp:
            return sentence(f"{winner} win on {score.what}, {score.text()}")
        if score:  # a score that decides nothing by itself: who led when it stopped
            return sentence(f"The game is over with no result recorded; {score.lead()}")
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
    winner = score.leader() if score and keeps_vp else None
    if score and winner:
        return sentence(f"{winner} win on {score.what}, {score.text()} ({result.strip()})")
    return sentence(text)


def _names_first(text: str, names: Sequence[str]) -> bool:
    low = text.casefold()
    return low.startswith(("a draw", "draw")) or any(low.startswith(n.casefold()) for n in names)
