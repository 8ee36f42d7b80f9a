"""Scenario actions (`companion act FIGHTER ACTION`): picking up and scoring the carried
tokens, the bomb, and what only the table can see (who stands on the hill, fighters per
zone, which side the treasure is closer to, the device), kept in game and side flags.
"""

from __future__ import annotations

from collections.abc import Mapping

from companion import TYPE_CHECKING
from companion.core.check import Check
from companion.errors import RefusedError, UsageError
from companion.game.state import FighterState, GameState
from companion.names import plural
from companion.systems.one_stat import fighters as fx
from companion.systems.one_stat.board import Board
from companion.systems.one_stat.data import OneStatData
from companion.systems.one_stat.roller import Roller
from companion.systems.one_stat.scenarios import (
    BOMB_START,
    DEVICE_MAX,
    DEVICE_MIN,
    DEVICE_START,
    ZONES,
    after_resolution,
)
from companion.systems.one_stat.state import OneStatGame, OneStatSide
from companion.values import replace

if TYPE_CHECKING:
    from typing import Any


def carry_key(state: GameState, f: FighterState) -> tuple[str, int | None, str]:
    """Where the scenario token a fighter may pick up is tracked."""
    if state.scenario == "treasure-hunt":
        return "treasure_carrier", None, "treasure"
    if state.scenario == "bombing-run":
        return "bomb_carrier", None, "bomb"
    if state.scenario == "capture-the-flag":
        enemy = next(s for s in range(len(state.sides)) if s != f.side)
        return "flag_carrier", enemy, f"flag of {state.sides[enemy].name}"
    raise RefusedError(f"there is nothing to pick up in {state.scenario}")


def _carrier(board: Board, key: str, side: int | None) -> Any:
    return board.gflag(key) if side is None else board.sflag(side, key)


def _set_carrier(board: Board, key: str, side: int | None, value: Any) -> None:
    if side is None:
        board.set_gflag(key, value)
    else:
        board.set_sflag(side, key, value)


def pickup(board: Board, roller: Roller, f: FighterState) -> str:
    key, side, what = carry_key(board.state, f)
    holder = _carrier(board, key, side)
    if holder:
        raise RefusedError(f"{board.fighter(str(holder)).name} already carries the {what}")
    if f.status != "upright":
        raise RefusedError(f"{f.name} is {f.status} and cannot pick anything up")
    if fx.animal(f):
        raise RefusedError(f"{f.name} cannot carry it in animal shape (Shapeshifter)")
    _set_carrier(board, key, side, f.id)
    return f"{f.name} picks up the {what}"


def score(
    d: OneStatData, board: Board, roller: Roller, f: FighterState, caught: tuple[str, ...] = ()
) -> str:
    state = board.state
    key, side, what = carry_key(state, f)
    if _carrier(board, key, side) != f.id:
        raise RefusedError(f"{f.name} does not carry the {what}")
    me = state.sides[f.side].name
    if state.scenario == "treasure-hunt":
        board.result = f"{me} wins: {f.name} carried the treasure home"
        board.announcements.append(f"Game over: {board.result}")
        return f"{f.name} carries the treasure into its starting area"
    _set_carrier(board, key, side, None)
    board.add_vp(f.side, 1)
    if state.scenario == "bombing-run":
        board.gput(OneStatGame, bomb=BOMB_START)
        msg = f"{f.name} detonates the bomb in the enemy start area: {me} scores 1 VP"
        roller.info("Victory point", msg)
        _detonate(board, roller, f, caught)
        after_resolution(d, board, roller)
        return msg + f'; the blast kills {f.name} and everyone within 2"'
    if caught:
        raise UsageError("--opt blast= belongs to the Bombing Run's bomb")
    msg = f"{f.name} brings {what} home: {me} scores 1 VP; the flag goes back"
    roller.info("Victory point", msg)
    after_resolution(d, board, roller)
    return msg


def _detonate(board: Board, roller: Roller, f: FighterState, caught: tuple[str, ...]) -> None:
    """A detonated bomb kills its carrier and every fighter within 2" (R-1SS-P23)."""
    from companion.systems.one_stat import losses  # loaded where a fighter is lost

    losses.take_out(board, roller, f.id, "killed by the bomb it detonated (R-1SS-P23)")
    for fid in caught:
        if fid != f.id and fx.in_play(board.fighter(fid)):
            losses.take_out(board, roller, fid, 'within 2" of the detonated bomb (R-1SS-P23)')
    if not caught:
        board.gput(OneStatGame, bomb_blast=f.id)
        board.announcements.append(
            f'The bomb exploded on {f.name}: every fighter within 2" is killed '
            "('companion act FIGHTER blast' for each)"
        )


def drop(board: Board, f: FighterState) -> str:
    key, side, what = carry_key(board.state, f)
    if _carrier(board, key, side) != f.id:
        raise RefusedError(f"{f.name} does not carry the {what}")
    _set_carrier(board, key, side, None)
    return f"{f.name} drops the {what}"


def blast(board: Board, roller: Roller, f: FighterState) -> str:
    from companion.systems.one_stat import losses  # loaded where a fighter is lost

    if not board.gflag("bomb_blast"):
        raise RefusedError("no bomb has just exploded")
    losses.take_out(board, roller, f.id, 'within 2" of the exploding bomb')
    return f"{f.name} is caught in the blast"


def closer(board: Board, f: FighterState) -> str:
    if board.state.scenario != "treasure-hunt":
        raise RefusedError("'closer' belongs to the Treasure Hunt")
    board.gput(OneStatGame, treasure_closer=f.side)
    return f"the treasure is closer to {board.state.sides[f.side].name}'s starting area"


def hill(board: Board, f: FighterState, opts: Mapping[str, Any]) -> str:
    if board.state.scenario != "king-of-the-hill":
        raise RefusedError("'hill' belongs to King of the Hill")
    n = opts.get("count")
    if not isinstance(n, int) or n < 0:
        raise UsageError('give the fighters within 1" of the token: --opt count=N')
    board.sput(OneStatSide, f.side, hill=n)
    return f"{board.state.sides[f.side].name}: {plural(n, 'fighter')} on the hill"


def zones(board: Board, f: FighterState, opts: Mapping[str, Any]) -> str:
    if board.state.scenario != "supremacy":
        raise RefusedError("'zones' belongs to Supremacy")
    counts = []
    for z in range(1, ZONES + 1):
        v = opts.get(f"z{z}", 0)
        if not isinstance(v, int) or v < 0:
            raise UsageError(f"--opt z{z}= takes a count of fighters")
        counts.append(v)
    board.sput(OneStatSide, f.side, zones=counts)
    return f"{board.state.sides[f.side].name}'s fighters per zone: {counts}"


def device(
    d: OneStatData, board: Board, roller: Roller, f: FighterState, opts: Mapping[str, Any]
) -> str:
    """Manipulate the trigger device: roll below stat (an Engineer rolls above stat with 2
    keep higher); the side's direction adds or removes a token; 0 or 6 triggers it."""
    state = board.state
    direction = (
        board.sflag(f.side, "device_dir") or opts.get("dir") or ("add" if f.side == 0 else "remove")
    )
    if direction not in ("add", "remove"):
        raise UsageError("--opt dir= takes add or remove")
    board.sput(OneStatSide, f.side, device_dir=direction)
    stack = int(board.gflag("device", DEVICE_START))
    if board.gflag("device_winner") is not None:
        raise RefusedError("the device has already been triggered")
    ok = work_device(
        d,
        roller,
        f,
        title=f"{f.name} works the device",
        compare="<",
        success_text="done",
        failure_text="no luck",
    )
    if ok:
        stack += 1 if direction == "add" else -1
        board.gput(OneStatGame, device=stack)
        roller.info("Trigger device", f"{plural(stack, 'token')} on the stack")
        if stack in (DEVICE_MIN, DEVICE_MAX):
            board.gput(OneStatGame, device_winner=f.side)
            board.announcements.append(f"The device works for {state.sides[f.side].name}!")
    return f"device stack {stack}"


def work_device(
    d: OneStatData,
    roller: Roller,
    f: FighterState,
    *,
    title: str,
    compare: str,
    success_text: str,
    failure_text: str,
    rulings: tuple[str, ...] = (),
) -> bool:
    """One fighter's roll to work a device, wherever one is worked: the trigger device, and
    the spawnpoints, stations and event machines of solo play (R-1SS-S14). Anyone rolls
    his die against his stat as the device says (`compare`); an Engineer rolls above his
    stat with 2 dice keeping the higher, as his skill says, and a magic device lets him
    roll a failure again (R-1SS-09)."""
    roll = Check(
        title,
        f.name,
        f.die,
        target=f.stat,
        compare=compare,
        success_text=success_text,
        failure_text=failure_text,
        rulings=rulings,
    )
    if not fx.has(f, "engineer"):
        return roller.check(roll).success
    title += " (Engineer)"
    engineer = replace(roll, title=title, count=2, keep="h", compare=">")
    ok, _ = roller.check(engineer)
    if not ok and fx.has_magic(d, f):
        roller.info("Magic device", "a failed skill roll may be rolled again", ("R-1SS-09",))
        ok, _ = roller.check(replace(engineer, title=title + " (again)"))
    return ok
