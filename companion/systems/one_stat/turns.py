"""The 1 Stat Skirmish turn on the kit's alternating activations: turn count, initiative,
the activation (with a Fire Team or minions), upkeep."""

from __future__ import annotations

from companion.core.check import Check
from companion.dice import DiceSource
from companion.errors import RefusedError
from companion.game.events import Change, set_fighter, set_game
from companion.game.state import FighterState, GameState, freeze
from companion.systems.base import Outcome
from companion.systems.kit.state import TurnOrder
from companion.systems.kit.turns import AlternatingActivations
from companion.systems.one_stat import fighters as fx
from companion.systems.one_stat import order
from companion.systems.one_stat.board import Board
from companion.systems.one_stat.data import OneStatData, item_of, load
from companion.systems.one_stat.permissions import check_running
from companion.systems.one_stat.roller import DiceRoller
from companion.systems.one_stat.scenarios import ACTION_SCENARIOS, final_result, game_over, upkeep
from companion.systems.one_stat.state import (
    ActionSequence,
    OneStatFighter,
    OneStatGame,
    OneStatTurn,
)
from companion.trace import Step, Trace

MAX_INITIATIVE_ROLLS = 20


def fire_team(state: GameState, f: FighterState) -> list[str]:
    """The Fire Team that activates with `f` (its members' ids; none outside a game with
    Fire Teams), refused when the team cannot activate as one unit."""
    if not OneStatGame.of(state).fire_teams:
        return []
    from companion.systems.one_stat import fire_team as ft

    why = ft.short_refusal(state, f)
    if why:
        raise RefusedError(why)
    standing = ft.standing_team(state, f.id)
    team = ft.members(standing) if standing else []
    for m in team:
        if state.fighter(m).token:
            raise RefusedError(
                f"{state.fighter(m).name} of {f.name}'s Fire Team has already activated "
                f"this turn; the team activates as one unit ({ft.RULING})"
            )
    return team


def minions_of(state: GameState, f: FighterState) -> list[FighterState]:
    """The minions that activate with their Minion Master `f`."""
    if "minion-master" not in f.skills:
        return []
    return [
        mn
        for mn in state.side_fighters(f.side)
        if OneStatFighter.of(mn).minion and mn.id != f.id and fx.can_activate(mn)
    ]


def actions_for(d: OneStatData, f: FighterState) -> int:
    """Two actions, one for a heavy-shooter carrier (R-1SS-03)."""
    heavy = OneStatFighter.of(f).heavy_shooter or any(
        d.armory.get(item_of(e)[0]) and d.armory[item_of(e)[0]].shooter == "heavy"
        for e in f.equipment
    )
    return 1 if heavy and f.rank != "rookie" else d.actions


def initiative_die(d: OneStatData, state: GameState, side: int) -> tuple[int, str] | None:
    """The die a side rolls for initiative, and why (R-1SS-07, R-1SS-P04)."""
    if state.scenario == "training" and (state.turn == 0 or state.options.get("training_d10")):
        if state.turn == 0:
            return 10, "D10 on the training mission's first turn (R-1SS-07)"
        return 10, "D10 every training turn (game option training_d10, R-1SS-P24)"
    alive = [f for f in state.side_fighters(side) if not f.out]
    if state.turn == 0:
        bosses = [f for f in alive if f.rank == "boss"]
        if bosses:
            return bosses[0].die, f"{bosses[0].name}'s die, the boss's on turn 1 (R-1SS-P04)"
    upright = [f for f in alive if f.status == "upright"]
    if not upright:
        return None
    best = max(upright, key=lambda f: (d.ranks[f.rank].order if f.rank in d.ranks else 0, f.die))
    why = "R-1SS-07, R-1SS-P24" if state.scenario == "training" else "R-1SS-07"
    return best.die, f"{best.name}'s die, the highest-ranked upright fighter ({why})"


def end_result(state: GameState) -> str | None:
    """A side with no fighter left loses at once (every 1ss scenario)."""
    standing = [
        s for s in range(len(state.sides)) if any(not f.out for f in state.side_fighters(s))
    ]
    if len(state.sides) > 1 and len(standing) == 1:
        return f"{state.sides[standing[0]].name} wins: the other warband is wiped out"
    if not standing:
        return "draw: no fighter is left standing"
    return None


def roll_initiative(d: OneStatData, state: GameState, dice: DiceSource) -> tuple[int, list[Step]]:
    dice_by_side = {s: initiative_die(d, state, s) for s in range(len(state.sides))}
    rolling = {s: v for s, v in dice_by_side.items() if v is not None}
    steps: list[Step] = []
    if len(rolling) < len(state.sides):
        for s in dice_by_side:
            if s not in rolling:
                steps.append(
                    Step(
                        f"Initiative: {state.sides[s].name}",
                        "no upright fighter, so no roll (loses the initiative)",
                    )
                )
    if len(rolling) == 0:
        keep = state.initiative if state.initiative is not None else 0
        return keep, steps
    if len(rolling) == 1:
        return next(iter(rolling)), steps
    roller = DiceRoller(dice)
    roller.steps = steps
    for attempt in range(1, MAX_INITIATIVE_ROLLS + 1):
        results: dict[int, int] = {}
        for s, (sides, why) in rolling.items():
            name = state.sides[s].name
            c = Check(
                f"Initiative: {name}" + (f" (roll-off {attempt})" if attempt > 1 else ""),
                name,
                sides,
                text="rolled {total}",
                notes=(why,),
                purpose=f"{name}'s initiative",
            )
            results[s] = int(roller.check(c).total or 0)
        best = max(results.values())
        top = [s for s, v in results.items() if v == best]
        if len(top) == 1:
            return top[0], steps
        steps.append(Step("Tie", f"both rolled {best}: roll again (R-1SS-07)"))
    raise RefusedError("initiative tied 20 times in a row; check the dice and try again")


class OneStatTurns(AlternatingActivations):
    """The 1ss turn: sides alternate single activations, the side with the initiative
    first; a fighter activates with its Fire Team or minions, and a new activation lets
    the actions left of the one before lapse. The turn ends with the scenario's upkeep
    and a roll for the initiative on rank dice (R-1SS-07); a solo game has its own order
    and upkeep (R-1SS-S01)."""

    round_flags = fx.TURN_FLAGS
    closes_previous = True  # a new activation lets the actions left of the one before lapse

    def can_activate(self, state: GameState, f: FighterState) -> bool:
        return fx.can_activate(f)

    def next_side(self, state: GameState) -> int | None:
        return order.next_side(state)

    def refuse_if_not_running(self, state: GameState) -> None:
        check_running(state)

    def closing_changes(self, state: GameState, f: FighterState) -> list[Change]:
        # The actions a fighter did not take lapse with its activation.
        return [*OneStatTurn.set(f.id, actions=None)] if "actions" in f.flags else []

    def cannot_activate(self, state: GameState, f: FighterState) -> str:
        if f.status == "face-down":
            return f"{f.name} lies face down and cannot activate until upkeep"
        if f.status == "split":
            return f"{f.name} has split in two; activate its halves"
        return (
            f"{f.name} already has an activation token this turn; tokens come off at upkeep "
            "('companion turn')"
        )

    def not_their_go(self, state: GameState, side: int, f: FighterState) -> str:
        if state.options.get("solo"):  # no alternating: yours first, then the OpFor
            from companion.systems.one_stat.solo.game import must_wait

            return must_wait(f)
        return (
            f"{state.sides[side].name} activate next (sides alternate); "
            f"{f.name} of {state.sides[f.side].name} must wait for that activation"
        )

    def activation(self, state: GameState, f: FighterState) -> tuple[list[Change], str]:
        d = load()
        fid = f.id
        team = fire_team(state, f)
        note = " It is prone: its first action must be Recover." if f.status == "wounded" else ""
        minions = minions_of(state, f)
        changes: list[Change] = []
        group = {fid, *team, *(mn.id for mn in minions)}
        for x in state.fighters:  # the actions of the activation that ends lapse
            if x.id not in group and (x.id == state.active or OneStatTurn.of(x).with_master):
                changes += OneStatTurn.set(x.id, actions=None)
                if OneStatTurn.of(x).with_master:
                    changes += OneStatTurn.set(x.id, with_master=None)
        n = actions_for(d, f)
        for mn in minions:
            changes += [
                set_fighter(mn.id, "token", True),
                *OneStatTurn.set(mn.id, actions=actions_for(d, mn)),
                *OneStatTurn.set(mn.id, with_master=f.id),
            ]
        if minions:
            note += (
                f" Its minions {' and '.join(mn.name for mn in minions)} activate with it and act "
                "in any order (Minion Master)."
            )
        if team:
            from companion.systems.one_stat.fire_team import TEAM_ACTIONS

            n = TEAM_ACTIONS
            others = [state.fighter(m).name for m in team if m != fid]
            changes += [set_fighter(m, "token", True) for m in team if m != fid]
        if OneStatFighter.of(f).skip_activation:
            n, note = 0, " It loses this activation (failed Influencer roll)."
            changes += OneStatFighter.set(fid, skip_activation=False)
        elif f.status == "wounded" and state.scenario in ACTION_SCENARIOS:
            n, note = 0, " It recovers at once (action scenario) but does nothing else."
            changes += [set_fighter(fid, "status", "upright"), set_fighter(fid, "wounds", 0)]
        for xid in (fid, *(mn.id for mn in minions)):  # a fresh action sequence (R-1SS-P16)
            changes += ActionSequence.reset(state.fighter(xid))
        changes += [
            set_fighter(fid, "token", True),
            *OneStatTurn.set(fid, actions=n),
            set_game("active", fid),
            *TurnOrder.set(last_side=f.side),
        ]
        if team:
            note += (
                f" Its Fire Team activates with it ({' and '.join(others)} take their tokens): "
                "one move per member, or the heavy shooter's shot with all three actions."
            )
        return changes, f"{f.name} activates ({n} action{'s' if n > 1 else ''}).{note}"

    def next_turn(self, state: GameState, dice: DiceSource) -> Outcome:
        if state.options.get("solo"):  # upkeep with a new spawn, no initiative (R-1SS-S01)
            from companion.systems.one_stat.solo import game as solo

            return solo.next_turn(state, dice)
        d = load()
        if state.phase == "ended":
            raise RefusedError(f"the game is over: {state.result or 'ended'}")
        changes: list[Change] = []
        steps: list[Step] = []
        board, roller = Board(state), DiceRoller(dice)
        if state.turn > 0:
            upkeep(d, board, roller)
        ended = state.last_turn is not None and state.turn >= state.last_turn
        result = final_result(d, board, roller) if ended else None
        if ended:
            board.result = None  # set below with the end of the game
        changes += board.changes()
        steps += roller.steps
        if state.turn > 0:
            changes += self.tokens_off(state)
            changes += [set_game("active", None), *TurnOrder.set(last_side=None)]
            steps.append(Step("Upkeep", f"activation tokens removed after turn {state.turn}"))
        if ended:
            result = result or f"turn {state.last_turn} was the last"
            changes += [set_game("phase", "ended"), set_game("result", result)]
            return game_over(state.turn, changes, steps, result, tuple(board.announcements))
        turn = state.turn + 1
        steps.append(
            Step(
                "Turn count", f"turn {turn}" + (f" of {state.last_turn}" if state.last_turn else "")
            )
        )
        winner, roll_steps = roll_initiative(d, state, dice)
        steps += roll_steps
        changes += [
            set_game("turn", turn),
            set_game("phase", "action"),
            set_game("initiative", winner),
        ]
        who = state.sides[winner].name
        trace = Trace(f"Turn {turn}", tuple(steps), f"{who} has the initiative")
        return Outcome(
            "turn",
            f"Turn {turn} begins; {who} has the initiative.",
            tuple(changes),
            trace,
            data=freeze({"turn": turn, "initiative": winner}),
            announcements=tuple(board.announcements),
        )


#: the 1ss plug-in's turn structure
TURNS = OneStatTurns()
