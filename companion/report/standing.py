"""Who leads a game by its own score: victory points where the scenario keeps them, else the
score the system's board shows (SMBFAT's score, Monochrome's points killed, SKIRMASHED's
casualties), else the fighters each side has taken out of the others.

Read from what any system already says (its VP and its board's status lines), so the
headline names a leader in every system without asking which one it is.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from companion.values import frozen


@frozen
class Score:
    """Each side's score by one measure, the player's first in a solo game."""

    what: str  # "victory points", "points killed", "casualties", "fighters out"
    values: tuple[tuple[str, int], ...]  # (side, score)
    higher_wins: bool = True
    said: str = ""  # the score in words where a plain "8 to 1" would mislead

    def leader(self) -> str | None:
        if len(self.values) < 2:
            return None
        ranked = sorted(self.values, key=lambda s: -s[1] if self.higher_wins else s[1])
        return None if ranked[0][1] == ranked[1][1] else ranked[0][0]

    def text(self) -> str:
        """The score in words: "30 to 26", the leader's first; "26 each" when level."""
        if self.said:
            return self.said
        nums = [v for _, v in self.values]
        if len(set(nums)) == 1:
            return f"{nums[0]} each"
        ranked = sorted(nums, reverse=self.higher_wins)
        return " to ".join(str(v) for v in ranked)

    def lead(self) -> str:
        """ "Bear Clan lead on points killed, 30 to 26" or "level on casualties, 1 each"."""
        who = self.leader()
        how = f" ({self.said})" if self.said else f", {self.text()}"
        if who is None:
            return f"level on {self.what}{how}"
        return f"{who} lead on {self.what}{how}"


# A board line that scores each side: "Score: A 2, B 1", "Killed: A 3 (30 pts), B 2 (26 pts)",
# "Casualties: A 1, B 0" (fewer is better).
_LINE = re.compile(r"^(?P<label>score|killed|casualties)\s*:\s*(?P<rest>.+)$", re.IGNORECASE)


def from_status(sides: Sequence[str], lines: Sequence[str]) -> Score | None:
    """The score a board line gives every side, or None where no line does."""
    for line in lines:
        m = _LINE.match(line.strip())
        if m is None:
            continue
        label, rest = m["label"].casefold(), m["rest"]
        values: list[tuple[str, int]] = []
        pts = False
        for name in sides:
            found = re.search(
                re.escape(name) + r"\s+(\d+)(?:\s*\((\d+)\s*pts?\))?", rest, re.IGNORECASE
            )
            if found is None:
                continue  # a side the line leaves out: no player (Monochrome's targets)
            pts = pts or found[2] is not None
            values.append((name, int(found[2] if found[2] is not None else found[1])))
        if len(values) < 2:
            continue
        if label == "killed":
            return Score("points killed" if pts else "kills", tuple(values))
        if label == "casualties":
            return Score("casualties", tuple(values), higher_wins=False)
        return Score("score", tuple(values))
    return None


def fighters_out(sides: Sequence[str], lost: Sequence[int], counts: Sequence[int]) -> Score:
    """Each side scored by the fighters of the others taken out: "4 of 10 out"."""
    taken = [sum(lost) - mine for mine in lost]
    values = tuple(zip(sides, taken, strict=True))
    said = ", ".join(f"{n} {x} of {c} out" for n, x, c in zip(sides, lost, counts, strict=True))
    return Score("fighters out", values, said=said)


def standing(
    sides: Sequence[tuple[str, int]],
    keeps_vp: bool,
    status: Sequence[str],
    lost: Sequence[int],
    counts: Sequence[int],
) -> Score | None:
    """The scenario's own score: VP where it keeps them, a board's score line, or the
    fighters taken out. `sides`: (name, VP); `lost` and `counts`: each side's fighters out
    and fighters in all."""
    # A side with no fighters and no VP plays no part (Monochrome's neutral targets).
    keep = [i for i, (_, vp) in enumerate(sides) if counts[i] or vp]
    names = [sides[i][0] for i in keep]
    if len(names) < 2:
        return None
    if keeps_vp:
        return Score("victory points", tuple(sides[i] for i in keep))
    return from_status(names, status) or fighters_out(
        names, [lost[i] for i in keep], [counts[i] for i in keep]
    )
