"""The parts of a SKIRMASHED activation: move, run, focus and attack, each one small
function from state, choices and dice to an Outcome, and the odds of an attack."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from companion import odds
from companion.core.branches import Preview, enumerate_outcomes
from companion.core.roller import DiceRoller, Roller
from companion.dice import DiceSource
from companion.errors import RefusedError
from companion.game.events import Change, set_fighter
from companion.game.state import FighterState, GameState, freeze
from companion.names import fared, plural
from companion.systems.base import Outcome
from companion.systems.skirmashed.attack import Charge, Figure, Result, build, run_charge
from companion.systems.skirmashed.data import SkmData
from companion.systems.skirmashed.turns import DID, wiped_out
from companion.trace import Modifier, Step, Trace
from companion.values import replace

# The orders an activation may take (R-SKM-P05): what may follow what has been done.
NEXT: dict[tuple[str, ...], tuple[str, ...]] = {
    (): ("move", "attack", "focus", "run"),
    ("move",): ("attack",),
    ("attack",): ("move",),
    ("focus",): ("attack",),
    ("run",): ("attack",),
}


def done_so_far(f: FighterState) -> tuple[str, ...]:
    return tuple(f.flags.get(DID) or ())


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


def mark(f: FighterState, part: str) -> Change:
    return set_fighter(f.id, f"flags.{DID}", list(done_so_far(f)) + [part])


def move(d: SkmData, state: GameState, f: FighterState, part: str, dice: DiceSource) -> Outcome:
    """A move (Manoeuvre + D10") or a run (Manoeuvre + 2D10")."""
    check_part(state, f, part)
    count = d.run_dice if part == "run" else d.move_dice
    roller = DiceRoller(dice)
    man = int(f.stats.get("manoeuvre", 0))
    inches = roller.roll(
        title="Run" if part == "run" else "Move",
        who=f.name,
        sides=d.die,
        count=count,
        modifiers=(Modifier(man, "Manoeuvre"),),
        text='{total}" at most',
        purpose=f"{f.name}'s {part}",
    )
    verb = "runs" if part == "run" else "moves"
    summary = f'{f.name} {verb} up to {inches}".'
    if part == "run":
        summary += " Only a melee attack may follow."
    trace = Trace(f"{f.name} {verb}", tuple(roller.steps), f'up to {inches}"')
    return Outcome(part, summary, (mark(f, part),), trace, data=freeze({"inches": inches}))


def focus(state: GameState, f: FighterState) -> Outcome:
    check_part(state, f, "focus")
    return Outcome(
        "focus",
        f"{f.name} focuses: its attack this activation hits 1 more easily.",
        (mark(f, "focus"),),
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


def label(result: Result, figures: Mapping[str, Figure], plan: Charge) -> tuple[int, int, int, str]:
    """(hits, unblocked, damage, what became of whom) of one attack."""
    atk = plan.melee
    if figures[atk.attacker.id].dead:
        fate = "charger killed"
    else:
        fate = "killed" if result.killed else "survives"
    return result.hits, result.unblocked, result.damage, fate


def row_name(plan: Charge, fate: str) -> str:
    """The odds table's row for a fate: whose death or survival it is."""
    t, a = plan.melee.target.name, plan.melee.attacker.name
    return {"killed": fared(t, "killed"), "survives": fared(t, "survives")}.get(
        fate, fared(a, "killed")
    )


def _key(plan: Charge) -> tuple[Any, ...]:
    def fig_key(f: Figure) -> tuple[Any, ...]:
        return (f.id, tuple(sorted(f.stats.items())), f.fighter, f.damage, f.exhausted, f.dead)

    atk = plan.melee
    return (
        fig_key(atk.attacker), fig_key(atk.target), atk.ranged, atk.focused, atk.range_,
        atk.band, atk.cover, atk.charging, atk.blocking, atk.plain, atk.damage_stat, atk.literal,
        plan.shoot_first, plan.charger_blocks,
    )  # fmt: skip


_DISTS: dict[tuple[Any, ...], dict[tuple[int, int, int, str], Fraction]] = {}


def dist(d: SkmData, plan: Charge) -> dict[tuple[int, int, int, str], Fraction]:
    """The exact distribution of an attack, kept for the attacks last asked about: the
    resolution shows the odds before its dice, and a table may ask the same one again."""
    key = _key(plan)
    if key not in _DISTS:

        def run(r: Roller) -> tuple[int, int, int, str]:
            result, figures = run_charge(d, plan, r)
            return label(result, figures, plan)

        if len(_DISTS) >= 64:
            _DISTS.clear()
        _DISTS[key] = enumerate_outcomes(run)
    return _DISTS[key]


def _spread(values: dict[int, Fraction]) -> str:
    return ", ".join(f"{k}: {odds.fmt(p)}" for k, p in sorted(values.items()))


def odds_table(
    plan: Charge, table: Mapping[tuple[int, int, int, str], Fraction]
) -> tuple[list[Step], tuple[tuple[str, Fraction], ...]]:
    """Steps with the distributions of hits, unblocked hits and damage, and the table of
    what becomes of the target. When the target shoots first, the distributions are those
    of the blow, given that the charger lives to strike it."""
    by: list[dict[int, Fraction]] = [{}, {}, {}]
    fates: dict[str, Fraction] = {}
    for (hits, unblocked, damage, fate), p in table.items():
        fates[fate] = fates.get(fate, Fraction(0)) + p
        if fate == "charger killed":
            continue
        for i, v in enumerate((hits, unblocked, damage)):
            by[i][v] = by[i].get(v, Fraction(0)) + p
    strikes = 1 - fates.get("charger killed", Fraction(0))
    given = f" (if {plan.melee.attacker.name} lives to strike)" if strikes < 1 else ""
    steps = [
        Step(title, _spread({k: p / strikes for k, p in values.items()}) + given)
        for title, values in zip(("Hits", "Unblocked hits", "Damage"), by, strict=True)
        if strikes
    ]
    order = ("killed", "survives", "charger killed")
    rows = tuple((row_name(plan, k), fates[k]) for k in order if k in fates)
    return steps, rows


def attack(
    d: SkmData, state: GameState, f: FighterState, target: str | None, o: Mapping[str, Any],
    dice: DiceSource,
) -> Outcome:  # fmt: skip
    check_part(state, f, "attack")
    plan = build(d, state, f.id, target, o, now=True)
    _, table = odds_table(plan, dist(d, plan))
    roller = DiceRoller(dice)
    result, figures = run_charge(d, plan, roller)
    fate = label(result, figures, plan)[3]
    changes: list[Change] = [mark(f, "attack")]
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
    trace = Trace(title, tuple(roller.steps), summary, table)
    return Outcome(
        "attack",
        summary,
        tuple(changes),
        trace,
        data=freeze(
            {
                "hits": result.hits,
                "unblocked": result.unblocked,
                "damage": result.damage,
                "killed": t.dead,
                "odds_label": row_name(plan, fate),
            }
        ),
        announcements=(f"Game over: {end[-1].value}",) if end else (),
    )


def odds_trace(d: SkmData, state: GameState, actor: str, target: str | None, o: Any) -> Trace:
    """The exact chances of an attack as it stands: the same rule code over every branch."""
    plan = build(d, state, actor, target, o)
    preview = Preview()
    if plan.shoot_first:
        preview.info(
            "Shooting the charger",
            f"{plan.melee.target.name} shoots first; the table counts the charger's risk",
            ("R-SKM-P06",),
        )
    # The preview walks the main line, where a charger shot first would always fall.
    run_charge(d, replace(plan, shoot_first=False), preview)
    full = dist(d, plan)
    steps, table = odds_table(plan, full)
    kill = sum((p for k, p in full.items() if k[3] == "killed"), Fraction(0))
    # The main line's damage step shows one branch only; the distributions replace it.
    shown = tuple(s for s in preview.steps if s.title != "Damage")
    return Trace(
        f"Odds: {describe(plan)}",
        shown + tuple(steps),
        f"{plan.melee.target.name} killed: {odds.fmt(kill)}",
        table,
    )
