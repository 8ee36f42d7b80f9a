"""The parts of a SKIRMASHED activation: move, run, focus and attack, each one small
function from state, choices and a roller to an Outcome: rolled with dice, or walked over
every branch of its checks for its odds (the same code)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.core.check import Check
from companion.core.counting import Counting, Headline, Row, Said, about
from companion.core.roller import Roller
from companion.errors import RefusedError
from companion.game.events import Change, set_fighter
from companion.game.state import FighterState, GameState, freeze
from companion.names import fared, plural
from companion.systems.base import Outcome
from companion.systems.skirmashed.attack import Charge, Figure, Result, build, run_charge
from companion.systems.skirmashed.data import SkmData
from companion.systems.skirmashed.state import Activation
from companion.systems.skirmashed.turns import wiped_out
from companion.trace import Modifier, Step, Trace

# The orders an activation may take (R-SKM-P05): what may follow what has been done.
NEXT: dict[tuple[str, ...], tuple[str, ...]] = {
    (): ("move", "attack", "focus", "run"),
    ("move",): ("attack",),
    ("attack",): ("move",),
    ("focus",): ("attack",),
    ("run",): ("attack",),
}


def done_so_far(f: FighterState) -> tuple[str, ...]:
    return Activation.of(f).did


def legal_next(f: FighterState) -> tuple[str, ...]:
    return NEXT.get(done_so_far(f), ())


def check_part(state: GameState, f: FighterState, part: str) -> None:
    """Refuse a part the active figure may not take now, saying why."""
    if state.active != f.id:
        raise RefusedError(f"{f.name} is not activating: 'companion activate {f.name}' first")
    if part in legal_next(f):
        return
    did = done_so_far(f)
    if part == "move" and "focus" in did:
        raise RefusedError(f"{f.name} focused: it gives up its move for the attack")
    if part != "attack" and "run" in did:
        raise RefusedError(f"{f.name} ran: only a melee attack may follow")
    if did and not legal_next(f):
        raise RefusedError(
            f"{f.name} has done {' then '.join(did)}: its activation is complete "
            "('companion done' ends it)"
        )
    if did:
        allowed = " or ".join(legal_next(f))
        raise RefusedError(f"{f.name} has done {' then '.join(did)}: only {allowed} may follow")
    raise RefusedError(f"{f.name} cannot {part} now")


def mark(f: FighterState, part: str) -> list[Change]:
    return Activation.set(f.id, did=(*done_so_far(f), part))


def move(d: SkmData, state: GameState, f: FighterState, part: str, roller: Roller) -> Outcome:
    """A move (Manoeuvre + D10") or a run (Manoeuvre + 2D10")."""
    check_part(state, f, part)
    count = d.run_dice if part == "run" else d.move_dice
    man = int(f.stats.get("manoeuvre", 0))
    inches = int(
        roller.check(
            Check(
                "Run" if part == "run" else "Move",
                f.name,
                sides=d.die,
                count=count,
                modifiers=(Modifier(man, "Manoeuvre"),),
                text='{total}" at most',
                purpose=f"{f.name}'s {part}",
            )
        ).total
        or 0
    )
    verb = "runs" if part == "run" else "moves"
    summary = f'{f.name} {verb} up to {inches}".'
    if part == "run":
        summary += " Only a melee attack may follow."
    trace = Trace(f"{f.name} {verb}", tuple(roller.steps), f'up to {inches}"')
    return Outcome(part, summary, tuple(mark(f, part)), trace, data=freeze({"inches": inches}))


def focus(state: GameState, f: FighterState) -> Outcome:
    check_part(state, f, "focus")
    return Outcome(
        "focus",
        f"{f.name} focuses: its attack this activation hits 1 more easily.",
        tuple(mark(f, "focus")),
        Trace(
            f"{f.name} focuses",
            (Step("Focus", "-1 to the stat its attack rolls above; no move this activation"),),
            "focused",
        ),
    )


def describe(plan: Charge) -> str:
    atk = plan.melee
    verb = "shoots at" if atk.ranged else ("charges" if atk.charging else "attacks")
    return f"{atk.attacker.name} {verb} {atk.target.name}"


# The rows of an attack's odds table in the order they stand: the target killed, the
# target surviving, the charger shot down as it comes in.
FATES = ("killed", "survives", "charger killed")


def fate_of(result: Result, figures: Mapping[str, Figure], plan: Charge) -> str:
    """What became of whom in one attack."""
    if figures[plan.melee.attacker.id].dead:
        return "charger killed"
    return "killed" if result.killed else "survives"


def row_of(plan: Charge, fate: str) -> Row:
    """The odds table's row for a fate, where it stands: whose death or survival it is."""
    t, a = plan.melee.target, plan.melee.attacker
    if fate == "charger killed":
        return about(a.id, a.name, "killed", FATES.index(fate))
    return about(t.id, t.name, fate, FATES.index(fate))


def counting(plan: Charge, result: Result, fate: str) -> Counting:
    """How the odds count one attack: its row, the spread of its hits, unblocked hits
    and damage (told given the charger lives to strike, when it is shot as it comes in)
    and the headline, the target's chance of being killed."""
    atk = plan.melee
    facets: tuple[tuple[str, Said], ...] = ()
    if fate != "charger killed":
        facets = (
            ("Hits", result.hits),
            ("Unblocked hits", result.unblocked),
            ("Damage", result.damage),
        )
    return Counting(
        row_of(plan, fate),
        facets=facets,
        given=f"if {atk.attacker.name} lives to strike" if plan.shoot_first else "",
        headline=Headline(f"{atk.target.name} killed", fate == "killed"),
    )


# The attack last planned, with what it was planned from: the odds run the same attack
# once for every branch of its dice, on the very same state and facts.
_LAST_PLAN: list[tuple[GameState, str | None, Mapping[str, Any], bool, Charge]] = []


def planned_attack(
    d: SkmData, state: GameState, actor: str, target: str | None, o: Mapping[str, Any], now: bool
) -> Charge:
    """`build`, kept for the next run of the same attack on the same state."""
    if _LAST_PLAN:
        was, t, opts, at, plan = _LAST_PLAN[0]
        if (
            was is state
            and t == target
            and opts is o
            and at == now
            and plan.melee.attacker.id == actor
        ):
            return plan
    plan = build(d, state, actor, target, o, now=now)
    _LAST_PLAN[:] = [(state, target, o, now, plan)]
    return plan


def attack(
    d: SkmData, state: GameState, f: FighterState, target: str | None, o: Mapping[str, Any],
    roller: Roller,
) -> Outcome:  # fmt: skip
    # Only an attack being made reads the activation as final; counted or described
    # before it is taken, it may assume a focus or a charge still to come (R-SKM-P16).
    now = roller.takes
    if now:
        check_part(state, f, "attack")
    plan = planned_attack(d, state, f.id, target, o, now)
    result, figures = run_charge(d, plan, roller)
    fate = fate_of(result, figures, plan)
    changes: list[Change] = mark(f, "attack")
    dead: list[str] = []
    for fig in figures.values():
        before = state.fighter(fig.id)
        if fig.damage != before.wounds:
            changes.append(set_fighter(fig.id, "wounds", fig.damage))
        if fig.dead and not before.out:
            changes.append(set_fighter(fig.id, "status", "out"))
            dead.append(fig.id)
        if fig.exhausted and not before.token:
            changes.append(set_fighter(fig.id, "token", True))
    title = describe(plan)
    t = figures[plan.melee.target.id]
    hits = plural(result.hits, "hit")
    summary = f"{title}: {hits}, {result.unblocked} unblocked, {result.damage} damage"
    # The plain word for the target, beside the counts.
    if t.dead or not result.damage:
        summary += "; " + fared(
            t.name, "killed" if t.dead else "miss" if not result.hits else "no effect"
        )
    if figures[f.id].dead:
        summary = f"{title}: {f.name} is shot down as it comes in"
    end = wiped_out(state, dead)
    changes += end
    trace = Trace(title, tuple(roller.steps), summary)
    data = {
        "hits": result.hits,
        "unblocked": result.unblocked,
        "damage": result.damage,
        "killed": t.dead,
    }
    return Outcome(
        "attack",
        summary,
        tuple(changes),
        trace,
        data=freeze(data),
        announcements=(f"Game over: {end[-1].value}",) if end else (),
        counting=counting(plan, result, fate),
    )
