"""Movement in 1ss: the movement action with its jumps and climbs, and falling."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from companion.errors import RefusedError, UsageError
from companion.game.state import FighterState, GameState
from companion.names import plural
from companion.systems.base import ActionRequest, Outcome
from companion.systems.one_stat import fighters as fx
from companion.systems.one_stat import scenarios as sc
from companion.systems.one_stat.board import Board
from companion.systems.one_stat.combat import Attack, Ctx, defend
from companion.systems.one_stat.data import OneStatData
from companion.systems.one_stat.outcome import outcome
from companion.systems.one_stat.permissions import spend_action
from companion.systems.one_stat.roller import Roller
from companion.systems.one_stat.sequence import (
    CHARGERS,
    NO_MOVE,
    breaks_free,
    charge_after_moves,
    moves,
)
from companion.systems.one_stat.state import OneStatFighter, OneStatGame, OneStatTurn


def fall(d: OneStatData, state: GameState, req: ActionRequest, roller: Roller) -> Outcome:
    """Falling: free up to 1"; one hit per started inch after the first, each defended by
    rolling above the stat; each undefended hit is a wound."""
    f = fx.named(state, req.actor)
    if state.phase == "ended":
        raise RefusedError(f"the game is over: {state.result or 'ended'}")
    if not fx.in_play(f):
        raise RefusedError(f"{f.name} is out of the game")
    inches = _inches(req.options.get("inches", 0))
    hits = max(0, math.ceil(inches) - 1)
    board = Board(state)
    roller.info(
        "Fall",
        f'{inches:g}": {plural(hits, "hit")} (the first inch is free, each inch begun after '
        "it is a hit, defended with one die)",
        ("R-1SS-P18",),
    )
    ctx = Ctx(d, board, roller, Attack(melee=False))
    wounds = 0
    for i in range(hits):
        if not fx.in_play(board.fighter(f.id)):
            break
        if defend(ctx, f, f.id, "fall", None, f"{f.name} defends falling hit {i + 1} of {hits}"):
            wounds += 1
    sc.after_resolution(d, board, roller)
    after = board.fighter(f.id)
    took = f"{plural(hits, 'hit')}, {plural(wounds, 'wound')}"
    summary = f'{f.name} falls {inches:g}": {took}; now {after.status}'
    return outcome("fall", f"Falling: {f.name}", summary, board, roller)


def _inches(v: Any) -> float:
    try:
        x = float(str(v).strip().rstrip('"'))
    except ValueError:
        raise UsageError(
            f"a fall takes a height in inches, such as 2.5, not {str(v)[:20]!r}"
        ) from None
    if not 0 <= x <= 100 or x != x:
        raise UsageError("a fall takes a height from 0 to 100 inches")
    return x


def move_allowance(f: FighterState) -> tuple[float, str]:
    """How far one movement action takes the fighter, and why (R-1SS-P14)."""
    if fx.animal(f):
        return float(f.die - f.stat), f"animal form: D{f.die} - stat {f.stat} (Shapeshifter)"
    if fx.has(f, "meat-shield"):
        return f.stat / 2, f"Meat Shield: half its stat {f.stat}"
    return float(f.stat), f"its stat {f.stat}"


def move(
    d: OneStatData, board: Board, roller: Roller, f: FighterState, o: Mapping[str, Any]
) -> str:
    """A movement action (R-1SS-P14): spends an action, checks the distance the table
    gives against the fighter's allowance, and marks the turn as one with a move (the
    Doppelganger, Controller and Shapeshifter cannot use their skill on such a turn)."""
    if not fx.in_play(f):
        raise RefusedError(f"{f.name} is out of the game")
    if f.status != "upright":
        raise RefusedError(f"{f.name} is {f.status}: its only action is Recover (R-1SS-06)")
    limit, why = move_allowance(f)
    inches = o.get("inches")
    if inches is not None:
        try:
            dist = float(str(inches))
        except ValueError:
            raise UsageError(f"--opt inches= takes a distance, not {inches!r}") from None
        if dist < 0:
            raise UsageError("--opt inches= takes a distance of 0 or more")
        if dist > limit:
            raise RefusedError(f'{f.name} moves {limit:g}" at most ({why}), not {dist:g}"')
    blocked = [
        d.skills[s].label
        for s in tuple(f.flags.get("skills_used", ()))
        if s in NO_MOVE and not OneStatFighter.of(f).split_of
    ]
    if blocked and not o.get("free"):
        raise RefusedError(
            f"{f.name} used {blocked[0]} this turn and cannot make a movement action (R-1SS-P14)"
        )
    before = OneStatTurn.of(f).actions
    team = None
    if OneStatGame.of(board.state).fire_teams:
        from companion.systems.one_stat import fire_team as ft

        team = ft.standing_team(board.state, f.id)
        if team:
            ft.spend_move(board, roller, f, o)
    if not team:
        spend_action(board, roller, f, o, "the move", "move")
    _jump_and_climb(roller, f, limit, float(str(inches)) if inches is not None else 0.0, o)
    stays = inches is not None and float(str(inches)) == 0
    if not stays:  # standing still is no movement action for the skills that forbid one
        board.put(OneStatTurn, f.id, moved=True)
    roller.info("Move", f'up to {limit:g}" ({why})', ("R-1SS-P14",))
    if o.get("charge") and not team:
        if not any(fx.has(f, s) for s in CHARGERS):
            raise UsageError(f"{f.name} has no charge (Maniac or Red William)")
        if moves(board.fighter(f.id)) != 2:
            raise RefusedError(f"a charge follows two movement actions; this is {f.name}'s first")
        charge_after_moves(board, roller, f)
    dist_text = f' {float(str(inches)):g}"' if inches is not None else f' up to {limit:g}"'
    left = OneStatTurn.of(board.fighter(f.id)).actions
    # Breaking free spends both actions (R-1SS-P17): the summary says so, as the log will.
    broke = not team and isinstance(before, int) and before >= 2 and left == 0
    tail = ", breaking free (its second action is lost)" if broke and breaks_free(o) else ""
    return f"{f.name} moves{dist_text}{tail}"


def _jump_and_climb(
    roller: Roller, f: FighterState, limit: float, ground: float, o: Mapping[str, Any]
) -> None:
    """A jump or a climb inside the move (R-1SS-P27): `inches` is the ground covered.
    A jump reaches the stat at most after a straight run-up as long as the jump; a
    climb costs twice its height and ends the move."""
    jump, climb = o.get("jump"), o.get("climb")
    if jump:
        j = float(jump)
        if j > f.stat:
            raise RefusedError(f'{f.name} jumps {f.stat}" at most (its stat), not {j:g}"')
        if ground < j:
            raise RefusedError(
                f'a {j:g}" jump needs a straight run-up of {j:g}" first; give it in inches'
            )
        if ground + j > limit:
            raise RefusedError(f'run-up and jump ({ground + j:g}") exceed the move ({limit:g}")')
        roller.info("Jump", f'{j:g}" after a {j:g}" straight run-up', ("R-1SS-P27",))
    if climb:
        c = float(climb)
        if ground + 2 * c > limit:
            raise RefusedError(
                f'a {c:g}" climb needs {2 * c:g}" of the move left; {f.name} has '
                f'{max(0.0, limit - ground):g}": it stops at the foot'
            )
        roller.info(
            "Climb",
            f'{c:g}" up, costing {2 * c:g}" of movement; the move ends on top',
            ("R-1SS-P27",),
        )
