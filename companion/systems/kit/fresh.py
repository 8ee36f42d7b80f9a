"""A throwaway game for a quick look-up: the fighters asked about, on two sides, in the
first turn of a fresh game, with the one that acts activating.

It is made the way a tracked game is made (the system's `new_game`, its `next_turn`, its
`activate`) and kept in memory only, so a look-up resolves with the same code as the
game would and writes nothing. What a tracked game would know (tokens, wounds, actions
spent) is fresh, unless the fighter's description gives a state.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.dice import DiceRequest, DiceSource
from companion.errors import CompanionError
from companion.game.events import Change, apply_change, set_fighter
from companion.game.state import GameState
from companion.roster import Roster, RosterFighter
from companion.values import frozen, replace

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, without importing typing at start-up
if TYPE_CHECKING:
    from companion.systems.base import RuleSystem

# The tries at the first turn's roll for who goes first, until the acting fighter's side
# has it.
TRIES = 64


class _Counting(DiceSource):
    """Dice for the first turn's roll: the faces in turn from a start that each try moves
    on, so that every side wins one of the first tries (no random numbers needed, nor the
    module that makes them, on a look-up's start)."""

    def __init__(self, start: int) -> None:
        super().__init__()
        self._next = start

    def _values(self, request: DiceRequest) -> tuple[tuple[int, ...], bool]:
        faces = tuple((self._next + k) % request.sides + 1 for k in range(request.count))
        self._next += request.count
        return faces, False


@frozen
class Described:
    """A fighter of a look-up, the state it is in, and notes on what the system filled
    in for it (`companion.systems.kit.describe`)."""

    fighter: RosterFighter
    status: str | None = None
    wounds: int | None = None
    notes: tuple[str, ...] = ()


@frozen
class Placed:
    """A fighter of the look-up, on its side, in the state the description gave."""

    fighter: RosterFighter
    side: int
    status: str | None = None
    wounds: int | None = None


def fresh_game(
    system: RuleSystem, placed: Sequence[Placed], sides: Sequence[Roster], actor: int = 0
) -> tuple[GameState, tuple[str, ...]]:
    """The game, and the fighters' ids in the order placed; `placed[actor]` activates.
    Each side plays the roster of `sides` (its name and options, such as the rerolls a
    force bought) with only the fighters placed on it.

    Warband rules do not apply to one fighter on a side: the game is started as a game
    with house rules is (`game new --force`), and no board ever shows it."""
    rosters = [
        replace(roster, fighters=_on_side(placed, side, placed[actor].fighter))
        for side, roster in enumerate(sides)
    ]
    state = system.new_game(rosters, system.default_scenario, {"force": True})
    ids = tuple(_id_of(state, p) for p in placed)
    state = _apply(state, _state_changes(system, state, placed, ids))
    state = _first_turn(system, state, placed[actor].side)
    try:
        state = _apply(state, system.activate(state, ids[actor]).changes)
    except CompanionError:
        pass  # a fighter that cannot activate (one that is out) is refused by the action
    return state, ids


def _on_side(
    placed: Sequence[Placed], side: int, actor: RosterFighter
) -> tuple[RosterFighter, ...]:
    """The fighters placed on a side; a side nobody was placed on (the acting fighter's
    opponents, when it acts alone) gets a stand-in, as some rules want a fighter on
    every side: a copy of the acting fighter that only stands there."""
    fighters = tuple(p.fighter for p in placed if p.side == side)
    if fighters:
        return fighters
    taken = {p.fighter.name for p in placed}
    name = next(n for n in ("Opponent", "Stand-in", "Other") if n not in taken)
    return (replace(actor, name=name),)


def _id_of(state: GameState, p: Placed) -> str:
    taken = [f for f in state.fighters if f.side == p.side and f.name == p.fighter.name]
    return taken[0].id


def _state_changes(
    system: RuleSystem, state: GameState, placed: Sequence[Placed], ids: Sequence[str]
) -> list[Change]:
    """A state given in a description, with the wounds the rules give it (as `set`)."""
    changes: list[Change] = []
    for p, fid in zip(placed, ids, strict=True):
        if p.status is None and p.wounds is None:
            continue
        f = state.fighter(fid)
        status = p.status or f.status
        wounds = p.wounds
        if wounds is None:
            fits = [n for n in range(3) if system.hand_set_problem(f, n, status) is None]
            wounds = fits[0] if fits else f.wounds
        why = system.hand_set_problem(f, wounds, status)
        if why:
            from companion.errors import UsageError

            raise UsageError(f"{f.name}: {why}")
        changes += [set_fighter(fid, "status", status), set_fighter(fid, "wounds", wounds)]
    return changes


def _first_turn(system: RuleSystem, state: GameState, side: int) -> GameState:
    """The first turn begun as the system begins it, with the acting side to go first:
    its roll for who goes first is made again until that side has it."""
    first: GameState | None = None
    for start in range(TRIES):
        started = _apply(state, system.next_turn(state, _Counting(start)).changes)
        first = first or started
        if system.next_side(started) == side:
            return started
    return first or state


def _apply(state: GameState, changes: Sequence[Change]) -> GameState:
    for c in changes:
        state = apply_change(state, c)
    return state
