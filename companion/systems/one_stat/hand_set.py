"""What `companion set` may not make of a 1ss fighter: wounds that do not match its state.

A rookie leaves at its first wound, so a rookie in play has none (R-1SS-05); a
specialist or boss is upright with no wound and prone with one (R-1SS-05), and a
Regenerator lies face down after its second. A ladder boss (Bounty, Hostage) counts his
wounds on his die instead and stays upright (R-1SS-14).
"""

from __future__ import annotations

from companion.game.state import FighterState
from companion.names import plural
from companion.systems.one_stat.state import OneStatSolo


def problem(f: FighterState, wounds: int, status: str) -> str | None:
    if status == "out":
        return None
    if OneStatSolo.of(f).ladder:
        return None if status == "upright" else f"{f.name} is never laid prone (R-1SS-14)"
    if f.rank == "rookie":
        if wounds or status != "upright":
            return (
                f"a rookie leaves at its first wound: {f.name} in play is upright with "
                "0 wounds, or out (R-1SS-05)"
            )
        return None
    allowed = {"upright": 0, "wounded": 1, "face-down": 2}
    want = allowed.get(status)
    if want is not None and wounds != want:
        return (
            f"a {f.rank} {status} has {plural(want, 'wound')}, not {wounds}: upright 0, "
            "wounded (prone) 1, face-down 2 (a Regenerator), or out (R-1SS-05)"
        )
    return None
