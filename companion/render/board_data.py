"""The board as plain data: what `status --json` prints and the Rich board draws."""

from __future__ import annotations

from companion import TYPE_CHECKING
from companion.game.state import GameState, thaw
from companion.systems.base import RuleSystem

if TYPE_CHECKING:
    from typing import Any


def fighter_row(system: RuleSystem, state: GameState, fid: str) -> dict[str, Any]:
    f = state.fighter(fid)
    desc = system.describe_fighter(f)
    status = {"upright": "upright", "wounded": "wounded (prone)", "out": "out"}.get(
        f.status, f.status
    )
    return {
        "id": f.id,
        "name": f.name,
        "rank": f.rank,
        "die": f"D{f.die}",
        "stats": thaw(f.stats),
        "describe": dict(desc),
        "status": f.status,
        "status_text": status,
        "wounds": f.wounds,
        "token": f.token,
        "active": state.active == f.id,
        "flags": thaw(f.flags),
        "flag_text": system.fighter_flags(f),
    }


def board(system: RuleSystem, name: str, state: GameState) -> dict[str, Any]:
    scen = {s.id: s for s in system.scenarios()}.get(state.scenario)
    nxt = system.next_side(state)
    return {
        "game": name,
        "system": system.info.id,
        "system_name": system.info.name,
        "scenario": state.scenario,
        # A solo game keeps its solitaire scenario's name in its options.
        "scenario_name": scen.label if scen else str(state.options.get("label") or state.scenario),
        "turn": state.turn,
        # What the system calls a turn ("Round" in WarStuff), for the tracker's label.
        "turn_word": system.turn_word,
        # Whether the sides' VP mean anything (WarStuff and SKIRMASHED keep none).
        "keeps_vp": system.keeps_vp,
        "last_turn": state.last_turn,
        "phase": state.phase,
        "initiative": state.initiative,
        "initiative_side": state.sides[state.initiative].name
        if state.initiative is not None
        else None,
        "next_side": nxt,
        "next_side_name": state.sides[nxt].name if nxt is not None else None,
        "active": state.active,
        "result": state.result,
        "notes": system.status_lines(state),
        "columns": [list(c) for c in system.board_columns()],
        "flags": thaw(state.flags),
        "sides": [
            {
                "index": i,
                "name": s.name,
                "vp": s.vp,
                "flags": thaw(s.flags),
                "fighters": [fighter_row(system, state, f.id) for f in state.side_fighters(i)],
            }
            for i, s in enumerate(state.sides)
        ],
    }


def stamped_board(system_id: str, name: str, state: GameState) -> dict[str, Any] | None:
    """The board as `status` shows it, stamped with the code that drew it: what a game
    file keeps for the quick `status` (the store is handed this; it draws nothing)."""
    from companion import systems
    from companion.errors import CompanionError
    from companion.stamp import code_stamp

    try:
        drawn = board(systems.get(system_id), name, state)
        # A plug-in's board is drawn by its own code too: its package is stamped as well.
        extra = systems.data_folders(system_id)
        stamp = {"stamp": code_stamp(*extra), "data": drawn}
        return {**stamp, "folders": list(extra)} if extra else stamp
    except CompanionError:
        return None
