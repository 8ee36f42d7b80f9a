"""The WarStuff round: alternating single activations, who goes first, and the game's end."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.core.roller import Roller
from companion.errors import RefusedError, UsageError
from companion.game.concede import Conceded
from companion.game.events import Change, set_fighter, set_game
from companion.game.setup import fighters_from
from companion.game.state import FighterState, GameState, SideState, freeze
from companion.roster import Roster
from companion.systems.base import Outcome, known_scenario
from companion.systems.kit.state import Stunned, TurnOrder
from companion.systems.kit.turns import AlternatingActivations, refuse_unless_running, roll_off
from companion.systems.warstuff import roster_rules
from companion.systems.warstuff.attack import Attack
from companion.systems.warstuff.data import WarStuffData
from companion.systems.warstuff.state import FirstDone, Orders, UnitTurn

TURN_FLAGS = (UnitTurn,)


def new_game(
    d: WarStuffData, rosters: Sequence[Roster], scenario: str, options: Mapping[str, Any]
) -> GameState:
    known_scenario(d.scenarios, scenario, "WarStuff scenario")
    if len(rosters) < 2:
        raise UsageError("a WarStuff game needs at least two warbands (one --roster each)")
    # The limit is chosen per game: a game option, else the largest any roster asks for.
    asked = [str(r.options.get("points")) for r in rosters if "points" in r.options]
    numbers = [int(p) for p in asked if p.isdigit()]
    points = options.get("points", max(numbers, default=d.default_points))
    if str(points) not in {str(p) for p in d.points_limits}:
        raise UsageError(
            f"the points limit is one of {', '.join(map(str, d.points_limits))}, not {points}"
        )
    for r in rosters:
        total, _ = roster_rules.roster_total(d, r)
        if total > int(points):
            raise UsageError(
                f"'{r.name}' costs {total} pts, over this game's limit of {points} pts "
                f"({roster_rules.limit_hint(d, r.name, total)})"
            )
    for roster in rosters:
        if not roster.fighters:
            raise UsageError(f"'{roster.name}' has no units")
    fighters = fighters_from(rosters, lambda rf: 6)
    return GameState(
        system="warstuff",
        scenario=scenario,
        sides=tuple(SideState(r.name, r.name) for r in rosters),
        fighters=tuple(fighters),
        last_turn=None,
        options=freeze({**dict(options), "points": int(points)}),
    )


def conceded(state: GameState, side: int) -> bool:
    return Conceded.of(state.sides[side]).conceded


def can_activate(state: GameState, f: FighterState) -> bool:
    return not f.out and not f.token and not conceded(state, f.side)


class Rounds(AlternatingActivations):
    """The WarStuff round on the shared structure: players alternate single activations
    (R-WS-P08), a Leader's command lets units act without passing the turn, and the
    player who ran out of units first goes first next round."""

    round_word = "round"
    round_flags = TURN_FLAGS

    def can_activate(self, state: GameState, f: FighterState) -> bool:
        return can_activate(state, f)

    def next_side(self, state: GameState) -> int | None:
        # Units a Leader commanded act now, before the turn passes (R-WS-P08): while some
        # are left to use it is still their player's go, on the board and in `play`.
        if state.turn and state.phase != "ended":
            for s, side in enumerate(state.sides):
                if Orders.of(side).commanded and self.ready(state, s):
                    return s
        return super().next_side(state)

    def activate(self, state: GameState, fid: str) -> Outcome:
        f = state.fighter(fid)
        self.refuse_if_not_running(state)
        if f.out:
            raise RefusedError(f"{f.name} is dead and cannot activate")
        if conceded(state, f.side):
            raise RefusedError(f"{state.sides[f.side].name} have conceded")
        leader = Orders.of(state.sides[f.side]).leader
        if f.token and leader == fid and state.active != fid:
            return self._back_to_leader(state, f)
        if f.token:
            raise RefusedError(f"{f.name} has already activated this round")
        commanded = Orders.of(state.sides[f.side]).commanded
        # Plain alternation: the other player may still take its go instead of waiting
        # for the commanded units, which ends the command (the units are not used).
        side = super().next_side(state)
        if side is not None and side != f.side and not commanded:
            raise RefusedError(
                f"{state.sides[side].name} activate next (players alternate); "
                f"{f.name} of {state.sides[f.side].name} must wait"
            )
        changes: list[Change] = []
        # A Leader that gave orders keeps what it has done this activation while its
        # commanded units act, so it may come back to finish it (R-WS-P11).
        if state.active and state.active != fid and (state.active != leader or not commanded):
            changes += UnitTurn.reset(state.fighter(state.active))
        changes += [set_fighter(fid, "token", True), set_game("active", fid)]
        if commanded:
            # A commanded unit acts without passing the turn (R-WS-P08).
            left = commanded - 1
            changes += Orders.set(f.side, commanded=left)
            note = f" It acts on its leader's command ({left} more may follow)."
            if leader is not None and not UnitTurn.of(state.fighter(str(leader))).action:
                name = state.fighter(str(leader)).name
                note += f" {name} may take its own action afterwards ('companion activate {name}')."
        else:
            changes += TurnOrder.set(last_side=f.side)
            for i, s in enumerate(state.sides):
                if Orders.of(s).commanded:
                    changes += Orders.set(i, commanded=0)
                held = Orders.of(s).leader
                if held is not None:
                    # The turn passes: the Leader's activation is over too.
                    changes += Orders.set(i, leader=None)
                    if held != state.active:
                        changes += UnitTurn.reset(state.fighter(held))
            note = ""
        # The side that runs out of units to activate first goes first next round.
        rest = [x for x in state.side_fighters(f.side) if x.id != fid and can_activate(state, x)]
        if not rest and FirstDone.of(state).first_done is None:
            changes += FirstDone.set(first_done=f.side)
        if Stunned.of(f).stunned:
            note += " It is stunned: its action must be Recover."
        else:
            note += " Choose Hold, Walk or Run (companion act NAME hold|walk|run)."
        return Outcome("activate", f"{f.name} activates.{note}", tuple(changes))

    def _back_to_leader(self, state: GameState, f: FighterState) -> Outcome:
        """The Leader takes up its own activation again after its commanded units
        (R-WS-P11); the unit that was acting has finished."""
        changes: list[Change] = []
        if state.active:
            changes += UnitTurn.reset(state.fighter(state.active))
        changes.append(set_game("active", f.id))
        taken = UnitTurn.of(f).action
        if Stunned.of(f).stunned and not taken:
            rest = " It is stunned: its action must be Recover."
        elif not taken:
            rest = " Choose Hold, Walk or Run (companion act NAME hold|walk|run)."
        else:
            rest = f" It has taken {taken}" + (
                " and attacked." if UnitTurn.of(f).attacked else "; it may still attack."
            )
        return Outcome(
            "activate", f"{f.name} takes up its own activation again.{rest}", tuple(changes)
        )

    def round_reset(self, state: GameState) -> list[Change]:
        out = super().round_reset(state)
        for i, s in enumerate(state.sides):
            if Orders.of(s).commanded:
                out += Orders.set(i, commanded=0)
            if Orders.of(s).leader:
                out += Orders.set(i, leader=None)
        return out + FirstDone.set(first_done=None)

    def game_over(self, state: GameState) -> str | None:
        return None  # WarStuff plays until one player is left (end_changes).

    def first_side(self, state: GameState, roller: Roller) -> int:
        if state.turn == 0:
            rolling = [s for s in range(len(state.sides)) if not conceded(state, s)]
            winner = roll_off(state, roller, 6, rolling, "deployment roll-off")
            roller.info(
                "Deployment",
                f"{state.sides[winner].name} win the roll-off: they choose a table edge and "
                'deploy first, within 12" of it; the others follow',
                notes=_deployment_notes(state),
            )
            return winner
        first = first_player(state)
        if first is None or conceded(state, first):
            first = state.initiative if state.initiative is not None else 0
            why = "no one finished first, so the same player starts"
        else:
            why = "they ran out of units to activate first last round"
        roller.info("First player", f"{state.sides[first].name} go first: {why}", ("R-WS-P08",))
        return first


ROUNDS = Rounds()


def next_side(state: GameState) -> int | None:
    return ROUNDS.next_side(state)


# How a game that has not started begins: the roll-off for deployment, then round 1.
NOT_STARTED = (
    "the game has not started; 'companion turn' rolls off for deployment and begins round 1"
)


def first_player(state: GameState) -> int | None:
    v = FirstDone.of(state).first_done
    return int(v) if v is not None else None


def _deployment_notes(state: GameState) -> tuple[str, ...]:
    notes = []
    scouts = [f.name for f in state.fighters if "scout" in f.skills]
    vanguard = [f.name for f in state.fighters if "vanguard" in f.skills]
    if scouts:
        notes.append(
            'Scout (deploy after everyone else, anywhere 12"+ from enemies): ' + ", ".join(scouts)
        )
    if vanguard:
        notes.append('Vanguard (may move 12" after deploying): ' + ", ".join(vanguard))
    return tuple(notes)


def finished_changes(
    state: GameState, dead: Sequence[str], first: int | None = None
) -> list[Change]:
    """A side whose last units waiting to activate were just killed has finished its
    activations (R-WS-P08); `first` is the side checked first when two finish at once."""
    if FirstDone.of(state).first_done is not None or not dead:
        return []
    sides = sorted({state.fighter(uid).side for uid in dead}, key=lambda s: s != first)
    for side in sides:
        waiting = [
            f for f in state.side_fighters(side) if can_activate(state, f) and f.id not in dead
        ]
        if not waiting and not conceded(state, side):
            return FirstDone.set(first_done=side)
    return []


def end_changes(state: GameState, after: Mapping[str, Any]) -> list[Change]:
    """Changes that end the game when at most one player still stands (killed units in
    `after` count as gone)."""
    standing = []
    for s in range(len(state.sides)):
        if conceded(state, s):
            continue
        alive = [
            f
            for f in state.side_fighters(s)
            if not f.out and not (f.id in after and getattr(after[f.id], "dead", False))
        ]
        if alive:
            standing.append(s)
    if len(standing) > 1:
        return []
    if standing:
        result = f"{state.sides[standing[0]].name} win: every other player is wiped out or conceded"
    else:
        result = "draw: no one is left standing"
    return [set_game("phase", "ended"), set_game("result", result)]


def active_check(state: GameState, f: FighterState, what: str) -> None:
    refuse_unless_running(state, NOT_STARTED)
    if f.out:
        raise RefusedError(f"{f.name} is dead")
    if state.active != f.id:
        raise RefusedError(f"{f.name} is not the active unit; 'companion activate {f.name}' first")


def attack_preconditions(d: WarStuffData, state: GameState, atk: Attack) -> list[Change]:
    """An attack is the active unit's one attack, after an action that allows it (R-WS-P10)."""
    f = state.fighter(atk.attacker.id)
    active_check(state, f, "attack")
    if Stunned.of(f).stunned:
        raise RefusedError(f"{f.name} is stunned: its action must be Recover, with no attack")
    action = UnitTurn.of(f).action
    if action == "recover":
        raise RefusedError(f"{f.name} took Recover: no attack this activation")
    if UnitTurn.of(f).attacked:
        raise RefusedError(f"{f.name} has already attacked this activation")
    changes: list[Change] = UnitTurn.set(f.id, attacked=True)
    if atk.ranged:
        if action is None:
            changes += UnitTurn.set(f.id, action="hold")
        elif not d.actions[str(action)].shoot:
            raise RefusedError(
                f"{f.name} took {d.actions[str(action)].label}: shooting needs Hold or Walk"
            )
    else:
        if action is None:
            changes += UnitTurn.set(f.id, action="run")
        elif not d.actions[str(action)].melee:
            raise RefusedError(
                f"{f.name} took {d.actions[str(action)].label}: only Run may end in melee"
            )
    return changes
