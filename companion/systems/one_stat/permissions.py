"""Who may act now, and the action it costs (R-1SS-P05)."""

from __future__ import annotations

from collections.abc import Mapping

from companion.errors import RefusedError
from companion.game.state import FighterState, GameState
from companion.systems.one_stat.board import Board
from companion.systems.one_stat.roller import Roller
from companion.systems.one_stat.running import not_running
from companion.systems.one_stat.state import OneStatGame, OneStatSolo, OneStatTurn

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, without importing typing at start-up
if TYPE_CHECKING:
    from typing import Any

REACTIONS = {
    "command": "ordered by its boss's Command",
    "influenced": "taken over by an enemy Influencer",
    "guard": "a Guard interrupting the enemy's activation",
}


def check_running(state: GameState) -> None:
    why = not_running(state)
    if why is not None:
        raise RefusedError(why)


def spend_action(
    board: Board,
    roller: Roller,
    f: FighterState,
    options: Mapping[str, Any],
    what: str,
    kind: str = "other",
) -> None:
    """Take one action from the active fighter, or use a one-action permission a rule gave
    (Command, Influencer, Guard), or nothing with `free` (a reaction or correction the
    players resolve outside the count). Refuses with the reason otherwise (R-1SS-P05).
    The fighter's own actions follow the action sequence (R-1SS-P16): `kind` says which
    action this is (move, attack, skill, recover, pickup, device)."""
    from companion.systems.one_stat.sequence import cost, did, no_action_left, ordinal

    state = board.state
    opfor = bool(OneStatSolo.of(f).opfor)
    if options.get("free"):
        # The table's escape for a reaction or a house rule; for the OpFor it also sets
        # the solo procedure's turn and order aside (R-1SS-S19), and the trace says so.
        also = " and outside the OpFor's turn and procedure" if opfor else ""
        roller.info(
            "Action",
            f"{what} resolved outside the action count{also} (free)",
            ("R-1SS-P05", "R-1SS-S19") if opfor else ("R-1SS-P05",),
        )
        return
    check_running(state)
    if opfor:
        from companion.systems.one_stat.solo.legal import opfor_may

        why = opfor_may(state, f, kind)
        if why is not None:
            raise RefusedError(f"{why}; --opt free=true resolves it outside the count")
    reaction = OneStatTurn.of(f).reaction
    if reaction and state.active != f.id:
        board.put(OneStatTurn, f.id, reaction=None)
        board.put(OneStatTurn, f.id, influenced_by=None)
        roller.info(
            "Action",
            f"{f.name} acts outside its activation: {REACTIONS.get(str(reaction), reaction)}",
            ("R-1SS-P05",),
        )
        return
    if OneStatGame.of(state).fire_teams:
        from companion.systems.one_stat.fire_team import RULING, standing_team

        if standing_team(state, f.id):
            raise RefusedError(
                f"{f.name} is in a Fire Team: the team's actions are one move per member or the "
                f"heavy shooter's shot, not {what} ({RULING}); --opt free=true resolves it "
                "outside the count"
            )
    master = OneStatTurn.of(f).with_master
    if master and state.active == master and state.active != f.id:
        n = int(f.flags.get("actions", 0) or 0)
        if n < 1:
            raise RefusedError(f"{f.name} has no action left in its master's activation")
        n -= cost(board, roller, f, kind, n, what, options)
        board.put(OneStatTurn, f.id, actions=n)
        roller.info(
            "Action",
            f"{what} uses the minion {f.name}'s action in its Minion Master's "
            f"activation ({n} left)",
            ("R-1SS-P05",),
        )
        return
    if state.active != f.id:
        raise RefusedError(
            f"{f.name} is not the fighter whose activation is under way; activate it first "
            f"('companion activate {f.name}'), or pass --opt free=true for a reaction"
        )
    n = int(f.flags.get("actions", 0) or 0)
    if n < 1:
        raise RefusedError(no_action_left(f))
    n -= cost(board, roller, f, kind, n, what, options)
    board.put(OneStatTurn, f.id, actions=n)
    nth = ordinal(len(did(board.fighter(f.id))))
    roller.info(
        "Action",
        f"{what} uses {f.name}'s {nth} action ({n} left)",
        ("R-1SS-P05", "R-1SS-S19") if opfor else ("R-1SS-P05",),
    )
