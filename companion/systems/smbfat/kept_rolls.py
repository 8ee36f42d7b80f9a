"""Which rolls a force may spend a reroll on, and where they are kept.

By default (R-SMB-P08) a reroll goes to one of the latest rolls of the acting figure's
force, kept in `flags.rolls` until the next figure's turn. The game option `reroll-any`
plays the text's "any single dice roll" (R-SMB-P13): each force keeps every roll it made
this round, its roll to go first included, in `flags.round_rolls`, until the round ends.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.core.check import Check
from companion.core.roller import Roller
from companion.errors import RefusedError
from companion.game.events import Change, set_game
from companion.game.state import GameState, freeze, thaw
from companion.systems.kit.turns import roll_off
from companion.systems.smbfat.figures import option
from companion.systems.smbfat.state import SmbGame, Turned
from companion.trace import Step

LITERAL = "reroll-any"
FIRST = "first"  # the kind of the record of a force's roll to go first


def literal(state: GameState) -> bool:
    return option(state, LITERAL)


def rolls_of(state: GameState, side: int) -> list[dict[str, Any]]:
    """The rolls of a force a reroll may go to, oldest first (before any is ruled out)."""
    if literal(state):
        kept = SmbGame.of(state).round_rolls
        return [dict(thaw(r)) for r in kept.get(str(side), ())]
    rolls = SmbGame.of(state).rolls
    if not rolls or rolls.get("side") != side:
        return []
    return [dict(thaw(r)) for r in rolls.get("list", ())]


def keep(state: GameState, side: int, log: Sequence[Mapping[str, Any]]) -> list[Change]:
    """The change that keeps a force's new rolls for a reroll."""
    return store(state, {side: rolls_of(state, side) + [dict(r) for r in log]})


def store(state: GameState, logs: Mapping[int, Sequence[Mapping[str, Any]]]) -> list[Change]:
    """The change that writes the rolls of the forces given (after a reroll changed one)."""
    if not literal(state):
        side, log = next(iter(logs.items()))
        return SmbGame.set(rolls=freeze({"side": side, "list": list(log)}))
    kept = {k: list(v) for k, v in thaw(SmbGame.of(state).round_rolls).items()}
    kept.update({str(side): [dict(r) for r in log] for side, log in logs.items()})
    return SmbGame.set(round_rolls=freeze(kept))


def first_rolls(state: GameState, steps: Sequence[Step], first: int) -> list[Change]:
    """Under `reroll-any`, each force's roll to go first, kept for a reroll (R-SMB-P13);
    the round's other rolls start afresh. `steps` are the round's opening steps."""
    if not literal(state):
        return []
    got: dict[int, int] = {}
    for s in steps:
        for i, side in enumerate(state.sides):
            title = f"Roll to go first: {side.name}"
            if s.roll is not None and s.title.partition(" (again")[0] == title:
                got[i] = s.roll.value  # a tie rolls again: the last roll stands
    if len(got) != 2:
        return []
    kept = {
        str(i): [
            {
                "kind": FIRST,
                "side": i,
                "who": None,
                "target": None,
                "dice": 1,
                "need": 0,
                "mine": got[i],
                "theirs": got[1 - i],
                "ok": first == i,
                "rerolled": 0,
            }  # fmt: skip
        ]
        for i in (0, 1)
    }
    return SmbGame.set(round_rolls=freeze(kept))


def reroll_first(
    state: GameState, side: int, record: dict[str, Any], roller: Roller
) -> tuple[bool, list[Change], list[dict[str, Any]]]:
    """A force rolls its die to go first again; the other force's die stands, and a tie
    rolls off again. Refused once a figure has had its turn: the order is played.
    Returns whether the force now goes first, and the changes besides its own rolls'
    (the initiative, and the other force's record of the roll)."""
    busy = [f.name for f in state.fighters if Turned.of(f).turned]
    if busy or state.active is not None:
        raise RefusedError(
            "the roll to go first can be rerolled only before the round's first turn; "
            f"{(busy or [state.fighter(str(state.active)).name])[0]} has had a turn"
        )
    name, other = state.sides[side].name, state.sides[1 - side].name
    c = Check(
        f"Roll to go first: {name} (reroll)",
        name,
        text="{total}",
        rulings=("R-SMB-P13",),
        purpose=f"{name}'s roll to go first",
    )
    mine = int(roller.check(c).total or 0)
    theirs = int(record["theirs"])
    if mine == theirs:
        roller.info("Tie", f"{name} and {other} both rolled {mine}: they roll again")
        first = roll_off(state, roller, what="roll to go first")
    else:
        first = side if mine > theirs else 1 - side
    roller.info("First", f"{state.sides[first].name} go first", ("R-SMB-P13",))
    record.update(mine=mine, ok=first == side)
    theirs_log = rolls_of(state, 1 - side)
    for r in theirs_log:
        if r["kind"] == FIRST:
            r.update(theirs=mine, ok=first != side)
    return first == side, [set_game("initiative", first)], theirs_log
