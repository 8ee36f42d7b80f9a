"""The 1ss solo procedures for the guided `companion play` loop.

Everything here delegates to the OpFor flowchart in `opfor` beside it (the very
functions `companion solo opfor` uses): the loop only asks the questions one by one
through its own menus and writes the outcomes the walk returns. Two more facts are asked
before an attack, as `companion attack` would: whether a shot's target is in cover and,
in melee, how many other OpFor fighters gang up on the target.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.dice import DiceSource
from companion.errors import RefusedError
from companion.game.state import GameState
from companion.systems.base import Outcome, RuleSystem
from companion.systems.one_stat import fighters as fx
from companion.systems.one_stat.solo import opfor
from companion.systems.one_stat.state import OneStatSoloGame
from companion.systems.solo_guide import Ask, SoloGuide, Walk
from companion.trace import Step, Trace


def _system() -> RuleSystem:
    from companion import systems

    return systems.get("1ss")


def order(state: GameState, side: int) -> Sequence[str]:
    """The OpFor fighters that may act, the procedure's next one first (R-1SS-S01)."""
    first = opfor.next_fighter(state)
    if first is None or first.side != side:
        return []
    rest = [f.id for f in state.side_fighters(side) if f.id != first.id and fx.can_activate(f)]
    return [first.id, *rest]


# The flowchart's first two questions (can it attack? is it in cover?) as one, since the
# second always follows a yes: the answer recorded for both.
_ATTACK_FROM = (
    ("Yes, and it stands in cover", "cover"),
    ("Yes, from the open (it moves to the nearest cover first)", "open"),
    ("No", "no"),
)


def _facts(answers: Mapping[str, Any]) -> opfor.Facts:
    given = dict(answers)
    said = given.get("can_attack")
    if isinstance(said, str):
        given["can_attack"] = said != "no"
        if said != "no":
            given["in_cover"] = said == "cover"
    return opfor.Facts(**given)


def ask(state: GameState, fid: str, answers: Mapping[str, Any]) -> Ask | None:
    """The flowchart's next question, asked in the state the fighter activates in."""
    _, active = opfor.activation(_system(), state, fid)
    f = active.fighter(fid)
    facts = _facts(answers)
    q = opfor.next_question(active, fid, facts)
    if q is not None:
        if q.kind == "player":
            return Ask(q.key, q.text, "pick", tuple((x.name, x.id) for x in opfor.players(active)))
        if q.kind == "leader":
            picks = tuple((x.name, x.id) for x in opfor.leaders(active, f))
            return Ask(q.key, q.text, "pick", picks + (("none of them", "none"),))
        if q.kind == "distraction":
            picks = tuple((x.name, x.id) for x in opfor.distractions(active))
            return Ask(q.key, q.text, "pick", picks + (("none of them", "none"),))
        if q.kind == "ally":
            picks = tuple((x.name, x.id) for x in opfor.commandable(active, f))
            return Ask(q.key, q.text, "pick", picks + (("none of them", "none"),))
        if q.kind == "number":
            return Ask(q.key, q.text, "number", low=0, high=100)
        if q.key == "can_attack":
            return Ask(q.key, q.text, "pick", _ATTACK_FROM, keys="yon")
        return Ask(q.key, q.text, "yesno")
    if not opfor.attacks(active, f, facts):
        return None  # no attack, or breaking free costs it (R-1SS-S20)
    request = opfor.attack_request(f, facts)
    target = active.fighter(request.target or "")
    if request.options["ranged"]:
        # A shot beyond its shooter's reach is not made (R-1SS-S22): nothing to ask of it.
        if "target_cover" not in answers and opfor.shot_in_reach(f, facts):
            return Ask("target_cover", f"Is {target.name} in cover from {f.name}?", "yesno")
    elif "ganging" not in answers:
        return Ask(
            "ganging",
            f"Other OpFor fighters within 1 step of {target.name} (ganging up):",
            "number",
            low=0,
            high=20,
            default=0,
        )
    return None


def walk(state: GameState, fid: str, answers: Mapping[str, Any], dice: DiceSource) -> Walk:
    decision, outcomes = opfor.walk(_system(), state, fid, _facts(answers), dice)
    return Walk(fid, decision.branch, decision.instruction, tuple(outcomes))


def check(state: GameState) -> Outcome | None:
    from companion.systems.one_stat.solo.objectives import end_if_decided

    return end_if_decided(state)


def upkeep_asks(state: GameState) -> Sequence[Ask]:
    """Whether to roll for each of the player's face-down Regenerators (R-1SS-S09)."""
    from companion.systems.one_stat.solo.upkeep import players_to_ask

    if state.turn == 0 or state.phase == "ended":
        return ()
    return tuple(
        Ask(f.id, f"Roll for {f.name}'s recovery (Regenerator)? A failure removes it.", "yesno")
        for f in players_to_ask(state)
    )


def upkeep(state: GameState, answers: Mapping[str, Any], dice: DiceSource) -> Outcome:
    from companion.systems.one_stat.solo.game import next_turn

    return next_turn(state, dice, skip_regen=[k for k, v in answers.items() if v is False])


def pass_side(state: GameState, side: int) -> Outcome:
    """Your fighters still to act let their activation go: the OpFor's phase is next
    (R-1SS-S01: yours first, then the OpFor's, then upkeep)."""
    from companion.game.events import set_fighter

    waiting = [f for f in state.side_fighters(side) if fx.can_activate(f)]
    if not waiting:
        raise RefusedError("every fighter of yours has activated already")
    names = ", ".join(f.name for f in waiting)
    summary = f"Your fighters end their turn; not activated: {names}. The OpFor's turn."
    step = Step("Not activated", names, rulings=("R-1SS-S01",))
    changes = tuple(set_fighter(f.id, "token", True) for f in waiting)
    trace = Trace("Your fighters end their turn", (step,), "the OpFor's turn")
    return Outcome("side-passed", summary, changes, trace)


def declarable(state: GameState) -> list[tuple[str, str]]:
    """The objectives only the table sees that count in this game, not yet declared."""
    from companion.systems.one_stat.solo.data import DECLARED
    from companion.systems.one_stat.solo.scenarios import OBJECTIVE_TEXT

    wanted = set(state.options.get("win") or ()) | set(state.options.get("lose") or ())
    done = set(OneStatSoloGame.of(state).declared or ())
    return [(k, OBJECTIVE_TEXT.get(k, k)) for k in DECLARED if k in wanted and k not in done]


def declare(state: GameState, key: str) -> Outcome:
    from companion.systems.one_stat.solo.objectives import declare as record

    return record(state, key)


GUIDE = SoloGuide(
    order=order,
    ask=ask,
    walk=walk,
    check=check,
    upkeep_asks=upkeep_asks,
    upkeep=upkeep,
    pass_side=pass_side,
    declarable=declarable,
    declare=declare,
)
