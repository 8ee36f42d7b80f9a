"""The live board's score strip: each side's score as the scenario keeps it, the headline
sentence the battle report would print now, and who acts now and next.

The score is what decides the game: victory points where the scenario keeps them (as the
report decides it), else points killed (Monochrome), treasures brought home (a solo
Collect), or the fighters each side has left (WarStuff, SKIRMASHED, any game with no
points). The headline is the report's own (`companion.report.headline`), not a copy.
"""

from __future__ import annotations

from typing import Any

from companion.game.state import GameState
from companion.systems.base import RuleSystem


def score_strip(system: RuleSystem, state: GameState, scenario_summary: str) -> dict[str, Any]:
    """{"sides": [{"index", "name", "value", "unit"}], "headline": the report's sentence}."""
    from companion.report.build import _scenario_scores
    from companion.report.headline import headline

    scored = any(s.vp for s in state.sides)
    keeps_vp = system.keeps_vp and (scored or _scenario_scores(scenario_summary))
    # Monochrome is won on points killed (the objectives aside); a neutral side (its
    # targets) scores nothing and is left out.
    by_kills = system.score_kind == "points-killed"
    treasures = [t for t in state.flags.get("tokens") or () if t.get("kind") == "treasure"]
    left = [sum(1 for f in state.side_fighters(i) if not f.out) for i in range(len(state.sides))]
    sides = []
    for i, s in enumerate(state.sides):
        if s.flags.get("neutral"):
            continue
        if by_kills:
            value, unit = str(int(s.flags.get("points_killed") or 0)), "pts killed"
        elif keeps_vp:
            value, unit = str(s.vp), "VP"
        elif treasures and i == 0:
            home = sum(1 for t in treasures if t.get("state") == "home")
            value, unit = f"{home}/{len(treasures)}", "treasures home"
        else:
            total = len(state.side_fighters(i))
            value, unit = f"{left[i]}/{total}", "fighters left"
        sides.append({"index": i, "name": s.name, "value": value, "unit": unit})
    of = f" of {state.last_turn}" if state.last_turn else ""
    where = f"{system.round_word} {state.turn}{of}" if state.turn else ""
    solo = bool(state.options.get("profile"))
    pairs = [(s.name, s.vp) for s in state.sides]
    return {
        "sides": sides,
        "headline": headline(state.result, state.phase == "ended", pairs, keeps_vp, solo, where),
    }


def turn_order(state: GameState, next_side: int | None) -> dict[str, Any]:
    """Who acts now and who next, agreeing with the fighter the board highlights: while
    a fighter is activating, it is "now" (with its side) and the next side comes "then";
    otherwise only the side that activates next is named."""
    names = [s.name for s in state.sides]
    nxt = names[next_side] if next_side is not None and state.phase != "ended" else None
    if state.active is not None and state.phase != "ended":
        f = state.fighter(state.active)
        now = {"now": f.name, "now_id": f.id, "now_side": names[f.side]}
        return {**now, "side_index": f.side, "then": nxt}
    return {"now": None, "now_id": None, "now_side": None, "side_index": next_side, "then": nxt}
