"""What the board shows of an SMBFAT game: figures, the round, score, rerolls, options."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.game.state import FighterState, GameState
from companion.roster import RosterFighter
from companion.systems.base import flag_words
from companion.systems.smbfat.actions import rerollable
from companion.systems.smbfat.data import SmbData
from companion.systems.smbfat.figures import map_of, score_line
from companion.systems.smbfat.roster_rules import figure_cost
from companion.systems.smbfat.state import FigureTurn, SmbGame, SmbSide


def describe(d: SmbData, f: FighterState | RosterFighter) -> Mapping[str, str]:
    """Type, cost, dice (a dash for no ranged dice) and traits."""
    t = d.types.get(f.rank)
    return {
        "rank": t.label if t else f.rank,
        "cost": f"{figure_cost(d, f)} pts" if t else "?",
        "stat": f"{t.melee} / {t.ranged or '-'}" if t else "?",
        "equipment": "-",
        "skills": ", ".join(d.trait_label(s) for s in f.skills) or "-",
    }


def battlefield(d: SmbData, state: GameState) -> list[tuple[str, str]]:
    m = map_of(d, state)
    a, b = (s.name for s in state.sides)
    return [
        ("Battlefield", f"{m.label}: {m.board}; terrain that blocks movement and sight "
         "over about half to two thirds of it"),
        ("Forces", f"{a} and {b} set up on opposite sides"),
        ("Objectives", "3 markers halfway between the set-up areas: one in the centre, "
         "one toward each side where no force stands"),
    ]  # fmt: skip


def status_lines(d: SmbData, state: GameState) -> list[str]:
    m = map_of(d, state)
    lines = []
    if state.turn == 0:
        lines += [text for _, text in battlefield(d, state)]
        lines.append("Not started: 'companion turn' rolls to see who goes first in round 1")
    else:
        lines.append(f"Round {state.turn} of {state.last_turn}")
    lines.append(f'{m.label}: move {m.move}", secondary {m.secondary}", ranged {m.ranged}"')
    lines.append("Score: " + score_line(d, state))
    pools = ", ".join(f"{s.name} {SmbSide.of(s).pool}" for s in state.sides)
    lines.append(f"Rerolls left: {pools}")
    extra = SmbGame.of(state).extra_turn
    if extra is not None:
        lines.append(f"{state.sides[int(extra)].name}: the Leader's extra turn may be taken now")
    open_ = [(i, r) for s in range(len(state.sides)) for i, r in rerollable(state, s)]
    if open_:
        lines.append("May be rerolled: " + "; ".join(roll_label(state, i, r) for i, r in open_))
    changed = [k for k, v in state.options.items() if v is True]
    if changed:
        lines.append("Options: " + ", ".join(f"{k}=yes" for k in changed))
    return lines


def roll_label(state: GameState, n: int, r: Mapping[str, Any]) -> str:
    """'2: Fear roll against Hedge Witch (failed)', as `act NAME reroll --opt roll=2` takes it."""
    target = f" against {state.fighter(str(r['target'])).name}" if r.get("target") else ""
    friend = ", a friend" if r.get("friend") else ""
    result = "passed" if r["ok"] else "failed"
    return f"{n}: {str(r['kind']).capitalize()} roll{target} ({result}{friend})"


def fighter_flags(d: SmbData, f: FighterState) -> list[str]:
    """Whether it has had its turn this round, and what it has done in the turn under way."""
    out = flag_words(f, {"turned": "turn taken", "extra": "extra turn", "moved": "moved"})
    did = FigureTurn.of(f).did
    if did:
        out.append(d.actions[str(did)].label.lower())
    return out
