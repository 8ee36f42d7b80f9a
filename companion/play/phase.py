"""Where a game stands and what may be done now, read from the state alone.

Nothing here prompts or writes; the loop asks these functions what to offer, so the
menus always follow the rules the state already encodes (tokens, status, actions left).
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.errors import CompanionError
from companion.game.state import FighterState, GameState
from companion.systems.base import RuleSystem
from companion.systems.legal import REACTIONS
from companion.values import frozen


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
    # Fighters a rule lets act at once besides the one acting (a 1ss Command), and
    # whether the one acting does so only by such a grant (no activation of its own).
    granted: tuple[str, ...] = ()
    by_grant: bool = False

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
        if self.kind == "acting" and self.fighter is not None and self.by_grant:
            f = state.fighter(self.fighter)
            return f"{head} · {f.name} may take one action now"
        if self.kind == "acting" and self.fighter is not None:
            f = state.fighter(self.fighter)
            left = ""
            if self.actions_left is not None:
                left = f", {self.actions_left} action{'s' if self.actions_left != 1 else ''} left"
            return f"{head} · {f.name} is activating{left}"
        return f"{head} · everyone has activated: upkeep"


def turn_rolls(system: RuleSystem, state: GameState) -> bool:
    """Whether starting the next turn rolls dice (initiative), found by a dry run of
    the system's own turn start that stops at the first die: a menu says "roll
    initiative" only where there is one to roll."""
    from companion.systems.legal import _NoDice, _Rolled

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
    from companion.systems.legal import actors

    granted = tuple(f.id for f in actors(system, state) if f.id != state.active)
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
                    granted=granted,
                )
    if granted:
        # An action granted at once is taken (or let go) before play moves on: the
        # activation that granted it may have spent its last action on it.
        g = state.fighter(granted[0])
        return Phase(
            "acting",
            state.turn,
            state.last_turn,
            g.side,
            g.id,
            None,
            solo_opfor=opfor_side(state) == g.side,
            granted=granted[1:],
            by_grant=True,
        )
    side = system.next_side(state)
    if side is None:
        return Phase("upkeep", state.turn, state.last_turn)
    return Phase("choose", state.turn, state.last_turn, side, solo_opfor=opfor_side(state) == side)


def candidates(system: RuleSystem, state: GameState, side: int) -> list[FighterState]:
    """Fighters of `side` that may take the next activation (`companion.systems.legal`)."""
    from companion.systems.legal import activatable

    return activatable(system, state, side)


def legal_actions(system: RuleSystem, state: GameState, f: FighterState) -> list[str]:
    """The actions `f` may take now, in the system's order (`companion.systems.legal`)."""
    from companion.systems.legal import action_names

    return action_names(system, state, f)


def reactions(system: RuleSystem) -> list[str]:
    return [a for a in system.action_names() if a in REACTIONS]


def targets(state: GameState, f: FighterState) -> list[FighterState]:
    """Fighters of other sides still in the game."""
    return [t for t in state.fighters if t.side != f.side and not t.out]


def others_near(state: GameState, exclude: Sequence[str]) -> list[FighterState]:
    return [t for t in state.fighters if t.id not in exclude and not t.out]
