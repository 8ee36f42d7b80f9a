"""The Monochrome game: set-up rolls, whole side turns with a morale phase, 6 turns each."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.core.check import Check
from companion.core.roller import DiceRoller, Roller
from companion.dice import DiceSource
from companion.errors import RefusedError, UsageError
from companion.game.events import Change, Event, apply_event, set_game, set_side
from companion.game.setup import fighters_from
from companion.game.state import FighterState, GameState, SideState, freeze
from companion.game.typed_state import stored
from companion.roster import Roster
from companion.systems.base import Outcome
from companion.systems.kit.turns import SideTurns, roll_off
from companion.systems.monochrome import scoring, targets
from companion.systems.monochrome.data import LISTS, MonoData
from companion.systems.monochrome.roster_rules import (
    check_roster,
    classes,
    fighter_cost,
    points_limit,
)
from companion.systems.monochrome.state import (
    Defending,
    MonoAction,
    MonoFighter,
    MonoGame,
    MonoSide,
    Supporting,
)
from companion.trace import Modifier, Trace
from companion.values import replace

ROLLED = "objectives"
NONE = "no-scenario"
DEPLOY = ('side to side, 6" zones', 'corner to corner, 11" quarter circles')
# Flags of one activation, cleared when the fighter activates again (Defend lasts until then).
ACTIVATION_FLAGS = (MonoAction, Defending)


def fixed_objectives(d: MonoData, scenario: str) -> tuple[str, ...] | None:
    """A scenario given as three dice 'B-T-I' (e.g. 5-3-6): its objectives, else None."""
    parts = scenario.split("-")
    if len(parts) != 3 or not all(p in "123456" and len(p) == 1 for p in parts):
        return None
    return tuple(d.rolled(lst, int(p)).id for lst, p in zip(LISTS, parts, strict=True))


def new_game(
    d: MonoData, rosters: Sequence[Roster], scenario: str, options: dict[str, Any]
) -> GameState:
    if len(rosters) != 2:
        raise UsageError("a Monochrome game is played by two warbands: give two rosters")
    fixed = fixed_objectives(d, scenario)
    if scenario not in (ROLLED, NONE) and fixed is None:
        raise UsageError(
            f"unknown Monochrome scenario '{scenario}'; use {ROLLED} (rolled at set-up), "
            f"{NONE}, or three dice blood-turf-infamy such as 5-3-6"
        )
    house = house_rules(d, rosters, options)
    if house:
        options["house_rules"] = house
    fighters: list[FighterState] = []
    for f in fighters_from(rosters, lambda rf: 6):
        table = classes(d, rosters[f.side].options)
        acts = table[f.rank].actions if f.rank in table else ()
        cost = fighter_cost(d, f) or 0
        fighters.append(replace(f, skills=acts, flags=stored(MonoFighter(cost=cost))))
    # Each side's points limit: the game's, else its roster's own (200 standard).
    limits = [int(options.get("points") or points_limit(d, r.options)) for r in rosters]
    # The neutral targets of Hunt and Exterminate stand on a third side that never plays.
    sides = tuple(
        SideState(r.name, r.name, 0, stored(MonoSide(fate=len(r.fighters), limit=limit)))
        for r, limit in zip(rosters, limits, strict=True)
    ) + (targets.SIDE,)
    state = GameState(
        system="monochrome",
        scenario=scenario,
        sides=sides,
        fighters=tuple(fighters),
        last_turn=d.rounds,
        options=freeze(dict(options)),
        flags=stored(MonoGame(objectives=tuple(fixed or ()))),
    )
    if fixed is None:
        return state
    extra = targets.placed(d, state, list(fixed))
    return apply_event(state, Event("setup", "", tuple(extra))) if extra else state


def house_rules(d: MonoData, rosters: Sequence[Roster], options: dict[str, Any]) -> list[str]:
    """Every warband-rule problem of the rosters: a game starts only with legal warbands
    unless the table plays them as house rules with --force (R-MON-P15). A points limit
    given to the game replaces each roster's own."""
    force = bool(options.pop("force", False))
    problems = []
    for r in rosters:
        if "points" in options:
            r = replace(r, options=freeze({**r.options, "points": options["points"]}))
        problems += [f"{r.name}: {p.message}" for p in check_roster(d, r) if p.severity == "error"]
    if problems and not force:
        raise RefusedError(
            "a Monochrome game starts only with legal warbands: "
            + "; ".join(problems)
            + " ('companion roster check NAME' lists them; --force plays them as house rules)"
        )
    return problems


def setup(d: MonoData, state: GameState, roller: Roller) -> list[Change]:
    """Deployment, the roll-off, fate, and the scenario's three objectives."""
    dep = total(
        roller,
        Check("Deployment", "the table", text="{total} (1-3 side to side, 4-6 corner to corner)"),
    )
    deploy = DEPLOY[0] if dep <= 3 else DEPLOY[1]
    roller.info("Deployment zones", deploy)
    # The winner picks a zone, deploys first and takes the first turn (R-MON-P07).
    first = roll_off(
        state,
        roller,
        who=targets.players(state),
        what="deployment roll-off",
        rulings=("R-MON-P07",),
    )
    names = [s.name for s in state.sides]
    roller.info(
        "First player",
        f"{names[first]} choose a zone, deploy first and take the first turn",
        ("R-MON-P07",),
    )
    warbands(d, state, roller)
    fate = [state.sides[i] for i in targets.players(state)]
    roller.info("Fate", ", ".join(f"{s.name} {MonoSide.of(s).fate or 0} fate" for s in fate))
    changes = [
        *MonoGame.set(deploy=deploy),
        *MonoGame.set(first_player=first),
        set_game("initiative", first),
        *MonoGame.set(setup_done=True),
    ]
    if state.scenario == NONE:
        roller.info("Scenario", "none: the side that killed more points wins (R-MON-P12)")
        return changes
    fixed = MonoGame.of(state).objectives
    objs = roll_scenario(d, roller, fixed, names[first], names[1 - first])
    changes += MonoGame.set(objectives=tuple(objs))
    extra = targets.placed(d, state, objs)
    if extra:
        roller.info("Neutral targets", f"{len(extra)} placed in the middle of the board")
    return changes + extra


def warbands(d: MonoData, state: GameState, roller: Roller) -> None:
    """Each warband's points against its limit: the game's option points, else the
    roster's own (200 standard)."""
    for i in targets.players(state):
        limit = int(MonoSide.of(state.sides[i]).limit or state.options.get("points") or d.points)
        fs = state.side_fighters(i)
        spent = sum(MonoFighter.of(f).cost for f in fs)
        text = f"{len(fs)} fighters, {spent} of {limit} points"
        if spent > limit:
            text += ": over the limit (see 'companion roster check')"
        roller.info(f"Warband: {state.sides[i].name}", text)


def roll_scenario(
    d: MonoData,
    roller: Roller,
    fixed: tuple[str, ...] = (),
    first: str = "the first player",
    second: str = "the second player",
) -> list[str]:
    """The three objectives (3D6 read Blood, Turf, Infamy), each explained with its roles."""
    objs = list(fixed)
    if not objs:
        for lst in LISTS:
            n = total(roller, Check(f"Objective: {lst}", "the table", text="{total}"))
            objs.append(d.rolled(lst, n).id)
    for oid in objs:
        o = d.objective(oid)
        roller.info(o.label, o.summary, notes=(o.markers,) if o.markers else ())
    if any(d.objective(o).score == "defended" for o in objs):
        roller.info("Roles", f"attacker: {first}; defender, placing the markers: {second}")
    return objs


def setup_outcome(d: MonoData, state: GameState, dice: DiceSource) -> Outcome:
    roller = DiceRoller(dice)
    changes = setup(d, state, roller)
    after = apply_event(state, Event("setup", "", tuple(changes)))
    objs = ", ".join(o.label for o in scoring.objectives(d, after)) or "no scenario"
    game = MonoGame.of(after)
    first = after.sides[game.first_player or 0].name
    summary = f"{game.deploy}; {first} go first; {objs}"
    return Outcome("setup", summary, tuple(changes), Trace("Set-up", tuple(roller.steps), summary))


class MonoTurns(SideTurns):
    round_word = "round"

    def __init__(self, data: MonoData) -> None:
        self.d = data

    def first_side(self, state: GameState, roller: Roller) -> int:
        first = MonoGame.of(state).first_player
        if first is not None:
            roller.info("First player", f"{state.sides[int(first)].name} take the first turn")
            return int(first)
        return super().first_side(state, roller)

    def can_activate(self, state: GameState, f: FighterState) -> bool:
        if targets.is_neutral(f) and targets.has_prowled(state, f):
            return False
        return super().can_activate(state, f)

    def next_side(self, state: GameState) -> int | None:
        side = super().next_side(state)
        if side is not None or self.acting_side(state) is None:
            return side
        # When the side whose turn it is has activated everyone, the neutral targets walk
        # before the turn ends (R-MON-P09): each is activated and takes its one move.
        return targets.NEUTRAL if self.ready(state, targets.NEUTRAL) else None

    def activate(self, state: GameState, fid: str) -> Outcome:
        prev = state.fighter(state.active) if state.active is not None else None
        if prev is None or prev.id == fid or not acted(state, prev):
            return super().activate(state, fid)
        # One action per activation: once the active fighter has taken it, activating the
        # next fighter closes the finished activation without a separate 'companion done'.
        close = (set_game("active", None),)
        out = super().activate(apply_event(state, Event("activation-end", "", close)), fid)
        return replace(out, changes=close + out.changes)

    def activation_changes(self, state: GameState, f: FighterState) -> list[Change]:

        out = super().activation_changes(state, f)
        for kind in ACTIVATION_FLAGS:
            out += kind.reset(f)
        return out

    def end_of_side_turn(self, state: GameState, side: int, roller: Roller) -> list[Change]:
        from companion.game.events import set_fighter

        changes: list[Change] = []
        other = 1 - side
        left = targets.waiting(state)
        if left:
            roller.info(
                "Neutral targets",
                f"not moved at the end of this turn: {', '.join(left)} (each moves with "
                "'companion act TARGET prowl' before 'companion turn')",
                ("R-MON-P09",),
            )
        # The separation closes the activations; the morale phase comes after it, so a
        # side that breaks is the last thing the turn reports.
        roller.info(
            "Separation",
            f'fighters of {state.sides[side].name} still touching enemies step 1" away',
        )
        lost = MonoSide.of(state.sides[other]).lost
        if lost:
            changes += morale(self.d, state, side, other, lost, roller)
        else:
            roller.info("Morale", f"{state.sides[other].name} lost no one this turn: no check")
        for s in range(len(state.sides)):
            if MonoSide.of(state.sides[s]).lost:
                changes += MonoSide.set(s, lost=0)
        for f in state.side_fighters(targets.NEUTRAL):
            if f.token:
                changes.append(set_fighter(f.id, "token", False))
        for f in state.side_fighters(side):
            # Its turn is over: activation tokens and the turn's actions and supports go, as
            # the next side's turn begins (Defend lasts until the fighter activates again).
            if f.token:
                changes.append(set_fighter(f.id, "token", False))
            changes += Supporting.reset(f) + MonoAction.reset(f)
        return changes

    def order(self, state: GameState) -> list[int]:
        # The neutral targets' side never takes a turn of its own.
        first = state.initiative if state.initiative is not None else 0
        return [first, 1 - first]

    def still_to_act(self, state: GameState) -> list[FighterState]:
        out = super().still_to_act(state)
        if self.acting_side(state) is None:
            return out
        # A target's move belongs to the turn (R-MON-P09): 'turn' ends it only once every
        # target has moved, or with --force, as for a fighter left to activate.
        return out + [
            f
            for f in state.side_fighters(targets.NEUTRAL)
            if not f.out and not targets.has_prowled(state, f)
        ]

    def not_activated(self, state: GameState) -> list[str]:
        # Each side's turn already named its fighters left waiting when it ended.
        return []

    def upkeep(self, state: GameState, roller: Roller) -> list[Change]:
        if state.last_turn is None or state.turn < state.last_turn:
            return []
        # The last round: each side's objectives become its victory points.
        return objective_points(self.d, state, roller)

    def game_over(self, state: GameState) -> str | None:
        if state.last_turn is not None and state.turn >= state.last_turn:
            return scoring.result(self.d, state)
        return None

    def next_turn(self, state: GameState, dice: DiceSource) -> Outcome:
        if state.turn == 0 and not MonoGame.of(state).setup_done:
            # A game created without its set-up event rolls it with the first turn.
            first = setup_outcome(self.d, state, dice)
            mid = apply_event(state, Event("setup", "", first.changes))
            rest = super().next_turn(mid, dice)
            steps = (first.trace.steps if first.trace else ()) + (
                rest.trace.steps if rest.trace else ()
            )
            trace = Trace(
                rest.trace.title if rest.trace else "Set-up",
                steps,
                rest.trace.outcome if rest.trace else "",
            )
            return Outcome("turn", rest.summary, first.changes + rest.changes, trace, rest.data)
        return super().next_turn(state, dice)


def acted(state: GameState, f: FighterState) -> bool:
    """Whether a fighter has taken its action (a move, Defend, a support or an attack; a
    neutral target its end-of-turn move)."""
    if targets.is_neutral(f):
        return targets.has_prowled(state, f)
    return bool(MonoAction.of(f).action or MonoAction.of(f).attacked)


def objective_points(d: MonoData, state: GameState, roller: Roller) -> list[Change]:
    if not MonoGame.of(state).objectives:
        return []
    for line in scoring.lines(d, state):
        roller.info("Objective", line)
    return [set_side(i, "vp", n) for i, n in enumerate(scoring.totals(d, state))]


def times(roller: Roller, title: str, who: str, n: int) -> int:
    """A D6 times n, the product the morale check compares (R-MON-05): the step's total
    is the product, its one modifier saying how it was made from the die."""
    c = Check(title, who, text="{total}", rulings=("R-MON-05",))
    v = total(roller, c)
    last = roller.steps[-1] if roller.steps else None
    if last is not None and last.check is c:
        roller.steps[-1] = replace(
            last,
            outcome=f"{v} x {n} = {v * n}",
            modifiers=(Modifier(v * (n - 1), f"the die times {n}"),),
        )
    return v * n


def total(roller: Roller, c: Check) -> int:
    """The value a roll gives (a check with no target)."""
    return int(roller.check(c).total or 0)


def morale(
    d: MonoData, state: GameState, side: int, other: int, lost: int, roller: Roller
) -> list[Change]:
    """The other side's morale check after losing fighters in this turn (R-MON-05)."""
    name = state.sides[other].name
    left = sum(1 for f in state.side_fighters(other) if not f.out)
    loss, stand = (
        times(roller, f"Morale: {name} {what}", name, n)
        for what, n in (("lost this turn", lost), ("still standing", left))
    )
    caused = MonoSide.of(state.sides[side]).morale_caused + 1
    changes = MonoSide.set(side, morale_caused=caused)
    if loss > stand:
        # Breaking loses at once; the winner's extra objective still counts (R-MON-P03).
        text = f"{loss} against {stand}: {name} break and lose the game"
        roller.info("Morale check", text, ("R-MON-05", "R-MON-P03"))
        winner = state.sides[side].name
        # The objectives are scored with this check counted (Killing Them Softly).
        broke = [*changes, *MonoGame.set(broke=other)]
        after = apply_event(state, Event("morale", "", tuple(broke)))
        changes = broke + objective_points(d, after, roller)
        result = f"{winner} win: {name} broke in round {state.turn}"
        roller.info("Game over", result, ("R-MON-P03",))
        changes += [set_game("phase", "ended"), set_game("result", result)]
    else:
        roller.info("Morale check", f"{loss} against {stand}: {name} hold", ("R-MON-05",))
    return changes
