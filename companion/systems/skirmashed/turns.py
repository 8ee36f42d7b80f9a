"""The SKIRMASHED round: single activations until one side is exhausted, the stamina check
that decides it, the first player of each round, set-up and the end of the game."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.core.check import Check
from companion.core.roller import DiceRoller, Roller
from companion.dice import DiceSource
from companion.errors import UsageError
from companion.game.events import Change, set_fighter, set_game
from companion.game.setup import fighters_from
from companion.game.state import FighterState, GameState, SideState, freeze
from companion.roster import Roster
from companion.systems.base import Outcome, known_scenario
from companion.systems.kit.state import LastChance, TurnOrder
from companion.systems.kit.turns import UntilExhausted, roll_off
from companion.systems.skirmashed import roster_rules
from companion.systems.skirmashed.data import SkmData, load
from companion.systems.skirmashed.state import Activation, SetUpRoll
from companion.trace import Trace

OPTIONS = ("melee-damage-boom",)

STAMINA_CHECK = "Stamina check"
# What a stamina check decides.
EXHAUSTED = "exhausted"
FRESH = "fresh"
AGAIN = "again"
# ... and what that comes to at the end of the figure's own activation.
SAID = {
    EXHAUSTED: "exhausted for the rest of the round",
    FRESH: "not exhausted: may activate again this round",
    AGAIN: "{name} activates again at once",
}


def stamina_check(d: SkmData, name: str, stamina: int, roller: Roller, own: bool) -> str:
    """2D10 against Stamina (R-SKM-04): exhausted, fresh, or (a 20) again at once.

    `own` says whether the check ends the figure's own activation; a 20 outside it leaves
    the figure fresh without an activation at once (R-SKM-P04). Enumeration branches on
    exhausted or fresh, and on the 20 where it changes what happens.
    """
    t = roller.check(
        Check(
            STAMINA_CHECK,
            name,
            sides=d.die,
            count=d.stamina_dice,
            target=stamina,
            # Passing is staying fresh, the outcome the figure's player hopes for: the
            # chance and the luck summary read it that way.
            compare=">",
            success_text=SAID[FRESH],
            failure_text=SAID[EXHAUSTED],
            rulings=("R-SKM-04",),
            notes=(f"{d.stamina_dice}D{d.die} above Stamina {stamina} keeps it fresh",),
            purpose=f"{name}'s stamina check",
            # Only a check ending the figure's own activation acts on a 20; elsewhere the
            # 20 is a note, so the odds need not branch on it.
            by_value=(d.stamina_again,) if own else False,
        )
    )
    if not t.success:
        return EXHAUSTED
    if t.value == d.stamina_again:
        if own:
            roller.info("A 20!", SAID[AGAIN].format(name=name), ("R-SKM-04",))
            return AGAIN
        roller.info("A 20", f"{name} stays fresh; it does not activate mid-way", ("R-SKM-P04",))
    return FRESH


def check_changes(f: FighterState, result: str) -> list[Change]:
    if result == EXHAUSTED:
        return [set_fighter(f.id, "token", True)]
    if result == AGAIN:
        # A 20 on a final activation gives one more at once (R-SKM-P07).
        out = TurnOrder.set(must_activate=f.id)
        if LastChance.of(f).last_done:
            out += LastChance.set(f.id, last_done=False)
        return out
    return []


def casualties(state: GameState, side: int) -> int:
    return sum(1 for f in state.side_fighters(side) if f.out)


def result_text(state: GameState, dead: Sequence[str] = ()) -> str:
    """The side that took more casualties loses; equal casualties draw (R-SKM-P03).
    `dead` names figures killed by an outcome not yet applied."""
    extra = [state.fighter(fid).side for fid in dead if not state.fighter(fid).out]
    a, b = casualties(state, 0) + extra.count(0), casualties(state, 1) + extra.count(1)
    na, nb = state.sides[0].name, state.sides[1].name
    if a == b:
        return f"draw: both sides took {a} casualt{'y' if a == 1 else 'ies'}"
    win, lose = (na, nb) if a < b else (nb, na)
    return f"{win} win: {lose} took more casualties ({na} {a}, {nb} {b})"


class StaminaRound(UntilExhausted):
    """UntilExhausted with the stamina check, the D10 roll-off and a four-round game.

    The base counts a dead figure as exhausted when it asks whether a side is done
    (R-SKM-P02), so the opponent's final activations start when the last one falls.
    """

    round_word = "round"

    def __init__(self) -> None:
        self.d = load()

    def first_side(self, state: GameState, roller: Roller) -> int:
        won = SetUpRoll.of(state).roll_off
        if state.turn == 0 and won is not None:
            roller.info(
                "First activation",
                f"{state.sides[int(won)].name}: won the set-up roll-off",
                ("R-SKM-P01",),
            )
            return int(won)
        if state.turn > 0 and TurnOrder.of(state).last_side is None:
            keep = state.initiative if state.initiative is not None else 0
            roller.info("First activation", f"{state.sides[keep].name}: nobody activated last")
            return keep
        if state.turn == 0:
            return roll_off(
                state, roller, self.d.die, what="roll-off for the first activation",
                rulings=("R-SKM-P01",),
            )  # fmt: skip
        return super().first_side(state, roller)

    def after_activation(self, state: GameState, f: FighterState, roller: Roller) -> list[Change]:
        return self.closing(state, f, roller)[0]

    def closing(
        self, state: GameState, f: FighterState, roller: Roller
    ) -> tuple[list[Change], str]:
        """What the end of `f`'s activation changes, and what it comes to in words (its
        last step's outcome), on any roller: rolled, or walked for `done --odds`."""
        changes: list[Change] = Activation.reset(f)
        if f.out:
            said = f"{f.name} is dead: no check"
        elif state.phase == "ended":
            said = "the game is over: no check"
        elif f.token:
            said = f"{f.name} is already exhausted this round"
        else:
            check = stamina_check(self.d, f.name, int(f.stats.get("stamina", 0)), roller, own=True)
            return changes + check_changes(f, check), SAID[check].format(name=f.name)
        roller.info(STAMINA_CHECK, said)
        return changes, said

    def can_activate(self, state: GameState, f: FighterState) -> bool:
        # After a 20 only that figure may activate, until it does or lets it go (R-SKM-P12).
        must = TurnOrder.of(state).must_activate
        if must is not None and must != f.id:
            return False
        return super().can_activate(state, f)

    def pass_fighter(self, state: GameState, fid: str) -> Outcome:
        """Let a final activation go, or the extra one a 20 gave: it is a choice, not a
        duty (R-SKM-P12)."""
        if TurnOrder.of(state).must_activate != fid:
            return super().pass_fighter(state, fid)
        f = state.fighter(fid)
        changes = TurnOrder.set(must_activate=None)
        if self.last_chance_side(state) == f.side:
            changes += LastChance.set(fid, last_done=True)
        return Outcome("pass", f"{f.name} does not take its extra activation.", tuple(changes))

    def activation_note(self, state: GameState, f: FighterState) -> str:
        return (
            "Move then attack, attack then move, focus then attack, or run then melee; "
            "'companion done' ends it with the stamina check."
        )

    def game_over(self, state: GameState) -> str | None:
        if state.last_turn is not None and state.turn >= state.last_turn:
            return result_text(state)
        return None

    def upkeep(self, state: GameState, roller: Roller) -> list[Change]:
        # The game's last round ends without the usual reset: clear the round's marks here.
        return self.round_reset(state) if self.game_over(state) is not None else []


def wiped_out(state: GameState, dead: Sequence[str]) -> list[Change]:
    """Changes that end the game when a side has no figures left (R-SKM-P08)."""
    gone = set(dead)
    for s in range(len(state.sides)):
        if all(f.out or f.id in gone for f in state.side_fighters(s)):
            return [set_game("phase", "ended"), set_game("result", result_text(state, dead))]
    return []


def new_game(
    d: SkmData, rosters: Sequence[Roster], scenario: str, options: Mapping[str, Any]
) -> GameState:
    known_scenario(d.scenarios, scenario, "SKIRMASHED scenario")
    if len(rosters) != 2:
        raise UsageError("a SKIRMASHED game is two warbands: give two rosters")
    options = dict(options)
    # R-SKM-P15: `game new --force` plays illegal warbands as house rules, listed on the board.
    force = bool(options.pop("force", False))
    house = []
    for r in rosters:
        errors = [p for p in roster_rules.check_roster(d, r) if p.severity == "error"]
        if errors and not force:
            raise UsageError(
                f"'{r.name}' is not a legal warband: {errors[0].message} "
                f"('companion roster check {r.name}' lists every problem; --force plays it "
                "as house rules)"
            )
        house += [f"{r.name}: {p.message}" for p in errors]
    unknown = [k for k in options if k not in OPTIONS]
    if unknown:
        raise UsageError(f"'{unknown[0]}' is not a SKIRMASHED option; known: {', '.join(OPTIONS)}")
    return GameState(
        system="skirmashed",
        scenario=scenario,
        sides=tuple(SideState(r.name, r.name) for r in rosters),
        fighters=fighters_from(rosters, lambda rf: d.die),
        last_turn=d.scenarios[scenario].last_turn,
        options=freeze({**options, **({"house_rules": house} if house else {})}),
    )


def setup_roll(d: SkmData, state: GameState, dice: DiceSource) -> Outcome:
    """The board and deployment for the warbands' size, and the D10 roll-off (R-SKM-P01)."""
    roller = DiceRoller(dice)
    most = max(len(state.side_fighters(s)) for s in range(len(state.sides)))
    b = d.board_for(most)
    roller.info(
        "Board", f"{b.board} for {most} figure{'s' if most != 1 else ''} a side; deploy {b.deploy}"
    )
    won = roll_off(
        state, roller, d.die, what="roll-off for the first activation", rulings=("R-SKM-P01",)
    )
    who = state.sides[won].name
    roller.info("First activation", f"{who} activate first in round 1")
    trace = Trace("Set-up", tuple(roller.steps), f"{b.board} board; {who} activate first")
    return Outcome(
        "setup",
        f"{b.board} board; {who} won the roll-off and activate first in round 1.",
        tuple(SetUpRoll.set(roll_off=won)),
        trace,
        data=freeze({"board": b.board, "first": won}),
    )
