"""1ss's part of what may happen now (companion.systems.legal): the fighters a rule lets
act at once outside their own activation, and whom each action and skill may target."""

from __future__ import annotations

from collections.abc import Mapping

from companion.errors import RefusedError
from companion.game.events import Change
from companion.game.state import FighterState, GameState
from companion.systems.base import Outcome
from companion.systems.one_stat.data import OneStatData
from companion.systems.one_stat.state import OneStatFighter, OneStatTurn
from companion.systems.records import TargetRule, default_rule
from companion.trace import Step, Trace

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, without importing typing at start-up
if TYPE_CHECKING:
    from typing import Any

# Permissions that are used at once: a commanded fighter acts now, in its boss's
# activation, and an influenced one in its Influencer's (R-1SS-P05). A Guard waits for
# a moment of the enemy's choosing, so it is no action to offer now.
AT_ONCE = {
    "command": "ordered by its boss's Command: one action now",
    "influenced": "taken over by an enemy Influencer: one action now",
}
AMONG = {"enemy": "enemies", "friend": "friends", "any": "all"}
NEEDS = {"prone": "prone (wounded or face down)", "rookie": "a rookie"}


def granted(state: GameState) -> list[tuple[FighterState, str]]:
    """Fighters with an action granted at once, and the minions acting in their Minion
    Master's activation with actions left (R-1SS-P05)."""
    out: list[tuple[FighterState, str]] = []
    for f in state.fighters:
        if f.out or f.id == state.active:
            continue
        reaction = OneStatTurn.of(f).reaction
        if reaction in AT_ONCE:
            out.append((f, AT_ONCE[str(reaction)]))
        elif (
            state.active is not None
            and OneStatTurn.of(f).with_master == state.active
            and int(f.flags.get("actions", 0) or 0) > 0
        ):
            out.append((f, "a minion acting in its Minion Master's activation"))
    return out


def target_rule(
    d: OneStatData, spec_target: str, actor: FighterState, action: str, fixed: Mapping[str, Any]
) -> TargetRule | None:
    if action == "skill" and fixed.get("skill"):
        name = str(fixed["skill"])
        if name == "copycat":  # the copied skill decides, told after: anyone, or no one
            return TargetRule("all", optional=True)
        skill = d.skills.get(name)
        if skill is None or skill.target not in AMONG:
            return None
        return TargetRule(AMONG[skill.target], needs=NEEDS.get(skill.target_needs, ""))
    if action == "attack" and (
        OneStatTurn.of(actor).reaction == "influenced" or OneStatFighter.of(actor).wild
    ):
        # A fighter an Influencer took over, or a wild demon, strikes at anyone (R-1SS-P20).
        return TargetRule("all")
    return default_rule(spec_target)


def target_problem(
    d: OneStatData, action: str, fixed: Mapping[str, Any], target: FighterState
) -> str | None:
    if action != "skill":
        return None
    skill = d.skills.get(str(fixed.get("skill") or ""))
    if skill is None:
        return None
    if skill.target_needs == "prone" and target.status not in ("wounded", "face-down"):
        return f"{target.name} is not prone"
    if skill.target_needs == "rookie" and target.rank != "rookie":
        return f"{target.name} is no rookie"
    return None


def let_go(state: GameState, fid: str) -> Outcome:
    """An action granted at once, let go unused: the permission lapses (R-1SS-P05)."""
    f = state.fighter(fid)
    changes: tuple[Change, ...]
    if OneStatTurn.of(f).reaction in AT_ONCE:
        changes = (
            *OneStatTurn.set(f.id, reaction=None),
            *OneStatTurn.set(f.id, influenced_by=None),
        )
        summary = f"{f.name} lets its granted action go"
    elif OneStatTurn.of(f).with_master and OneStatTurn.of(f).with_master == state.active:
        changes = (*OneStatTurn.set(f.id, actions=0),)
        summary = f"{f.name} takes no more actions in its Minion Master's activation"
    else:
        raise RefusedError(f"{f.name} has no action granted now")
    step = Step("Granted action", summary, rulings=("R-1SS-P05",))
    return Outcome("action", summary, changes, Trace(summary, (step,), summary))
