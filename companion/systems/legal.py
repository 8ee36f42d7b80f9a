"""What may happen now: who may act, which actions each may take, and whom each may target.

One answer per game state, generated from each plug-in's declarations (its actions and
their targets in the rules data) and its few hooks (`actions_for`, `must_recover`,
`granted`, `target_rule`). Every entry point reads it, the way a chess library's
interface, move parser and validation all read its one list of legal moves:

- `companion play` offers exactly these fighters, actions and targets, so a choice it
  offers is never refused for being out of turn or at the wrong fighter;
- the plain commands (`attack`, `act`, `skill`, `recover`, `fall`) refuse a request
  outside it in one line that says the rule (`refusal`), unless `--force` plays it as a
  house rule;
- shell completion completes an action's targets from it.

A sketch::

    for legal in actions(system, state, fighter):
        legal.action, legal.fixed, legal.target.ids   # "skill", {"skill": "healer"}, (...)
    refusal(system, state, request)                  # None, or why it may not be taken
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from companion.dice import DiceRequest, DiceSource
from companion.errors import CompanionError, RefusedError
from companion.game.state import FighterState, GameState, freeze
from companion.systems.base import ActionRequest, Outcome, RuleSystem
from companion.systems.records import TargetRule
from companion.values import frozen

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, without importing typing at start-up
if TYPE_CHECKING:
    from typing import Any

# Actions that are not chosen during an activation but happen to a fighter (a fall from
# a height is resolved when it occurs, whoever is active).
REACTIONS = ("fall",)


@frozen
class Target:
    """The domain of one action's target: the ids it may name, in board order."""

    ids: tuple[str, ...]
    optional: bool
    whom: str  # whom it may be, in words: "an enemy still in the game"


@frozen
class Legal:
    """One action a fighter may take now, with what its choice already fixes (a skill
    action's skill) and the domain of its target."""

    actor: str
    action: str
    label: str
    fixed: Mapping[str, Any]
    target: Target | None


# --- who -------------------------------------------------------------------------------


def activatable(system: RuleSystem, state: GameState, side: int) -> list[FighterState]:
    """Fighters of `side` that may take the next activation, as the system's turn
    structure says (an exhausted SKIRMASHED figure, a 1ss fighter with its token)."""
    return [f for f in state.side_fighters(side) if system.can_activate(state, f)]


def actors(system: RuleSystem, state: GameState) -> list[FighterState]:
    """The fighters that may take an action now: the one activating, then each one a
    rule grants an action at once (a 1ss boss's Command)."""
    out: list[FighterState] = []
    if state.phase == "ended" or state.turn == 0:
        return out
    if state.active is not None:
        f = _fighter(state, state.active)
        left = f.flags.get("actions") if f is not None else None
        # A system that counts actions ends the activation when they run out.
        if f is not None and not f.out and not (isinstance(left, int) and left <= 0):
            out.append(f)
    out += [f for f, _ in system.granted(state) if f not in out]
    return out


def _fighter(state: GameState, fid: str) -> FighterState | None:
    try:
        return state.fighter(fid)
    except KeyError:
        return None


# --- what ------------------------------------------------------------------------------


def action_names(system: RuleSystem, state: GameState, f: FighterState) -> list[str]:
    """The actions `f` may take now, in the system's order, each once.

    What its plug-in answers (`actions_for`), less what no rule system allows: in a
    system with a Recover action, a fighter that is down (`must_recover`) may only
    recover, and one that is not has nothing to recover from; an action with a target
    needs one it may take (an attack an enemy still in the game).
    """
    return list(dict.fromkeys(legal.action for legal in actions(system, state, f)))


def actions(system: RuleSystem, state: GameState, f: FighterState) -> list[Legal]:
    """Every action `f` may take now; a skill action once per skill it may use."""
    names = [a for a in system.actions_for(state, f) if a not in REACTIONS]
    if "recover" in names:
        if system.must_recover(f):
            names = ["recover"]
        else:
            names.remove("recover")
    out: list[Legal] = []
    for a in names:
        for fixed in _variants(system, state, f, a):
            if fixed.get("skill") in names:
                continue  # a skill that is an action of its own (1ss Command) is that one
            target = target_of(system, state, f, a, fixed)
            if target is not None and not target.ids and not target.optional:
                continue  # nobody it could be taken against
            out.append(Legal(f.id, a, label_of(system, a, fixed), freeze(fixed), target))
    return out


def _variants(
    system: RuleSystem, state: GameState, f: FighterState, action: str
) -> list[dict[str, Any]]:
    """What the choice of `action` already fixes, once per way to take it: a skill action
    once for each skill the fighter may use as one; nothing for any other action."""
    if action != "skill":
        return _decided(system, state, f, action)
    spec = system.declared_actions().get("skill")
    fact = spec.fact("skill") if spec is not None else None
    if fact is None:
        return [{}] if system.active_skills(f) else []
    choices = system.fact_choices(state, f, fact)
    if choices is None:
        # A free-text task (SMBFAT's skill) is always there; a skill list needs a skill.
        return [{}] if fact.kind == "text" and not fact.choices or system.active_skills(f) else []
    return [{"skill": value} for _, value in choices]


def _decided(
    system: RuleSystem, state: GameState, f: FighterState, action: str
) -> list[dict[str, Any]]:
    """The action once per answer of a decision its menu entries make (shoot or strike),
    when the fighter may take either; else once, deciding nothing."""
    from companion.systems.records import Question

    spec = system.declared_actions().get(action)
    for fact in spec.facts if spec is not None else ():
        if not fact.entries:
            continue
        q = Question(state, f, fact, {}, None)
        if system.known(q) is None and system.asks(q):
            return [{fact.key: True}, {fact.key: False}]
    return [{}]


def label_of(system: RuleSystem, action: str, fixed: Mapping[str, Any]) -> str:
    spec = system.declared_actions().get(action)
    label = spec.label if spec is not None else action.replace("-", " ").capitalize()
    for fact in spec.facts if spec is not None else ():
        if fact.entries and fact.key in fixed:
            return fact.entries[0 if fixed[fact.key] else 1]
    skill = fixed.get("skill")
    if skill:
        return f"{label}: {system.skill_label(str(skill))}"
    return label


# --- whom ------------------------------------------------------------------------------


def target_of(
    system: RuleSystem, state: GameState, f: FighterState, action: str, fixed: Mapping[str, Any]
) -> Target | None:
    """The domain of the action's target, or None when it takes none."""
    rule = system.target_rule(state, f, action, fixed)
    if rule is None or rule.among == "none":
        return None
    ids = tuple(t.id for t in state.fighters if fits(system, state, f, action, fixed, rule, t))
    return Target(ids, rule.optional, whom(rule))


def whom(rule: TargetRule) -> str:
    base = {
        "enemies": "an enemy still in the game",
        "friends": "a friend still in the game (not the fighter itself)",
        "all": "another fighter still in the game",
    }[rule.among]
    return f"{base}, {rule.needs}" if rule.needs else base


def fits(
    system: RuleSystem,
    state: GameState,
    f: FighterState,
    action: str,
    fixed: Mapping[str, Any],
    rule: TargetRule,
    t: FighterState,
) -> bool:
    if t.out or t.id == f.id:
        return False
    if rule.among == "enemies" and t.side == f.side:
        return False
    if rule.among == "friends" and t.side != f.side:
        return False
    return system.target_problem(state, f, action, fixed, t) is None


# --- the check the plain commands make ---------------------------------------------------


def refusal(system: RuleSystem, state: GameState, request: ActionRequest) -> str | None:
    """Why `request` is outside what may happen now, in one line naming the rule; None
    when it is inside, or when the generator has no say (a fighter neither activating
    nor granted an action: its system's own rules answer, e.g. a reaction)."""
    if state.phase == "ended" or state.turn == 0 or request.actor is None:
        return None
    if request.action in REACTIONS:
        return None
    f = _fighter(state, request.actor)
    if f is None or f.out:
        return None
    if f not in actors(system, state):
        return None
    if request.options.get("free"):
        return None  # resolved outside the action count, as the player says
    found = actions(system, state, f)
    action = system.offered_as(state, request)
    fixed = {"skill": request.options["skill"]} if "skill" in request.options else {}
    if action == "skill" and any(x.action == fixed.get("skill") for x in found):
        action, fixed = str(fixed["skill"]), {}  # a skill that is an action of its own
    same = [x for x in found if x.action == action]
    if not same:
        return _not_offered(system, state, f, action, found)
    # A way the menus offer it that this request agrees with: its skill, and its
    # decision (shoot or strike) where the request makes one.
    legal = next(
        (
            x
            for x in same
            if all(x.fixed.get(k) == v for k, v in fixed.items())
            and all(request.options.get(k, v) == v for k, v in x.fixed.items() if k != "skill")
        ),
        None,
    )
    if legal is None:
        return None  # a skill the menus leave out: its own rules answer
    target = legal.target
    if target is None or request.target is None:
        return None
    if request.target not in target.ids:
        t = state.fighter(request.target)
        own = system.target_problem(state, f, legal.action, legal.fixed, t)
        because = f" ({own})" if own else ""
        return (
            f"{t.name} cannot be the target of {possessive(f.name)} {legal.label}: "
            f"it takes {target.whom}{because}"
        )
    return None


def _not_offered(
    system: RuleSystem, state: GameState, f: FighterState, action: str, found: Sequence[Legal]
) -> str | None:
    spec = system.declared_actions().get(action)
    if spec is None and action not in system.action_names():
        return None  # an action the system does not know: its own words say so
    label = spec.label if spec is not None else action
    if action == "recover" and not system.must_recover(f):
        why = f"{f.name} is not down, so it has nothing to recover from"
    elif "recover" in system.actions_for(state, f) and system.must_recover(f):
        why = f"{f.name} is down: Recover is the one action it may take"
    elif (own := system.why_not(state, f, action)) is not None:
        why = own
    else:
        rule = system.target_rule(state, f, action, {})
        if rule is not None and not rule.optional and action in system.actions_for(state, f):
            why = f"nobody is left that it could take it against ({whom(rule)})"
        else:
            names = ", ".join(dict.fromkeys(x.label for x in found)) or "none"
            why = f"it is not among {possessive(f.name)} actions now ({names})"
    return f"{f.name} cannot take {label} now: {why}"


def possessive(name: str) -> str:
    from companion.names import possessive as p

    return p(name)


def own_refusal(system: RuleSystem, state: GameState, request: ActionRequest) -> Exception | None:
    """The rule code's own refusal of `request`, found by running it up to its first die
    (none is rolled): its words say more than the generator's, and --force cannot take
    what the rule code itself refuses. None when it would roll or resolve."""
    try:
        system.resolve(state, request, _NoDice())
    except _Rolled:
        return None
    except CompanionError as e:
        return e
    return None


class _NoDice(DiceSource):
    """A dice source that stops a dry run at the first die asked for."""

    def _values(self, request: DiceRequest) -> tuple[tuple[int, ...], bool]:
        raise _Rolled()


class _Rolled(Exception):
    pass


class OutsideRules(RefusedError):
    """A request the rules do not allow now; `--force` takes it as a house rule."""


def forced(outcome: Outcome, why: str) -> Outcome:
    """An outcome taken with --force although the rules do not allow it now: the log
    and its trace say so, and why, so a house rule is never mistaken for the rules."""
    from companion.trace import Step
    from companion.values import replace

    note = Step("House rule", f"taken with --force: {why}")
    trace = outcome.trace
    if trace is not None:
        trace = replace(trace, steps=(note, *trace.steps))
    return replace(outcome, summary=f"{outcome.summary} (house rule: --force)", trace=trace)
