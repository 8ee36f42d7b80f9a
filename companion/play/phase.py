"""Where a game stands and what may be done now, read from the state alone.

Nothing here prompts or writes; the loop asks these functions what to offer, so the
menus always follow the rules the state already encodes (tokens, status, actions left).
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.dice import DiceRequest, DiceSource
from companion.errors import CompanionError
from companion.game.state import FighterState, GameState
from companion.systems.base import RuleSystem
from companion.values import frozen

# Actions that are not chosen during an activation but happen to a fighter (a fall from
# a height is resolved when it occurs, whoever is active).
REACTIONS = ("fall",)


@frozen
class Phase:
    """The situation the table is in.

    kind: "setup" (turn 0), "choose" (a side picks who activates), "acting" (the active
    fighter takes actions), "upkeep" (everyone has activated), "ended".
    """

    kind: str
    turn: int
    last_turn: int | None
    side: int | None = None  # the side to activate (choose) or acting
    fighter: str | None = None  # the active fighter (acting)
    actions_left: int | None = None
    solo_opfor: bool = False  # the side to act is the solo opponent

    def headline(self, state: GameState) -> str:
        if self.kind == "ended":
            return f"Game over: {state.result or 'ended'}"
        if self.kind == "setup":
            return "Set-up: the game has not started"
        of = f"/{self.last_turn}" if self.last_turn else ""
        head = f"Turn {self.turn}{of}"
        if state.initiative is not None and opfor_side(state) is None:
            head += f" · initiative {state.sides[state.initiative].name}"
        if self.kind == "choose" and self.side is not None:
            name = state.sides[self.side].name
            opfor = " (OpFor)" if self.solo_opfor and "opfor" not in name.casefold() else ""
            return f"{head} · {name}{opfor} to activate"
        if self.kind == "acting" and self.fighter is not None:
            f = state.fighter(self.fighter)
            left = ""
            if self.actions_left is not None:
                left = f", {self.actions_left} action{'s' if self.actions_left != 1 else ''} left"
            return f"{head} · {f.name} is activating{left}"
        return f"{head} · everyone has activated: upkeep"


class _NoDice(DiceSource):
    """A dice source that stops a dry run at the first die asked for."""

    def _values(self, request: DiceRequest) -> tuple[tuple[int, ...], bool]:
        raise _Rolled()


class _Rolled(Exception):
    pass


def turn_rolls(system: RuleSystem, state: GameState) -> bool:
    """Whether starting the next turn rolls dice (initiative), found by a dry run of
    the system's own turn start that stops at the first die: a menu says "roll
    initiative" only where there is one to roll."""
    try:
        system.next_turn(state, _NoDice())
    except _Rolled:
        return True
    except CompanionError:
        return True
    return False


def opfor_side(state: GameState) -> int | None:
    """The side the solo procedures play, if this is a solo game."""
    solo = state.options.get("solo")
    if not solo:
        return None
    side = state.options.get("opfor_side", 1)
    return side if isinstance(side, int) and 0 <= side < len(state.sides) else None


def actions_left(f: FighterState) -> int | None:
    n = f.flags.get("actions")
    return n if isinstance(n, int) else None


def current(system: RuleSystem, state: GameState) -> Phase:
    if state.phase == "ended":
        return Phase("ended", state.turn, state.last_turn)
    if state.turn == 0:
        return Phase("setup", 0, state.last_turn)
    if state.active is not None:
        try:
            f = state.fighter(state.active)
        except KeyError:
            f = None
        if f is not None and not f.out:
            left = actions_left(f)
            # A system that counts actions ends the activation when they run out; one
            # that does not leaves it open until the player ends it.
            if left is None or left > 0:
                return Phase(
                    "acting",
                    state.turn,
                    state.last_turn,
                    f.side,
                    f.id,
                    left,
                    solo_opfor=opfor_side(state) == f.side,
                )
    side = system.next_side(state)
    if side is None:
        return Phase("upkeep", state.turn, state.last_turn)
    return Phase("choose", state.turn, state.last_turn, side, solo_opfor=opfor_side(state) == side)


def candidates(system: RuleSystem, state: GameState, side: int) -> list[FighterState]:
    """Fighters of `side` that may take the next activation, as the system's turn
    structure says (an exhausted SKIRMASHED figure, a 1ss fighter with its token)."""
    return [f for f in state.side_fighters(side) if system.can_activate(state, f)]


def legal_actions(system: RuleSystem, state: GameState, f: FighterState) -> list[str]:
    """The actions the active fighter may take now, in the system's order: what its
    plug-in answers (`actions_for`), less what no rule system allows.

    In a system with a Recover action, a fighter that is down (as its plug-in says,
    `must_recover`) may only recover and one that is not has nothing to recover from; an
    attack needs an enemy still in the game, and a skill action a skill the fighter may
    use as one (unless the system's skill action is any task at all, a free-text task).
    """
    names = [a for a in system.actions_for(state, f) if a not in REACTIONS]
    if "recover" in names:
        if system.must_recover(f):
            return ["recover"]
        names.remove("recover")
    out = []
    for a in names:
        if a == "attack" and not targets(state, f):
            continue
        if a == "skill" and not may_use_skill(system, state, f):
            continue
        out.append(a)
    return out


def may_use_skill(system: RuleSystem, state: GameState, f: FighterState) -> bool:
    """Whether the skill action has something for this fighter: where the system asks
    which skill and answers with the fighter's choices, one of them; where it declares
    the skill as free text with no choices (a task), always."""
    spec = system.declared_actions().get("skill")
    fact = spec.fact("skill") if spec is not None else None
    if fact is None:
        return bool(system.active_skills(f))
    choices = system.fact_choices(state, f, fact)
    if choices is None:
        return fact.kind == "text" or bool(system.active_skills(f))
    return bool(choices)


def reactions(system: RuleSystem) -> list[str]:
    return [a for a in system.action_names() if a in REACTIONS]


def targets(state: GameState, f: FighterState) -> list[FighterState]:
    """Fighters of other sides still in the game."""
    return [t for t in state.fighters if t.side != f.side and not t.out]


def others_near(state: GameState, exclude: Sequence[str]) -> list[FighterState]:
    return [t for t in state.fighters if t.id not in exclude and not t.out]
