"""Which function resolves each 1ss action: one table, in the order help and menus list
the actions, holding every action the rules data declares (a test keeps the two alike).

A function is named "module:function" in this package and imported when its action is
taken, so a table command compiles only the rules it uses. Each takes the rules data,
the state, the request and the roller its checks go to (rolled, walked for the
odds, or described).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

from companion.core.roller import Roller
from companion.game.state import GameState
from companion.systems.one_stat import SOLO_ACTIONS
from companion.systems.one_stat.data import OneStatData
from companion.systems.one_stat.offer import ACT_NAMES
from companion.systems.records import ActionRequest, Outcome

Resolver = Callable[[OneStatData, GameState, ActionRequest, Roller], Outcome]

RESOLVERS: dict[str, str] = {
    "attack": "dispatch:attack",
    "recover": "actions:recover",
    "fall": "movement:fall",
    "skill": "actions:use_skill",
    **dict.fromkeys(ACT_NAMES, "actions:act"),
    # The solo objective actions, declared in the solo rules file.
    **dict.fromkeys(SOLO_ACTIONS, "dispatch:solo_objective"),
}
#: an action the table lacks goes to the scenario actions, whose refusal lists them
UNKNOWN = "actions:act"


def resolver(action: str) -> Resolver:
    module, name = RESOLVERS.get(action, UNKNOWN).split(":")
    found: Resolver = getattr(importlib.import_module(f"{__package__}.{module}"), name)
    return found


def attack(d: OneStatData, state: GameState, req: ActionRequest, roller: Roller) -> Outcome:
    """An attack; in a solo game, attacking the trek or hostage boss also provokes it."""
    from companion.systems.one_stat import attack as rules

    done = rules.act(d, state, req, roller)
    if state.options.get("solo"):
        from companion.systems.one_stat.solo.objectives import provoked_by

        done = provoked_by(state, req, done)
    return done


def solo_objective(d: OneStatData, state: GameState, req: ActionRequest, roller: Roller) -> Outcome:
    """A solo objective action (pick up, drop, bring home, shut down, question)."""
    from companion.systems.one_stat.solo.actions import resolve

    return resolve(state, req, roller)
