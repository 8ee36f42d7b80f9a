"""The SMBFAT round: a roll for who goes first, each force takes all its figures' turns in
order, the Leader's extra turn, and the end after round 3."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.core.roller import Roller
from companion.dice import DiceSource
from companion.errors import DiceError, UsageError
from companion.game.events import Change, Event, apply_event, set_fighter
from companion.game.setup import fighters_from
from companion.game.state import FighterState, GameState, SideState, freeze
from companion.names import possessive
from companion.roster import Roster
from companion.systems.base import Outcome, known_scenario
from companion.systems.kit.turns import SideTurns, roll_off
from companion.systems.smbfat import data as data_mod
from companion.systems.smbfat import kept_rolls
from companion.systems.smbfat.figures import game_options, moves, option, result_text
from companion.systems.smbfat.roster_rules import check_roster, rerolls
from companion.systems.smbfat.state import FigureTurn, SmbGame, Turned
from companion.values import replace

# Flags of a figure that last for one of its turns.
TURN_FLAGS = (FigureTurn,)


def new_game(rosters: Sequence[Roster], scenario: str, options: Mapping[str, Any]) -> GameState:
    d = data_mod.load()
    known_scenario(d.scenarios, scenario)
    if len(rosters) != 2:
        raise UsageError("a game of SMBFAT is played by two forces (one --roster each)")
    options = dict(options)
    # R-SMB-P12: `game new --force` plays the forces as built (house rules).
    house = bool(options.pop("force", False))
    for r in rosters:
        errors = [p for p in check_roster(d, r) if p.severity == "error"]
        if errors and not house:
            raise UsageError(
                f"'{r.name}' breaks the force rules: {errors[0].message} "
                f"('companion roster check {r.name}' lists every problem; --force plays "
                "the forces as built)"
            )
    scen = d.scenarios[scenario]
    opts = game_options(d, str(scen.data["map"]), options)
    return GameState(
        system="smbfat",
        scenario=scenario,
        sides=tuple(
            SideState(r.name, r.name, 0, freeze({"rerolls": rerolls(r.options)})) for r in rosters
        ),
        fighters=fighters_from(rosters, lambda rf: 6),
        last_turn=d.rounds,
        options=freeze(opts),
    )


def said_nothing(dice: DiceSource, name: str) -> None:
    """Dice typed for a call that only ends a force's turn: say what the call does rather
    than count the dice it left over (the roll to go first comes when the round ends)."""
    try:
        dice.finish()
    except DiceError:
        raise UsageError(
            f"this ends {possessive(name)} turn; nothing is rolled, so leave out --dice "
            "(the roll to go first comes when the round ends)"
        ) from None


def extra_pending(state: GameState, side: int) -> bool:
    return SmbGame.of(state).extra_turn == side


class SmbTurns(SideTurns):
    """Side turns with the Leader's extra turn (R-SMB-P01, R-SMB-P02)."""

    round_word = "round"
    round_flags = (Turned,)

    def can_activate(self, state: GameState, f: FighterState) -> bool:
        if f.out:
            return False
        return not f.token or extra_pending(state, f.side)

    def first_side(self, state: GameState, roller: Roller) -> int:
        return roll_off(state, roller, what="roll to go first")

    def activation_changes(self, state: GameState, f: FighterState) -> list[Change]:
        changes = super().activation_changes(state, f)
        changes += FigureTurn.reset(f)
        changes += [*Turned.set(f.id, turned=True), *SmbGame.set(rolls=None)]
        if extra_pending(state, f.side):
            changes += [*SmbGame.set(extra_turn=None), *FigureTurn.set(f.id, extra=True)]
            if not f.token and option(state, "extra-keeps-turn"):
                # R-SMB-P02 option: the extra turn leaves the figure's own turn for later.
                turned = Turned.set(f.id, turned=True)
                changes = [c for c in changes if c.field != "token" and c not in turned]
        return changes

    def activation_note(self, state: GameState, f: FighterState) -> str:
        d = data_mod.load()
        move, second = moves(d, state, f)
        note = (
            f'Move up to {move}" and one of: secondary move ({second}"), skill roll, attack, '
            "or nothing."
        )
        if FigureTurn.of(f).extra or extra_pending(state, f.side):
            note = "This is the Leader's extra turn. " + note
        return note

    def after_activation(self, state: GameState, f: FighterState, roller: Roller) -> list[Change]:
        changes = FigureTurn.reset(f)
        # R-SMB-P01: an extra turn grants no further one, unless the table plays leader-chain.
        chain = not FigureTurn.of(f).extra or option(state, "leader-chain")
        if "leader" in f.skills and not f.out and chain:
            changes += SmbGame.set(extra_turn=f.side)
            roller.info(
                "Leader",
                f"{f.name} or another figure of {state.sides[f.side].name} may take a turn now, "
                "even one that has had its turn this round",
                rulings=("R-SMB-P01", "R-SMB-P02"),
            )
        return changes

    def end_of_side_turn(self, state: GameState, side: int, roller: Roller) -> list[Change]:
        # The board keeps `turned`; tokens go so that a new side turn starts clean.
        out: list[Change] = SmbGame.set(extra_turn=None, rolls=None)
        out += [set_fighter(f.id, "token", False) for f in state.fighters if f.token]
        for f in state.fighters:
            out += FigureTurn.reset(f)
        return out

    def still_to_act(self, state: GameState) -> list[FighterState]:
        # The Leader's extra turn is one the force "can" take: a figure that has had its
        # turn is not left waiting when the force lets that extra turn go.
        return [f for f in super().still_to_act(state) if not f.token]

    def next_turn(self, state: GameState, dice: DiceSource) -> Outcome:
        side = self.acting_side(state)
        if side is None or not extra_pending(state, side):
            out = super().next_turn(state, dice)
        else:
            # Ending the side's turn lets the extra turn go; without it, every figure of
            # the side would read as still able to act.
            drop = tuple(SmbGame.set(extra_turn=None))
            out = super().next_turn(apply_event(state, Event("turn", "", drop)), dice)
            out = replace(out, changes=drop + out.changes)
        first = out.data.get("initiative")
        if first is None and side is not None and not dice.history:
            said_nothing(dice, state.sides[side].name)
        if first is None or out.trace is None:
            return out
        # A new round: under reroll-any its rolls to go first may be rerolled (R-SMB-P13).
        kept = kept_rolls.first_rolls(state, out.trace.steps, int(first))
        return replace(out, changes=out.changes + tuple(kept))

    def not_activated(self, state: GameState) -> list[str]:
        # Tokens are cleared when each side's turn ends, so by the end of the round they say
        # nothing; `turned` is what records that a figure had its turn this round.
        return [f.name for f in state.fighters if not f.out and not Turned.of(f).turned]

    def upkeep(self, state: GameState, roller: Roller) -> list[Change]:
        return SmbGame.set(rolls=None, round_rolls=freeze())

    def game_over(self, state: GameState) -> str | None:
        if state.last_turn is not None and state.turn >= state.last_turn:
            return result_text(data_mod.load(), state, f"the game ends after round {state.turn}")
        return None
