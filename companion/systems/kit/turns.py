"""Turn structures every rule system can pick, with hooks where systems differ.

Three shapes cover the five systems:

- `AlternatingActivations`: players take turns activating one fighter each; a player with
  nobody left is skipped; the round ends when nobody can activate (1ss, WarStuff).
- `SideTurns`: one side activates all its fighters, then the next side; `companion turn`
  ends the current side's turn (a system may run a phase then, e.g. morale), and after the
  last side the round (SMBFAT rounds, Monochrome turns).
- `UntilExhausted`: players alternate single activations, but a fighter may be activated
  again and again until a check at the end of its activation exhausts it; when one side
  is all exhausted, the other activates each of its fresh fighters once more (SKIRMASHED).

What the shapes share is written once here: who may activate, the activation itself, the
end of an activation, the end of a round with its upkeep, the roll for who goes first, and
the end of the game. A system subclasses one shape and overrides only its hooks
(`cannot_activate`, `activation`, `closing_changes`, `after_activation`, `first_side`,
`upkeep`, `end_of_side_turn`, `game_over`, ...); one whose round end says and rolls
more than the shape's (a scenario's own upkeep with its announcements) overrides
`next_turn` whole.

State used: `turn` (the round), `initiative` (the side that goes first this round),
`active` (the fighter activating), a fighter's `token` (it has activated / is exhausted),
and game flags `last_side` (who activated last), `side_turn` (SideTurns: which side of
the round's order is acting), `must_activate` (a fighter that must activate at once),
and a fighter's `last_done` flag (UntilExhausted: its final activation is taken).
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.core.check import Check
from companion.core.roller import DiceRoller, Roller
from companion.dice import DiceSource
from companion.errors import RefusedError
from companion.game.events import Change, Event, apply_event, set_fighter, set_game
from companion.game.state import FighterState, GameState, freeze
from companion.game.typed_state import FighterFlags
from companion.names import possessive
from companion.systems.kit.state import LastChance, TurnOrder
from companion.systems.records import Outcome
from companion.trace import Trace

MAX_ROLL_OFFS = 20


def roll_off(
    state: GameState,
    roller: Roller,
    sides: int = 6,
    who: Sequence[int] | None = None,
    what: str = "roll-off",
    rulings: Sequence[str] = (),
) -> int:
    """The side that rolls highest; tied sides roll again (at most 20 times)."""
    rolling = list(range(len(state.sides))) if who is None else list(who)
    for attempt in range(1, MAX_ROLL_OFFS + 1):
        results: dict[int, int] = {}
        for s in rolling:
            name = state.sides[s].name
            again = f" (again, {attempt})" if attempt > 1 else ""
            c = Check(
                f"{what.capitalize()}: {name}{again}",
                name,
                sides=sides,
                text="{total}",
                rulings=tuple(rulings),
                purpose=f"{possessive(name)} {what}",
            )
            results[s] = int(roller.check(c).total or 0)
        best = max(results.values())
        top = [s for s, v in results.items() if v == best]
        if len(top) == 1:
            return top[0]
        roller.info("Tie", f"{len(top)} sides rolled {best}: they roll again", rulings)
        rolling = top
    raise RefusedError(f"the {what} tied {MAX_ROLL_OFFS} times in a row; check the dice")


def refuse_unless_running(state: GameState, not_started: str) -> None:
    """Refuse to go on with a game that is over, or one whose first turn has not begun
    (`not_started`: the system's words for how to begin it)."""
    if state.phase == "ended":
        raise RefusedError(f"the game is over: {state.result or 'ended'}")
    if state.turn == 0:
        raise RefusedError(not_started)


def tokens_off(state: GameState, flags: Sequence[type[FighterFlags]]) -> list[Change]:
    """Every fighter's token off and the one-round `flags` cleared: a round's end, in a
    structure or in an upkeep of a system's own (the 1ss solo turn)."""
    out: list[Change] = []
    for f in state.fighters:
        if f.token:
            out.append(set_fighter(f.id, "token", False))
        for kind in flags:
            out += kind.reset(f)
    return out


class TurnStructure:
    """The hooks every structure has, with defaults."""

    #: what a round is called on the board and in messages
    round_word = "turn"
    #: flags of a fighter cleared at the end of every round
    round_flags: tuple[type[FighterFlags], ...] = ()
    #: whether activating a fighter while another is still activating closes that one
    #: (its actions left lapse) rather than being refused until it ends
    closes_previous = False

    # --- queries ---------------------------------------------------------------------
    def can_activate(self, state: GameState, f: FighterState) -> bool:
        return not f.out and not f.token and f.status != "face-down"

    def ready(self, state: GameState, side: int) -> list[FighterState]:
        return [f for f in state.side_fighters(side) if self.can_activate(state, f)]

    def next_side(self, state: GameState) -> int | None:
        """The side that activates next, or None when the round (or side turn) is over."""
        raise NotImplementedError

    def still_to_act(self, state: GameState) -> list[FighterState]:
        """Fighters that `companion turn` would leave without their activation now."""
        if state.turn == 0 or state.phase == "ended":
            return []
        return [f for f in state.fighters if not f.out and self.can_activate(state, f)]

    def end_label(self, state: GameState) -> str:
        """What `companion turn` does now, in a few words (for menus and help)."""
        if state.last_turn is not None and state.turn >= state.last_turn:
            return f"{self.round_word} {state.turn} was the last: end the game"
        return f"end {self.round_word} {state.turn}, start {self.round_word} {state.turn + 1}"

    # --- hooks -------------------------------------------------------------------------
    def first_side(self, state: GameState, roller: Roller) -> int:
        """Who goes first in the round about to start (`state.turn` is the one ending)."""
        return roll_off(state, roller, what="roll for the first activation")

    def upkeep(self, state: GameState, roller: Roller) -> list[Change]:
        """Changes at the end of a round, before the next one starts."""
        return []

    def closing_changes(self, state: GameState, f: FighterState) -> list[Change]:
        """Changes as a fighter's activation closes, before it stops being the active one
        (e.g. the actions it had left lapse); no dice."""
        return []

    def after_activation(self, state: GameState, f: FighterState, roller: Roller) -> list[Change]:
        """Changes when a fighter's activation ends (e.g. a check that exhausts it)."""
        return []

    def game_over(self, state: GameState) -> str | None:
        """The result when the game ends at the end of this round, else None."""
        if state.last_turn is not None and state.turn >= state.last_turn:
            return f"the game ends after {self.round_word} {state.turn}"
        return None

    def activation_note(self, state: GameState, f: FighterState) -> str:
        return ""

    def cannot_activate(self, state: GameState, f: FighterState) -> str:
        """Why `f`, in the game but not `can_activate`, may not activate now."""
        return f"{f.name} cannot activate again this {self.round_word}"

    def not_their_go(self, state: GameState, side: int, f: FighterState) -> str:
        """Why `f` must wait while `side` activates next."""
        return (
            f"{state.sides[side].name} activate next; {f.name} of "
            f"{state.sides[f.side].name} must wait"
        )

    def not_activated(self, state: GameState) -> list[str]:
        """Names of the fighters that could still have activated when the round ends."""
        return [
            f.name for s in range(len(state.sides)) for f in self.ready(state, s) if not f.token
        ]

    # --- shared steps --------------------------------------------------------------------
    def refuse_if_not_running(self, state: GameState) -> None:
        begin = f"the game has not started: 'companion turn' begins {self.round_word} 1"
        refuse_unless_running(state, begin)

    def activate(self, state: GameState, fid: str) -> Outcome:
        self.refuse_if_not_running(state)
        f = state.fighter(fid)
        if f.out:
            raise RefusedError(f"{f.name} is out of the game and cannot activate")
        must = TurnOrder.of(state).must_activate
        if must is not None and must != fid:
            other = state.fighter(str(must))
            raise RefusedError(
                f"{other.name} activates again at once: activate it first, or let that "
                f"activation go ('companion act {other.name} pass')"
            )
        if not self.can_activate(state, f):
            raise RefusedError(self.cannot_activate(state, f))
        side = self.next_side(state)
        if side is not None and side != f.side:
            raise RefusedError(self.not_their_go(state, side, f))
        # A fighter taken out during its own activation (a charger shot down) holds up
        # no one: its activation is over.
        if (
            not self.closes_previous
            and state.active is not None
            and state.active != fid
            and not state.fighter(state.active).out
        ):
            raise RefusedError(
                f"{state.fighter(state.active).name} is still activating: end that activation "
                "first ('companion done')"
            )
        changes, summary = self.activation(state, f)
        return Outcome("activate", summary, tuple(changes))

    def activation(self, state: GameState, f: FighterState) -> tuple[list[Change], str]:
        """The activation of a fighter allowed to activate: its changes, and what it says."""
        changes = self.activation_changes(state, f)
        note = self.activation_note(state, f)
        return changes, f"{f.name} activates." + (f" {note}" if note else "")

    def activation_changes(self, state: GameState, f: FighterState) -> list[Change]:
        changes = [
            set_fighter(f.id, "token", True),
            set_game("active", f.id),
            *TurnOrder.set(last_side=f.side),
        ]
        if TurnOrder.of(state).must_activate == f.id:
            changes += TurnOrder.set(must_activate=None)
        return changes

    def end_activation(self, state: GameState, dice: DiceSource) -> Outcome:
        """Close the active fighter's activation, with what the system checks then."""
        return self.ending(state, DiceRoller(dice))

    def ending(self, state: GameState, roller: Roller) -> Outcome:
        """`end_activation` written once against a roller: rolled, or walked for its odds
        (its words are its plain steps', so a walk hands it a roller that keeps them)."""
        if state.active is None:
            raise RefusedError("no fighter is activating")
        f = state.fighter(state.active)
        changes = self.closing_changes(state, f) + [set_game("active", None)]
        changes += self.after_activation(state, f, roller)
        trace = (
            Trace(
                f"End of {possessive(f.name)} activation",
                tuple(roller.steps),
                roller.steps[-1].outcome,
            )
            if roller.steps
            else None
        )
        summary = f"{f.name} ends the activation" + (
            f": {trace.outcome}" if trace is not None else "."
        )
        return Outcome("activation-end", summary, tuple(changes), trace)

    def round_reset(self, state: GameState) -> list[Change]:
        out: list[Change] = [set_game("active", None), *TurnOrder.set(last_side=None)]
        return out + self.tokens_off(state)

    def tokens_off(self, state: GameState) -> list[Change]:
        """Every fighter's token off and its `round_flags` cleared."""
        return tokens_off(state, self.round_flags)

    def next_turn(self, state: GameState, dice: DiceSource) -> Outcome:
        """End the round: its upkeep, the end of the game or the next round's first side."""
        if state.phase == "ended":
            raise RefusedError(f"the game is over: {state.result or 'ended'}")
        roller = DiceRoller(dice)
        changes: list[Change] = []
        if state.turn > 0:
            waiting = self.not_activated(state)
            text = f"{self.round_word} {state.turn} is over"
            if waiting:
                text += f"; not activated: {', '.join(waiting)}"
            roller.info(f"End of {self.round_word} {state.turn}", text)
            changes += self.upkeep(state, roller)
            result = self.game_over(state)
            if result is not None:
                changes += [set_game("phase", "ended"), set_game("result", result)]
                roller.info("Game over", result)
                trace = Trace(f"End of {self.round_word} {state.turn}", tuple(roller.steps), result)
                return Outcome("turn", f"Game over: {result}", tuple(changes), trace)
            changes += self.round_reset(state)
        nxt = state.turn + 1
        first = self.first_side(state, roller)
        who = state.sides[first].name
        changes += [
            set_game("turn", nxt),
            set_game("phase", "action"),
            set_game("initiative", first),
            *TurnOrder.set(side_turn=0),
        ]
        title = f"{self.round_word.capitalize()} {nxt}"
        trace = Trace(title, tuple(roller.steps), f"{who} go first")
        return Outcome(
            "turn",
            f"{title} begins; {who} go first.",
            tuple(changes),
            trace,
            data=freeze({"turn": nxt, "initiative": first}),
        )


class AlternatingActivations(TurnStructure):
    """Players alternate single activations, starting with the side that has the
    initiative; a side with nobody left to activate is skipped."""

    def next_side(self, state: GameState) -> int | None:
        if state.turn == 0 or state.phase == "ended":
            return None
        order = TurnOrder.of(state)
        if order.must_activate is not None:
            return state.fighter(order.must_activate).side
        ready = [s for s in range(len(state.sides)) if self.ready(state, s)]
        if not ready:
            return None
        last = order.last_side
        if last is None:
            first = state.initiative if state.initiative is not None else 0
            return first if first in ready else ready[0]
        n = len(state.sides)
        for step in range(1, n + 1):
            s = (last + step) % n
            if s in ready:
                return s
        return None


class SideTurns(TurnStructure):
    """Each side in turn activates all its fighters (in any order); `companion turn` ends
    a side's turn, and after the last side's, the round."""

    def order(self, state: GameState) -> list[int]:
        first = state.initiative if state.initiative is not None else 0
        n = len(state.sides)
        return [(first + i) % n for i in range(n)]

    def still_to_act(self, state: GameState) -> list[FighterState]:
        # `turn` ends one side's turn: only that side's fighters lose their activation.
        side = self.acting_side(state)
        return [f for f in super().still_to_act(state) if f.side == side]

    def acting_side(self, state: GameState) -> int | None:
        if state.turn == 0 or state.phase == "ended":
            return None
        i = TurnOrder.of(state).side_turn
        order = self.order(state)
        return order[i] if i < len(order) else None

    def next_side(self, state: GameState) -> int | None:
        side = self.acting_side(state)
        if side is None or not self.ready(state, side):
            return None
        return side

    def end_label(self, state: GameState) -> str:
        side = self.acting_side(state)
        i = TurnOrder.of(state).side_turn
        if side is not None and i + 1 < len(self.order(state)):
            return f"end {possessive(state.sides[side].name)} turn"
        return super().end_label(state)

    def end_of_side_turn(self, state: GameState, side: int, roller: Roller) -> list[Change]:
        """Changes when one side's turn ends (e.g. a morale phase)."""
        return []

    def next_turn(self, state: GameState, dice: DiceSource) -> Outcome:
        side = self.acting_side(state)
        i = TurnOrder.of(state).side_turn
        if side is None:
            return super().next_turn(state, dice)
        roller = DiceRoller(dice)
        name = state.sides[side].name
        waiting = [f.name for f in self.ready(state, side)]
        text = f"{possessive(name)} turn is over" + (
            f"; not activated: {', '.join(waiting)}" if waiting else ""
        )
        roller.info(f"End of {possessive(name)} turn", text)
        changes = [set_game("active", None)] + self.end_of_side_turn(state, side, roller)
        if state.phase == "ended" or any(
            c.target == "game" and c.field == "phase" and c.value == "ended" for c in changes
        ):
            trace = Trace(
                f"End of {possessive(name)} turn", tuple(roller.steps), roller.steps[-1].outcome
            )
            return Outcome("turn", trace.outcome, tuple(changes), trace)
        if i + 1 >= len(self.order(state)):
            # The last side's turn closes the round as well.
            mid = apply_event(state, Event("turn", "", tuple(changes)))
            rest = super().next_turn(mid, dice)
            steps = tuple(roller.steps) + (rest.trace.steps if rest.trace else ())
            trace = Trace(
                rest.trace.title if rest.trace else "",
                steps,
                rest.trace.outcome if rest.trace else "",
            )
            return Outcome("turn", rest.summary, tuple(changes) + rest.changes, trace, rest.data)
        nxt = self.order(state)[i + 1]
        changes += TurnOrder.set(side_turn=i + 1)
        who = state.sides[nxt].name
        mine, theirs = possessive(name), possessive(who)
        roller.info("Next", f"{theirs} turn")
        trace = Trace(f"End of {mine} turn", tuple(roller.steps), f"{theirs} turn")
        return Outcome("turn", f"{mine} turn is over; {theirs} turn.", tuple(changes), trace)


class UntilExhausted(AlternatingActivations):
    """Players alternate single activations, and a fighter may activate again until the
    check at the end of an activation exhausts it (its token). When every fighter of one
    side is exhausted or out, the other side activates each fresh fighter once more
    (or lets it pass), and the round ends."""

    def last_chance_side(self, state: GameState) -> int | None:
        """The side taking its final activations: the other one is all exhausted or out."""
        if len(state.sides) != 2:
            return None
        for s in (0, 1):
            if all(f.out or f.token for f in state.side_fighters(s)):
                return 1 - s
        return None

    def can_activate(self, state: GameState, f: FighterState) -> bool:
        if f.out or f.token:
            return False
        last = self.last_chance_side(state)
        if last is not None:
            return f.side == last and not LastChance.of(f).last_done
        return True

    def activation_changes(self, state: GameState, f: FighterState) -> list[Change]:
        # The token is the exhaustion the end-of-activation check decides, not the activation.
        changes = [set_game("active", f.id), *TurnOrder.set(last_side=f.side)]
        if TurnOrder.of(state).must_activate == f.id:
            changes += TurnOrder.set(must_activate=None)
        if self.last_chance_side(state) is not None:
            changes += LastChance.set(f.id, last_done=True)
        return changes

    def pass_fighter(self, state: GameState, fid: str) -> Outcome:
        """A fighter lets its final activation go."""
        f = state.fighter(fid)
        if self.last_chance_side(state) != f.side or LastChance.of(f).last_done or f.token:
            raise RefusedError(f"{f.name} has no final activation to let go")
        return Outcome(
            "pass",
            f"{f.name} lets its last activation go.",
            tuple(LastChance.set(fid, last_done=True)),
        )

    def round_reset(self, state: GameState) -> list[Change]:
        out = super().round_reset(state)
        for f in state.fighters:
            out += LastChance.reset(f)
        return out

    def first_side(self, state: GameState, roller: Roller) -> int:
        last = TurnOrder.of(state).last_side
        if state.turn > 0 and last is not None and len(state.sides) == 2:
            who = 1 - last
            roller.info("First player", f"{state.sides[who].name}: the other side activated last")
            return who
        return super().first_side(state, roller)
